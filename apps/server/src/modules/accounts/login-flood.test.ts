import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { demoAccounts } from './accounts.seed.ts';
import { seal, solveAltcha } from './accounts.test-support.ts';
import { passwordHashingQueue } from './password-hash.ts';

/**
 * Issue 35, item 4: eight addresses made a real login wait 21.5 s (the hashing queue's shares were
 * per address, so a small botnet filled it). Here 50 addresses, each of its own /24 (the worst
 * case for per-network shares), flood the login with wrong passwords and fill the queue; the demo
 * player logs in from the browser that signed in before (its known-device token) and is in at the
 * first try, within 2 s. Without the known device's lane the same login is refused (429) while the
 * queue is full. scrypt N=2^15 and one slot, so that the flood is still in flight while it runs.
 */
const floodAddresses = Array.from({ length: 50 }, (_, index) => `10.${index + 1}.7.1`);
const perAddress = 4;

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp({
    env: {
      SCRYPT_N: String(2 ** 15),
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_PER_ADDRESS: String(perAddress),
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      // An attacker who solves captchas: the flood's passwords are all hashed.
      LOGIN_CAPTCHA_AFTER: '100',
      LOGIN_LOCK_AFTER: '1000',
      ALTCHA_CHALLENGES_PER_MINUTE: '100000',
    },
  });
}, 120_000);
afterAll(async () => {
  await sut.close();
});

const login = async (body: unknown, address: string) =>
  sut.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    remoteAddress: address,
    headers: { host: 'localhost' },
    payload: body as Record<string, unknown>,
  });
const playerBody = async (extra: Record<string, unknown> = {}) =>
  seal(sut, {
    type: 'username',
    username: demoAccounts.player.account,
    password: demoAccounts.player.password,
    altcha: await solveAltcha(sut),
    ...extra,
  });

describe('a login while 50 addresses flood the logins', () => {
  it('lets the known device in at once, within 2 s, while the flood fills the queue', async () => {
    // The player's browser signed in before: its known-device token.
    const first = await login(await playerBody(), '198.51.100.7');
    expect(first.statusCode, first.body).toBe(200);
    const deviceToken = first.json().value.deviceToken as string;

    const floodBodies = await Promise.all(
      floodAddresses.flatMap((address, index) =>
        Array.from({ length: perAddress }, async (_, n) => ({
          address,
          body: await seal(sut, {
            type: 'username',
            username: `bot${index}x${n}`,
            password: 'wrong-Password-1',
            altcha: await solveAltcha(sut),
          }),
        })),
      ),
    );
    const realBody = await playerBody({ deviceToken });
    const newBrowserBody = await playerBody();

    let maxWaiting = 0;
    const watch = setInterval(() => {
      const load = passwordHashingQueue().load;
      maxWaiting = Math.max(maxWaiting, load.waitingLogins);
    }, 1);
    const flood = Promise.all(floodBodies.map(({ address, body }) => login(body, address)));
    // The real login arrives once the flood holds the queue.
    for (let waited = 0; passwordHashingQueue().load.waitingLogins < 20 && waited < 5000; waited += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const queuedWhenTheLoginCame = passwordHashingQueue().load.waitingLogins;
    const started = performance.now();
    const real = await login(realBody, '198.51.100.7');
    const realMs = performance.now() - started;
    // A browser the account never used: in the ordinary lane, refused at once while it is full.
    const newBrowser = await login(newBrowserBody, '198.51.100.8');
    const answers = await flood;
    clearInterval(watch);

    expect(queuedWhenTheLoginCame).toBeGreaterThanOrEqual(20);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().value.token).toEqual(expect.any(String));
    expect(realMs).toBeLessThan(2000);
    expect([200, 429]).toContain(newBrowser.statusCode);
    const codes = answers.map((answer) => answer.json().code as string);
    expect(codes.filter((code) => code !== 'LOGIN_FAILED' && code !== 'RATE_LIMITED')).toEqual([]);
    expect(passwordHashingQueue().load).toEqual({ running: 0, waitingLogins: 0, waitingAccount: 0 });
    console.info(
      `known-device login during a 50-address flood: ${realMs.toFixed(0)} ms (queue held ${maxWaiting}); ` +
        `new browser ${newBrowser.statusCode}; flood refused ${codes.filter((code) => code === 'RATE_LIMITED').length}/${codes.length}`,
    );
  }, 180_000);
});
