/**
 * Sealing the body of an encrypted call (docs/design.md, API conventions): a fresh AES-256-GCM key
 * encrypts the JSON body, and the server's RSA-OAEP-256 public key wraps that AES key. Only
 * WebCrypto (`crypto.subtle`) is used, so the same code runs in the browser, in Node 20 and in the
 * tests. The server opens it with node:crypto (apps/server/src/modules/crypto-envelope).
 */

/** What an encrypted call sends instead of its plain body; every field is base64. */
export interface SealedEnvelope {
  /** The AES-256 key, wrapped with RSA-OAEP (SHA-256). */
  key: string;
  /** The 12-byte GCM nonce. */
  iv: string;
  /** The ciphertext of the UTF-8 JSON body followed by the 16-byte GCM tag (WebCrypto's layout). */
  data: string;
}

/** WebCrypto's key type, named without the DOM lib (the contract also compiles for Node). */
export type SealingKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export function isSealedEnvelope(value: unknown): value is SealedEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.key === 'string' &&
    typeof record.iv === 'string' &&
    typeof record.data === 'string' &&
    Object.keys(record).length === 3
  );
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked so a large body does not overflow the argument list of fromCharCode.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Imports the server's public key as served by GET /wps/system/publicKey (`spki`, base64). */
export function importSealingKey(spkiBase64: string): Promise<SealingKey> {
  return crypto.subtle.importKey(
    'spki',
    base64ToBytes(spkiBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
}

/** Seals one body for the holder of the private key. */
export async function sealBody(publicKey: SealingKey, body: unknown): Promise<SealedEnvelope> {
  const aesKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify(body ?? {}));
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext);
  const rawKey = await crypto.subtle.exportKey('raw', aesKey);
  const wrappedKey = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, rawKey);
  return {
    key: bytesToBase64(new Uint8Array(wrappedKey)),
    iv: bytesToBase64(iv),
    data: bytesToBase64(new Uint8Array(ciphertext)),
  };
}

/**
 * A `seal` function for `createApiClient({ seal })`: loads and imports the public key once, and
 * again after `forget()` (call it when the server answers ENVELOPE_INVALID: its key changed).
 */
export function createSealer(loadPublicKey: () => Promise<{ spki: string }>) {
  let key: Promise<SealingKey> | null = null;
  const seal = async (body: unknown): Promise<SealedEnvelope> => {
    if (!key) {
      key = loadPublicKey().then((answer) => importSealingKey(answer.spki));
      key.catch(() => {
        key = null;
      });
    }
    return sealBody(await key, body);
  };
  return Object.assign(seal, {
    forget() {
      key = null;
    },
  });
}
