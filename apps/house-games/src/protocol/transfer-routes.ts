import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  transferBalanceRequestSchema,
  transferMoveRequestSchema,
  transferRecordsRequestSchema,
  type TransferErrorCode,
} from '@khela/contract';
import type { z } from 'zod';
import type { HouseDatabase } from '../db/database.ts';
import { transferBalance, transferMove, type TransferReply } from '../play/transfer-funds.service.ts';
import { transferRecords } from '../play/transfer-records.service.ts';
import { checkSignature, nowSeconds, signatureHeader, signBody } from './signature.ts';

/** A transfer body is a few fields; anything larger is not one. */
const transferBodyLimit = 16 * 1024;

/**
 * The transfer API (platform → house, transfer mode only): `POST api/transfer/{balance,deposit,
 * withdraw,records}`, signed both ways like `GET api/games` (docs/vendor-protocol.md, "Transfer
 * mode" and "Bet records").
 *
 * Registered as a child context of the house plugin: its raw-body parser and its signing error
 * handler stay inside it, so neither the pages' API nor the platform that mounts the house sees
 * them. The signature is checked on the exact bytes received, before the body is parsed.
 */
export function transferRoutes(options: { walletSecret: string; db: HouseDatabase }) {
  return async function registerTransferRoutes(app: FastifyInstance): Promise<void> {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: transferBodyLimit },
      (_request, body, done) => done(null, body),
    );

    const send = (reply: FastifyReply, status: number, body: object) => {
      const raw = JSON.stringify(body);
      return reply
        .code(status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(signatureHeader, signBody(options.walletSecret, raw, nowSeconds()))
        .send(raw);
    };
    const refusal = (status: number, code: TransferErrorCode, message: string) => ({
      status,
      body: { ok: false as const, code, message },
    });

    // Every answer is signed, a refusal by Fastify itself (415, 413, a broken body) included.
    app.setErrorHandler((error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        return send(reply, 400, refusal(400, 'BAD_REQUEST', (error as Error).message).body);
      }
      request.log.error({ err: error }, 'house transfer call failed');
      return send(reply, 500, refusal(500, 'INTERNAL', 'internal error').body);
    });

    app.post('/api/transfer/balance', async (request, reply) => {
      const read = readBody(request, transferBalanceRequestSchema);
      if ('refusal' in read) return send(reply, read.refusal.status, read.refusal.body);
      const result = await transferBalance(options.db, read.body);
      return send(reply, result.status, result.body);
    });

    for (const kind of ['deposit', 'withdraw'] as const) {
      app.post(`/api/transfer/${kind}`, async (request, reply) => {
        const read = readBody(request, transferMoveRequestSchema);
        if ('refusal' in read) return send(reply, read.refusal.status, read.refusal.body);
        const result = await transferMove(options.db, kind, read.body);
        return send(reply, result.status, result.body);
      });
    }

    app.post('/api/transfer/records', async (request, reply) => {
      const read = readBody(request, transferRecordsRequestSchema);
      if ('refusal' in read) return send(reply, read.refusal.status, read.refusal.body);
      const result = await transferRecords(options.db, read.body);
      return send(reply, result.status, result.body);
    });

    /** The body, once its signature (on the raw bytes), its JSON and its schema are checked. */
    function readBody<T>(
      request: FastifyRequest,
      schema: z.ZodType<T>,
    ): { body: T } | { refusal: TransferReply<never> } {
      const raw = typeof request.body === 'string' ? request.body : '';
      const check = checkSignature({
        secretHex: options.walletSecret,
        rawBody: raw,
        header: request.headers[signatureHeader] as string | undefined,
        nowSeconds: nowSeconds(),
      });
      if (check !== 'ok') return { refusal: refusal(401, 'BAD_SIGNATURE', `signature ${check}`) };
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return { refusal: refusal(400, 'BAD_REQUEST', 'body: not JSON') };
      }
      const parsed = schema.safeParse(json);
      if (parsed.success) return { body: parsed.data };
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || 'body';
      return { refusal: refusal(400, 'BAD_REQUEST', `${where}: ${issue?.message ?? 'invalid'}`) };
    }
  };
}
