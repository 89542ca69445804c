import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { generate } from 'otplib';
import { uniqueUsername } from './site.ts';
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

/** The demo owner of the back office (docs/demo-accounts.md): password and the second step's secret. */
export const demoOperator = {
  account: 'operator',
  password: 'Operator-demo-2026',
  totpSecret: 'KHELADEMOOPERATORSECRETTOTPCODES',
} as const;

/**
 * Confirms a TOTP enrolment at `path` (member or operator) with the previous 30-second step's code:
 * accepted as drift, and never the code a login right after uses. A step boundary may pass between
 * making the code and the server checking it (a loaded CI machine): the code is then refused and not
 * remembered, and one more try with the new previous step's code is in time.
 */
export async function confirmEnrolment(baseUrl: string, token: string, path: string, secret: string) {
  for (let attempt = 1; ; attempt += 1) {
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });
    const answer = await callApi(baseUrl, { method: 'POST', path, token, body: { code } });
    if (answer.body.success) return;
    if (answer.body.code !== 'TWO_FACTOR_INVALID' || attempt === 2) {
      throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    }
  }
}

/** Seconds until the next 30-second TOTP step begins. */
const secondsToNextStep = () => 30 - (Math.floor(Date.now() / 1000) % 30);

/**
 * An operator's session through the API: the password (with ALTCHA), then the second step with a
 * TOTP code of `totpSecret`. The server accepts a code once per account and 30-second step: when
 * this step's code was used already (another login moments ago), it waits for the next step.
 */
export async function operatorSession(
  baseUrl: string,
  operator: { account: string; password: string; totpSecret: string },
): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const login = await callApi(baseUrl, {
      method: 'POST',
      path: '/api/operator/session/login',
      sealed: true,
      body: { username: operator.account, password: operator.password, altcha: await solveAltcha(baseUrl) },
    });
    const pending = login.body.value as { token?: string; challengeId?: string } | undefined;
    if (pending?.token) return pending.token;
    if (!pending?.challengeId) throw new Error(`operator login failed: ${JSON.stringify(login.body)}`);
    const answer = await callApi(baseUrl, {
      method: 'POST',
      path: '/wps/session/login/2fa',
      sealed: true,
      body: { challengeId: pending.challengeId, code: await generate({ secret: operator.totpSecret }) },
    });
    const value = answer.body.value as { token?: string } | undefined;
    if (value?.token) return value.token;
    if (answer.body.code !== 'TWO_FACTOR_INVALID') {
      throw new Error(`operator second step failed: ${JSON.stringify(answer.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, (secondsToNextStep() + 1) * 1000));
  }
  throw new Error(`operator ${operator.account}: no TOTP code accepted in three steps`);
}

const operatorTokens = new Map<string, Promise<string>>();

/**
 * A session of the demo operator (the owner), one per server for the whole test file: a login
 * costs a TOTP step. A session idles out after 15 minutes; the journeys are shorter.
 */
export function operatorToken(baseUrl: string): Promise<string> {
  let token = operatorTokens.get(baseUrl);
  if (!token) {
    token = operatorSession(baseUrl, demoOperator);
    token.catch(() => operatorTokens.delete(baseUrl));
    operatorTokens.set(baseUrl, token);
  }
  return token;
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
 * A new member registered through the API and logged in: a site with the registration captcha off
 * (`registerCaptchaOff`). The name is unique per call and run, so a retried journey starts afresh.
 */
export async function registerMember(
  baseUrl: string,
  prefix: string,
  password = 'Sunny-river-42',
): Promise<{ username: string; token: string }> {
  const username = uniqueUsername(prefix);
  const answer = await registerAccount(baseUrl, { username, password, login: true });
  const value = answer.body.value as { session?: { token?: string } | null } | undefined;
  const token = value?.session?.token;
  if (!token) throw new Error(`registration of ${username} failed: ${JSON.stringify(answer.body)}`);
  return { username, token };
}

/** `amount` put into `username`'s main wallet by an operator's credit (once per prefix and name). */
export async function creditMember(baseUrl: string, username: string, prefix: string, amount: string) {
  const adjusted = await callApi(baseUrl, {
    method: 'POST',
    path: '/api/operator/wallet/adjust',
    token: await operatorToken(baseUrl),
    body: {
      username,
      amount,
      reason: `${prefix} journey funds`,
      idempotencyKey: `${prefix}-e2e-${username}`,
    },
  });
  if (adjusted.body.success !== true) throw new Error(`credit failed: ${JSON.stringify(adjusted.body)}`);
}

/** A new member (`registerMember`) with `amount` in the main wallet from an operator's credit. */
export async function fundedMember(
  baseUrl: string,
  prefix: string,
  amount = '1000',
): Promise<{ username: string; token: string }> {
  const member = await registerMember(baseUrl, prefix);
  await creditMember(baseUrl, member.username, prefix, amount);
  return member;
}

/**
 * One registration through the API as the web sends it (username form, payment password 135790,
 * the proof of work solved; the server's settings must have the image captcha off): the answer as
 * it came, refusals included.
 */
export async function registerAccount(
  baseUrl: string,
  { username, password = 'Sunny-river-42', login }: { username: string; password?: string; login: boolean },
) {
  return callApi(baseUrl, {
    method: 'PUT',
    path: '/wps/member/register',
    sealed: true,
    body: {
      username,
      password,
      confirmPassword: password,
      ageConfirmed: true,
      termsVersion: '1',
      paymentPassword: '135790',
      countryDialingCode: '+880',
      registerMethod: 'WEB',
      login,
      altcha: await solveAltcha(baseUrl),
    },
  });
}

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
