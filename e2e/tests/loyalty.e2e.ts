import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { callApi, creditMember, operatorToken, registerMember, sessionToken } from '../support/api.ts';
import {
  launchBrowser,
  memberPage,
  openPage,
  screenshot,
  viewports,
  type WatchedPage,
} from '../support/browser.ts';
import { playHouseDice } from '../support/house.ts';
import { startServer, stopServers, verifyLedger, type RunningServer } from '../support/server.ts';
import { headerBalance } from '../support/site.ts';
import { registerCaptchaOff } from '../support/suite.ts';

/**
 * Loyalty (issue 40; docs/loyalty.md) in real Chromium against the real server, its clock moved a
 * day with libfaketime as the agents' journey does: a new member plays house dice (30 rounds of
 * ৳500); the points page shows no points yet (they are credited per finished brand day). The server
 * restarts a day later with the same database; the loyalty-points job (every minute) credits the
 * day: dice declares RTP 99 %, so ৳15,000 of stakes count ৳15,000 × 1 % ÷ the reference 5 % =
 * ৳3,000, and at the demo rate of 20 points per ৳100 that is 600 points. On a 360 px phone in Bengali, dark, the
 * member converts 500 of them with the payment password: ৳5.00 lands in the main wallet, the points
 * detail shows both lines. A guest on a desktop sees the rates and is asked to log in. Both ledgers'
 * verifiers are green at the end. The VIP rank (docs/vip.md): the header shows "Member" before the
 * play and "Bronze" right after it (the operator's table asks Bronze ৳5,000 of turnover and, here,
 * no deposits).
 */
let browser: Browser;
const servers: RunningServer[] = [];
let dataDir = '';
const contexts: BrowserContext[] = [];
const serverEnv = { RATE_LIMIT_PER_MINUTE: '100000', MONEY_RATE_LIMIT_PER_MINUTE: '100000' };
const dayMs = 24 * 60 * 60 * 1000;
let member: { username: string; token: string };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const catalogue = (language: 'bn' | 'en'): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, `apps/web/src/locales/${language}.json`), 'utf8')) as Record<
    string,
    string
  >;
const bn = catalogue('bn');
const en = catalogue('en');

beforeAll(async () => {
  const [first, launched] = await Promise.all([
    startServer({ env: serverEnv, settings: { ...registerCaptchaOff } }),
    launchBrowser(),
  ]);
  servers.push(first);
  browser = launched;
  dataDir = first.dataDir;
  // The journeys' servers sync the game catalogue when a journey asks (the house games here).
  const synced = await callApi(first.baseUrl, {
    method: 'POST',
    path: '/api/operator/games/sync',
    token: await operatorToken(first.baseUrl),
    body: {},
  });
  expect(synced.body.success, JSON.stringify(synced.body)).toBe(true);
  member = await registerMember(first.baseUrl, 'loyal');
  // ৳15,000, the most one member may be credited by operators in a day (insiderControls), in two
  // credits below the size that waits for a second operator (ADJUST_APPROVAL_THRESHOLD).
  await creditMember(first.baseUrl, member.username, 'loyalty', '9000');
  await creditMember(first.baseUrl, member.username, 'loyalty-more', '6000');
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stopServers(servers, dataDir);
});

async function page(
  server: RunningServer,
  options: { phone?: boolean; dark?: boolean; language?: 'EN' | 'BN'; dayLater?: boolean; guest?: boolean },
): Promise<WatchedPage> {
  const viewport = options.phone ? viewports.phone : viewports.desktop;
  const watched = options.guest
    ? await openPage(browser, { viewport, colorScheme: options.dark ? 'dark' : 'light' })
    : await memberPage(browser, member.token, {
        username: member.username,
        viewport,
        dark: options.dark ?? false,
        language: options.language ?? 'EN',
      });
  contexts.push(watched.context);
  if (options.guest) {
    await watched.context.addInitScript(
      ({ language, dark }) => {
        localStorage.setItem('language', language);
        localStorage.setItem('theme', dark ? 'dark' : 'light');
        sessionStorage.setItem('noticePopupGuest', '1');
      },
      { language: options.language ?? 'EN', dark: options.dark ?? false },
    );
  }
  // The browser's clock moved as the server's is (a person visiting the next day).
  if (options.dayLater) await watched.context.clock.install({ time: Date.now() + dayMs });
  await watched.page.goto(`${server.baseUrl}/pointMall`);
  return watched;
}

async function pointBalance(server: RunningServer): Promise<string> {
  const answer = await callApi(server.baseUrl, {
    method: 'GET',
    path: '/wps/relay/MCS2_getPointBalance',
    token: member.token,
  });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return (answer.body.value as { balance: string }).balance;
}

interface VipTable {
  periodDays: number;
  levels: {
    level: number;
    name: string;
    turnover: string;
    deposits: string;
    reward: string;
    wageringMultiple: number;
    dailyWithdrawalLimit: string | null;
  }[];
}

describe('loyalty points and the VIP rank', () => {
  it(
    'a member plays: the header rank rises at once; the points page waits for the brand day to end',
    { timeout: 300_000 },
    async () => {
      const server = servers[0]!;
      // The operator lets Bronze (৳5,000 of turnover) ask no deposits: this member's money came from
      // operator credits, which are not deposits (docs/vip.md "Qualifying").
      const operator = await operatorToken(server.baseUrl);
      const table = await callApi(server.baseUrl, {
        method: 'GET',
        path: '/api/operator/vip/levels',
        token: operator,
      });
      const { periodDays, levels } = table.body.value as VipTable;
      expect(levels[1]).toMatchObject({ name: 'Bronze', turnover: '5000.00' });
      const saved = await callApi(server.baseUrl, {
        method: 'POST',
        path: '/api/operator/vip/levels',
        token: operator,
        body: {
          periodDays,
          levels: levels.map(
            ({ level, name, turnover, deposits, reward, wageringMultiple, dailyWithdrawalLimit }) => ({
              level,
              name,
              turnover,
              deposits: level === 1 ? '0' : deposits,
              reward,
              wageringMultiple,
              dailyWithdrawalLimit,
            }),
          ),
        },
      });
      expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);

      const { page: site, errors } = await page(server, {});
      await site.getByTestId('points-balance').waitFor({ timeout: 20_000 });
      const rank = site.getByTestId('rank-badge');
      await expect.poll(() => rank.innerText(), { timeout: 20_000 }).toBe('Member');
      // 30 rounds of ৳500 (a refused round throws with the house's answer).
      await playHouseDice(site, server.baseUrl, member.token, 30, 50_000);
      // ৳15,000 of turnover: Bronze at once (Silver asks ৳25,000). The header follows the balance's
      // pushes; a reload reads it at once.
      await site.reload();
      await expect.poll(() => rank.innerText(), { timeout: 30_000 }).toBe('Bronze');
      await screenshot(site, 'vip-rank-header-desktop-en');
      // Nothing yet: the day the rounds settled in has not ended.
      expect(await site.getByTestId('points-balance').innerText()).toBe('0');
      await site.getByText(en.pt_detail_empty_title!).waitFor();
      expect(await pointBalance(server)).toBe('0');
      expect(errors).toEqual([]);
    },
  );

  it(
    'a day later the day is credited; on a phone in Bengali, dark, the member converts points to cash',
    { timeout: 420_000 },
    async () => {
      await servers[0]!.stop({ keepData: true });
      const later = await startServer({ env: serverEnv, dataDir, clockOffset: '+1d' });
      servers.push(later);
      // A day on, yesterday's session has expired: the member logs in again.
      member = { ...member, token: await sessionToken(later.baseUrl, member.username, 'Sunny-river-42') };
      // The job runs every minute (no operator here: the server's clock is a day ahead of the
      // authenticator's).
      await expect.poll(() => pointBalance(later), { timeout: 180_000, interval: 3_000 }).toBe('600');

      const { page: phone, errors } = await page(later, {
        phone: true,
        dark: true,
        language: 'BN',
        dayLater: true,
      });
      const balance = phone.getByTestId('points-balance');
      await expect.poll(() => balance.innerText(), { timeout: 20_000 }).toBe('600');
      const before = await headerBalance(phone);
      await phone.getByLabel(bn.pt_label_points!, { exact: true }).fill('500');
      await expect.poll(() => phone.getByTestId('points-cash').innerText()).toContain('5.00');
      await phone.getByLabel(bn.label_payment_password!, { exact: true }).fill('135790');
      await phone.getByRole('button', { name: bn.pt_action_convert! }).click();
      await expect.poll(() => balance.innerText(), { timeout: 20_000 }).toBe('100');
      await expect.poll(() => headerBalance(phone), { timeout: 20_000 }).not.toBe(before);
      expect(Number((await headerBalance(phone)).replace(/[^\d.]/g, ''))).toBeCloseTo(
        Number(before.replace(/[^\d.]/g, '')) + 5,
        2,
      );
      // The detail: the day's credit and the conversion, each with its reference number.
      const lines = phone.getByTestId('points-line');
      await expect.poll(() => lines.count(), { timeout: 20_000 }).toBe(2);
      const texts = await lines.allInnerTexts();
      expect(texts, JSON.stringify(texts)).toEqual([
        expect.stringMatching(/-500[\s\S]*৳5\.00[\s\S]*PT\d{10}$/),
        expect.stringMatching(/\+600[\s\S]*PT\d{10}$/),
      ]);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(phone, 'points-mall-phone-bn-dark');
      expect(errors).toEqual([]);

      // A guest on a desktop: the rates, and a login button instead of a balance.
      const { page: guest, errors: guestErrors } = await page(later, { guest: true, dayLater: true });
      await guest.getByText(en.pt_guest_text!).waitFor({ timeout: 20_000 });
      await guest.getByText(en.pt_rates_title!).waitFor();
      await screenshot(guest, 'points-mall-desktop-en-guest');
      expect(guestErrors).toEqual([]);

      await later.stop({ keepData: true });
      const verified = verifyLedger(dataDir);
      expect(verified.status, verified.output).toBe(0);
      expect(verified.output).toMatch(/points/i);
    },
  );
});
