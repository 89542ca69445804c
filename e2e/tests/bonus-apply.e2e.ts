import { beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { adminLogin, demoOwner } from '../support/admin.ts';
import { callApi, operatorToken, registerMember } from '../support/api.ts';
import { memberPage, openPage, screenshot, viewports } from '../support/browser.ts';
import { registerCaptchaOff, useSite } from '../support/suite.ts';

/**
 * A bonus obtained by application (issue 39, spec 4 and 5; docs/promotions.md "Applications with
 * review") in real Chromium against the real server: a new member on a 360 px phone in Bengali opens
 * the demo brand's "Share your big win" promotion, applies with one png (made here: a real 1×1 png),
 * a comment and the rules agreed, and sees the application being reviewed; another member sees the
 * form on a desktop, dark. The owner approves it in the back office's Money → Bonus applications
 * (৳50, under the four-eyes threshold: one approval credits it); the member's bonusDetails then
 * shows the ৳50 bonus being wagered. axe finds no WCAG 2.2 A/AA violation on the form (the back
 * office's page is in the accessibility journey's list); the ledger verifier is green at the end.
 */
const { server, browser } = useSite({ settings: { ...registerCaptchaOff } }, { timeout: 180_000 });

/** A real 1×1 png (signature, IHDR, IDAT, IEND). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let shareId = 0;

/** axe's WCAG 2.2 A/AA violations of what the page shows now (as the accessibility journey checks). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}

beforeAll(async () => {
  const list = await callApi(server.baseUrl, {
    method: 'GET',
    path: '/wps/promotion/list?type=event&language=EN',
  });
  const share = (list.body.value as { id: number; title: string }[]).find((promotion) =>
    promotion.title.startsWith('Share your big win'),
  );
  expect(share, JSON.stringify(list.body)).toBeTruthy();
  shareId = share!.id;
});

interface BonusesValue {
  bonusBalance: string;
  bonuses: { promotionId: number; state: string; amount: string; wageringRequired: string }[];
}

describe('a bonus obtained by application', () => {
  it('a member applies with a picture on a phone in Bengali, the owner approves, the bonus is credited', async () => {
    const player = await registerMember(server.baseUrl, 'apply');
    const phone = await memberPage(browser, player.token, {
      username: player.username,
      viewport: viewports.phone,
      language: 'BN',
    });
    const { page } = phone;
    await page.goto(`${server.baseUrl}/promoDetail?id=${shareId}`);
    const form = page.getByRole('form', { name: 'বোনাসের জন্য আবেদন' });
    await form.waitFor({ timeout: 20_000 });
    await form.locator('input[type="file"]').setInputFiles({
      name: 'win.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await form.getByRole('img', { name: 'win.png' }).waitFor();
    await form.getByLabel('মন্তব্য (ঐচ্ছিক)').fill('গোল্ডেন ফ্রুটসে বড় জয়');
    await form.getByRole('checkbox', { name: 'আমি এই প্রোমোশনের নিয়ম পড়েছি এবং তাতে সম্মত' }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await form.getByRole('button', { name: 'বোনাসের জন্য আবেদন করুন' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'bonus-apply-form-phone-bn');
    expect(await violations(page)).toEqual([]);
    await form.getByRole('button', { name: 'বোনাসের জন্য আবেদন করুন' }).click();
    const reviewed = page.getByText('আপনার আবেদন যাচাই করা হচ্ছে।');
    await reviewed.waitFor({ timeout: 20_000 });
    expect(await page.locator('.promo-state').innerText()).toBe('আবেদন চলছে');
    await reviewed.scrollIntoViewIfNeeded();
    await screenshot(page, 'bonus-apply-applying-phone-bn');
    expect(phone.errors).toEqual([]);

    // Another member sees the form on a desktop, in English, dark.
    const other = await registerMember(server.baseUrl, 'applyother');
    const desktop = await memberPage(browser, other.token, { username: other.username, dark: true });
    await desktop.page.goto(`${server.baseUrl}/promoDetail?id=${shareId}`);
    const desktopForm = desktop.page.getByRole('form', { name: 'Apply for the bonus' });
    await desktopForm.waitFor({ timeout: 20_000 });
    await desktopForm.scrollIntoViewIfNeeded();
    await screenshot(desktop.page, 'bonus-apply-form-desktop-dark');
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();

    // The owner approves it in Money → Bonus applications.
    const office = await openPage(browser, { viewport: viewports.desktop });
    expect(await adminLogin(office.page, server.baseUrl, demoOwner)).toBe('signedIn');
    await office.page.goto(`${server.baseUrl}/admin/money/bonus-applications`);
    const table = office.page.getByRole('table', { name: 'Bonus applications' });
    const row = table.getByRole('row').filter({ hasText: player.username });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('গোল্ডেন ফ্রুটসে বড় জয়');
    await row.getByRole('button', { name: 'Picture 1' }).locator('img').waitFor();
    await screenshot(office.page, 'bonus-apply-back-office');
    await row.getByRole('button', { name: 'Approve' }).click();
    await office.page
      .getByText(`Approved: 50.00 BDT credited to ${player.username}'s bonus wallet.`)
      .waitFor({ timeout: 20_000 });
    await office.context.close();

    // The bonus is credited: bonusDetails shows it being wagered (৳50, 60×: ৳3,000 counted).
    const bonuses = await callApi(server.baseUrl, {
      method: 'GET',
      path: '/wps/promotion/bonuses',
      token: player.token,
    });
    const value = bonuses.body.value as BonusesValue;
    expect(value.bonusBalance).toBe('50.00');
    expect(value.bonuses[0]).toMatchObject({
      promotionId: shareId,
      state: 'active',
      amount: '50.00',
      wageringRequired: '3000.00',
    });
    await page.goto(`${server.baseUrl}/index?centre=bonusDetails`);
    const details = page.locator('section.centre__page[data-page="bonusDetails"]');
    await details.locator('[data-testid="bonus-card"][data-state="active"]').waitFor({ timeout: 20_000 });
    expect(await details.getByTestId('bonus-balance').innerText()).toMatch(/৫০|50/);
    await screenshot(page, 'bonus-apply-details-phone-bn');
    await page.goto(`${server.baseUrl}/promoDetail?id=${shareId}`);
    await page.locator('.bonus-offer[data-state="issued"]').waitFor({ timeout: 20_000 });
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    const verified = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/ledger/verify',
      token: await operatorToken(server.baseUrl),
      body: {},
    });
    expect((verified.body.value as { ok: boolean }).ok, JSON.stringify(verified.body)).toBe(true);
  });
});
