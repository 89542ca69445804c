import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, memberToken } from '../support/api.ts';
import { adminApiToken, adminLogin, demoOwner, type OperatorCredentials } from '../support/admin.ts';
import { enrolledOperator } from '../support/back-office.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { verifyLedger } from '../support/server.ts';
import { useSite } from '../support/suite.ts';

/**
 * Payouts by bKash B2C (issue 37, item 4) in Chromium against the real server in demo mode, whose
 * bKash B2C runs the real adapter against the bKash simulator mounted in the site: the demo player
 * binds a bKash wallet and withdraws to it at 360 px in Bengali; one finance operator approves it,
 * another sends it by bKash on a 360 px phone in the dark theme (the dialog says what happens if
 * bKash does not answer), the payout is paid with bKash's trxID, and the player sees it paid. The
 * ledger verifier is green at the end.
 */
const { server, browser } = useSite({
  env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
});

let approver: Required<OperatorCredentials>;
let sender: Required<OperatorCredentials>;

beforeAll(async () => {
  const ownerToken = await adminApiToken(server.baseUrl, demoOwner);
  approver = await enrolledOperator(server.baseUrl, ownerToken, { account: 'b2capprove', role: 'finance' });
  sender = await enrolledOperator(server.baseUrl, ownerToken, { account: 'b2csend', role: 'finance' });
  // The owner funds the player (and so may not decide the player's withdrawals: four eyes).
  const funded = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/api/operator/wallet/adjust',
    token: ownerToken,
    body: {
      username: 'demoplayer',
      amount: '2000',
      reason: 'b2c journey funds',
      idempotencyKey: 'b2c-funds',
    },
  });
  expect(funded.body.success, JSON.stringify(funded.body)).toBe(true);
}, 180_000);

/** The player's member centre page at 360 px in Bengali. */
async function withdrawPage(browserHandle: Browser, token: string) {
  const watched = await openPage(browserHandle, { viewport: viewports.phone });
  await watched.context.addInitScript((session) => {
    sessionStorage.setItem('token', session);
    sessionStorage.setItem('isAgent', '0');
    sessionStorage.setItem('username', 'demoplayer');
    sessionStorage.setItem('noticePopupdemoplayer', '1');
    localStorage.setItem('language', 'BN');
    localStorage.setItem('theme', 'light');
  }, token);
  return watched;
}

async function centre(page: Page) {
  await page.goto(`${server.baseUrl}/index?centre=withdraw`);
  const panel = page.locator('.centre__page[data-page="withdraw"]');
  await panel.waitFor({ timeout: 20_000 });
  return panel;
}

/** The back office signed in as `operator` (password and TOTP in the browser), on the withdrawals. */
async function desk(
  operator: Required<OperatorCredentials>,
  viewport: { width: number; height: number },
  dark: boolean,
) {
  const watched = await openPage(browser, { viewport, colorScheme: dark ? 'dark' : 'light' });
  await watched.context.addInitScript(
    (theme) => localStorage.setItem('adminTheme', theme),
    dark ? 'dark' : 'light',
  );
  await adminLogin(watched.page, server.baseUrl, operator);
  await watched.page.goto(`${server.baseUrl}/admin/money/withdrawals`);
  return watched;
}

describe('a payout by bKash B2C', () => {
  it('the member withdraws to bKash, one operator approves, another sends it by bKash, the member sees it paid', async () => {
    const player = await memberToken(server.baseUrl);
    const { page, errors } = await withdrawPage(browser, player);

    // 1. The player binds a bKash wallet and asks for 750 to it.
    const wallet = `017${String(Date.now()).slice(-8)}`;
    const withdraw = await centre(page);
    await withdraw.getByRole('button', { name: 'অ্যাকাউন্ট যোগ করুন' }).click();
    const bindForm = withdraw.getByRole('form', { name: 'উত্তোলনের অ্যাকাউন্ট যুক্ত করুন' });
    await bindForm.getByRole('radio', { name: 'bKash' }).click();
    await bindForm.getByRole('textbox', { name: /অ্যাকাউন্টধারীর নাম/ }).fill('Demo Player');
    await bindForm.getByRole('textbox', { name: /ওয়ালেট নম্বর/ }).fill(wallet);
    await bindForm.getByLabel('পেমেন্ট পাসওয়ার্ড').fill('246810');
    await bindForm.getByRole('button', { name: 'অ্যাকাউন্ট যুক্ত করুন' }).click();
    await withdraw
      .getByText(new RegExp(`bKash.*\\*+${wallet.slice(-4)}`))
      .first()
      .waitFor({ timeout: 15_000 });
    const accounts = (
      await callApi(server.baseUrl, { method: 'GET', path: '/wps/withdraw/accounts', token: player })
    ).body.value as { accountId: number; walletProvider: string | null; accountNumber: string }[];
    const bkash = accounts.find(
      (account) => account.walletProvider === 'bkash' && account.accountNumber.endsWith(wallet.slice(-4)),
    );
    expect(bkash).toBeTruthy();
    await withdraw.locator('#withdraw-account').selectOption(String(bkash?.accountId));
    await withdraw.getByRole('textbox', { name: /^পরিমাণ/ }).fill('750');
    await withdraw.getByLabel('পেমেন্ট পাসওয়ার্ড').fill('246810');
    await withdraw.getByRole('button', { name: 'উত্তোলনের অনুরোধ করুন' }).click();
    const requested = await withdraw.getByText(/উত্তোলন #\d+ .* অনুরোধ করা হয়েছে/).innerText();
    const withdrawalId = Number(/#(\d+)/.exec(requested)?.[1]);
    expect(withdrawalId).toBeGreaterThan(0);
    await screenshot(page, 'withdrawal-bkash-requested-360-bn');

    // 2. A finance operator approves it: before that, no "Send by bKash".
    const first = await desk(approver, viewports.desktop, false);
    const pending = first.page
      .getByRole('row')
      .filter({ hasText: String(withdrawalId) })
      .filter({ hasText: wallet });
    await pending.waitFor({ timeout: 15_000 });
    expect(await pending.getByRole('button', { name: 'Send by bKash' }).count()).toBe(0);
    await pending.getByRole('button', { name: 'Approve' }).click();
    await first.page
      .getByRole('dialog', { name: `Approve withdrawal ${withdrawalId}?` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await first.page.getByRole('status').filter({ hasText: 'Approved.' }).waitFor();
    expect(first.errors).toEqual([]);
    await first.context.close();

    // 3. Another sends it by bKash, on a phone in the dark theme.
    const second = await desk(sender, viewports.phone, true);
    const approved = second.page.getByRole('row').filter({ hasText: wallet });
    await approved
      .getByText(`Approved by ${approver.account}`, { exact: false })
      .waitFor({ timeout: 15_000 });
    await approved.getByRole('button', { name: 'Send by bKash' }).click();
    const dialog = second.page.getByRole('dialog', { name: `Send withdrawal ${withdrawalId} by bKash?` });
    expect(await dialog.innerText()).toContain(`750.00 BDT to the bKash wallet ${wallet}`);
    await screenshot(second.page, 'admin-withdrawal-send-bkash-360-dark');
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await dialog.waitFor({ state: 'detached' });
    const notice = await second.page
      .getByRole('status')
      .filter({ hasText: 'Paid by bKash: TrxID' })
      .innerText({ timeout: 20_000 });
    const trxId = /TrxID ([A-Z0-9]{10})/.exec(notice)?.[1];
    expect(trxId, notice).toBeTruthy();
    await second.page.goto(`${server.baseUrl}/admin/money/withdrawals?status=disbursed`);
    await second.page
      .getByText(`Paid by bKash wd-${withdrawalId}-1, TrxID ${trxId}`)
      .waitFor({ timeout: 15_000 });
    await screenshot(second.page, 'admin-withdrawal-paid-bkash-360-dark');
    expect(second.errors).toEqual([]);
    await second.context.close();

    // 4. The player sees it paid out, once.
    const paid = await centre(page);
    const item = paid.locator(`[data-withdrawal="${withdrawalId}"]`);
    await expect.poll(() => item.innerText(), { timeout: 15_000 }).toContain('পাঠানো হয়েছে');
    expect(await item.innerText()).toContain('bKash');
    await screenshot(page, 'withdrawal-bkash-paid-360-bn');
    const history = (
      await callApi(server.baseUrl, { method: 'GET', path: '/wps/withdraw/history', token: player })
    ).body.value as { list: { withdrawalId: number; status: string }[] };
    expect(history.list.filter((entry) => entry.withdrawalId === withdrawalId)).toEqual([
      expect.objectContaining({ status: 'disbursed' }),
    ]);
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await page.context().close();

    // The books balance: the server stopped, its database checked by the ledger verifier.
    await server.stop({ keepData: true });
    const verified = verifyLedger(server.dataDir);
    expect(verified.status, verified.output).toBe(0);
  });
});
