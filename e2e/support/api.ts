import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
// The web's own sealing code, imported by path like bench/: e2e drives the API as the browser would.
import { importSealingKey, sealBody } from '../../packages/contract/src/seal.ts';

/**
 * The API as a script would use it, for what a journey needs besides the browser: an operator
 * session, the SMS outbox (codes the outbox provider "sent"), direct calls.
 */
export interface CallAnswer {
  status: number;
  body: { success: boolean; code?: string; message?: string; value?: unknown };
}

export async function solveAltcha(baseUrl: string): Promise<string> {
  const challenge = (
    (await (await fetch(`${baseUrl}/wps/verification/challenge`)).json()) as { value: Challenge }
  ).value;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function seal(baseUrl: string, body: unknown) {
  const answer = (await (await fetch(`${baseUrl}/wps/system/publicKey`)).json()) as {
    value: { spki: string };
  };
  return sealBody(await importSealingKey(answer.value.spki), body);
}

/** One call; `sealed` seals the body as the browser does for encrypted calls. */
export async function callApi(
  baseUrl: string,
  options: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path: string;
    body?: unknown;
    token?: string;
    sealed?: boolean;
    headers?: Record<string, string>;
  },
): Promise<CallAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.sealed ? await seal(baseUrl, options.body) : options.body);
  }
  const response = await fetch(`${baseUrl}${options.path}`, { method: options.method, headers, body });
  return { status: response.status, body: (await response.json()) as CallAnswer['body'] };
}

/** A session of the demo operator (docs/demo-accounts.md). */
export async function operatorToken(baseUrl: string): Promise<string> {
  const answer = await callApi(baseUrl, {
    method: 'POST',
    path: '/api/operator/session/login',
    sealed: true,
    body: { username: 'operator', password: 'Operator-demo-2026', altcha: await solveAltcha(baseUrl) },
  });
  const value = answer.body.value as { token?: string } | undefined;
  if (!value?.token) throw new Error(`operator login failed: ${JSON.stringify(answer.body)}`);
  return value.token;
}

/** A session of any member or agent, logged in by username through the API (with ALTCHA solved). */
export async function sessionToken(baseUrl: string, username: string, password: string): Promise<string> {
  const answer = await callApi(baseUrl, {
    method: 'POST',
    path: '/wps/session/login',
    sealed: true,
    body: { type: 'username', username, password, altcha: await solveAltcha(baseUrl) },
  });
  const value = answer.body.value as { token?: string } | undefined;
  if (!value?.token) throw new Error(`${username}'s login failed: ${JSON.stringify(answer.body)}`);
  return value.token;
}

/** A session of the demo member `demoplayer` (docs/demo-accounts.md), logged in through the API. */
export const memberToken = (baseUrl: string) => sessionToken(baseUrl, 'demoplayer', 'Player-demo-2026');

/**
 * The newest six-digit code sent to a number (full international form, e.g. +8801700000002),
 * waiting up to `timeoutMs` for it to arrive in the outbox.
 */
export async function latestSmsCode(
  baseUrl: string,
  mobile: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const token = await operatorToken(baseUrl);
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const answer = await callApi(baseUrl, {
      method: 'GET',
      path: `/api/operator/sms/outbox?mobile=${encodeURIComponent(mobile)}&limit=5`,
      token,
    });
    const messages = (answer.body.value ?? []) as { body: string; createdAt: number }[];
    const fresh = messages.find((message) => message.createdAt >= (options.after ?? 0));
    const code = fresh?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no SMS code for ${mobile}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
