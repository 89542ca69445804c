import { base64ToBytes, bytesToBase64, type SealedEnvelope } from '@khela/contract';

/**
 * Encrypted calls in component tests (the wallet pages, the points mall): the page seals a body
 * with the key the publicKey call gives, and the test opens it again.
 */

/** A real RSA key pair, so encrypted calls are sealed as in the browser and can be opened here. */
let keys: Promise<CryptoKeyPair> | null = null;
function sealingKeys(): Promise<CryptoKeyPair> {
  keys ??= crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  return keys;
}

/** The publicKey call's answer with that pair's public key. */
export async function publicKeyAnswer() {
  const pair = await sealingKeys();
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return { keyId: 'test-key', spki: bytesToBase64(spki), algorithm: 'RSA-OAEP-256+A256GCM' };
}

/** Opens what the page sealed: the plain body of an encrypted call. */
export async function openSealed(envelope: unknown): Promise<Record<string, unknown>> {
  const sealed = envelope as SealedEnvelope;
  const pair = await sealingKeys();
  const rawKey = await crypto.subtle.decrypt(
    { name: 'RSA-OAEP' },
    pair.privateKey,
    base64ToBytes(sealed.key),
  );
  const aesKey = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: base64ToBytes(sealed.iv) },
    aesKey,
    base64ToBytes(sealed.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
}
