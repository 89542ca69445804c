import { beforeAll, describe, expect, it } from 'vitest';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { callApi, operatorToken } from '../support/api.ts';
import { adminLogin } from '../support/admin.ts';
import { enrolledOperator } from '../support/back-office.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { useSite } from '../support/suite.ts';

/**
 * The back office's site journey (issue 15, item 5) in real Chromium against the real server: a
 * content operator (made by the owner through the API) logs in to /admin with the second step,
 * changes the first home banner (a new picture uploaded, a new title and link), and the member
 * site's home page then shows it; the audit trail (read by the owner) lists the change with its
 * before and after. Screens at 360 and 1280 px in both themes.
 */

const { server, browser } = useSite();
const content = { account: 'contentdesk', password: 'Content-desk-2026', totpSecret: '' };
const newTitle = 'Summer cup 2026';

/** A solid-colour PNG of width × height (a picture the upload accepts). */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let owner: string;

beforeAll(async () => {
  owner = await operatorToken(server.baseUrl);
  // The catalogue, as the games screen lists it (the demo start syncs it too, maybe not yet).
  const synced = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/api/operator/games/sync',
    token: owner,
    body: {},
  });
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  Object.assign(
    content,
    await enrolledOperator(server.baseUrl, owner, { account: content.account, role: 'content' }),
  );
});

/** The home carousel's picture texts (the banners' titles) on the member site, in English. */
async function homeBannerTitles(page: Page): Promise<string[]> {
  await page.goto(`${server.baseUrl}/index`);
  const carousel = page.getByRole('region', { name: 'Banners' });
  await carousel.locator('img').first().waitFor();
  return carousel
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
}

async function setAdminTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('adminTheme', value), theme);
  await page.reload();
  await page.locator('main').waitFor();
}

describe('the site in the back office', () => {
  it('a content operator changes a home banner and the member site shows it; the audit has before and after', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: viewports.desktop });
    expect(await adminLogin(page, server.baseUrl, content)).toBe('signedIn');

    await page.goto(`${server.baseUrl}/admin/site/banners`);
    const table = page.getByRole('table', { name: 'Banners' });
    await table.waitFor();
    // The first English banner of the home group (the member site below reads English).
    const englishRow = table
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'EN', exact: true }) })
      .first();
    const oldTitle = (await englishRow.locator('td').nth(2).innerText()).trim();
    expect(oldTitle.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Edit ${oldTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the banner' });
    await dialog.waitFor();

    // A new picture (uploaded), a new title and link.
    await dialog.getByLabel('Upload a picture: Picture', { exact: true }).setInputFiles({
      name: 'summer.png',
      mimeType: 'image/png',
      buffer: solidPng(800, 200, [215, 187, 73]),
    });
    const pictureField = dialog.getByRole('textbox', { name: 'Picture', exact: true });
    await expect.poll(() => pictureField.inputValue()).toMatch(/^\/uploads\/.+\.png$/);
    const uploaded = await pictureField.inputValue();
    await dialog.getByRole('textbox', { name: 'Picture on phones (optional)' }).fill('');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(newTitle);
    await dialog.getByRole('combobox', { name: 'A click opens' }).selectOption('route');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('/promotions');
    await dialog.getByLabel('Banner preview').locator('img').first().waitFor();
    await screenshot(page, 'back-office-site-banner-edit-desktop-light');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: newTitle, exact: true }).waitFor();
    expect(errors).toEqual([]);

    // Screens at both widths in both themes.
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      for (const theme of ['light', 'dark'] as const) {
        await setAdminTheme(page, theme);
        await page.getByRole('table', { name: 'Banners' }).waitFor();
        await screenshot(page, `back-office-site-banners-${name}-${theme}`);
        await page.goto(`${server.baseUrl}/admin/site/games`);
        await page.getByRole('table', { name: 'Games' }).waitFor();
        await screenshot(page, `back-office-site-games-${name}-${theme}`);
        await page.goto(`${server.baseUrl}/admin/site/settings`);
        await page.getByRole('textbox', { name: 'Settings (JSON)' }).waitFor();
        await screenshot(page, `back-office-site-settings-${name}-${theme}`);
        for (const [path, heading] of [
          ['announcements', 'Announcements & notice bar'],
          ['help', 'Help & footer pages'],
          ['promotions', 'Promotions'],
          ['maintenance', 'Maintenance & regions'],
        ] as const) {
          await page.goto(`${server.baseUrl}/admin/site/${path}`);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          await page.locator('.skeleton').first().waitFor({ state: 'detached' });
          await screenshot(page, `back-office-site-${path}-${name}-${theme}`);
        }
        await page.goto(`${server.baseUrl}/admin/site/banners`);
      }
    }
    expect(errors).toEqual([]);
    await context.close();

    // The member site's home page shows the new banner (its picture and title).
    const member = await openPage(browser, { viewport: viewports.desktop });
    await member.page.addInitScript(() => localStorage.setItem('language', 'EN'));
    await expect.poll(() => homeBannerTitles(member.page), { timeout: 15_000 }).toContain(newTitle);
    const image = member.page.getByRole('region', { name: 'Banners' }).getByRole('img', { name: newTitle });
    expect(await image.first().getAttribute('src')).toBe(uploaded);
    await screenshot(member.page, 'back-office-site-member-home-desktop');
    await member.context.close();

    // The owner reads the audit trail: the change with before and after, by the content operator.
    const audit = await callApi(server.baseUrl, {
      method: 'GET',
      path: '/api/operator/audit?q=banner.update&limit=20',
      token: owner,
    });
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    const entries = (
      audit.body.value as {
        entries: {
          action: string;
          operator: string;
          outcome: string;
          before: { title: string };
          after: { title: string; imageUrl: string };
        }[];
      }
    ).entries;
    const entry = entries.find((row) => row.action === 'banner.update' && row.operator === content.account);
    expect(entry).toBeDefined();
    expect(entry!.outcome).toBe('ok');
    expect(entry!.before.title).toBe(oldTitle);
    expect(entry!.after.title).toBe(newTitle);
    expect(entry!.after.imageUrl).toBe(uploaded);
  });
});
