import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { callApi, memberToken, solveAltcha } from '../support/api.ts';
import { screenshot, viewports } from '../support/browser.ts';
import { useSite } from '../support/suite.ts';

/**
 * The back office's money journey (issue 15, item 4): the owner creates a finance operator through
 * the API; the finance operator logs in to /admin with the second step, approves the demo player's
 * withdrawal and disburses it with a proof image; the audit trail (read by the owner) has both
 * actions with before and after. A payout account name typed by a member is text on the page.
 */
const { server, browser } = useSite();

const ownerSecret = 'KHELADEMOOPERATORSECRETTOTPCODES';
const financeAccount = 'finmoney2e';
const financeFirstPassword = 'Finance-first-2026!';
const financePassword = 'Finance-money-2026!';
let financeSecret = '';
let ownerToken = '';
let member = '';
let withdrawalId = 0;

/** A real 1×1 PNG: the payout's proof. */
const proofPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A TOTP code of a step no earlier one used (a code is accepted once per 30 s step per account). */
const usedSteps = new Map<string, number>();
async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if ((usedSteps.get(secret) ?? -1) < step) {
      usedSteps.set(secret, step);
      return generate({ secret });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function operatorSession(username: string, password: string, secret: string | null): Promise<string> {
  const answer = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/api/operator/session/login',
    sealed: true,
    body: { username, password, altcha: await solveAltcha(server.baseUrl) },
  });
  const value = answer.body.value as
    | { twoFactorRequired: false; token: string }
    | { twoFactorRequired: true; challengeId: string }
    | undefined;
  if (!value) throw new Error(`operator login failed: ${JSON.stringify(answer.body)}`);
  if (!value.twoFactorRequired) return value.token;
  if (!secret) throw new Error('a second step is asked and no secret is known');
  const second = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/wps/session/login/2fa',
    sealed: true,
    body: { challengeId: value.challengeId, code: await freshCode(secret) },
  });
  const token = (second.body.value as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`second step failed: ${JSON.stringify(second.body)}`);
  return token;
}

async function api(token: string, method: 'GET' | 'POST', path: string, body?: unknown, sealed = false) {
  const answer = await callApi(server.baseUrl, { method, path, token, body, sealed });
  expect(answer.body.success, `${path}: ${JSON.stringify(answer.body)}`).toBe(true);
  return answer.body.value as Record<string, unknown>;
}

beforeAll(async () => {
  ownerToken = await operatorSession('operator', 'Operator-demo-2026', ownerSecret);
  // The owner creates the finance operator; its first login changes the password and enrols TOTP.
  await api(
    ownerToken,
    'POST',
    '/api/operator/operators/create',
    { account: financeAccount, nickname: 'Finance E2E', role: 'finance', password: financeFirstPassword },
    true,
  );
  const first = await operatorSession(financeAccount, financeFirstPassword, null);
  const changed = await api(
    first,
    'POST',
    '/api/operator/session/password',
    { oldPassword: financeFirstPassword, newPassword: financePassword, confirmNewPassword: financePassword },
    true,
  );
  const setup = await api(changed.token as string, 'POST', '/api/operator/2fa/setup', {});
  financeSecret = setup.secret as string;
  await api(changed.token as string, 'POST', '/api/operator/2fa/confirm', {
    code: await freshCode(financeSecret),
  });

  // The demo player: funds, a payout account, a withdrawal request.
  member = await memberToken(server.baseUrl);
  await api(ownerToken, 'POST', '/api/operator/wallet/adjust', {
    username: 'demoplayer',
    amount: '800',
    reason: 'money e2e funds',
    idempotencyKey: 'bo-money-e2e-funds',
  });
  // Markup in a name is refused at the door (the contract's text rule): it never reaches a page.
  const markup = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/wps/withdraw/account/bind',
    token: member,
    sealed: true,
    body: {
      paymentPassword: '246810',
      kind: 'ewallet',
      providerName: 'bKash',
      accountName: '<img src=x onerror=window.__xss=1>',
      accountNumber: '01700000077',
    },
  });
  expect(markup.status).toBe(400);
  const bound = await api(
    member,
    'POST',
    '/wps/withdraw/account/bind',
    {
      paymentPassword: '246810',
      kind: 'ewallet',
      providerName: 'bKash',
      accountName: `O'Brien & "Sons" {{x}} \${x}`,
      accountNumber: '01700000078',
    },
    true,
  );
  const created = await api(
    member,
    'POST',
    '/wps/withdraw/create',
    {
      accountId: bound.accountId,
      amount: '250',
      paymentPassword: '246810',
      requestId: 'bo-money-e2e-withdraw',
    },
    true,
  );
  withdrawalId = created.withdrawalId as number;
}, 180_000);

async function adminLogin(page: Page) {
  await page.goto(`${server.baseUrl}/admin/`);
  await page.getByLabel('Account').fill(financeAccount);
  await page.getByLabel('Password').fill(financePassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Code').fill(await freshCode(financeSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Withdrawals' }).waitFor();
}

describe('the back office: money', () => {
  it('a finance operator approves a withdrawal and disburses it with a proof, audited', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await adminLogin(page);
    await page.goto(`${server.baseUrl}/admin/money/withdrawals`);
    const table = page.getByRole('table', { name: 'Withdrawals' });
    const row = table
      .getByRole('row')
      .filter({ hasText: String(withdrawalId) })
      .filter({ hasText: 'demoplayer' });
    await row.waitFor();
    // The member's strings are text: quotes, ampersands and template-looking parts as typed.
    expect(await row.innerText()).toContain(`O'Brien & "Sons" {{x}} \${x}`);
    expect(await row.innerText()).toContain('250.00 BDT');
    expect(await row.innerText()).toContain('Not approved yet');
    await screenshot(page, 'back-office-money-withdrawals-1280');

    await row.getByRole('button', { name: 'Approve' }).click();
    // An approval is confirmed in a dialog that repeats the amount and the account.
    await page
      .getByRole('dialog', { name: `Approve withdrawal ${withdrawalId}?` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Approved.' }).waitFor();
    await row.getByText(`Approved by ${financeAccount}`, { exact: false }).waitFor();

    await row.getByRole('button', { name: 'Disburse' }).click();
    const dialog = page.getByRole('dialog', { name: `Disburse withdrawal ${withdrawalId}` });
    await dialog.getByLabel('Payout proof (PNG or JPG, up to 5 MB)').setInputFiles({
      name: 'proof.png',
      mimeType: 'image/png',
      buffer: proofPng,
    });
    await screenshot(page, 'back-office-money-disburse-1280');
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });

    // Disbursed: waiting for the member's receipt; the payout proof can be opened.
    await page.getByLabel('Status').selectOption('disbursed');
    const paid = table
      .getByRole('row')
      .filter({ hasText: 'demoplayer' })
      .filter({ hasText: String(withdrawalId) });
    await paid.getByText('Waiting for the member until', { exact: false }).waitFor();
    await paid.getByRole('button', { name: 'Payout proof' }).click();
    await page.getByRole('dialog', { name: 'Payout proof' }).getByRole('img').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(errors).toEqual([]);

    // Four eyes: a large adjustment waits; its requester cannot decide it.
    await page.getByRole('navigation').getByRole('link', { name: 'Adjustments' }).click();
    await page.getByLabel('Member account').fill('demoplayer');
    await page.getByLabel('Amount (negative to debit)').fill('20000');
    await page.getByLabel('Reason').fill('goodwill after an outage');
    await page.getByRole('button', { name: 'Adjust' }).click();
    await page.getByText('waits for a second operator', { exact: false }).first().waitFor();
    const waiting = page.getByRole('table', { name: 'Waiting for a second operator' });
    await waiting.getByText('Your request: another operator decides').waitFor();
    await screenshot(page, 'back-office-money-adjustments-1280');

    // The ledger: the member's main wallet, its postings, one entry.
    await page.getByRole('navigation').getByRole('link', { name: 'Ledger', exact: true }).click();
    await page.getByLabel('Account address or member').fill('demoplayer');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: /^member:\d+:main$/ }).click();
    const postings = page.getByRole('table', { name: /^Postings of member:/ });
    await postings.getByRole('row').nth(1).waitFor();
    await postings.getByRole('row').nth(1).getByRole('button').click();
    const entry = page.getByRole('dialog', { name: /^Entry \d+$/ });
    await entry.getByText('Metadata').waitFor();
    await screenshot(page, 'back-office-money-ledger-entry-1280');
    await page.keyboard.press('Escape');

    // The verifier: run now, all invariants hold.
    await page.getByRole('navigation').getByRole('link', { name: 'Ledger check' }).click();
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('All invariants hold', { exact: false }).waitFor();
    await screenshot(page, 'back-office-money-verifier-1280');
    await page.getByRole('navigation').getByRole('link', { name: 'Withdrawals' }).click();

    // A phone: the same queue at 360 px.
    await page.setViewportSize(viewports.phone);
    await page.getByLabel('Status').selectOption('disbursed');
    await paid.waitFor();
    await screenshot(page, 'back-office-money-withdrawals-360');
    await context.close();

    // The owner reads the trail: both actions, with before and after.
    const audit = await api(ownerToken, 'GET', `/api/operator/audit?q=operatorWithdrawalDecide&limit=20`);
    const entries = (
      audit.entries as {
        action: string;
        operator: string;
        targetId: string;
        outcome: string;
        before: unknown;
        after: unknown;
      }[]
    )
      .filter((entry) => entry.targetId === String(withdrawalId) && entry.outcome === 'ok')
      .reverse();
    expect(entries.map((entry) => entry.operator)).toEqual([financeAccount, financeAccount]);
    expect(entries[0]?.before).toMatchObject({ status: 'pending', approvedBy: null });
    expect(entries[0]?.after).toMatchObject({
      status: 'pending',
      approvedBy: expect.stringContaining(financeAccount),
    });
    expect(entries[1]?.before).toMatchObject({ status: 'pending' });
    expect(entries[1]?.after).toMatchObject({ status: 'disbursed', amount: '250.00', payoutProof: true });
  }, 180_000);
});
