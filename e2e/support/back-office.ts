import { expect } from 'vitest';
import type { OperatorRole } from '../../packages/contract/src/back-office/roles.ts';
import { callApi, confirmEnrolment, memberToken, solveAltcha } from './api.ts';
import type { OperatorCredentials } from './admin.ts';

/**
 * What back-office journeys set up through the API before the browser takes over: operators of a
 * role with their first login done, a funded member's withdrawal request, a house game session.
 */

async function call(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  sealed = false,
) {
  const answer = await callApi(baseUrl, { method, path, token, body, sealed });
  expect(answer.body.success, `${path}: ${JSON.stringify(answer.body)}`).toBe(true);
  return answer.body.value as Record<string, unknown>;
}

/**
 * An operator of `role`, created by the owner, whose first login is done through the API: the first
 * password changed, the second step enrolled. The enrolment uses the previous 30-second step's code
 * (accepted as drift), so the current step's code is still fresh for a browser login right after.
 */
export async function enrolledOperator(
  baseUrl: string,
  ownerToken: string,
  { account, role }: { account: string; role: OperatorRole },
): Promise<Required<OperatorCredentials>> {
  const firstPassword = 'First-pass-2026x';
  const password = `${role[0]!.toUpperCase()}${role.slice(1)}-desk-2026!`;
  await call(
    baseUrl,
    ownerToken,
    'POST',
    '/api/operator/operators/create',
    { account, nickname: `${role} desk`, role, password: firstPassword },
    true,
  );
  const login = await callApi(baseUrl, {
    method: 'POST',
    path: '/api/operator/session/login',
    sealed: true,
    body: { username: account, password: firstPassword, altcha: await solveAltcha(baseUrl) },
  });
  const first = (login.body.value as { token: string }).token;
  const changed = await call(
    baseUrl,
    first,
    'POST',
    '/api/operator/session/password',
    { oldPassword: firstPassword, newPassword: password, confirmNewPassword: password },
    true,
  );
  const token = changed.token as string;
  const setup = await call(baseUrl, token, 'POST', '/api/operator/2fa/setup');
  const totpSecret = setup.secret as string;
  await confirmEnrolment(baseUrl, token, '/api/operator/2fa/confirm', totpSecret);
  return { account, password, totpSecret };
}

/** The demo player's withdrawal request of `amount` to a new e-wallet account (funds given first). */
export async function demoPlayerWithdrawal(
  baseUrl: string,
  ownerToken: string,
  { amount, key }: { amount: string; key: string },
): Promise<{ withdrawalId: number; member: string }> {
  const member = await memberToken(baseUrl);
  await call(baseUrl, ownerToken, 'POST', '/api/operator/wallet/adjust', {
    username: 'demoplayer',
    amount: String(Number(amount) * 4),
    reason: `${key} funds`,
    idempotencyKey: `${key}-funds`,
  });
  const bound = await call(
    baseUrl,
    member,
    'POST',
    '/wps/withdraw/account/bind',
    {
      paymentPassword: '246810',
      kind: 'ewallet',
      providerName: 'bKash',
      accountName: 'Demo Player',
      accountNumber: `0170${String(Date.now()).slice(-7)}`,
    },
    true,
  );
  const created = await call(
    baseUrl,
    member,
    'POST',
    '/wps/withdraw/create',
    { accountId: bound.accountId, amount, paymentPassword: '246810', requestId: `${key}-withdraw` },
    true,
  );
  return { withdrawalId: created.withdrawalId as number, member };
}

/**
 * A session of the demo player in our house slot Golden Fruits (classic3x3), opened the way the
 * game page opens it, and a bet in it: `bet()` places one more (status and body of the answer).
 */
export async function houseSlotSession(baseUrl: string, ownerToken: string) {
  const list = async () =>
    (
      (
        await callApi(baseUrl, {
          method: 'GET',
          path: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=50',
        })
      ).body.value as { games: { nodeId: number; gameCode: string }[] }
    ).games;
  let games = await list();
  if (!games.some((game) => game.gameCode === 'classic3x3')) {
    await call(baseUrl, ownerToken, 'POST', '/api/operator/games/sync', {});
    games = await list();
  }
  const slot = games.find((game) => game.gameCode === 'classic3x3');
  if (!slot) throw new Error('Golden Fruits is not in the catalogue');
  const launched = await call(baseUrl, await memberToken(baseUrl), 'POST', '/wps/game/launchGame', {
    nodeId: slot.nodeId,
    language: 'EN',
    theme: 'light',
  });
  const launchToken = new URL(launched.content as string, baseUrl).searchParams.get('token');
  const opened = (await (
    await fetch(`${baseUrl}/house/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: launchToken, game: 'classic3x3' }),
    })
  ).json()) as { ok: boolean; sessionToken: string };
  if (!opened.ok) throw new Error(`house session refused: ${JSON.stringify(opened)}`);
  const bet = async () => {
    const response = await fetch(`${baseUrl}/house/api/rounds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${opened.sessionToken}` },
      body: JSON.stringify({ game: 'classic3x3', bet: 10, inputs: {} }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { bet };
}
