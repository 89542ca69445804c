import type { z } from 'zod';
import { checkSignature, nowSeconds, signatureHeader, signBody } from './signature.ts';
import {
  authenticateAnswer,
  balanceAnswer,
  errorAnswer,
  moneyAnswer,
  type AuthenticateAnswer,
  type BalanceAnswer,
  type CreditBody,
  type DebitBody,
  type MoneyAnswer,
  type RollbackBody,
} from './messages.ts';

/**
 * What became of a wallet call:
 * - `ok`: the platform answered and signed it;
 * - `refused`: the platform answered with a definite refusal (4xx, signed): nothing moved;
 * - `unknown`: no trustworthy answer (time-out, network error, 5xx, unsigned or unreadable
 *   answer). Money may or may not have moved: the caller must retry with the same transactionId
 *   or, for a debit, roll it back. A signed RATE_LIMITED (429: the platform read nothing) is one
 *   too, with `retryAfterSeconds`: it is not a refusal of the call (a pending credit must stay
 *   pending), and the client sends nothing more for it now (no immediate replays): the caller's
 *   later retry (the retry job, a rollback) comes after the pause.
 */
export type WalletResult<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; status: number; code: string; message: string }
  | { kind: 'unknown'; reason: string; retryAfterSeconds?: number };

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface WalletClientOptions {
  /** Where `/vendor-wallet/<vendorCode>/<action>` lives, e.g. http://127.0.0.1:8080. */
  platformUrl: string;
  vendorCode: string;
  walletSecret: string;
  /** Per attempt (protocol: 5 s). */
  timeoutMs?: number;
  /** Pauses before the second, third… attempt of a call whose outcome is unknown. */
  retryDelaysMs?: readonly number[];
  fetch?: FetchLike;
}

export interface WalletClient {
  authenticate(body: { launchToken: string }): Promise<WalletResult<AuthenticateAnswer>>;
  balance(body: { sessionId: string }): Promise<WalletResult<BalanceAnswer>>;
  debit(body: DebitBody): Promise<WalletResult<MoneyAnswer>>;
  credit(body: CreditBody): Promise<WalletResult<MoneyAnswer>>;
  rollback(body: RollbackBody): Promise<WalletResult<MoneyAnswer>>;
  /** One attempt of a money call, for the retry job (which keeps its own schedule). */
  sendOnce(action: 'credit' | 'rollback', body: object): Promise<WalletResult<MoneyAnswer>>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createWalletClient(options: WalletClientOptions): WalletClient {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const retryDelaysMs = options.retryDelaysMs ?? [250, 1_000];
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const base = options.platformUrl.replace(/\/+$/, '');

  async function attempt<T>(action: string, body: object, schema: z.ZodType<T>): Promise<WalletResult<T>> {
    const rawBody = JSON.stringify(body);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}/vendor-wallet/${encodeURIComponent(options.vendorCode)}/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [signatureHeader]: signBody(options.walletSecret, rawBody, nowSeconds()),
        },
        body: rawBody,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      return {
        kind: 'unknown',
        reason: error instanceof Error ? `${error.name}: ${error.message}` : 'fetch failed',
      };
    }
    // An answer the platform did not sign could come from anything in between: not trusted.
    const signature = checkSignature({
      secretHex: options.walletSecret,
      rawBody: text,
      header: response.headers.get(signatureHeader) ?? undefined,
      nowSeconds: nowSeconds(),
    });
    if (signature !== 'ok')
      return { kind: 'unknown', reason: `answer signature ${signature} (HTTP ${response.status})` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'unknown', reason: `unreadable answer (HTTP ${response.status})` };
    }
    if (response.status >= 500) return { kind: 'unknown', reason: `HTTP ${response.status}` };
    if (response.ok) {
      const parsed = schema.safeParse(json);
      if (parsed.success) return { kind: 'ok', value: parsed.data };
      return { kind: 'unknown', reason: `unexpected answer: ${parsed.error.issues[0]?.message ?? ''}` };
    }
    const refusal = errorAnswer.safeParse(json);
    if (!refusal.success) return { kind: 'unknown', reason: `unexpected refusal (HTTP ${response.status})` };
    if (refusal.data.code === 'RATE_LIMITED') {
      const retryAfterSeconds = Math.max(1, Number(response.headers.get('retry-after')) || 60);
      return {
        kind: 'unknown',
        reason: `RATE_LIMITED: retry after ${retryAfterSeconds} s`,
        retryAfterSeconds,
      };
    }
    return {
      kind: 'refused',
      status: response.status,
      code: refusal.data.code,
      message: refusal.data.message ?? refusal.data.code,
    };
  }

  /** Sends, and while the outcome is unknown sends the very same body again (idempotent). */
  async function withRetries<T>(
    action: string,
    body: object,
    schema: z.ZodType<T>,
    delays: readonly number[] = retryDelaysMs,
  ): Promise<WalletResult<T>> {
    let result = await attempt(action, body, schema);
    for (const delay of delays) {
      if (result.kind !== 'unknown' || result.retryAfterSeconds !== undefined) return result;
      await sleep(delay);
      result = await attempt(action, body, schema);
    }
    return result;
  }

  return {
    // One-time token: a replay after a lost answer could only say INVALID_TOKEN (protocol).
    authenticate: (body) => attempt('authenticate', body, authenticateAnswer),
    balance: (body) => withRetries('balance', body, balanceAnswer),
    // One replay at most: the player is waiting, and an unanswered debit is rolled back anyway.
    debit: (body) => withRetries('debit', body, moneyAnswer, retryDelaysMs.slice(0, 1)),
    credit: (body) => withRetries('credit', body, moneyAnswer),
    rollback: (body) => withRetries('rollback', body, moneyAnswer),
    sendOnce: (action, body) => attempt(action, body, moneyAnswer),
  };
}
