import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { generate } from 'otplib';
import { callApi, latestSmsCode, operatorToken } from '../support/api.ts';
import { openPage, screenshot, viewports, type WatchedPage } from '../support/browser.ts';
import { freePort } from '../support/server.ts';
import { useSite } from '../support/suite.ts';

/**
 * Forgotten passwords and social sign-in (spec 2 Dialogs, 4, 5, 6, 8) in real Chromium against the
 * real server: the reset link by email (read back from the mail outbox through the operator API),
 * the reset by phone with its automatic login, Google sign-in against a local OpenID Connect
 * provider ending in a new account, and TOTP enrolment in the security centre.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const providerScript = path.join(root, 'apps/server/src/modules/accounts/test-oidc-provider.ts');

let provider: ChildProcess | undefined;
let oidcPort: number;
/** demoplayer's password: each reset journey sets a new one. */
let playerPassword = 'Player-demo-2026';

/** The local OpenID Connect provider (its development login screens), as its own process. */
async function startProvider(port: number, redirectUris: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', providerScript], {
    cwd: root,
    env: { ...process.env, OIDC_PORT: String(port), OIDC_REDIRECT_URIS: redirectUris.join(',') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`OpenID provider exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('OpenID provider did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const { server, browser } = useSite(async () => {
  oidcPort = await freePort();
  return {
    settings: { features: { changePasswordByMobile: true, googleLogin: true } },
    env: {
      SOCIAL_GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
      SOCIAL_GOOGLE_CLIENT_ID: 'khela-test',
      SOCIAL_GOOGLE_CLIENT_SECRET: 'khela-test-secret',
      SOCIAL_ALLOW_HTTP_ISSUER: 'true',
    },
  };
});
beforeAll(async () => {
  // Mailed links and the social redirect use the brand host `localhost` (docs/accounts.md).
  const port = new URL(server.baseUrl).port;
  provider = await startProvider(oidcPort, [
    `http://localhost:${port}/socialCallback`,
    `http://127.0.0.1:${port}/socialCallback`,
  ]);
});
afterAll(async () => {
  if (provider && provider.exitCode === null) {
    const exited = new Promise((resolve) => provider!.once('exit', resolve));
    provider.kill('SIGTERM');
    await exited;
  }
});

/** The site as a visitor sees it at the brand host (`localhost`, like the mailed links). */
function siteUrl(pathname: string): string {
  return `http://localhost:${new URL(server.baseUrl).port}${pathname}`;
}

/** A failed call shows up as a console error in Chromium; those are expected in these journeys. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

async function visitor(
  options: { viewport?: { width: number; height: number }; dark?: boolean; language?: 'EN' | 'BN' } = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, { viewport: options.viewport ?? viewports.desktop });
  await watched.context.addInitScript(
    ({ dark, language }) => {
      localStorage.setItem('language', language);
      if (dark) localStorage.setItem('theme', 'dark');
    },
    { dark: options.dark ?? false, language: options.language ?? 'EN' },
  );
  return watched;
}

const header = (page: Page) => page.locator('header.site-header');

/** Header → login dialog → "Forgot password?" → the forgot dialog. */
async function openForgotDialog(page: Page, names: { login: string; forgot: RegExp; title: string }) {
  await header(page).getByRole('button', { name: names.login, exact: true }).click();
  const login = page.getByRole('dialog', { name: names.login });
  await login.getByRole('button', { name: names.forgot }).click();
  const dialog = page.getByRole('dialog', { name: names.title });
  await dialog.waitFor();
  return dialog;
}

async function expectLoggedIn(page: Page, name: string) {
  await expect
    .poll(() => header(page).locator('.account-menu__button').innerText(), { timeout: 20_000 })
    .toContain(name);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
}

/** The outbox's newest mail to `to`, or undefined. */
async function outboxMail(to: string): Promise<{ subject: string; text: string } | undefined> {
  const token = await operatorToken(server.baseUrl);
  const answer = await callApi(server.baseUrl, {
    method: 'GET',
    path: `/api/operator/mail/outbox?to=${encodeURIComponent(to)}&limit=1`,
    token,
  });
  expect(answer.status).toBe(200);
  return (answer.body.value as { subject: string; text: string }[])[0];
}

/** The newest mail to `to`: the reset mail is sent after the answer, so it may take a moment. */
async function latestMail(to: string): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = await outboxMail(to);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function fillNewPassword(scope: Locator | Page, password: string) {
  await scope.locator('input[name="newPassword"]').fill(password);
  await scope.locator('input[name="confirmNewPassword"]').fill(password);
}

describe('forgot password', () => {
  it('by email: the mailed link opens the reset page, the new password logs in', async () => {
    const { page, context, errors } = await visitor();
    await page.goto(siteUrl('/index'));
    const dialog = await openForgotDialog(page, {
      login: 'Log in',
      forgot: /Forgot password/,
      title: 'Forgot password',
    });
    // A pair that matches no account gets the same answer as one that does (issue 35: the answer
    // must not confirm a username and e-mail together), and no mail.
    await dialog.getByLabel('Username', { exact: true }).fill('demoplayer');
    await dialog.getByLabel('Email', { exact: true }).fill('nobody@khela.local');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    const popup = page.getByRole('alertdialog', { name: 'Check your email' });
    await popup.getByText(/If this username and email belong to one account/).waitFor();
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await popup.waitFor({ state: 'detached' });

    const again = await openForgotDialog(page, {
      login: 'Log in',
      forgot: /Forgot password/,
      title: 'Forgot password',
    });
    await again.getByLabel('Username', { exact: true }).fill('demoplayer');
    await again.getByLabel('Email', { exact: true }).fill('player@khela.local');
    await again.getByRole('button', { name: 'Send reset link' }).click();
    await popup.getByText('It is valid for 30 minutes.', { exact: false }).waitFor();
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await popup.waitFor({ state: 'detached' });
    await context.close();

    const mail = await latestMail('player@khela.local');
    // Mails go out in the order asked: the right pair's has arrived, the wrong pair's never will.
    expect(await outboxMail('nobody@khela.local')).toBeUndefined();
    const link = /https?:\/\/\S+\/resetPassword\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    // The link in a fresh browser, dark, desktop, English.
    const reader = await visitor({ dark: true });
    await reader.page.goto(link!);
    await reader.page.getByText('Choose a new password for demoplayer.').waitFor();
    await reader.page.locator('input[name="newPassword"]').fill('short');
    await reader.page.getByRole('button', { name: 'Save new password' }).click();
    await reader.page.getByText('Use at least 8 characters.').waitFor();
    await fillNewPassword(reader.page, 'Mailed-reset-2026');
    await reader.page.waitForLoadState('networkidle');
    await screenshot(reader.page, 'reset-password-desktop-en-dark');
    await reader.page.getByRole('button', { name: 'Save new password' }).click();
    await reader.page.getByText(/Log in with your new password/).waitFor();
    // The login dialog opens by itself: the reset ended every session.
    const login = reader.page.getByRole('dialog', { name: 'Log in' });
    await login.getByRole('textbox', { name: 'Username', exact: true }).fill('demoplayer');
    await login.getByLabel('Password', { exact: true }).fill('Mailed-reset-2026');
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectLoggedIn(reader.page, 'Demo');
    playerPassword = 'Mailed-reset-2026';

    // The link works once.
    await reader.page.goto(link!);
    await reader.page.getByText('This reset link is invalid or has expired.').waitFor();
    await reader.page.getByRole('button', { name: 'Request a new link' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(reader.errors)).toEqual([]);
    await reader.context.close();
  });

  it('by phone (CHNGPASSVERIF3): SMS code, new password, logged in on the home page', async () => {
    const { page, context, errors } = await visitor({ viewport: viewports.phone, language: 'BN' });
    await page.goto(siteUrl('/index'));
    const dialog = await openForgotDialog(page, {
      login: 'লগ ইন',
      forgot: /পাসওয়ার্ড ভুলে/,
      title: 'পাসওয়ার্ড ভুলে গেছেন',
    });
    await dialog.getByRole('tab', { name: 'মোবাইল নম্বর দিয়ে' }).click();
    await dialog.locator('input[name="mobileNum"]').fill('1700000002');
    const sentAfter = Date.now();
    await dialog.locator('input[name="verificationCode"] ~ button').click();
    const code = await latestSmsCode(server.baseUrl, '+8801700000002', {
      after: sentAfter,
      timeoutMs: 20_000,
    });
    await dialog.locator('input[name="verificationCode"]').fill(code);
    await fillNewPassword(dialog, 'Phone-reset-2026');
    await screenshot(page, 'forgot-password-phone-bn');
    await dialog.locator('button[type="submit"]').click();
    await page.waitForURL(/\/index$/, { timeout: 20_000 });
    await expectLoggedIn(page, 'Demo');
    playerPassword = 'Phone-reset-2026';
    expect(await dialog.count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();

    // The new password is the account's password now.
    const check = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/wps/member/password/verification',
      sealed: true,
      body: {
        mobileNum: '1700000002',
        countryDialingCode: '+880',
        verificationCode: code,
        newPassword: 'Another-pass-2026',
      },
    });
    expect(check.body.code).toBe('VERIFICATION_CODE_EXPIRED');
  });
});

describe('social sign-in and the security centre', () => {
  it('Google against the local provider opens a new account, which then enrols TOTP', async () => {
    const { page, context, errors } = await visitor();
    await page.goto(siteUrl('/index'));
    await header(page).getByRole('button', { name: 'Log in', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByRole('button', { name: 'Continue with Google' }).click();

    // The provider's development login and consent screens.
    await page.waitForURL(new RegExp(`127\\.0\\.0\\.1:${oidcPort}/interaction/`), { timeout: 20_000 });
    await page.locator('input[name="login"]').fill('rahimgoogle');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page
      .locator('button[type="submit"]')
      .filter({ hasText: /Continue|Authorize|Sign-in/i })
      .first()
      .click();

    await page.waitForURL(/\/socialCallback\?/, { timeout: 20_000 });
    // The provider's development screens load outside resources (unreachable here): not ours.
    errors.length = 0;
    await page.getByText('This Google account is new here.', { exact: false }).waitFor({ timeout: 20_000 });
    await page.getByText('Signed in as rahimgoogle@mail.test').waitFor();
    await page.getByText('A link is permanent: once confirmed it cannot be changed or unlinked.').waitFor();
    await screenshot(page, 'social-link-choice-desktop-en');
    await page.getByRole('button', { name: /Open a new account/ }).click();
    await page.getByLabel('Choose a username').fill('rahimg01');
    await page
      .getByRole('checkbox', { name: 'I am 18 or older and I accept the General Terms and Conditions' })
      .check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/index$/, { timeout: 20_000 });
    await expectLoggedIn(page, 'rahimg01');

    // Security centre: the default page of the member centre.
    await header(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'My account' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByText('This is your first login').waitFor();
    await centre.getByText('rahimg01', { exact: true }).first().waitFor();
    await centre.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await centre.getByRole('button', { name: 'Start setup' }).click();
    await centre.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    const secret = await centre.locator('code[data-secret]').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await centre.getByLabel('Six-digit code').fill(await generate({ secret: secret! }));
    await centre.getByRole('button', { name: 'Verify' }).click();
    const codes = centre.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'security-centre-recovery-codes-desktop-en');
    await centre.getByLabel('I have saved them').check();
    await centre.getByRole('button', { name: 'Done' }).click();
    await centre.getByText('Two-step verification is now on.').waitFor();
    await screenshot(page, 'security-centre-desktop-en');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows the security centre on a phone, in Bengali', async () => {
    const { page, context, errors } = await visitor({ viewport: viewports.phone, language: 'BN' });
    await page.goto(siteUrl('/index'));
    await header(page).getByRole('button', { name: 'লগ ইন', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'লগ ইন' });
    await login.locator('input[name="username"]').fill('demoplayer');
    await login.locator('input[name="password"]').fill(playerPassword);
    await login.locator('button[type="submit"]').click();
    await expectLoggedIn(page, 'Demo');
    // On a phone the bottom bar's account button opens the member centre at its default page.
    await page.locator('.bottom-bar').getByRole('button', { name: 'অ্যাকাউন্ট' }).click();
    const centre = page.getByRole('dialog');
    await centre.getByText('demoagent', { exact: true }).waitFor();
    await centre.getByText('আগের লগইন').waitFor();
    // demoplayer has logged in before in these journeys: a date in Bengali, not "first login".
    expect(await centre.getByText('এটাই আপনার প্রথম লগইন').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'security-centre-phone-bn');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
