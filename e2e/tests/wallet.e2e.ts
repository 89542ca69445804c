import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { callApi, memberToken, operatorSession, operatorToken } from '../support/api.ts';
import { enrolledOperator } from '../support/back-office.ts';
import { memberPage, screenshot, viewports, type MemberPageOptions } from '../support/browser.ts';
import { amountOf, header, headerBalance, openCentre } from '../support/site.ts';
import { useSite } from '../support/suite.ts';

/**
 * The wallet journey (spec 2 member centre, 4 withdrawal confirmation) in real Chromium against the
 * real server: a bKash (demo) deposit paid on the bKash simulator's page, a bank transfer the operator
 * approves, binding an e-wallet, a withdrawal a finance operator approves and disburses (the owner
 * approved the member's deposit, so may not pay them: issue 35) and the member answers "received
 * partly", a transfer to the upline, and the account record listing every line.
 */
const { server, browser } = useSite();
let token: string;
/** A finance operator's session: approves and pays out the withdrawal. */
let cashier: string;

beforeAll(async () => {
  token = await memberToken(server.baseUrl);
  const credentials = await enrolledOperator(server.baseUrl, await operatorToken(server.baseUrl), {
    // A retry of the journey creates another one.
    account: `cashier${Date.now().toString(36)}`,
    role: 'finance',
  });
  cashier = await operatorSession(server.baseUrl, credentials);
}, 120_000);

/** A failed call shows up as a console error in Chromium; none is expected in the happy journey. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

function signedIn(options: MemberPageOptions = {}) {
  return memberPage(browser, token, options);
}

async function centrePage(panel: Locator, item: string) {
  await panel.locator('.centre__menu').getByRole('button', { name: item, exact: true }).click();
}

async function operator(path: string, body: unknown, as?: string) {
  const answer = await callApi(server.baseUrl, {
    method: 'POST',
    path,
    token: as ?? (await operatorToken(server.baseUrl)),
    body,
  });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.value;
}

async function operatorGet(path: string) {
  const answer = await callApi(server.baseUrl, {
    method: 'GET',
    path,
    token: await operatorToken(server.baseUrl),
  });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.value;
}

/** A real 1×1 PNG: what a phone's camera roll would give, only smaller. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** An amount as the site shows it in English: grouped, two decimals. */
const formatMoney = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the wallet', () => {
  it('deposits through the gateway and by bank transfer, withdraws, disputes, transfers, and records it all', async () => {
    const { page, context, errors } = await signedIn();
    await page.goto(`${server.baseUrl}/index`);
    // Balances relative to the one found: a retry of this journey starts where the first left off.
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toMatch(/\d\.\d\d/);
    const start = amountOf(await headerBalance(page));
    const shown = async () => amountOf(await headerBalance(page));
    const money = (amount: number) => escapeRegExp(formatMoney(start + amount));

    // 1. A bKash (demo) deposit of 492.50 (issue 37, item 5: it replaced the sandbox's "Test
    // payment"): the real bKash adapter against the simulator, its page, Confirm, back on the site.
    let panel = await openCentre(page, 'Deposit');
    expect(await panel.innerText()).not.toContain('Test payment');
    await panel.getByRole('radio', { name: /bKash \(demo\)/ }).click();
    await panel.getByText('No fee').first().waitFor();
    await panel.getByRole('textbox', { name: /^Amount/ }).fill('5');
    await panel.getByRole('button', { name: 'Pay now' }).click();
    await panel.getByText(/The least is .*10\.00/).waitFor();
    await panel.getByRole('textbox', { name: /^Amount/ }).fill('492.50');
    await panel.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/sim\/bkash\/redirect\/tokenized\/\?paymentID=/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/index\?depositOrder=\d+/, { timeout: 20_000 });
    const orderId = new URL(page.url()).searchParams.get('depositOrder');
    await expect.poll(shown, { timeout: 20_000 }).toBe(start + 492.5);
    // Back from the gateway, the shell opens the member centre on depositv2 by itself (useDepositReturn).
    panel = page.getByRole('dialog', { name: 'Member centre' });
    await panel.locator('.centre__page[data-page="depositv2"]').waitFor({ timeout: 15_000 });
    await panel.getByText(new RegExp(`Deposit #${orderId} approved`)).waitFor({ timeout: 15_000 });
    const gatewayOrder = panel.locator(`[data-order="${orderId}"]`);
    expect(await gatewayOrder.innerText()).toContain('Approved');
    expect(await gatewayOrder.innerText()).toMatch(/Credited .*492\.50/);
    expect(await gatewayOrder.innerText()).not.toMatch(/\(fee /);

    // 2. A bank transfer of 200 with a reference; the operator approves it.
    await panel.getByRole('radio', { name: /Bank transfer/ }).click();
    await panel.getByText('0000-1234-5678').waitFor();
    await panel.getByRole('textbox', { name: /^Amount/ }).fill('200');
    await panel.getByRole('button', { name: 'Submit deposit' }).click();
    await panel.getByText('Enter the transfer reference').waitFor();
    await panel.getByRole('textbox', { name: 'Transfer reference' }).fill('REF-E2E-200');
    // A picture of the receipt goes with it; the operator sees the very same bytes.
    await panel
      .getByLabel('Transfer receipt (optional)')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng });
    await panel.getByAltText('receipt.png').waitFor();
    await panel.getByRole('button', { name: 'Submit deposit' }).click();
    const submitted = await panel.getByText(/Deposit #\d+ \(.*200\.00\) was sent/).innerText();
    const bankOrderId = Number(/#(\d+)/.exec(submitted)?.[1]);
    const receiptSeen = (await operatorGet(
      `/api/operator/deposit/receipt?orderId=${bankOrderId}&index=0`,
    )) as {
      contentType: string;
      data: string;
    };
    expect(receiptSeen).toEqual({ contentType: 'image/png', data: receiptPng.toString('base64') });
    expect(await panel.locator(`[data-order="${bankOrderId}"]`).innerText()).toContain('Pending');
    await operator('/api/operator/deposit/decide', { orderId: bankOrderId, decision: 'approve' });
    // The member closes the centre and presses the balance to refresh it (spec 2).
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await header(page)
      .getByRole('button', { name: /^Balance:/ })
      .click();
    await expect.poll(shown, { timeout: 15_000 }).toBe(start + 692.5);

    // 3. Withdraw: bind an e-wallet, request 100, finance approves and pays, "received partly" 60.
    panel = await openCentre(page, 'Withdraw');
    await panel.getByText('Available to withdraw').waitFor();
    expect(amountOf(await panel.locator('.wallet-balance__value').innerText())).toBe(start + 692.5);
    await panel.getByRole('button', { name: 'Add an account' }).click();
    const bindForm = panel.getByRole('form', { name: 'Bind a withdrawal account' });
    await bindForm.getByRole('radio', { name: 'E-wallet' }).click();
    await bindForm.getByRole('radio', { name: 'bKash' }).click();
    await bindForm.getByRole('textbox', { name: /^Account holder/ }).fill('Demo Player');
    await bindForm.getByRole('textbox', { name: /^Wallet number/ }).fill('01700000002');
    await bindForm.getByLabel('Payment password').fill('000000');
    await bindForm.getByRole('button', { name: 'Bind account' }).click();
    await bindForm.getByText('The password is wrong.').waitFor();
    await bindForm.getByLabel('Payment password').fill('246810');
    await bindForm.getByRole('button', { name: 'Bind account' }).click();
    await panel
      .getByText(/Demo Player · \*+0002/)
      .first()
      .waitFor();

    await panel.getByRole('textbox', { name: /^Amount/ }).fill(String(Math.ceil(start) + 1000));
    await panel.getByLabel('Payment password').fill('246810');
    await panel.getByRole('button', { name: 'Request withdrawal' }).click();
    await panel.getByText(/More than your available|The most is/).waitFor();
    await panel.getByRole('textbox', { name: /^Amount/ }).fill('100');
    await panel.getByRole('button', { name: 'Request withdrawal' }).click();
    const requested = await panel.getByText(/Withdrawal #\d+ \(.*100\.00\) requested/).innerText();
    const withdrawalId = Number(/#(\d+)/.exec(requested)?.[1]);
    const item = panel.locator(`[data-withdrawal="${withdrawalId}"]`);
    await expect.poll(() => item.innerText()).toContain('Pending');
    await expect.poll(shown, { timeout: 15_000 }).toBe(start + 592.5);

    // The owner approved the bank deposit: that member's withdrawal is another operator's.
    const ownerTry = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/withdrawal/decide',
      token: await operatorToken(server.baseUrl),
      body: { withdrawalId, decision: 'approve' },
    });
    expect(ownerTry.body.code).toBe('SECOND_APPROVER_REQUIRED');
    await operator('/api/operator/withdrawal/decide', { withdrawalId, decision: 'approve' }, cashier);
    await operator('/api/operator/withdrawal/decide', { withdrawalId, decision: 'disburse' }, cashier);
    await centrePage(panel, 'Deposit');
    await centrePage(panel, 'Withdraw');
    const receipt = item.getByRole('form', { name: 'Did the money arrive?' });
    await receipt.waitFor({ timeout: 15_000 });
    expect(await item.innerText()).toContain('Paid out');
    expect(await receipt.innerText()).toMatch(/No answer by \d\d:\d\d counts as received/);
    await receipt.getByLabel('Received partly').check();
    await receipt.getByRole('textbox', { name: 'Amount received' }).fill('100');
    await receipt.getByRole('button', { name: 'Send answer' }).click();
    await receipt.getByText(/Must be less than the .*100\.00 sent/).waitFor();
    await receipt.getByRole('textbox', { name: 'Amount received' }).fill('60');
    await receipt.getByText(/Missing: .*40\.00/).waitFor();
    await screenshot(page, 'wallet-withdraw-receipt-desktop-en');
    await receipt.getByRole('button', { name: 'Send answer' }).click();
    await expect.poll(() => item.innerText(), { timeout: 15_000 }).toContain('Disputed');
    expect(await item.innerText()).toMatch(/Received .*60\.00/);

    // 4. Transfer 50 to the upline.
    await centrePage(panel, 'Transfer to upline');
    await panel.getByText('Send to demoagent').waitFor();
    await panel.getByRole('textbox', { name: 'Amount' }).fill('50');
    await panel.getByLabel('Payment password').fill('111111');
    await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
    await panel.getByText('The password is wrong.').waitFor();
    await panel.getByLabel('Payment password').fill('246810');
    await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
    await panel
      .getByText(new RegExp(`sent to demoagent\\. Your balance is now .*${money(542.5)}`))
      .waitFor({ timeout: 15_000 });
    await expect.poll(shown, { timeout: 15_000 }).toBe(start + 542.5);
    await screenshot(page, 'wallet-transfer-upline-desktop-en');

    // 5. The wallets and the account record.
    await centrePage(panel, 'Wallet');
    await panel.getByText('No game wallets yet').waitFor();
    expect(await panel.locator('.wallet-wallets').first().innerText()).toMatch(
      new RegExp(`Main wallet\\s+.*${money(542.5)}`),
    );
    await centrePage(panel, 'Account record');
    await panel.locator('.record-line').first().waitFor();
    const record = await panel.locator('.record-list').innerText();
    for (const kind of ['Deposit', 'Held', 'Withdrawal', 'Transfer']) expect(record).toContain(kind);
    expect(record).toContain(`Balance ৳${formatMoney(start + 542.5)}`);
    expect(record).toContain(`Balance ৳${formatMoney(start + 692.5)}`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('looks right: deposit on a phone in Bengali, withdraw on a desktop in the dark, the record on a phone', async () => {
    const phoneBn = await signedIn({ viewport: viewports.phone, language: 'BN' });
    await phoneBn.page.goto(`${server.baseUrl}/index`);
    await phoneBn.page.locator('nav.bottom-bar, .bottom-bar').first().waitFor();
    await phoneBn.page.locator('.bottom-bar').getByRole('button', { name: 'জমা' }).click();
    const bnPanel = phoneBn.page.getByRole('dialog');
    await bnPanel
      .getByRole('radio', { name: /ব্যাংক ট্রান্সফার/ })
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        await screenshot(phoneBn.page, 'wallet-deposit-phone-bn-failed');
        throw error;
      });
    await bnPanel.locator('.wallet-list').first().waitFor();
    await bnPanel
      .getByLabel('ট্রান্সফারের রসিদ (ঐচ্ছিক)')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng });
    await screenshot(phoneBn.page, 'wallet-deposit-phone-bn-light');
    await bnPanel.getByAltText('receipt.png').scrollIntoViewIfNeeded();
    await screenshot(phoneBn.page, 'wallet-deposit-receipt-phone-bn-light');
    await bnPanel.getByRole('heading', { name: 'আমার জমার সীমা' }).scrollIntoViewIfNeeded();
    await bnPanel.getByRole('table').waitFor();
    await screenshot(phoneBn.page, 'wallet-deposit-limits-phone-bn-light');
    expect(unexpected(phoneBn.errors)).toEqual([]);
    await phoneBn.context.close();

    const dark = await signedIn({ dark: true });
    await dark.page.goto(`${server.baseUrl}/index`);
    const darkPanel = await openCentre(dark.page, 'Withdraw');
    await darkPanel.getByText('Withdrawal history').waitFor({ timeout: 15_000 });
    await darkPanel
      .locator('.wallet-section .skeleton')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await screenshot(dark.page, 'wallet-withdraw-desktop-en-dark');
    await dark.context.close();

    const phone = await signedIn({ viewport: viewports.phone });
    await phone.page.goto(`${server.baseUrl}/index`);
    await phone.page.locator('.bottom-bar').getByRole('button', { name: 'Deposit' }).click();
    const phonePanel = phone.page.getByRole('dialog');
    await phonePanel.locator('.centre__menu').getByRole('button', { name: 'Account record' }).click();
    await phonePanel.locator('.record-line').first().waitFor({ timeout: 15_000 });
    await screenshot(phone.page, 'wallet-record-phone-en');
    await phone.context.close();
  });
});
