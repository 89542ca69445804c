import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { scryptOf } from './accounts.context.ts';
import { members } from './accounts.tables.ts';
import { demoAccounts } from './accounts.seed.ts';
import { call, seal, solveAltcha } from './accounts.test-support.ts';
import { hashPassword, passwordHashingQueue } from './password-hash.ts';
import { createSession } from './session.service.ts';

/**
 * A flood of wrong payment passwords from one address must not starve a login from elsewhere:
 * the address gets its share of the hashing queue (PASSWORD_HASH_PER_ADDRESS in flight) and the
 * rest is refused at once with 429, so the login's hash waits for at most one running hash.
 * scrypt is slower here than in the other tests (N=2^15) so that the flood is still in flight
 * while the login runs.
 */
const floodAddress = '203.0.113.50';
const perAddress = 4;
const accountsInFlood = 8;
const requestsPerAccount = 4;

let sut: TestApp;
const tokens: string[] = [];
beforeAll(async () => {
  sut = await buildTestApp({
    env: {
      SCRYPT_N: String(2 ** 15),
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_PER_ADDRESS: String(perAddress),
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      MONEY_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  // Several accounts, so that the payment password lockout (five per account) is not what stops
  // the flood: the queue's admission is under test here.
  const paymentPasswordHash = await hashPassword('246810', scryptOf(sut.app.env));
  const [agent] = await sut.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.account, demoAccounts.agent.account));
  const created = await sut.db
    .insert(members)
    .values(
      Array.from({ length: accountsInFlood }, (_, index) => ({
        account: `flood${index}`,
        nickname: `Flood ${index}`,
        type: 0,
        uplineId: agent!.id,
        paymentPasswordHash,
        registerMethod: 'SEED',
      })),
    )
    .returning({ id: members.id });
  for (const { id } of created) {
    tokens.push(
      await createSession({
        db: sut.db,
        env: sut.app.env,
        memberId: id,
        site: 'member',
        ip: floodAddress,
        userAgent: null,
      }),
    );
  }
}, 120_000);
afterAll(async () => {
  await sut.close();
});

describe('password hashing under a flood of wrong payment passwords', () => {
  it('refuses the flood over its share at once while a login from another address completes', async () => {
    const loginBody = await seal(sut, {
      type: 'username',
      username: demoAccounts.player.account,
      password: demoAccounts.player.password,
      altcha: await solveAltcha(sut),
    });
    let maxInFlight = 0;
    const watch = setInterval(() => {
      const load = passwordHashingQueue().load;
      maxInFlight = Math.max(maxInFlight, load.running + load.waitingLogins + load.waitingAccount);
    }, 1);

    let requestCount = 0;
    const flood = Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: requestsPerAccount }, () =>
          call(sut, {
            method: 'POST',
            url: '/wps/wallet/transferUpline',
            token,
            ip: floodAddress,
            sealed: true,
            body: {
              amount: '1',
              paymentPassword: '000000',
              requestId: `flood-request-${(requestCount += 1)}`,
            },
          }),
        ),
      ),
    );
    // The login starts while the flood's hashes hold the queue.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const loginStarted = performance.now();
    const login = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: '198.51.100.7',
      headers: { host: 'localhost' },
      payload: loginBody as unknown as Record<string, unknown>,
    });
    const loginMs = performance.now() - loginStarted;
    const answers = await flood;
    clearInterval(watch);

    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value.token).toEqual(expect.any(String));
    const codes = answers.map((answer) => answer.body.code as string);
    // Every flood answer is a wrong password (checked) or refused at once (over the address's share).
    expect(codes.filter((code) => code !== 'WRONG_PASSWORD' && code !== 'RATE_LIMITED')).toEqual([]);
    const refused = answers.filter((answer) => answer.status === 429).length;
    expect(refused).toBeGreaterThan((accountsInFlood * requestsPerAccount) / 2);
    // The flood never held more than its share; the login was the only other hash.
    expect(maxInFlight).toBeLessThanOrEqual(perAddress + 1);
    // No hash left behind.
    expect(passwordHashingQueue().load).toEqual({ running: 0, waitingLogins: 0, waitingAccount: 0 });
    console.info(
      `login during the flood: ${loginMs.toFixed(0)} ms; flood refused ${refused}/${codes.length}`,
    );
  }, 120_000);
});
