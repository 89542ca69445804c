import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { memberToken } from '../support/api.ts';
import { memberPage, screenshot, viewports } from '../support/browser.ts';
import { amountOf, headerBalance } from '../support/site.ts';
import { useSite } from '../support/suite.ts';

/**
 * Issue 37: a member deposits the way Bangladesh pays, in real Chromium against the real server in
 * demo mode, on a 360 px phone in Bengali: bKash (demo) and Nagad (demo) are the real adapters
 * against the provider simulators mounted in the site. The member is sent to the provider's page,
 * pays there, comes back, and the balance goes up once.
 */
const { server, browser } = useSite();
let token: string;

beforeAll(async () => {
  token = await memberToken(server.baseUrl);
});

const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

/** The deposit page of the member centre: from the bottom bar, or already open (back from a provider). */
async function openDeposit(page: Page) {
  const panel = page.getByRole('dialog');
  const depositPage = panel.locator('.centre__page[data-page="depositv2"]');
  if (!(await depositPage.isVisible())) {
    await page.locator('.bottom-bar').getByRole('button', { name: 'জমা' }).click();
  }
  await depositPage.waitFor({ timeout: 15_000 });
  return panel;
}

describe('deposits with bKash and Nagad', () => {
  it('pays with bKash and with Nagad on their pages, on a phone in Bengali, each credited once', async () => {
    const { page, context, errors } = await memberPage(browser, token, {
      viewport: viewports.phone,
      language: 'BN',
    });
    await page.goto(`${server.baseUrl}/index`);
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toMatch(/[\d০-৯][.,][\d০-৯]/);
    const start = amountOf(await headerBalance(page));
    const shown = async () => amountOf(await headerBalance(page));

    // bKash: the method, the amount, Pay now; bKash's page; Confirm; back on the site.
    let panel = await openDeposit(page);
    await panel.getByRole('radio', { name: /বিকাশ \(ডেমো\)/ }).click();
    await panel.getByRole('textbox', { name: /^পরিমাণ/ }).fill('500');
    await screenshot(page, 'deposit-bkash-phone-bn');
    await panel.getByRole('button', { name: 'এখন পেমেন্ট করুন' }).click();
    await page.waitForURL(/\/sim\/bkash\/redirect\/tokenized\/\?paymentID=/, { timeout: 20_000 });
    await screenshot(page, 'deposit-bkash-simulator-page-phone');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/index\?depositOrder=\d+/, { timeout: 20_000 });
    const bkashOrder = new URL(page.url()).searchParams.get('depositOrder');
    await expect.poll(shown, { timeout: 20_000 }).toBe(start + 500);
    panel = page.getByRole('dialog');
    await panel.locator(`[data-order="${bkashOrder}"]`).waitFor({ timeout: 15_000 });
    await screenshot(page, 'deposit-bkash-returned-phone-bn');
    // A reload of the return (the member's back button) credits nothing more.
    await page.goto(`${server.baseUrl}/index?depositOrder=${bkashOrder}`);
    await page
      .getByRole('dialog')
      .locator('.centre__page[data-page="depositv2"]')
      .waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    expect(await shown()).toBe(start + 500);

    // Nagad, the same way.
    panel = await openDeposit(page);
    await panel.getByRole('radio', { name: /নগদ \(ডেমো\)/ }).click();
    await panel.getByRole('textbox', { name: /^পরিমাণ/ }).fill('300');
    await panel.getByRole('button', { name: 'এখন পেমেন্ট করুন' }).click();
    await page.waitForURL(/\/sim\/nagad\/check-out\/pay\?ref=/, { timeout: 20_000 });
    await screenshot(page, 'deposit-nagad-simulator-page-phone');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL(/\/index\?depositOrder=\d+/, { timeout: 20_000 });
    await expect.poll(shown, { timeout: 20_000 }).toBe(start + 800);
    await screenshot(page, 'deposit-nagad-returned-phone-bn');

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
