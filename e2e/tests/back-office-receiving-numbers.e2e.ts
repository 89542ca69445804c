import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, memberToken } from '../support/api.ts';
import { adminApiToken, demoOwner, type OperatorCredentials } from '../support/admin.ts';
import { enrolledOperator } from '../support/back-office.ts';
import { memberPage, openPage, screenshot, viewports } from '../support/browser.ts';
import { useSite } from '../support/suite.ts';

/**
 * Four eyes on where players' money goes (issue 35 with issue 37's manual deposits): a finance
 * operator lists a new bKash receiving number on a phone in the dark theme; it waits for a second
 * operator (their own Approve is refused, and no member is shown it); another operator approves it
 * on a desktop; then a member asking for a bKash number in Bengali is shown it (rotation shows a
 * never-shown number first).
 */
const { server, browser } = useSite();

// A new number per attempt: a retry of the journey lists another one (the first attempt's number
// already exists).
let newNumber = '';
let adder: Required<OperatorCredentials>;
let checker: Required<OperatorCredentials>;

beforeAll(async () => {
  const owner = await adminApiToken(server.baseUrl, demoOwner);
  adder = await enrolledOperator(server.baseUrl, owner, { account: 'finnumbers', role: 'finance' });
  checker = await enrolledOperator(server.baseUrl, owner, { account: 'finchecker', role: 'finance' });
}, 180_000);

/** The receiving numbers page, signed in as `who`, in a viewport and theme. */
async function numbersPage(
  who: OperatorCredentials,
  viewport: { width: number; height: number },
  theme: 'light' | 'dark',
) {
  const token = await adminApiToken(server.baseUrl, who);
  const watched = await openPage(browser, { viewport, colorScheme: theme });
  await watched.context.addInitScript(
    ({ session, value }) => {
      sessionStorage.setItem('operatorToken', session);
      localStorage.setItem('adminTheme', value);
    },
    { session: token, value: theme },
  );
  await watched.page.goto(`${server.baseUrl}/admin/money/receiving-numbers`);
  await watched.page.getByRole('table', { name: /Receiving numbers/ }).waitFor({ timeout: 20_000 });
  return watched;
}

const rowOf = (page: Page) => page.getByRole('row').filter({ hasText: newNumber });

describe('receiving numbers: four eyes', () => {
  it('a number added by one operator is shown to members only after another approves it', async () => {
    newNumber = `0175${String(Date.now()).slice(-7)}`;
    // 1. The adder lists the number from a phone, dark theme.
    const first = await numbersPage(adder, viewports.phone, 'dark');
    const form = first.page
      .locator('form')
      .filter({ has: first.page.getByRole('textbox', { name: /Daily cap/ }) });
    await form.getByRole('combobox', { name: /Provider/ }).selectOption('bkash');
    await form.getByRole('textbox', { name: /^Number/ }).fill(newNumber);
    await form.getByRole('textbox', { name: /^Label/ }).fill('Shop 3');
    await form.getByRole('textbox', { name: /Daily cap/ }).fill('50000');
    await form.getByRole('button', { name: 'Save' }).click();
    await first.page
      .getByText(`${newNumber} is saved. Another operator approves it`)
      .waitFor({ timeout: 15_000 });
    const row = rowOf(first.page);
    await expect
      .poll(() => row.innerText(), { timeout: 15_000 })
      .toContain('Awaiting a second operator (added by finnumbers)');
    await row.getByRole('button', { name: 'Approve' }).scrollIntoViewIfNeeded();
    await screenshot(first.page, 'admin-receiving-number-awaiting-360-dark');

    // Their own approval is refused, and says why (the save's notice also names another operator).
    await row.getByRole('button', { name: 'Approve' }).click();
    await first.page
      .getByRole('status')
      .filter({ hasText: /Another operator must approve this/ })
      .waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('Awaiting a second operator');
    expect(first.errors.filter((error) => !/409|Conflict/i.test(error))).toEqual([]);
    await first.context.close();

    // No member is shown it yet: the demo's numbers come up, never the new one.
    const player = await memberToken(server.baseUrl);
    for (let asked = 0; asked < 3; asked += 1) {
      const shown = await callApi(server.baseUrl, {
        method: 'POST',
        path: '/wps/deposit/wallet-number',
        token: player,
        body: { methodCode: 'bkash_send', amount: '500' },
      });
      expect((shown.body.value as { number: string }).number).not.toBe(newNumber);
    }

    // 2. Another operator approves it from a desktop, light theme.
    const second = await numbersPage(checker, viewports.desktop, 'light');
    const approvable = rowOf(second.page);
    await approvable.getByRole('button', { name: 'Approve' }).click();
    await second.page
      .getByText(`${newNumber} is approved: members may be shown it.`)
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => approvable.innerText(), { timeout: 15_000 }).not.toContain('Awaiting');
    await expect.poll(() => approvable.innerText()).toContain('On');
    await screenshot(second.page, 'admin-receiving-number-approved-1280-light');
    expect(second.errors).toEqual([]);
    await second.context.close();

    // 3. A member asking for a bKash number in Bengali, at 360 px, is shown it (never shown before).
    const member = await memberPage(browser, player, { viewport: viewports.phone, language: 'BN' });
    await member.page.goto(`${server.baseUrl}/index?centre=depositv2`);
    const panel = member.page.locator('.centre__page[data-page="depositv2"]');
    await panel.waitFor({ timeout: 20_000 });
    await panel.getByRole('radio', { name: /বিকাশ সেন্ড মানি/ }).click();
    await panel.getByRole('textbox', { name: /^পরিমাণ/ }).fill('500');
    await panel.getByRole('button', { name: 'নম্বর দেখুন' }).click();
    await expect
      .poll(() => panel.getByTestId('receiving-number').innerText(), { timeout: 15_000 })
      .toBe(newNumber);
    await screenshot(member.page, 'wallet-approved-receiving-number-360-bn');
    expect(member.errors).toEqual([]);
    await member.context.close();
  }, 240_000);
});
