import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { generate } from 'otplib';
import { callApi, operatorToken, sessionToken } from '../support/api.ts';
import { openPage, screenshot, viewports, type WatchedPage } from '../support/browser.ts';
import type { RunningServer } from '../support/server.ts';
import { uniqueMobile, uniqueUsername } from '../support/site.ts';
import { useSite } from '../support/suite.ts';

/**
 * Issue 38, "done when": an upline registers a downline agent on the agent site (desktop, English),
 * giving its mobile; the downline logs in on a phone (360 px, Bengali), must replace the password its
 * upline typed and set its own payment password before anything else; it turns on two-step
 * verification from "My account" in the agent centre, sees its login history and Log out there, and
 * withdraws. The password the upline typed no longer opens the account. Then "My account" on a
 * desktop in English.
 */
const { server, browser } = useSite({
  env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const catalogue = (language: 'bn' | 'en'): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, `apps/web/src/locales/${language}.json`), 'utf8')) as Record<
    string,
    string
  >;
const bn = catalogue('bn');
const en = catalogue('en');

const downline = uniqueUsername('dla');
const mobile = uniqueMobile();
const typedByUpline = 'Upline-typed-2026';
const ownPassword = 'Own-river-2026';
const ownPaymentPassword = '864209';

const contexts: BrowserContext[] = [];
/** The downline's second-step secret, read from the enrolment. */
let totpSecret = '';
afterAll(async () => {
  for (const context of contexts) await context.close();
});

const agentSite = (running: RunningServer) => `http://agent.localhost:${new URL(running.baseUrl).port}`;

/** Failed calls show as console errors; only a 4xx the page expected is allowed. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

/** A fresh page on the agent site, logged in through the login dialog (it may land on a forced step). */
async function agentLogin(
  username: string,
  password: string,
  options: { viewport?: { width: number; height: number }; language?: 'EN' | 'BN' } = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, { viewport: options.viewport ?? viewports.desktop });
  contexts.push(watched.context);
  await watched.context.addInitScript(
    ({ language, name }) => {
      localStorage.setItem('language', language);
      sessionStorage.setItem(`noticePopup${name}`, '1');
      sessionStorage.setItem('noticePopupMember', '1');
    },
    { language: options.language ?? 'EN', name: username },
  );
  const { page } = watched;
  await page.goto(`${agentSite(server)}/index`);
  const header = page.locator('header.site-header');
  await header.waitFor();
  await header.locator('.auth-buttons button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="username"]').fill(username);
  await dialog.locator('input[type="password"]').first().fill(password);
  await dialog.locator('form button[type="submit"]').first().click();
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('token')), { timeout: 30_000 })
    .not.toBeNull();
  return watched;
}

async function centrePage(page: Page, key: string): Promise<Locator> {
  await page.goto(`${agentSite(server)}/index?agentCentre=${key}`);
  const section = page.locator(`section.centre__page[data-page="${key}"]`);
  await section.waitFor({ timeout: 20_000 });
  return section;
}

describe('an agent opened by its upline: first login, My account, two-step verification, withdrawal', () => {
  it(
    'the upline registers it with a mobile; it replaces the password, sets a payment password, turns on the second step and withdraws (360 px, Bengali)',
    { timeout: 300_000 },
    async () => {
      // 1. The upline, desktop English: Register account, a downline agent with its mobile.
      const upline = await agentLogin('demoagent', 'Agent-demo-2026');
      await upline.page.locator('header.site-header .balance__amount').waitFor({ timeout: 20_000 });
      const register = await centrePage(upline.page, 'registerCenter');
      await register.getByRole('radio', { name: 'Agent', exact: true }).check();
      // The kinds in words, no bare type number.
      await register.getByText(en.agt_kind_agent_explained!).waitFor();
      expect(await register.innerText()).not.toMatch(/Type (1|2|41|42)\b/);
      await register.getByLabel('Username', { exact: true }).fill(downline);
      await register.getByLabel('Password', { exact: true }).fill(typedByUpline);
      await register.getByLabel('Confirm password', { exact: true }).fill(typedByUpline);
      await register.getByLabel('Mobile number', { exact: true }).fill(mobile.national);
      await register.getByRole('button', { name: 'Create account' }).click();
      await register.getByText(`Account ${downline} is open (Agent).`).waitFor({ timeout: 20_000 });
      await screenshot(upline.page, 'agent-account-register-desktop-en');
      expect(unexpected(upline.errors)).toEqual([]);

      // Money to withdraw, as an operator would credit it.
      const funded = await callApi(server.baseUrl, {
        method: 'POST',
        path: '/api/operator/wallet/adjust',
        token: await operatorToken(server.baseUrl),
        body: {
          username: downline,
          amount: '300',
          reason: 'journey float',
          idempotencyKey: `aa-${downline}`,
        },
      });
      expect(funded.body.success, JSON.stringify(funded.body)).toBe(true);

      // 2. The downline, 360 px in Bengali: the password its upline typed must go first.
      const phone = await agentLogin(downline, typedByUpline, { viewport: viewports.phone, language: 'BN' });
      const { page } = phone;
      const change = page.getByRole('alertdialog', { name: bn.title_change_password });
      await change.getByText(bn.text_password_change_forced!).waitFor({ timeout: 20_000 });
      // Nothing else is served meanwhile.
      const forcedToken = await page.evaluate(() => sessionStorage.getItem('token'));
      const refused = await callApi(server.baseUrl, {
        method: 'GET',
        path: '/wps/withdraw/info',
        token: forcedToken!,
      });
      expect(refused.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
      await screenshot(page, 'agent-account-forced-change-360-bn');
      await change.locator('input[name="newPassword"]').fill(ownPassword);
      await change.locator('input[name="confirmNewPassword"]').fill(ownPassword);
      await change.locator('button[type="submit"]').click();

      // Then its own payment password, before anything else.
      const setup = page.getByRole('alertdialog', { name: bn.action_set_payment_password });
      await setup.getByText(bn.text_payment_password_setup_forced!).waitFor({ timeout: 20_000 });
      const midToken = await page.evaluate(() => sessionStorage.getItem('token'));
      const stillRefused = await callApi(server.baseUrl, {
        method: 'GET',
        path: '/wps/withdraw/info',
        token: midToken!,
      });
      expect(stillRefused.body.code).toBe('PAYMENT_PASSWORD_SETUP_REQUIRED');
      await screenshot(page, 'agent-account-payment-password-360-bn');
      await setup.locator('input[name="newPaymentPassword"]').fill(ownPaymentPassword);
      await setup.locator('input[name="confirmPaymentPassword"]').fill(ownPaymentPassword);
      await setup.locator('input[name="password"]').fill(ownPassword);
      await setup.locator('button[type="submit"]').click();
      await setup.waitFor({ state: 'detached', timeout: 20_000 });
      await page.locator('header.site-header .balance__amount').waitFor({ timeout: 20_000 });

      // The upline's password opens nothing now.
      await expect(sessionToken(server.baseUrl, downline, typedByUpline)).rejects.toThrow();

      // 3. My account in the agent centre: login history, Log out on the phone, the second step.
      const account = await centrePage(page, 'securityCenter');
      await account.getByRole('heading', { name: bn.title_login_history }).waitFor();
      await account
        .getByText(bn.label_this_session!)
        .waitFor({ timeout: 20_000 })
        .catch(async (error: unknown) => {
          await screenshot(page, 'agent-account-my-account-360-bn-failed');
          throw new Error(`${String(error)}\n${await account.innerText()}`);
        });
      const logOut = page.locator('.centre__menu').getByRole('button', { name: bn.action_logout });
      await logOut.scrollIntoViewIfNeeded();
      expect(await logOut.isVisible()).toBe(true);
      await account.getByRole('button', { name: bn.action_enable_two_factor }).click();
      await account.getByRole('button', { name: bn.action_start_setup }).click();
      const secret = await account.locator('code[data-secret]').getAttribute('data-secret');
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      totpSecret = secret!;
      await account.getByLabel(bn.label_two_factor_code!).fill(await generate({ secret: totpSecret }));
      await account.getByRole('button', { name: bn.action_verify }).click();
      await account.getByRole('list', { name: bn.title_recovery_codes }).waitFor({ timeout: 20_000 });
      await account.getByLabel(bn.label_saved_recovery_codes!).check();
      await account.getByRole('button', { name: bn.action_done }).click();
      await account.getByText(bn.text_two_factor_now_on!).waitFor({ timeout: 20_000 });
      await screenshot(page, 'agent-account-my-account-360-bn');

      // 4. Withdraw: a bank account bound with the new payment password, then the request.
      const token = await page.evaluate(() => sessionStorage.getItem('token'));
      const bound = await callApi(server.baseUrl, {
        method: 'POST',
        path: '/wps/withdraw/account/bind',
        token: token!,
        sealed: true,
        body: {
          kind: 'bank',
          providerName: 'Sonali Bank',
          accountName: 'Journey Agent',
          accountNumber: '0011223344',
          paymentPassword: ownPaymentPassword,
        },
      });
      expect(bound.body.success, JSON.stringify(bound.body)).toBe(true);
      const withdraw = await centrePage(page, 'withdraw');
      await withdraw.getByRole('textbox', { name: new RegExp(`^${bn.label_amount}`) }).fill('100');
      await withdraw.getByLabel(bn.label_payment_password!).fill(ownPaymentPassword);
      await withdraw.getByRole('button', { name: bn.action_request_withdrawal }).click();
      const submitted = new RegExp(
        bn.text_withdraw_submitted!.replace(/[()]/g, '.').replace(/\{\{\w+\}\}/g, '.+'),
      );
      await withdraw.getByText(submitted).waitFor({ timeout: 20_000 });
      await screenshot(page, 'agent-account-withdraw-360-bn');
      // Still in the agent centre, not the member centre.
      expect(page.url()).toContain('agentCentre=withdraw');
      expect(unexpected(phone.errors)).toEqual([]);
    },
  );

  it(
    'logs in with the second step on a desktop in English and finds My account in the account menu',
    { timeout: 180_000 },
    async () => {
      expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
      // A code is taken once per 30-second step: wait for the step after the enrolment's.
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
      const desktop = await openPage(browser, { viewport: viewports.desktop });
      contexts.push(desktop.context);
      await desktop.context.addInitScript((name) => {
        localStorage.setItem('language', 'EN');
        sessionStorage.setItem(`noticePopup${name}`, '1');
      }, downline);
      const { page } = desktop;
      await page.goto(`${agentSite(server)}/index`);
      const header = page.locator('header.site-header');
      await header.locator('.auth-buttons button').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name="username"]').fill(downline);
      await dialog.locator('input[type="password"]').first().fill(ownPassword);
      await dialog.locator('form button[type="submit"]').first().click();
      await dialog.locator('input[name="code"]').fill(await generate({ secret: totpSecret }));
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await header.locator('.balance__amount').waitFor({ timeout: 20_000 });

      await header.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('button', { name: 'My account' }).click();
      const centre = page.getByRole('dialog', { name: 'Agent centre' });
      await centre.getByText('Two-step verification is on.').waitFor({ timeout: 20_000 });
      await centre.getByRole('heading', { name: 'Login history' }).waitFor();
      await centre.getByText('This session').waitFor({ timeout: 20_000 });
      expect(await centre.locator('.security__login').count()).toBeGreaterThanOrEqual(3);
      await screenshot(page, 'agent-account-my-account-desktop-en');
      expect(unexpected(desktop.errors)).toEqual([]);
    },
  );
});
