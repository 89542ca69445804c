import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TransferAction } from '@khela/contract';
import { checkSignature, nowSeconds, signatureHeader, signBody } from '../protocol/signature.ts';

/**
 * The platform's side of the transfer API in tests: a signed `POST <prefix>/api/transfer/<action>`
 * through `app.inject`, its answer's signature checked like the platform would.
 */
export interface TransferCall {
  status: number;
  body: Record<string, unknown>;
  /** Whether the answer was signed with the connection's secret. */
  signed: boolean;
}

export async function callTransfer(
  app: FastifyInstance,
  options: {
    prefix: string;
    secret: string;
    action: TransferAction;
    body: object | string;
    /** Sign with this key instead (a wrong secret), or send no signature at all (null). */
    signWith?: string | null;
    /** The signature's time (a stale one), default now. */
    at?: number;
  },
): Promise<TransferCall> {
  const raw = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = options.signWith === undefined ? options.secret : options.signWith;
  if (key !== null) headers[signatureHeader] = signBody(key, raw, options.at ?? nowSeconds());
  const response = await app.inject({
    method: 'POST',
    url: `${options.prefix}/api/transfer/${options.action}`,
    headers,
    payload: raw,
  });
  const check = checkSignature({
    secretHex: options.secret,
    rawBody: response.body,
    header: response.headers[signatureHeader] as string | undefined,
    nowSeconds: nowSeconds(),
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as Record<string, unknown>,
    signed: check === 'ok',
  };
}

/** A fresh transfer id of the platform's shape (`vt-…`). */
export function transferId(): string {
  return `vt-${randomBytes(9).toString('base64url')}`;
}
