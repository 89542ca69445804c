import { beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { adminLogin, demoOwner } from '../support/admin.ts';
import { memberToken, sessionToken } from '../support/api.ts';
import { openPage, screenshot, viewports, type WatchedPage } from '../support/browser.ts';
import { header } from '../support/site.ts';
import { useSite } from '../support/suite.ts';
import { agentPages, memberPages } from '../support/centre-pages.ts';

/**
 * Issue 38, "Done when": axe-core (WCAG 2.2 A and AA rules) finds no violation on the guest pages,
 * every member centre and agent centre page and the back office's pages, in English and Bengali;
 * and every member centre and agent centre page at 360 px in Bengali shows one digit system (the
 * brand's: Latin by default, so no Bengali digit) and names at most one time zone. The centre pages
 * are checked by axe in English at desktop width and in Bengali at 360 px, in the same visit as the
 * digit and zone scan (one pass of page loads less; the phone layout gets axe too).
 */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const guestPaths = [
  '/index',
  '/bet-rank',
  '/deposit-rank',
  '/lottery',
  '/vnlottery',
  '/promotions',
  '/pointMall',
  '/help',
  '/noticePage',
  '/rng',
  '/login',
  '/register',
];

const backOfficePaths = [
  '/',
  '/players',
  '/money/withdrawals',
  '/money/deposits',
  '/money/adjustments',
  '/money/ledger',
  '/money/verifier',
  '/money/alerts',
  '/money/rebates',
  '/money/bonus-claims',
  '/money/bonus-applications',
  '/money/referral-rewards',
  '/site/banners',
  '/site/announcements',
  '/site/promotions',
  '/site/bonuses',
  '/site/raffles',
  '/site/loyalty',
  '/site/vip',
  '/site/games',
  '/site/maintenance',
  '/reports',
  '/lottery',
  '/agent-contracts',
  '/system',
];

const { server, browser } = useSite(
  {
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

let memberSession: string;
let agentSession: string;

beforeAll(async () => {
  memberSession = await memberToken(server.baseUrl);
  agentSession = await sessionToken(server.baseUrl, 'demoagent', 'Agent-demo-2026');
}, 600_000);

async function sitePage(
  language: 'EN' | 'BN',
  account: { username: string; token: string; isAgent: number } | null,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<WatchedPage> {
  const watched = await openPage(browser, { viewport });
  await watched.context.addInitScript(
    ({ account, language }) => {
      if (account) {
        sessionStorage.setItem('token', account.token);
        sessionStorage.setItem('isAgent', String(account.isAgent));
        sessionStorage.setItem('username', account.username);
        sessionStorage.setItem(`noticePopup${account.username}`, '1');
      }
      sessionStorage.setItem('noticePopupMember', '1');
      sessionStorage.setItem('noticePopupGuest', '1');
      localStorage.setItem('language', language);
    },
    { account, language },
  );
  return watched;
}

/** Until the page's loading placeholders are gone (what a person reads once things settle). */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await expect.poll(() => page.locator('.skeleton, [aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
  await page.waitForTimeout(300);
}

/** axe's WCAG 2.2 A/AA violations of what the page shows now, one readable line each. */
async function violations(page: Page): Promise<string[]> {
  // Only violations are read: axe keeps one node per passed or inapplicable rule, not every one.
  // `options` replaces AxeBuilder's options whole, so it comes before `withTags` (which adds the
  // WCAG tags to them); the other way round every rule runs, best practices included.
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(wcag)
    .analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

/** A finding, kept for the test's verdict and written at once (a long journey says what it found as it goes). */
function report(found: string[], line: string) {
  found.push(line);
  console.warn(`accessibility: ${line}`);
}

const centreSection = (page: Page, key: string) => page.locator(`section.centre__page[data-page="${key}"]`);

async function openCentre(page: Page, parameter: 'centre' | 'agentCentre', key: string) {
  await page.goto(`${server.baseUrl}/index?${parameter}=${key}`);
  await centreSection(page, key).getByRole('heading', { level: 2 }).waitFor({ timeout: 20_000 });
  await settled(page);
}

const bengaliDigit = /[\u09e6-\u09ef]/;
const zoneNames =
  /\b(?:UTC|GMT(?:\s?[+-]\d{1,2}(?::\d\d)?)?|(?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Z][A-Za-z_]+)/g;
/** The demo brand's zone, as pages name it ("Asia/Dhaka (GMT+6)"). */
const brandZone = new Set(['Asia/Dhaka', 'GMT+6']);

describe('accessibility (axe-core, WCAG 2.2 A/AA)', () => {
  it('finds nothing on the guest pages, in English and Bengali', async () => {
    const found: string[] = [];
    for (const language of ['EN', 'BN'] as const) {
      const { page, context } = await sitePage(language, null);
      for (const path of guestPaths) {
        await page.goto(`${server.baseUrl}${path}`);
        await header(page).waitFor();
        await settled(page);
        for (const line of await violations(page)) report(found, `${language} ${path}: ${line}`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 600_000);

  it('finds nothing on the member centre and agent centre pages (English, desktop; Bengali below)', async () => {
    const found: string[] = [];
    for (const [account, parameter, keys] of [
      [{ username: 'demoplayer', token: memberSession, isAgent: 0 }, 'centre', memberPages],
      [{ username: 'demoagent', token: agentSession, isAgent: 1 }, 'agentCentre', agentPages],
    ] as const) {
      const { page, context } = await sitePage('EN', account);
      for (const key of keys) {
        await openCentre(page, parameter, key);
        for (const line of await violations(page)) report(found, `EN ${parameter}=${key}: ${line}`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 900_000);

  it("finds nothing on the back office's pages", async () => {
    const { page, context } = await openPage(browser, { viewport: viewports.desktop });
    expect(await adminLogin(page, server.baseUrl, demoOwner)).toBe('signedIn');
    const found: string[] = [];
    for (const path of backOfficePaths) {
      await page.goto(`${server.baseUrl}/admin${path}`);
      await page.getByTestId('operator-badge').waitFor();
      await settled(page);
      for (const line of await violations(page)) report(found, `${path}: ${line}`);
    }
    await context.close();
    expect(found).toEqual([]);
  }, 600_000);
});

describe('one digit system and one time zone per page, and axe (360 px, Bengali)', () => {
  it('holds on every member centre and agent centre page', async () => {
    const found: string[] = [];
    for (const [account, parameter, keys] of [
      [{ username: 'demoplayer', token: memberSession, isAgent: 0 }, 'centre', memberPages],
      [{ username: 'demoagent', token: agentSession, isAgent: 1 }, 'agentCentre', agentPages],
    ] as const) {
      const { page, context } = await sitePage('BN', account, viewports.phone);
      for (const key of keys) {
        await openCentre(page, parameter, key);
        const text = await page.locator('body').innerText();
        // The brand's digits are Latin (the default): a Bengali digit anywhere is the other system.
        const bengali = text.split('\n').filter((line) => bengaliDigit.test(line));
        if (bengali.length > 0)
          report(found, `${parameter}=${key} Bengali digits: ${bengali.slice(0, 3).join(' ¦ ')}`);
        const zones = new Set([...text.matchAll(zoneNames)].map((match) => match[0].replace(/\s/g, '')));
        const others = [...zones].filter((zone) => !brandZone.has(zone));
        if (others.length > 0) report(found, `${parameter}=${key} other zones: ${others.join(', ')}`);
        if (bengali.length > 0 || others.length > 0) await screenshot(page, `digits-${parameter}-${key}`);
        for (const line of await violations(page)) report(found, `BN 360 px ${parameter}=${key}: ${line}`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 900_000);
});
