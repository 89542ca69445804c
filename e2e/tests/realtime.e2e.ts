import { describe, expect, it } from 'vitest';
import { callApi, operatorToken, solveAltcha } from '../support/api.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { useSite } from '../support/suite.ts';

/** Balance pushes over the WebSocket: money moved elsewhere shows in an open page without a reload. */
const { server, browser } = useSite();

describe('realtime balance', () => {
  it('updates the header balance when the operator credits the wallet', async () => {
    const login = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/wps/session/login',
      sealed: true,
      body: {
        type: 'username',
        username: 'demoplayer',
        password: 'Player-demo-2026',
        altcha: await solveAltcha(server.baseUrl),
      },
    });
    const token = (login.body.value as { token: string }).token;
    const { page, context, errors } = await openPage(browser, { viewport: viewports.desktop });
    await page.addInitScript((sessionToken) => {
      sessionStorage.setItem('token', sessionToken);
      sessionStorage.setItem('isAgent', '0');
      sessionStorage.setItem('username', 'demoplayer');
      localStorage.setItem('language', 'EN');
    }, token);
    await page.goto(`${server.baseUrl}/index`);
    const value = page.locator('.balance__value');
    await expect.poll(() => value.innerText(), { timeout: 10_000 }).toBe('0.00');

    const credit = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/wallet/adjust',
      token: await operatorToken(server.baseUrl),
      body: {
        username: 'demoplayer',
        amount: '1234.50',
        reason: 'realtime e2e',
        idempotencyKey: 'e2e-realtime-0001',
      },
    });
    expect(credit.status).toBe(200);
    // No reload, no click: the pushed balance replaces the shown one.
    await expect.poll(() => value.innerText(), { timeout: 10_000 }).toBe('1,234.50');
    await screenshot(page, 'realtime-balance-desktop-en');
    expect(errors).toEqual([]);
    await context.close();
  });
});
