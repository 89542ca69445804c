import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { memberToken, sessionToken } from '../support/api.ts';
import { openPage, screenshot, viewports, type WatchedPage } from '../support/browser.ts';
import { useSite } from '../support/suite.ts';
import { header } from '../support/site.ts';
import { agentPages, memberPages } from '../support/centre-pages.ts';

/**
 * Centre pages have addresses (issue 11; apps/web/README.md, "Centre addresses"): every member
 * centre page and every agent centre page opens from its address on a fresh load, the page the
 * menu opens shows in the address and survives a reload, and Back closes the panel.
 */
let memberSession: string;
let agentSession: string;

/** Each journey loads every page of a centre twice (its address, then Back). */
const journeyTimeout = 240_000;

// The documented addresses (support/centre-pages.ts). The journeys also count the panel's menu, so
// a page added to a centre without an address test fails.

// Every conditional page on, so that each one has a menu entry to open.
const { server, browser } = useSite(
  {
    // About sixty full page loads from one address in two minutes, each with its scripts, styles,
    // fonts and calls: more than the per-address limits allow a person (600 a minute), on purpose.
    env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
    settings: {
      features: {
        referral: true,
        manualRebate: true,
        dividend: true,
        salary: true,
        hourSalary: true,
        realTimeSalary: true,
      },
    },
  },
  { timeout: 600_000 },
);

beforeAll(async () => {
  memberSession = await memberToken(server.baseUrl);
  agentSession = await sessionToken(server.baseUrl, 'demoagent', 'Agent-demo-2026');
}, 600_000);

/** A failed call shows up as a console error in Chromium (e.g. a page's call an agent may not make). */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

async function sessionPage(
  account: { username: string; token: string; isAgent: number },
  options: { viewport?: { width: number; height: number }; dark?: boolean } = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, {
    viewport: options.viewport ?? viewports.desktop,
    colorScheme: options.dark ? 'dark' : 'light',
  });
  await watched.context.addInitScript(
    ({ username, token, isAgent, dark }) => {
      sessionStorage.setItem('token', token);
      sessionStorage.setItem('isAgent', String(isAgent));
      sessionStorage.setItem('username', username);
      sessionStorage.setItem(`noticePopup${username}`, '1');
      sessionStorage.setItem('noticePopupMember', '1');
      localStorage.setItem('language', 'EN');
      localStorage.setItem('theme', dark ? 'dark' : 'light');
    },
    { ...account, dark: options.dark ?? false },
  );
  return watched;
}

const member = () => ({ username: 'demoplayer', token: memberSession, isAgent: 0 });
const agent = () => ({ username: 'demoagent', token: agentSession, isAgent: 1 });

const centreDialog = (page: Page, name: 'Member centre' | 'Agent centre') =>
  page.getByRole('dialog', { name, exact: true });

/** The panel shows `key`: its page section, and a visible heading named as the menu's current entry. */
async function expectCentrePage(page: Page, name: 'Member centre' | 'Agent centre', key: string) {
  const panel = centreDialog(page, name);
  const section = panel.locator(`section.centre__page[data-page="${key}"]`);
  await section.waitFor({ timeout: 20_000 });
  const heading = section.getByRole('heading', { level: 2 });
  await heading.waitFor();
  const title = (await heading.innerText()).trim();
  expect(title).not.toBe('');
  expect((await panel.locator('.centre__link[aria-current="page"]').innerText()).trim()).toBe(title);
  return panel;
}

async function expectEveryPageByAddress(
  page: Page,
  name: 'Member centre' | 'Agent centre',
  parameter: 'centre' | 'agentCentre',
  keys: string[],
) {
  await page.goto(`${server.baseUrl}/index`);
  await header(page).waitFor();
  for (const key of keys) {
    try {
      await page.goto(`${server.baseUrl}/index?${parameter}=${key}`);
      const panel = await expectCentrePage(page, name, key);
      // Every entry of the menu is one of the addresses checked here.
      expect(await panel.locator('.centre__link').count()).toBe(keys.length);
      await page.goBack();
      await page.waitForURL(`${server.baseUrl}/index`);
      await header(page).waitFor();
      await expect.poll(() => centreDialog(page, name).count(), { timeout: 10_000 }).toBe(0);
    } catch (error) {
      // Which page, and what the browser showed: a retried journey must say why.
      await screenshot(page, `centre-url-failed-${parameter}-${key}`);
      console.error(`centre address ${parameter}=${key} at ${page.url()}:`, error);
      throw error;
    }
  }
}

describe('centre addresses', () => {
  it(
    'opens every member centre page from its address, and Back closes it',
    async () => {
      const { page, errors, context } = await sessionPage(member());
      await expectEveryPageByAddress(page, 'Member centre', 'centre', memberPages);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    journeyTimeout,
  );

  it(
    'opens every agent centre page from its address, and Back closes it',
    async () => {
      const { page, context } = await sessionPage(agent());
      await expectEveryPageByAddress(page, 'Agent centre', 'agentCentre', agentPages);
      await context.close();
    },
    journeyTimeout,
  );

  it(
    'puts the page the menu opens in the address, restores it on reload, and closes it on Back',
    async () => {
      const { page, errors, context } = await sessionPage(member());
      await page.goto(`${server.baseUrl}/index`);
      // Marks this document: Back must close the panel in the page, not load another one.
      await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
      await header(page).getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await expectCentrePage(page, 'Member centre', 'withdraw');
      await page.waitForURL(`${server.baseUrl}/index?centre=withdraw`);

      // Another page of the open panel takes the place of the first in the address.
      await centreDialog(page, 'Member centre').locator('.centre__link').first().click();
      await page.waitForURL(`${server.baseUrl}/index?centre=securityCenter`);
      await page.reload();
      await expectCentrePage(page, 'Member centre', 'securityCenter');

      await page.goto(`${server.baseUrl}/index`);
      await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
      await header(page).getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('button', { name: 'Deposit', exact: true }).click();
      await expectCentrePage(page, 'Member centre', 'depositv2');
      await page.goBack();
      await page.waitForURL(`${server.baseUrl}/index`);
      await expect.poll(() => centreDialog(page, 'Member centre').count()).toBe(0);
      expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    journeyTimeout,
  );

  it(
    'shows a centre page opened by its address on a 360 px phone, light and dark',
    async () => {
      for (const dark of [false, true]) {
        const { page, context } = await sessionPage(member(), { viewport: viewports.phone, dark });
        await page.goto(`${server.baseUrl}/index?centre=withdraw`);
        await expectCentrePage(page, 'Member centre', 'withdraw');
        await page.waitForLoadState('networkidle');
        await screenshot(page, `centre-url-withdraw-360-${dark ? 'dark' : 'light'}`);
        await context.close();
      }
    },
    journeyTimeout,
  );
});
