import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { call, operatorLogin, solveAltcha } from './accounts.test-support.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

/**
 * Issue 15: a new operator's first login goes through both first-login steps in order, a new
 * password and then the second step's enrolment, each answering a new token; only then does the
 * back office open (as far as the role allows).
 */
describe("a new operator's first login", () => {
  it('changes the first password, then enrols the second step, then may use its role', async () => {
    const sut: TestApp = await buildTestApp();
    try {
      const owner = await operatorLogin(sut);
      const account = `fin${Date.now().toString(36)}`;
      const created = await call(sut, {
        method: 'POST',
        url: '/api/operator/operators/create',
        token: owner,
        sealed: true,
        body: { account, nickname: 'Fin', role: 'finance', password: 'Finance-first-2026' },
      });
      expect(created.body.success, JSON.stringify(created.body)).toBe(true);

      const login = await call(sut, {
        method: 'POST',
        url: '/api/operator/session/login',
        sealed: true,
        body: { username: account, password: 'Finance-first-2026', altcha: await solveAltcha(sut) },
      });
      expect(login.body.value.twoFactorRequired).toBe(false);
      const first: string = login.body.value.token;
      const me = await call(sut, { method: 'GET', url: '/api/operator/me', token: first });
      expect(me.body.value).toMatchObject({ passwordChangeRequired: true, twoFactorSetupRequired: true });

      // Neither the enrolment nor anything else before the new password.
      const early = await call(sut, { method: 'POST', url: '/api/operator/2fa/setup', token: first });
      expect(early.body.code).toBe('PASSWORD_CHANGE_REQUIRED');

      const changed = await call(sut, {
        method: 'POST',
        url: '/api/operator/session/password',
        token: first,
        sealed: true,
        body: {
          oldPassword: 'Finance-first-2026',
          newPassword: 'Finance-own-2026!',
          confirmNewPassword: 'Finance-own-2026!',
        },
      });
      expect(changed.body.success, JSON.stringify(changed.body)).toBe(true);
      const second: string = changed.body.value.token;
      const meAfter = await call(sut, { method: 'GET', url: '/api/operator/me', token: second });
      expect(meAfter.body.value).toMatchObject({
        passwordChangeRequired: false,
        twoFactorSetupRequired: true,
      });

      // Still nothing of the role before the second step.
      const list = await call(sut, { method: 'GET', url: '/api/operator/deposits', token: second });
      expect(list.body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');

      const setup = await call(sut, { method: 'POST', url: '/api/operator/2fa/setup', token: second });
      expect(setup.body.success, JSON.stringify(setup.body)).toBe(true);
      const confirmed = await call(sut, {
        method: 'POST',
        url: '/api/operator/2fa/confirm',
        token: second,
        body: { code: await generate({ secret: setup.body.value.secret }) },
      });
      expect(confirmed.body.success, JSON.stringify(confirmed.body)).toBe(true);
      const third: string = confirmed.body.value.token;
      const meLast = await call(sut, { method: 'GET', url: '/api/operator/me', token: third });
      expect(meLast.body.value).toMatchObject({
        role: 'finance',
        passwordChangeRequired: false,
        twoFactorSetupRequired: false,
      });
      const refused = await call(sut, { method: 'GET', url: '/api/operator/operators', token: third });
      expect(refused.status).toBe(403);
      expect(refused.body.value).toMatchObject({ permission: 'operators.manage', role: 'finance' });
    } finally {
      await sut.close();
    }
  });
});
