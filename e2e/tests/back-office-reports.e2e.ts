import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminApiToken, adminLogin, demoOwner, freshTotpCode } from '../support/admin.ts';
import { callApi, memberToken, solveAltcha } from '../support/api.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { openSlotsGame, playRounds } from '../support/site.ts';
import { useSite } from '../support/suite.ts';

/**
 * Reports and Jobs & health (issue 15, items 6 and 7): a member plays a few real rounds; the owner
 * runs the reports job and creates a read-only operator through the API; that operator logs in to
 * /admin, opens the reports of the last 7 days (chart, GGR of those rounds), exports the CSV and
 * reads it back, then opens Jobs & health. Screenshots at 360 and 1280 px in both themes.
 */
const { server, browser } = useSite();

const reader = { account: `reader${Date.now().toString(36)}`, password: 'Reader-e2e-2026!', totpSecret: '' };

async function ok(answer: Promise<{ status: number; body: { success: boolean; value?: unknown } }>) {
  const { body } = await answer;
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value as Record<string, unknown>;
}

let readerMade = false;
/** A read-only operator, made by the owner, through its first login (new password, second step). */
async function createReader(owner: string) {
  if (readerMade) return; // a retry of the journey: made already
  const firstPassword = 'Reader-first-2026!';
  await ok(
    callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/operators/create',
      token: owner,
      sealed: true,
      body: { account: reader.account, nickname: 'Report reader', role: 'readonly', password: firstPassword },
    }),
  );
  readerMade = true;
  const login = await ok(
    callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/session/login',
      sealed: true,
      body: { username: reader.account, password: firstPassword, altcha: await solveAltcha(server.baseUrl) },
    }),
  );
  // The first password changed, then the second step enrolled (the back office's first login).
  const changed = await ok(
    callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/session/password',
      token: login.token as string,
      sealed: true,
      body: { oldPassword: firstPassword, newPassword: reader.password, confirmNewPassword: reader.password },
    }),
  );
  const setup = await ok(
    callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/2fa/setup',
      token: changed.token as string,
    }),
  );
  reader.totpSecret = setup.secret as string;
  await ok(
    callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/2fa/confirm',
      token: changed.token as string,
      body: { code: await freshTotpCode(server.baseUrl, reader.account, reader.totpSecret) },
    }),
  );
}

/** Three spins of a slot by the demo player, for real money in the embedded frame. */
async function playSomeRounds() {
  const token = await memberToken(server.baseUrl);
  const { page, context } = await openPage(browser, { viewport: viewports.desktop });
  await context.addInitScript((session) => {
    sessionStorage.setItem('token', session);
    sessionStorage.setItem('isAgent', '0');
    sessionStorage.setItem('username', 'demoplayer');
    localStorage.setItem('language', 'EN');
    sessionStorage.setItem('noticePopupGuest', '1');
    sessionStorage.setItem('noticePopupdemoplayer', '1');
  }, token);
  const frame = await openSlotsGame(page, server.baseUrl, /^Golden Fruits(?! ·)/);
  await playRounds(frame, 'Spin', 4);
  await context.close();
}

let owner: string;

beforeAll(async () => {
  owner = await adminApiToken(server.baseUrl);
  await ok(
    callApi(server.baseUrl, { method: 'POST', path: '/api/operator/games/sync', token: owner, body: {} }),
  );
  await ok(
    callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/wallet/adjust',
      token: owner,
      body: {
        username: 'demoplayer',
        amount: '500',
        reason: 'reports journey',
        idempotencyKey: 'reports-e2e',
      },
    }),
  );
});

/** A few real rounds, then the reports job run now by the owner (and waited for), and the reader. */
async function prepare() {
  await playSomeRounds();
  // The job now (it also runs at start and every 5 minutes), then wait for its run to finish.
  const before = Date.now();
  await ok(
    callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/jobs/run',
      token: owner,
      body: { name: 'reports-aggregate' },
    }),
  );
  await expect
    .poll(
      async () => {
        const jobs = await ok(
          callApi(server.baseUrl, { method: 'GET', path: '/api/operator/jobs?runs=3', token: owner }),
        );
        const job = (
          jobs.jobs as { name: string; runs: { state: string; finishedAt: number | null }[] }[]
        ).find((each) => each.name === 'reports-aggregate');
        return job?.runs.some((run) => run.state === 'completed' && (run.finishedAt ?? 0) >= before) ?? false;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  await createReader(owner);
}

/** Logs in at /admin in the browser (the shell's login page, with the second step). */
async function logIn(page: Page, who: { account: string; password: string; totpSecret: string }) {
  expect(await adminLogin(page, server.baseUrl, who)).toBe('signedIn');
}

const amount = (text: string) => Number(text.replace(/,/g, ''));

async function openReports(page: Page) {
  await page.goto(`${server.baseUrl}/admin/reports?tab=gaming&period=last7`);
  await page.getByRole('tab', { name: 'Gaming' }).waitFor();
  await page.locator('.reports-chart[data-chart-state="drawn"]').waitFor({ timeout: 20_000 });
}

describe('back office: reports and jobs & health', () => {
  it('lets a read-only operator read the reports of the last 7 days, export them and see the jobs', async () => {
    await prepare();
    const { page, context, errors } = await openPage(browser, { viewport: viewports.desktop });
    await logIn(page, reader);
    await openReports(page);
    const stake = amount(await page.locator('[data-figure="Stake"]').innerText());
    const payout = amount(await page.locator('[data-figure="Payout"]').innerText());
    const ggr = amount(await page.locator('[data-figure="GGR"]').innerText());
    expect(stake).toBeGreaterThan(0);
    expect(ggr).not.toBe(0);
    expect(ggr).toBeCloseTo(stake - payout, 2);
    expect(await page.locator('.reports-chart canvas').count()).toBeGreaterThan(0);

    // The CSV of the table: a header and a line per day, GGR per day summing to the total.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^gaming-by-day-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe('Day,Vendor,Category,Rounds,Stake,Payout,GGR,Bonuses,NGR,Players');
    expect(lines).toHaveLength(7);
    const csvGgr = lines.reduce((sum, line) => sum + Number(line.split(',')[6]), 0);
    expect(csvGgr).toBeCloseTo(ggr, 2);

    // The other tabs answer too.
    for (const tab of ['Money', 'Players', 'Agents']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    }

    // Jobs & health: the reports job among the jobs, the database ready, metrics; no "Run now" for read-only.
    await page.getByRole('link', { name: 'Jobs & health' }).click();
    await page.getByRole('heading', { name: 'Jobs & health', level: 1 }).waitFor();
    await page.getByText('reports-aggregate', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('readyz').innerText()).toContain('OK');
    await page.locator('.reports-metrics dt').first().waitFor();
    expect(await page.getByRole('button', { name: /^Run .* now$/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show here' }).click();
    await page.getByRole('cell', { name: '/api/operator/reports/gaming' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('looks right at 360 and 1280 px in both themes', async () => {
    // One login of the owner; every other context starts with its session in the tab's storage.
    const first = await openPage(browser, { viewport: viewports.desktop });
    await logIn(first.page, demoOwner);
    const token = await first.page.evaluate(() => sessionStorage.getItem('operatorToken'));
    expect(token).toBeTruthy();
    await first.context.close();
    for (const theme of ['light', 'dark'] as const) {
      for (const [name, viewport] of Object.entries(viewports)) {
        const { page, context, errors } = await openPage(browser, { viewport, colorScheme: theme });
        await context.addInitScript(
          ({ session, value }) => {
            sessionStorage.setItem('operatorToken', session);
            localStorage.setItem('adminTheme', value);
          },
          { session: token!, value: theme },
        );
        await openReports(page);
        await screenshot(page, `admin-reports-${name}-${theme}`);
        await page.goto(`${server.baseUrl}/admin/system`);
        await page.getByText('reports-aggregate', { exact: true }).waitFor();
        await page.locator('.reports-metrics dt').first().waitFor();
        await screenshot(page, `admin-system-${name}-${theme}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 180_000);
});
