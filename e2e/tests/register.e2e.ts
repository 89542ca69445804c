import { describe, expect, it } from 'vitest';
import { callApi, latestSmsCode, registerAccount } from '../support/api.ts';
import { openPage, screenshot, viewports, type WatchedPage } from '../support/browser.ts';
import type { RunningServer } from '../support/server.ts';
import {
  expectLoggedIn,
  agreeToTerms,
  field,
  fillUsernameForm,
  openRegisterModal,
  uniqueMobile,
  uniqueUsername,
} from '../support/site.ts';
import { registerCaptchaOff, useSuite } from '../support/suite.ts';

/**
 * Registration (spec 2 Dialogs: Register, 3, 4, 5, 8) in real Chromium against the real server.
 * `demo` runs the seeded settings (captcha required: its answer exists only as a hash, so the
 * journeys that finish a registration run on `open`, the same brand with the captcha switched off
 * by the operator and mobile registration on).
 */
const noCaptcha = {
  features: {
    mobileRegistration: true,
    mobileRegistrationWithPassword: true,
    registerMobileVerification: true,
  },
  ...registerCaptchaOff,
};

const {
  servers: [demo, open],
  browser,
} = useSuite({ servers: [{}, { settings: noCaptcha }] });

async function openSite(
  server: RunningServer,
  options: {
    viewport?: { width: number; height: number };
    language?: 'EN' | 'BN';
    dark?: boolean;
    path?: string;
  } = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, { viewport: options.viewport ?? viewports.desktop });
  const { page } = watched;
  await page.addInitScript(
    ({ language, dark }) => {
      if (language) localStorage.setItem('language', language);
      if (dark) localStorage.setItem('theme', 'dark');
    },
    { language: options.language ?? 'EN', dark: options.dark ?? false },
  );
  await page.goto(`${server.baseUrl}${options.path ?? '/index'}`);
  await page.locator('header.site-header').waitFor();
  return watched;
}

/**
 * Registers `username` straight through the API (captcha off): success proves that the browser's
 * failed attempt left no account behind.
 */
async function registerByApi(server: RunningServer, username: string) {
  const answer = await registerAccount(server.baseUrl, { username, login: false });
  return answer.body.success ? 'created' : answer.body.code;
}

describe('registration with the seeded settings (captcha on)', () => {
  it('opens from the header with the required fields marked and a captcha; bad input creates nothing', async () => {
    const { page, context, errors } = await openSite(demo, { viewport: viewports.phone, language: 'BN' });
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/wps/member/register')) registerCalls.push(request.method());
    });
    const dialog = await openRegisterModal(page);
    // Seeded rules: username, password pair, payment password and captcha required; mobile,
    // email and invitation code optional; a captcha image to type.
    const required = await dialog
      .locator('input[aria-required="true"]')
      .evaluateAll((inputs) =>
        inputs.map((input) => (input as HTMLInputElement).placeholder.startsWith('＊')),
      );
    expect(required).toEqual([true, true, true, true, true]);
    expect(await dialog.locator('input[aria-required="true"]').count()).toBe(5);
    const captcha = dialog.locator('.captcha-image img');
    await expect.poll(() => captcha.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await dialog.getByRole('tab').count()).toBe(2);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'register-modal-phone-bn-light');

    await dialog.locator('button[type="submit"]').click();
    // The five required fields, and the age confirmation and terms agreement (issue 42).
    await expect.poll(() => dialog.locator('.field__error').count()).toBe(6);
    expect(await dialog.locator('.register-agreement .field__error').innerText()).toBe(
      'আপনার বয়স নিশ্চিত করতে ও শর্তাবলি মেনে নিতে ঘরে টিক দিন',
    );
    await dialog.locator('input[autocomplete="username"]').fill('1ab');
    await dialog.locator('input[autocomplete="username"]').blur();
    await expect
      .poll(() => dialog.locator('.field__error').first().innerText())
      .toBe('6–16টি অক্ষর, অক্ষর দিয়ে শুরু, তারপর অক্ষর ও সংখ্যা');
    await screenshot(page, 'register-modal-phone-bn-errors');
    expect(registerCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a wrong captcha: the error under the field, a new image, no account', async () => {
    const { page, context } = await openSite(demo);
    const dialog = await openRegisterModal(page);
    const captcha = dialog.locator('.captcha-image img');
    await expect.poll(() => captcha.getAttribute('src')).toBeTruthy();
    const firstImage = await captcha.getAttribute('src');
    await fillUsernameForm(dialog, { username: uniqueUsername('captcha') });
    // Never in the captcha alphabet (no 0, O, 1, I, l, 5, S, 2, Z): certainly wrong.
    await field(dialog, 'Captcha').fill('0000');
    await dialog.locator('button[type="submit"]').click();
    await expect
      .poll(() => dialog.locator('.field__error').allInnerTexts(), { timeout: 20_000 })
      .toEqual(['The captcha is wrong. Please try again.']);
    await expect.poll(() => captcha.getAttribute('src'), { timeout: 15_000 }).not.toBe(firstImage);
    expect(await field(dialog, 'Captcha').inputValue()).toBe('');
    await context.close();
  });

  it('looks right on a desktop in the dark theme, in English', async () => {
    const { page, context, errors } = await openSite(demo, { dark: true });
    const dialog = await openRegisterModal(page);
    await expect.poll(() => dialog.locator('.captcha-image img').getAttribute('src')).toBeTruthy();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'register-modal-desktop-en-dark');
    await dialog.locator('button[type="submit"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'register-modal-desktop-en-dark-actions');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('registration journeys (captcha off, mobile registration on)', () => {
  it('registers by username from the header with a link’s codes and lands logged in on /index', async () => {
    const { page, context, errors } = await openSite(open, {
      path: '/index?referralCode=FRIEND1&affiliateCode=KHELA01',
    });
    const dialog = await openRegisterModal(page);
    expect(await page.evaluate(() => localStorage.getItem('affiliateCode'))).toBe('KHELA01');
    expect(await dialog.getByText('Registering with referral code FRIEND1').count()).toBe(1);
    expect(await field(dialog, 'Invitation code').inputValue()).toBe('KHELA01');
    // Unique names and numbers: a retried journey never meets the account its first attempt made.
    const username = uniqueUsername('web');
    await fillUsernameForm(dialog, { username });
    await dialog.locator('button[type="submit"]').click();
    const token = await expectLoggedIn(page, username);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const info = await callApi(open.baseUrl, { method: 'GET', path: '/wps/member/info', token });
    expect(info.body.value).toMatchObject({ account: username, toUpline: 'demoagent' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the conflict message under the username when it is taken', async () => {
    const { page, context } = await openSite(open);
    const dialog = await openRegisterModal(page);
    await fillUsernameForm(dialog, { username: 'demoplayer' });
    await dialog.locator('button[type="submit"]').click();
    await expect
      .poll(() => dialog.locator('.field__error').allInnerTexts(), { timeout: 20_000 })
      .toEqual(['This username is already taken.']);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('shows the invitation_code_error popup for an unknown affiliate code', async () => {
    const { page, context } = await openSite(open);
    const dialog = await openRegisterModal(page);
    const username = uniqueUsername('affiliate');
    await fillUsernameForm(dialog, { username });
    await field(dialog, 'Invitation code').fill('NOPE1234');
    await dialog.locator('button[type="submit"]').click();
    const popup = page.getByRole('alertdialog');
    await popup.getByText('Invalid invitation code.').waitFor();
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await popup.waitFor({ state: 'detached' });
    expect(await registerByApi(open, username)).toBe('created');
    await context.close();
  });

  it('registers by mobile with the SMS code', async () => {
    const { page, context, errors } = await openSite(open);
    const dialog = await openRegisterModal(page);
    await dialog.getByRole('tab', { name: 'Mobile number' }).click();
    const panel = dialog.getByRole('tabpanel');
    const mobile = uniqueMobile();
    await field(panel, 'Mobile number').fill(mobile.national);
    const sentAfter = Date.now() - 1000;
    await panel.getByRole('button', { name: 'Get code' }).click();
    await panel.getByRole('button', { name: /Resend in \d+ s/ }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'register-modal-desktop-en-mobile-tab');
    const code = await latestSmsCode(open.baseUrl, mobile.international, { after: sentAfter });
    await field(panel, 'Verification code').fill(code);
    await field(panel, 'Password').fill('Quiet-harbour-77');
    await field(panel, 'Confirm password').fill('Quiet-harbour-77');
    await field(panel, 'Payment password').fill('864200');
    await agreeToTerms(panel);
    await panel.locator('button[type="submit"]').click();
    const username = await page.waitForFunction(() => sessionStorage.getItem('username'), undefined, {
      timeout: 20_000,
    });
    const name = String(await username.jsonValue());
    expect(name).toMatch(/^m\d+/);
    await expectLoggedIn(page, name);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('by username with a mobile number asks for its SMS code first (registerMobileVerification)', async () => {
    const { page, context, errors } = await openSite(open);
    const dialog = await openRegisterModal(page);
    const username = uniqueUsername('mobile');
    const mobile = uniqueMobile();
    await fillUsernameForm(dialog, { username });
    expect(await field(dialog, 'Verification code').count()).toBe(0);
    await field(dialog, 'Mobile number').fill(mobile.national);
    const codeField = field(dialog, 'Verification code');
    await codeField.waitFor();
    expect(await codeField.getAttribute('placeholder')).toMatch(/^＊/);
    await dialog.locator('button[type="submit"]').click();
    await expect
      .poll(() => dialog.locator('.field__error').allInnerTexts())
      .toEqual(['This field is required.']);
    const sentAfter = Date.now() - 1000;
    await dialog.getByRole('button', { name: 'Get code' }).click();
    const code = await latestSmsCode(open.baseUrl, mobile.international, {
      after: sentAfter,
      timeoutMs: 20_000,
    });
    await codeField.fill(code);
    await dialog.locator('button[type="submit"]').click();
    const token = await expectLoggedIn(page, username);
    const info = await callApi(open.baseUrl, { method: 'GET', path: '/wps/member/info', token });
    expect((info.body.value as { mobileNum: string | null }).mobileNum).toMatch(/^\+880/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works as the /register page on a 360 px phone', async () => {
    const { page, context, errors } = await openSite(open, { viewport: viewports.phone, path: '/register' });
    const form = page.locator('main form.register-form');
    await form.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'register-page-phone-en-light');
    const username = uniqueUsername('phone');
    await fillUsernameForm(form, { username });
    await form.locator('button[type="submit"]').click();
    await expectLoggedIn(page, username);
    expect(errors).toEqual([]);
    await context.close();
  });
});
