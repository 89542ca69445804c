import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { adminApiToken, adminLogin, demoOwner, type OperatorCredentials } from '../support/admin.ts';
import { demoPlayerWithdrawal, enrolledOperator, houseSlotSession } from '../support/back-office.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { uniqueUsername } from '../support/site.ts';
import { useSite } from '../support/suite.ts';

/**
 * Issue 15's journey, in real Chromium against the real server (no mock anywhere):
 * 1. the owner logs in with two-step verification and creates a finance operator;
 * 2. the finance operator (first login: new password, TOTP enrolment) approves a withdrawal and
 *    disburses it with a proof image;
 * 3. a support operator disables a member, whose open game session is refused at the next bet;
 * 4. a content operator changes a home banner, and the member site shows it;
 * 5. the owner's audit screen lists all four actions with their before and after.
 */
const { server, browser } = useSite({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });

const proofPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const financePasswords = { password: 'Finance-first-2026', newPassword: 'Finance-own-2026!' };
const bannerTitle = 'Back office journey cup';
const disableReason = 'Chargeback fraud, ticket 4411';

let owner = '';
let support: Required<OperatorCredentials>;
let content: Required<OperatorCredentials>;
let withdrawalId = 0;
let slot: Awaited<ReturnType<typeof houseSlotSession>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  owner = await adminApiToken(server.baseUrl, demoOwner);
  support = await enrolledOperator(server.baseUrl, owner, {
    account: uniqueUsername('sup'),
    role: 'support',
  });
  content = await enrolledOperator(server.baseUrl, owner, {
    account: uniqueUsername('con'),
    role: 'content',
  });
  ({ withdrawalId } = await demoPlayerWithdrawal(server.baseUrl, owner, {
    amount: '300',
    key: 'bo-journey',
  }));
  slot = await houseSlotSession(server.baseUrl, owner);
  const first = await slot.bet();
  expect(first.status, JSON.stringify(first.body)).toBe(200);
}, 240_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function freshPage(): Promise<{ page: Page; errors: string[] }> {
  const watched = await openPage(browser, { viewport: viewports.desktop });
  contexts.push(watched.context);
  return watched;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Operator login' }).waitFor();
}

/** The audit screen searched for `q`: the newest matching row opened, its before and after texts. */
async function auditEntry(page: Page, q: string, action: string) {
  await page.goto(`${server.baseUrl}/admin/audit`);
  await page.getByLabel('Search').fill(q);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(q);
  const row = page.getByRole('row', { name: new RegExp(action) }).first();
  await row.waitFor();
  await row.getByRole('button', { name: 'Show details' }).click();
  const before = (await page.getByTestId('audit-before').first().innerText()).trim();
  const after = (await page.getByTestId('audit-after').first().innerText()).trim();
  await row
    .getByRole('button', { name: 'Hide details' })
    .click()
    .catch(() => undefined);
  return { before, after };
}

describe('the back office journey (issue 15)', () => {
  it('owner, finance, support and content each act; the audit screen lists all four', async () => {
    // A new name per attempt: a retry of the journey creates its own finance operator.
    const finance = { account: uniqueUsername('fin'), ...financePasswords };
    // 1. The owner: password, then the TOTP code; creates the finance operator on the Operators page.
    const { page, errors } = await freshPage();
    expect(await adminLogin(page, server.baseUrl, demoOwner)).toBe('signedIn');
    await page.locator('#admin-nav').getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('button', { name: 'New operator' }).click();
    const create = page.getByRole('dialog', { name: 'New operator' });
    await create.getByLabel('Account').fill(finance.account);
    await create.getByLabel('Name').fill('Finance desk');
    await create.getByLabel('Role').selectOption('finance');
    await create.getByLabel('First password').fill(finance.password);
    await create.getByRole('button', { name: 'Create operator' }).click();
    await create.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: new RegExp(finance.account) }).waitFor();
    await logOut(page);

    // 2. Finance: first login (new password, TOTP enrolment), then the withdrawal.
    expect(await adminLogin(page, server.baseUrl, finance)).toBe('passwordChange');
    await page.getByLabel('Current password').fill(finance.password);
    await page.getByLabel(/^New password( \*)?$/).fill(finance.newPassword);
    await page.getByLabel('New password again').fill(finance.newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Turn on two-step verification' }).waitFor();
    await page.getByRole('button', { name: 'Show the QR code' }).click();
    const financeSecret = (await page.getByTestId('totp-secret').innerText()).trim();
    await page.getByLabel('Code').fill(await generate({ secret: financeSecret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByRole('button', { name: /continue/ }).click();
    await expect.poll(() => page.getByTestId('operator-badge').innerText()).toContain('Finance');

    await page.goto(`${server.baseUrl}/admin/money/withdrawals`);
    const queue = page.getByRole('table', { name: 'Withdrawals' });
    const request = queue
      .getByRole('row')
      .filter({ hasText: String(withdrawalId) })
      .filter({ hasText: 'demoplayer' });
    await request.waitFor();
    await request.getByRole('button', { name: 'Approve' }).click();
    // An approval is confirmed in a dialog that repeats the amount and the account.
    await page
      .getByRole('dialog', { name: `Approve withdrawal ${withdrawalId}?` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await request.getByText(`Approved by ${finance.account}`, { exact: false }).waitFor();
    await request.getByRole('button', { name: 'Disburse' }).click();
    const disburse = page.getByRole('dialog', { name: `Disburse withdrawal ${withdrawalId}` });
    await disburse
      .getByLabel('Payout proof (PNG or JPG, up to 5 MB)')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: proofPng });
    await disburse.getByRole('button', { name: 'Mark as paid' }).click();
    await disburse.waitFor({ state: 'detached' });
    await request.waitFor({ state: 'detached' });
    await screenshot(page, 'back-office-journey-finance');
    await logOut(page);

    // 3. Support disables the demo player; the open game session is refused at the next bet.
    expect(await adminLogin(page, server.baseUrl, support)).toBe('signedIn');
    await page.goto(`${server.baseUrl}/admin/players?by=username&q=demoplayer`);
    await page.getByRole('link', { name: 'demoplayer', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'demoplayer' }).waitFor();
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill(disableReason);
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.locator('.players-head .badge', { hasText: 'Disabled' }).waitFor();
    const refused = await slot.bet();
    expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
    expect(refused.body.ok).toBe(false);
    await logOut(page);

    // 4. Content changes the first English home banner's title; the member site shows it.
    expect(await adminLogin(page, server.baseUrl, content)).toBe('signedIn');
    await page.goto(`${server.baseUrl}/admin/site/banners`);
    const banners = page.getByRole('table', { name: 'Banners' });
    const english = banners
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'EN', exact: true }) })
      .first();
    const oldTitle = (await english.locator('td').nth(2).innerText()).trim();
    await page.getByRole('button', { name: `Edit ${oldTitle}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the banner' });
    await edit.getByRole('textbox', { name: 'Title' }).fill(bannerTitle);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await banners.getByRole('cell', { name: bannerTitle, exact: true }).waitFor();
    await logOut(page);
    const site = await freshPage();
    await site.page.addInitScript(() => localStorage.setItem('language', 'EN'));
    await site.page.goto(`${server.baseUrl}/index`);
    const carousel = site.page.getByRole('region', { name: 'Banners' });
    await expect
      .poll(
        () =>
          carousel.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
        {
          timeout: 20_000,
        },
      )
      .toContain(bannerTitle);

    // 5. The owner's audit screen: the four actions, each with its before and after.
    expect(await adminLogin(page, server.baseUrl, demoOwner)).toBe('signedIn');
    const created = await auditEntry(page, finance.account, 'operatorCreate');
    expect(created.after).toContain('"role": "finance"');
    const paid = await auditEntry(page, String(withdrawalId), 'operatorWithdrawalDecide');
    expect(paid.before).toContain('"status": "pending"');
    expect(paid.after).toContain('"status": "disbursed"');
    const disabled = await auditEntry(page, disableReason, 'operatorPlayerSetStatus');
    expect(disabled.before).toContain('"status": "active"');
    expect(disabled.after).toContain('"status": "disabled"');
    const banner = await auditEntry(page, content.account, 'banner.update');
    expect(banner.before).toContain(oldTitle);
    expect(banner.after).toContain(bannerTitle);
    await screenshot(page, 'back-office-journey-audit');
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
  }, 300_000);
});
