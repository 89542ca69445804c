import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { loadEnvelopeKeys, openEnvelope, type EnvelopeKeys } from './envelope.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    envelopeKeys: () => Promise<EnvelopeKeys>;
    /** Opens the sealed body of an encrypted call (register-call.ts uses it before validation). */
    openEnvelope: (body: unknown) => Promise<unknown>;
  }
}

/** Decorates the root instance (called from buildApp, not as an encapsulated plugin). */
export function installEnvelope(app: FastifyInstance) {
  let keys: Promise<EnvelopeKeys> | null = null;
  // Loaded on first use, so a start or a test that never sees an encrypted call makes no key.
  const getKeys = () => {
    if (!keys) {
      keys = loadEnvelopeKeys({ db: app.db, privateKeyPem: app.env.ENVELOPE_PRIVATE_KEY });
      keys.catch(() => {
        keys = null;
      });
    }
    return keys;
  };
  app.decorate('envelopeKeys', getKeys);
  app.decorate('openEnvelope', async (body: unknown) => openEnvelope(await getKeys(), body));
}

export async function envelopeRoutes(app: FastifyInstance) {
  registerCall(app, calls.publicKey, async () => {
    const { keyId, spki } = await app.envelopeKeys();
    return { keyId, spki, algorithm: 'RSA-OAEP-256+A256GCM' as const };
  });
}
