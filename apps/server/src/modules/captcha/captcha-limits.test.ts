import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { demoAccounts } from '../accounts/accounts.seed.ts';
import {
  call,
  loginAs,
  loginWithWrongCaptcha,
  useSharedAccountsApp,
} from '../accounts/accounts.test-support.ts';
import { readCounter } from '../counters/counters.service.ts';
import { createCaptcha } from './captcha.service.ts';
import { captchas } from './captcha.tables.ts';

/**
 * Where the captcha stands in front of the password (login after failures): one guess per image,
 * a short life, and a wrong answer counted like a wrong password, so a solver that guesses images
 * gains nothing a guesser of passwords would not. ALTCHA's proof of work comes first on every try.
 */
let sut: TestApp;
useSharedAccountsApp(
  {
    LOGIN_CAPTCHA_AFTER: '1',
    LOGIN_LOCK_AFTER: '50',
    CAPTCHA_TTL_SECONDS: '90',
  },
  (app) => {
    sut = app;
  },
);

const { player } = demoAccounts;
const failuresOf = (username: string) => readCounter({ db: sut.db, key: `login-fail:user:${username}` });

async function captchaRequired() {
  const failed = await loginAs(sut, player.account, 'wrong-password-x');
  expect(failed.body).toMatchObject({ code: 'LOGIN_FAILED', value: { captcha: true } });
}

describe('the image captcha in front of a login', () => {
  it('serves a PNG that is never cached, living CAPTCHA_TTL_SECONDS', async () => {
    const image = await call(sut, { method: 'GET', url: '/wps/captcha' });
    expect(image.status).toBe(200);
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.body.value).toMatchObject({ expiresInSeconds: 90 });
    expect(image.body.value.image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('counts a wrong captcha as a failed try and keeps asking for a new image', async () => {
    await captchaRequired();
    const before = await failuresOf(player.account);
    const { wrong } = await loginWithWrongCaptcha(sut, player.account, player.password);
    // value.captcha: the web fetches a new image for the next try.
    expect(wrong.body).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });
    expect(await failuresOf(player.account)).toBe(before + 1);
    // The lock (one source on one username) counts wrong passwords only: the one that asked for
    // the captcha, not the wrong captcha. A stranger's wrong captchas lock nobody.
    const sourceKey = `login-fail:user:${player.account.toLowerCase()}:ip:127.0.0.1`;
    expect(await readCounter({ db: sut.db, key: sourceKey })).toBe(1);
  });

  it('takes one try per image: after a wrong answer the right one no longer passes', async () => {
    await captchaRequired();
    const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
    const wrong = await loginAs(sut, player.account, player.password, { captchaId, captcha: 'zzzz' });
    expect(wrong.body.code).toBe('CAPTCHA_INVALID');
    const late = await loginAs(sut, player.account, player.password, { captchaId, captcha: answer });
    expect(late.body.code).toBe('CAPTCHA_INVALID');

    const next = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
    const right = await loginAs(sut, player.account, player.password, {
      captchaId: next.captchaId,
      captcha: next.answer,
    });
    expect(right.status).toBe(200);
    const again = await loginAs(sut, player.account, player.password, {
      captchaId: next.captchaId,
      captcha: next.answer,
    });
    expect(again.body.code).toBe('CAPTCHA_INVALID');
  });

  it('refuses an expired image even with the right answer', async () => {
    await captchaRequired();
    const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
    await sut.db
      .update(captchas)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(captchas.id, captchaId));
    const expired = await loginAs(sut, player.account, player.password, { captchaId, captcha: answer });
    expect(expired.body).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });
  });
});
