import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { callApi, memberToken, registerMember } from '../support/api.ts';
import { adminApiToken, adminLogin, demoOwner, type OperatorCredentials } from '../support/admin.ts';
import { enrolledOperator } from '../support/back-office.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { registerCaptchaOff, useSite } from '../support/suite.ts';

/**
 * Money the way Bangladesh pays (issue 37, items 3 and 4), in Chromium at 360 px in Bengali: the
 * demo player deposits by bKash Send Money to the number the site shows and enters the TrxID; a
 * finance operator confirms it in the back office and the balance goes up once; a second member
 * who enters the same TrxID is refused. Then the player binds a Nagad wallet, withdraws to it, one
 * finance operator approves (the one who confirmed the deposit is refused: four eyes), another
 * operator pays it out with a proof, and the player sees it paid.
 */
const { server, browser } = useSite({ settings: registerCaptchaOff });

let ownerToken = '';
let confirmer: Required<OperatorCredentials>;
let approver: Required<OperatorCredentials>;

/** A real 1×1 PNG: the payout's proof. */
const proofPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  ownerToken = await adminApiToken(server.baseUrl, demoOwner);
  confirmer = await enrolledOperator(server.baseUrl, ownerToken, { account: 'finconfirm', role: 'finance' });
  approver = await enrolledOperator(server.baseUrl, ownerToken, { account: 'finapprove', role: 'finance' });
}, 180_000);

/** A member's page at 360 px in Bengali, signed in with `token`, the start-up notices seen. */
async function phonePage(browserHandle: Browser, token: string, username: string) {
  const watched = await openPage(browserHandle, { viewport: viewports.phone });
  await watched.context.addInitScript(
    ({ session, name }) => {
      sessionStorage.setItem('token', session);
      sessionStorage.setItem('isAgent', '0');
      sessionStorage.setItem('username', name);
      sessionStorage.setItem(`noticePopup${name}`, '1');
      localStorage.setItem('language', 'BN');
      localStorage.setItem('theme', 'light');
    },
    { session: token, name: username },
  );
  return watched;
}

async function centre(page: Page, name: 'depositv2' | 'withdraw') {
  await page.goto(`${server.baseUrl}/index?centre=${name}`);
  const panel = page.locator(`.centre__page[data-page="${name}"]`);
  await panel.waitFor({ timeout: 20_000 });
  return panel;
}

async function balanceOf(token: string): Promise<number> {
  const answer = await callApi(server.baseUrl, { method: 'GET', path: '/wps/v2/wallets/balance', token });
  return Number((answer.body.value as { sumBalance: string }).sumBalance);
}

/** Sends a manual bKash deposit on the page: amount, the number shown, sender number, TrxID. */
async function sendBkash(page: Page, amount: string, trxId: string) {
  const panel = await centre(page, 'depositv2');
  await panel.getByRole('radio', { name: /বিকাশ সেন্ড মানি/ }).click();
  await panel.getByRole('textbox', { name: /^পরিমাণ/ }).fill(amount);
  await panel.getByRole('button', { name: 'নম্বর দেখুন' }).click();
  const shown = await panel.getByTestId('receiving-number').innerText();
  expect(shown).toMatch(/^017000000\d\d$/);
  await panel.getByRole('textbox', { name: /আপনার bKash নম্বর/ }).fill('01712345678');
  await panel.getByRole('textbox', { name: /লেনদেন আইডি/ }).fill(trxId.toLowerCase());
  await panel.getByRole('button', { name: 'TrxID জমা দিন' }).click();
  return { panel, shown };
}

describe('bKash, Nagad and Rocket by hand', () => {
  it('a TrxID deposit confirmed in the back office, its reuse refused, a Nagad payout by two operators', async () => {
    const player = await memberToken(server.baseUrl);
    const start = await balanceOf(player);
    const trxId = `E2E${randomBytes(4).toString('hex').toUpperCase().slice(0, 7)}`;

    // 1. The player sends 1,500 by bKash Send Money and enters the TrxID.
    const { page, errors } = await phonePage(browser, player, 'demoplayer');
    const { panel } = await sendBkash(page, '1500', trxId);
    await panel.getByText(/জমার অনুরোধ #\d+ .*1,500\.00.* পাঠানো হয়েছে/).waitFor({ timeout: 15_000 });
    const item = page.locator('[data-order]').filter({ hasText: trxId });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.innerText()).toContain('অপেক্ষমাণ');
    const orderId = Number(await item.getAttribute('data-order'));
    await screenshot(page, 'wallet-manual-deposit-360-bn');

    // 2. A finance operator matches it against the statement and confirms it in the back office.
    const desk = await openPage(browser, { viewport: viewports.desktop });
    await adminLogin(desk.page, server.baseUrl, confirmer);
    await desk.page.goto(`${server.baseUrl}/admin/money/deposits`);
    const row = desk.page.getByRole('row').filter({ hasText: trxId });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toMatch(/bKash TrxID .* from 01712345678 to 017000000\d\d/);
    await screenshot(desk.page, 'back-office-manual-deposit-1280');
    await row.getByRole('button', { name: 'Approve' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Approved.' }).waitFor();
    await expect.poll(() => balanceOf(player), { timeout: 15_000 }).toBe(start + 1500);
    await desk.context.close();

    // The member sees it approved.
    const history = await centre(page, 'depositv2');
    const approved = history.locator(`[data-order="${orderId}"]`);
    await expect.poll(() => approved.innerText(), { timeout: 15_000 }).toContain('অনুমোদিত');

    // 3. A second member enters the same TrxID: refused, nothing credited.
    const second = await registerMember(server.baseUrl, 'trxreuse');
    const other = await phonePage(browser, second.token, second.username);
    const reuse = await sendBkash(other.page, '1500', trxId);
    await reuse.panel.getByText('এই TrxID আগেই জমা দেওয়া হয়েছে').waitFor({ timeout: 15_000 });
    await screenshot(other.page, 'wallet-manual-deposit-reuse-360-bn');
    expect(await balanceOf(second.token)).toBe(0);
    await other.context.close();

    // 4. The player binds a Nagad wallet and withdraws 300 to it.
    const withdraw = await centre(page, 'withdraw');
    await withdraw.getByRole('button', { name: 'অ্যাকাউন্ট যোগ করুন' }).click();
    const bindForm = withdraw.getByRole('form', { name: 'উত্তোলনের অ্যাকাউন্ট যুক্ত করুন' });
    await bindForm.getByRole('radio', { name: 'Nagad' }).click();
    await bindForm.getByRole('textbox', { name: /অ্যাকাউন্টধারীর নাম/ }).fill('Demo Player');
    await bindForm.getByRole('textbox', { name: /ওয়ালেট নম্বর/ }).fill('01212345678');
    await bindForm.getByLabel('পেমেন্ট পাসওয়ার্ড').fill('246810');
    await bindForm.getByRole('button', { name: 'অ্যাকাউন্ট যুক্ত করুন' }).click();
    await bindForm.getByText(/বাংলাদেশি মোবাইল নম্বর/).waitFor();
    const nagadNumber = `018${String(Date.now()).slice(-8)}`;
    await bindForm.getByRole('textbox', { name: /ওয়ালেট নম্বর/ }).fill(nagadNumber);
    await bindForm.getByRole('button', { name: 'অ্যাকাউন্ট যুক্ত করুন' }).click();
    await withdraw
      .getByText(new RegExp(`Nagad.*\\*+${nagadNumber.slice(-4)}`))
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'wallet-nagad-account-360-bn');

    const accounts = (
      await callApi(server.baseUrl, { method: 'GET', path: '/wps/withdraw/accounts', token: player })
    ).body.value as { accountId: number; walletProvider: string | null; accountNumber: string }[];
    const nagad = accounts.find(
      (account) =>
        account.walletProvider === 'nagad' && account.accountNumber.endsWith(nagadNumber.slice(-4)),
    );
    expect(nagad).toBeTruthy();
    await withdraw.locator('#withdraw-account').selectOption(String(nagad?.accountId));
    await withdraw.getByRole('textbox', { name: /^পরিমাণ/ }).fill('300');
    await withdraw.getByLabel('পেমেন্ট পাসওয়ার্ড').fill('246810');
    await withdraw.getByRole('button', { name: 'উত্তোলনের অনুরোধ করুন' }).click();
    const requested = await withdraw.getByText(/উত্তোলন #\d+ .* অনুরোধ করা হয়েছে/).innerText();
    const withdrawalId = Number(/#(\d+)/.exec(requested)?.[1]);

    // 5. Four eyes: the operator who confirmed the deposit may not approve; another one approves,
    // and the owner pays it out with the proof of the Nagad send.
    const refused = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/withdrawal/decide',
      token: await adminApiToken(server.baseUrl, confirmer),
      body: { withdrawalId, decision: 'approve' },
    });
    expect(refused.body.code).toBe('SECOND_APPROVER_REQUIRED');

    const approverDesk = await openPage(browser, { viewport: viewports.desktop });
    await adminLogin(approverDesk.page, server.baseUrl, approver);
    await approverDesk.page.goto(`${server.baseUrl}/admin/money/withdrawals`);
    const pending = approverDesk.page
      .getByRole('row')
      .filter({ hasText: String(withdrawalId) })
      .filter({
        hasText: 'demoplayer',
      });
    await pending.waitFor({ timeout: 15_000 });
    expect(await pending.innerText()).toContain('Nagad');
    await pending.getByRole('button', { name: 'Approve' }).click();
    // Approve asks first, repeating the amount and the account.
    await approverDesk.page
      .getByRole('dialog', { name: `Approve withdrawal ${withdrawalId}?` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await approverDesk.page.getByRole('status').filter({ hasText: 'Approved.' }).waitFor();
    await approverDesk.context.close();

    const ownerDesk = await openPage(browser, { viewport: viewports.desktop });
    await adminLogin(ownerDesk.page, server.baseUrl, demoOwner);
    await ownerDesk.page.goto(`${server.baseUrl}/admin/money/withdrawals`);
    const toPay = ownerDesk.page
      .getByRole('row')
      .filter({ hasText: String(withdrawalId) })
      .filter({
        hasText: 'demoplayer',
      });
    await toPay.getByText(`Approved by ${approver.account}`, { exact: false }).waitFor({ timeout: 15_000 });
    expect(await toPay.innerText()).toContain(nagadNumber);
    await toPay.getByRole('button', { name: 'Disburse' }).click();
    const dialog = ownerDesk.page.getByRole('dialog', { name: `Disburse withdrawal ${withdrawalId}` });
    await dialog.getByLabel('Payout proof (PNG or JPG, up to 5 MB)').setInputFiles({
      name: 'nagad-send.png',
      mimeType: 'image/png',
      buffer: proofPng,
    });
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await dialog.waitFor({ state: 'detached' });
    await ownerDesk.context.close();

    // 6. The player sees the withdrawal paid out.
    const paid = await centre(page, 'withdraw');
    const paidItem = paid.locator(`[data-withdrawal="${withdrawalId}"]`);
    await expect.poll(() => paidItem.innerText(), { timeout: 15_000 }).toContain('পাঠানো হয়েছে');
    expect(await paidItem.innerText()).toContain('Nagad');
    await screenshot(page, 'wallet-nagad-paid-360-bn');
    expect(await balanceOf(player)).toBe(start + 1200);
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await page.context().close();
    // Three desks (two finance operators and the owner) each log in with the ALTCHA proof of work in
    // their page: 31–59 s alone on two cores, past the default minute beside other journeys.
  }, 180_000);
});
