import { afterAll, beforeAll } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { vendorSignatureHeader } from '@khela/contract';
import { signVendorPayload } from './vendor-signature.ts';

/**
 * A stand-in third-party vendor for tests (a double of a vendor, never of the platform): an HTTP
 * server that hands its routes the raw body as a string, so they check the platform's signature
 * on the exact bytes sent, and answers signed as a vendor signs them.
 */
export function fakeVendorServer(): FastifyInstance {
  const server = Fastify({ logger: false });
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  return server;
}

/**
 * A fake vendor for the tests of one file: before the first a server with the routes `routes` adds,
 * listening on a loopback port; closed after the last. `url` is its base URL (with the trailing
 * slash) once it listens.
 */
export function fakeVendorForFile(routes: (server: FastifyInstance) => void): { readonly url: string } {
  const vendor = { url: '' };
  let server: FastifyInstance | undefined;
  beforeAll(async () => {
    server = fakeVendorServer();
    routes(server);
    vendor.url = `${await server.listen({ port: 0, host: '127.0.0.1' })}/`;
  });
  afterAll(async () => {
    await server?.close();
  });
  return vendor;
}

/** Sends `body` as JSON with the vendor's signature over the exact bytes sent. */
export function sendSigned(reply: FastifyReply, secret: string, status: number, body: unknown) {
  const raw = JSON.stringify(body);
  return reply
    .code(status)
    .header(vendorSignatureHeader, signVendorPayload(secret, raw))
    .type('application/json')
    .send(raw);
}
