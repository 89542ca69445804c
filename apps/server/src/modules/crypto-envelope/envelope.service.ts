import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { isSealedEnvelope } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getOrCreateSecret } from '../secrets/secrets.service.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface EnvelopeKeys {
  /** Short fingerprint of the public key: the web re-imports the key when it changes. */
  keyId: string;
  privateKey: KeyObject;
  /** SubjectPublicKeyInfo DER, base64. */
  spki: string;
}

async function generatePrivateKeyPem(): Promise<string> {
  // 2048-bit RSA wraps a 32-byte AES key with room to spare and keeps first start quick.
  const { privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return privateKey;
}

export function envelopeKeysFromPem(pem: string): EnvelopeKeys {
  const privateKey = createPrivateKey(pem);
  const spkiDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return {
    keyId: createHash('sha256').update(spkiDer).digest('base64url').slice(0, 16),
    privateKey,
    spki: spkiDer.toString('base64'),
  };
}

/** The key pair given by env, or the one kept in the database (made on first start). */
export async function loadEnvelopeKeys({
  db,
  privateKeyPem,
}: {
  db: Database;
  privateKeyPem: string | undefined;
}): Promise<EnvelopeKeys> {
  const pem =
    privateKeyPem ?? (await getOrCreateSecret(db, 'envelope-rsa-private-key', generatePrivateKeyPem));
  return envelopeKeysFromPem(pem);
}

const AES_KEY_BYTES = 32;
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;

/**
 * Opens a body sealed by `sealBody` (packages/contract/src/seal.ts): unwraps the AES key with
 * RSA-OAEP-256, then decrypts and authenticates the AES-256-GCM data. Anything that does not open
 * cleanly, or is not JSON, is ENVELOPE_INVALID, with no detail for a prober.
 */
export function openEnvelope(keys: EnvelopeKeys, body: unknown): unknown {
  if (!isSealedEnvelope(body)) throw new AppError('ENCRYPTION_REQUIRED');
  try {
    const aesKey = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(body.key, 'base64'),
    );
    const iv = Buffer.from(body.iv, 'base64');
    const data = Buffer.from(body.data, 'base64');
    if (aesKey.length !== AES_KEY_BYTES || iv.length !== GCM_IV_BYTES || data.length < GCM_TAG_BYTES) {
      throw new Error('bad sizes');
    }
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: GCM_TAG_BYTES });
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    const plaintext = Buffer.concat([
      decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
    return JSON.parse(plaintext.toString('utf8')) as unknown;
  } catch {
    throw new AppError('ENVELOPE_INVALID');
  }
}
