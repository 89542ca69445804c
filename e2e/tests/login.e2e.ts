import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { generate } from 'otplib';
import { callApi, confirmEnrolment, latestSmsCode, sessionToken } from '../support/api.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { useSite } from '../support/suite.ts';

/**
 * Sign-in journeys (spec 2 Dialogs, 4, 5, 6, 8) in real Chromium against the real server: the login
 * dialog by username, by SMS code and with a TOTP second step, remember me, the forced password
 * change, logout, the agent site refusing a member, and the captcha after repeated failures (last:
 * the failures from this address make the captcha required for every later login).
 */
const { server, browser } = useSite({ settings: { features: { smsLogin: true, freePlay: true } } });

/** A failed call shows up as a console error in Chromium; those are expected in these journeys. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

async function englishPage(options: { viewport?: { width: number; height: number }; dark?: boolean } = {}) {
  const watched = await openPage(browser, { viewport: options.viewport ?? viewports.desktop });
  await watched.context.addInitScript(
    ({ dark }) => {
      localStorage.setItem('language', 'EN');
      if (dark) localStorage.setItem('theme', 'dark');
    },
    { dark: options.dark ?? false },
  );
  return watched;
}

const header = (page: Page) => page.locator('header.site-header');

async function openLoginDialog(page: Page, name = 'Log in'): Promise<Locator> {
  await header(page).getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('textbox', { name: /^(Username|ইউজারনেম)$/ }).waitFor();
  return dialog;
}

async function submitPassword(dialog: Locator, username: string, password: string) {
  await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function expectLoggedIn(page: Page, nickname: string) {
  await expect
    .poll(() => header(page).locator('.account-menu__button').innerText(), { timeout: 20_000 })
    .toContain(nickname);
  expect(await header(page).getByRole('button', { name: 'Log in', exact: true }).count()).toBe(0);
}

async function logOut(page: Page) {
  await header(page).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('Do you want to log out?').waitFor();
  await confirm.getByRole('button', { name: 'Log out' }).click();
  await header(page).getByRole('button', { name: 'Log in', exact: true }).waitFor({ timeout: 15_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
}

async function closeContext(context: BrowserContext) {
  await context.close();
}

describe('the login dialog', () => {
  it('logs demoplayer in from the header button, shows the member, and logs out after asking', async () => {
    const { page, context, errors } = await englishPage({ dark: true });
    await page.goto(`${server.baseUrl}/index`);
    const dialog = await openLoginDialog(page);
    expect(await dialog.getByRole('tab').allInnerTexts()).toEqual(['Username', 'SMS code']);
    expect(await dialog.getByRole('button', { name: 'Play for free' }).count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill('demoplayer');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'login-dialog-desktop-en-dark');

    await dialog.getByLabel('Password', { exact: true }).fill('Player-demo-2026');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    expect(await dialog.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectLoggedIn(page, 'Demo Player');
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Log in' }).count(), { timeout: 10_000 })
      .toBe(0);
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/index$/);
    expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe('demoplayer');
    // The password is never stored anywhere.
    expect(
      await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })),
    ).not.toContain('Player-demo-2026');

    // Cancelling the logout question keeps the session.
    await header(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();

    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    await logOut(page);
    // The server ended the session too.
    const info = await callApi(server.baseUrl, {
      method: 'GET',
      path: '/wps/member/info',
      token: token ?? '',
    });
    expect(info.status).toBe(401);
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });

  it('looks right on a phone in Bengali', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.baseUrl}/index`);
    const dialog = await openLoginDialog(page, 'লগ ইন');
    expect(await dialog.innerText()).toMatch(/[\u0980-\u09FF]/);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'login-dialog-phone-bn-light');
    // The dialog fits the phone's width.
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(viewports.phone.width);
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });

  it('logs in by SMS code with the code from the outbox', async () => {
    const { page, context, errors } = await englishPage({ viewport: viewports.phone });
    await page.goto(`${server.baseUrl}/index`);
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('tab', { name: 'SMS code' }).click();
    const send = dialog.getByRole('button', { name: 'Get code' });
    expect(await send.isDisabled()).toBe(true);
    expect(await dialog.getByRole('combobox', { name: 'Country code' }).inputValue()).toBe('+880');
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill('1700000002');
    const sentAfter = Date.now() - 2_000;
    await send.click();
    await dialog.getByRole('button', { name: /Resend in \d+ s/ }).waitFor({ timeout: 20_000 });
    const code = await latestSmsCode(server.baseUrl, '+8801700000002', { after: sentAfter });
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await screenshot(page, 'login-dialog-sms-phone-en-light');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Log in' }).count(), { timeout: 15_000 })
      .toBe(0);
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('username')), { timeout: 10_000 })
      .toBe('demoplayer');
    // On a phone the header carries the balance once logged in.
    await header(page)
      .getByRole('button', { name: /^Balance:/ })
      .waitFor();
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });

  it('remembers the username (never the password) for a new tab of the same browser', async () => {
    const { page, context, errors } = await englishPage();
    await page.goto(`${server.baseUrl}/index`);
    const dialog = await openLoginDialog(page);
    const remember = dialog.getByRole('checkbox', { name: 'Remember me' });
    expect(await remember.isChecked()).toBe(false);
    await remember.check();
    await submitPassword(dialog, 'demoplayer', 'Player-demo-2026');
    await expectLoggedIn(page, 'Demo Player');
    const stored = await page.evaluate(() => localStorage.getItem('rememberLogin'));
    expect(stored).toContain('demoplayer');
    expect(stored).not.toContain('Player-demo-2026');

    // A new tab: its own sessionStorage (logged out), the same localStorage (remembered name).
    const second = await context.newPage();
    await second.goto(`${server.baseUrl}/index`);
    await second.reload();
    const again = await openLoginDialog(second);
    expect(await again.getByRole('textbox', { name: 'Username', exact: true }).inputValue()).toBe(
      'demoplayer',
    );
    expect(await again.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await again.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    // Unchecking forgets at once.
    await again.getByRole('checkbox', { name: 'Remember me' }).uncheck();
    expect(await second.evaluate(() => localStorage.getItem('rememberLogin'))).toBeNull();
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });

  it('forces demochange to change the default password, and the new one works next time', async () => {
    const { page, context, errors } = await englishPage();
    await page.goto(`${server.baseUrl}/index`);
    await submitPassword(await openLoginDialog(page), 'demochange', '123456');
    const change = page.getByRole('alertdialog', { name: 'Change password' });
    await change.getByText('Your password must be changed before you go on.').waitFor({ timeout: 20_000 });
    // The old password is known from the login: not asked again.
    expect(await change.getByLabel('Old password', { exact: true }).count()).toBe(0);
    expect(await change.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await change.isVisible()).toBe(true);

    await change.getByLabel('New password', { exact: true }).fill('Fresh-start-2026');
    await change.getByLabel('Confirm new password', { exact: true }).fill('Fresh-start-2027');
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.getByText('The passwords do not match.').waitFor();
    await change.getByLabel('Confirm new password', { exact: true }).fill('Fresh-start-2026');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'change-password-forced-desktop-en-light');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => change.count(), { timeout: 15_000 }).toBe(0);
    await page.waitForURL(/\/index$/);
    await expectLoggedIn(page, 'Demo Change');

    await logOut(page);
    await submitPassword(await openLoginDialog(page), 'demochange', 'Fresh-start-2026');
    await expectLoggedIn(page, 'Demo Change');
    expect(await page.getByRole('alertdialog', { name: 'Change password' }).count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });

  it('asks for the TOTP code of an account with a second step', async () => {
    // Enrol demoagent through the API, as the security centre would.
    const token = await sessionToken(server.baseUrl, 'demoagent', 'Agent-demo-2026');
    const setup = await callApi(server.baseUrl, { method: 'POST', path: '/wps/member/2fa/setup', token });
    const secret = (setup.body.value as { secret: string }).secret;
    await confirmEnrolment(server.baseUrl, token, '/wps/member/2fa/confirm', secret);

    const { page, context, errors } = await englishPage();
    await page.goto(`${server.baseUrl}/index`);
    const dialog = await openLoginDialog(page);
    await submitPassword(dialog, 'demoagent', 'Agent-demo-2026');
    await dialog.getByRole('heading', { name: 'Second verification step' }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    const code = dialog.getByRole('textbox', { name: 'Six-digit code' });
    await code.fill('000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('The second verification code is wrong.').waitFor();
    await screenshot(page, 'login-two-factor-desktop-en-light');
    await code.fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expectLoggedIn(page, 'Demo Agent');
    expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('1');
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });

  it('logs in on the /login page too, then goes home', async () => {
    const { page, context, errors } = await englishPage({ viewport: viewports.phone });
    await page.goto(`${server.baseUrl}/login`);
    const card = page.locator('main .account-page');
    await card.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'login-page-phone-en-light');
    await submitPassword(card, 'demoplayer', 'Player-demo-2026');
    await page.waitForURL(/\/index$/, { timeout: 20_000 });
    await header(page)
      .getByRole('button', { name: /^Balance:/ })
      .waitFor();
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });

  it('refuses a member on the agent site', async () => {
    const { port } = new URL(server.baseUrl);
    const { page, context, errors } = await englishPage();
    await page.goto(`http://agent.localhost:${port}/index`);
    const dialog = await openLoginDialog(page);
    // Free play makes a member trial account: not offered on the agent site.
    expect(await dialog.getByRole('button', { name: 'Play for free' }).count()).toBe(0);
    await submitPassword(dialog, 'demoplayer', 'Player-demo-2026');
    await expect
      .poll(() => dialog.getByRole('alert').innerText(), { timeout: 20_000 })
      .toContain('Non-agents cannot log in');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });

  // Last: these failures make the captcha required for every login from this address for a while.
  it('plays for free as a trial account, which a member action refuses with the warning', async () => {
    const { page, context, errors } = await englishPage({ viewport: viewports.phone });
    await page.goto(`${server.baseUrl}/index`);
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('button', { name: 'Play for free' }).click();
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('isAgent')), { timeout: 20_000 })
      .toBe('4');
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Log in' }).count(), { timeout: 10_000 })
      .toBe(0);
    // After a login the site goes to '/', which redirects to '/index' once rendered: on a loaded
    // machine the address can still be '/' when the dialog is gone.
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/index$/);
    // The trial session is real: the server knows it as type 4 with demo funds.
    const token = (await page.evaluate(() => sessionStorage.getItem('token'))) ?? '';
    const info = await callApi(server.baseUrl, { method: 'GET', path: '/wps/member/info', token });
    expect(info.body.value).toMatchObject({ type: 4, demoFunds: true });

    // A member action (the deposit page) is refused with spec 5's warning and its one button.
    await page.locator('.bottom-bar').getByRole('button', { name: 'Deposit' }).click();
    const warning = page.getByRole('alertdialog');
    await warning.getByText('Please Register An Account First').waitFor();
    await screenshot(page, 'trial-warning-phone-en');
    await warning.getByRole('button', { name: 'OK' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog', { name: 'Member centre' }).count()).toBe(0);
    // The server refuses the trial account the same way, whatever the page does.
    const deposit = await callApi(server.baseUrl, { method: 'GET', path: '/wps/deposit/methods', token });
    expect([deposit.status, deposit.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });

  it('asks for the captcha after repeated wrong passwords and refuses a wrong one', async () => {
    const { page, context, errors } = await englishPage({ viewport: viewports.phone });
    await page.goto(`${server.baseUrl}/index`);
    const dialog = await openLoginDialog(page);
    const captcha = dialog.getByRole('textbox', { name: 'Captcha', exact: true });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await captcha.count(), `no captcha before failure ${attempt}`).toBe(0);
      const answered = page.waitForResponse((response) => response.url().endsWith('/wps/session/login'));
      await submitPassword(dialog, 'nobody-e2e', `Wrong-password-${attempt}`);
      expect((await answered).status()).toBe(400);
      await expect
        .poll(() => dialog.getByRole('alert').innerText(), { timeout: 20_000 })
        .toContain('Wrong username or password.');
      await expect
        .poll(() => dialog.getByRole('button', { name: 'Log in', exact: true }).isEnabled(), {
          timeout: 10_000,
        })
        .toBe(true);
    }
    await captcha.waitFor();
    await dialog.getByRole('img', { name: 'Captcha image' }).waitFor();
    const firstImage = await dialog.getByRole('img', { name: 'Captcha image' }).getAttribute('src');

    await captcha.fill('zzzz');
    await dialog.getByLabel('Password', { exact: true }).fill('Player-demo-2026');
    await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill('demoplayer');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.getByText('The captcha is wrong. Please try again.').waitFor({ timeout: 20_000 });
    // A new image for the next try, and still not logged in.
    await expect
      .poll(() => dialog.getByRole('img', { name: 'Captcha image' }).getAttribute('src'), { timeout: 10_000 })
      .not.toBe(firstImage);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'login-captcha-phone-en-light');
    expect(unexpected(errors)).toEqual([]);
    await closeContext(context);
  });
});
