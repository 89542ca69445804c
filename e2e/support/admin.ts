import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { callApi, solveAltcha } from './api.ts';

/**
 * The back office (issue 15) in a journey: an operator's login at /admin with password and TOTP
 * (the code computed with otplib from the secret, as the operator's phone would), in the browser
 * (`adminLogin`) or through the API (`adminApiToken`).
 *
 * A TOTP code is accepted once per 30 s step per account: the step each account last used (in this
 * test process) is remembered, and the next login of that account waits for a later step.
 */
export interface OperatorCredentials {
  account: string;
  password: string;
  /** The base32 TOTP secret; none for an operator whose second step is not enrolled yet. */
  totpSecret?: string;
}

/** The demo owner (docs/demo-accounts.md): demo only. */
export const demoOwner: Required<OperatorCredentials> = {
  account: 'operator',
  password: 'Operator-demo-2026',
  totpSecret: 'KHELADEMOOPERATORSECRETTOTPCODES',
};

const stepMs = 30_000;
const lastStep = new Map<string, number>();

/** How far a server's clock runs from this process's (a server started with `clockOffset`), by base URL. */
const clockOffsets = new Map<string, number>();

/** Codes for the server at `baseUrl` are computed on its clock: `offsetMs` ahead of this process's. */
export function setServerClockOffset(baseUrl: string, offsetMs: number): void {
  clockOffsets.set(baseUrl, offsetMs);
}

const serverNow = (baseUrl: string) => Date.now() + (clockOffsets.get(baseUrl) ?? 0);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TOTP code for `account` that the server has not seen yet: in a later 30 s step than the last
 * code this process used for the account (waiting for it when needed).
 */
export async function freshTotpCode(baseUrl: string, account: string, secret: string): Promise<string> {
  const key = `${baseUrl}|${account.toLowerCase()}`;
  const used = lastStep.get(key);
  let now = serverNow(baseUrl);
  if (used !== undefined && Math.floor(now / stepMs) <= used) {
    await sleep((used + 1) * stepMs - now + 250);
    now = serverNow(baseUrl);
  }
  const step = Math.floor(now / stepMs);
  lastStep.set(key, step);
  return generate({ secret, epoch: Math.floor(now / 1000) });
}

/** The step's code was used meanwhile (by another login): the next one will be fresh. */
function forgetStep(baseUrl: string, account: string): void {
  const key = `${baseUrl}|${account.toLowerCase()}`;
  lastStep.set(key, Math.floor(serverNow(baseUrl) / stepMs));
}

/** Where a login landed: the back office, or a first-login step (a new password, the TOTP enrolment). */
export type AdminLanding = 'signedIn' | 'passwordChange' | 'twoFactorSetup';

/**
 * Logs an operator in at `${baseUrl}/admin/` in `page`: account and password (the page solves the
 * ALTCHA proof of work), then the code step when the account has a second step. Resolves with where
 * it landed once that screen shows.
 */
export async function adminLogin(
  page: Page,
  baseUrl: string,
  { account, password, totpSecret }: OperatorCredentials,
): Promise<AdminLanding> {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel(/^Account\b/).fill(account);
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const codeField = page.getByLabel(/^Code\b/);
  const badge = page.getByTestId('operator-badge');
  const passwordStep = page.getByRole('heading', { name: 'Choose a new password' });
  const totpStep = page.getByRole('heading', { name: 'Turn on two-step verification' });
  const failure = page.locator('.form-alert');
  await codeField.or(badge).or(passwordStep).or(totpStep).or(failure).first().waitFor({ timeout: 45_000 });
  if (await failure.isVisible())
    throw new Error(`admin login of ${account} failed: ${await failure.innerText()}`);
  if (await codeField.isVisible()) {
    if (!totpSecret) throw new Error(`${account} has a second step: give its totpSecret`);
    for (let attempt = 0; ; attempt += 1) {
      await codeField.fill(await freshTotpCode(baseUrl, account, totpSecret));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      const refused = page.locator('.field__error, .form-alert');
      await badge.or(passwordStep).or(totpStep).or(refused).first().waitFor({ timeout: 20_000 });
      if (!(await refused.first().isVisible())) break;
      // Used already in this step (another login of the account): wait for the next step, once.
      if (attempt >= 1)
        throw new Error(`${account}'s code was refused: ${await refused.first().innerText()}`);
      forgetStep(baseUrl, account);
    }
  }
  if (await badge.isVisible()) return 'signedIn';
  if (await passwordStep.isVisible()) return 'passwordChange';
  return 'twoFactorSetup';
}

/** An operator's session token through the API (login, then the code step), for calls a journey makes itself. */
export async function adminApiToken(
  baseUrl: string,
  credentials: OperatorCredentials = demoOwner,
): Promise<string> {
  const login = await callApi(baseUrl, {
    method: 'POST',
    path: '/api/operator/session/login',
    sealed: true,
    body: {
      username: credentials.account,
      password: credentials.password,
      altcha: await solveAltcha(baseUrl),
    },
  });
  const value = login.body.value as
    { token?: string; twoFactorRequired?: boolean; challengeId?: string } | undefined;
  if (value?.token) return value.token;
  if (!value?.twoFactorRequired || !value.challengeId || !credentials.totpSecret) {
    throw new Error(`operator login of ${credentials.account} failed: ${JSON.stringify(login.body)}`);
  }
  const code = await freshTotpCode(baseUrl, credentials.account, credentials.totpSecret);
  const second = await callApi(baseUrl, {
    method: 'POST',
    path: '/wps/session/login/2fa',
    sealed: true,
    body: { challengeId: value.challengeId, code },
  });
  const granted = second.body.value as { token?: string } | undefined;
  if (!granted?.token)
    throw new Error(`second step of ${credentials.account} failed: ${JSON.stringify(second.body)}`);
  return granted.token;
}
