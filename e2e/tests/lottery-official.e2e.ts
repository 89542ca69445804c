import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminLogin, demoOwner, setServerClockOffset, type OperatorCredentials } from '../support/admin.ts';
import { callApi, memberToken, operatorToken } from '../support/api.ts';
import { enrolledOperator } from '../support/back-office.ts';
import { memberPage, openPage, screenshot, viewports } from '../support/browser.ts';
import { startServer, stopServers, verifyLedger, type RunningServer } from '../support/server.ts';
import { useBrowser } from '../support/suite.ts';

/**
 * Issue 36 item 5, "done when": a member bets on an official-result game, two operators type its
 * sheet (one digit mismatched: blocked with the place shown, then corrected), the bet settles and
 * the member sees the result with its source, at 360 px in Vietnamese and Bengali.
 *
 * The owner switches Miền Bắc (MB, a daily 18:15 draw) to official results in the back office; the
 * member bets đề 27 on its open draw in the browser. The server is then stopped and started again
 * just after that draw's time (its clock moved with libfaketime, the database kept), where the
 * draw waits for its sheet; the owner and a risk operator type it in the back office. No feed runs
 * (settings lotteryResults.feed kind none), so only the typed copies can settle it.
 */
const browser: Browser = useBrowser();
const servers: RunningServer[] = [];
let dataDir = '';
const env = { NODE_ENV: 'production' };
const settings = { lotteryResults: { feed: { kind: 'none' } } };
const riskAccount = 'riskdesk';
let risk: Required<OperatorCredentials>;

/** The official sheet the operators type (north layout, 27 numbers): its special ends in 27. */
const sheet: Record<string, string[]> = {
  special: ['12327'],
  first: ['45678'],
  second: ['11111', '22222'],
  third: ['30001', '30002', '30003', '30004', '30005', '30006'],
  fourth: ['4001', '4002', '4003', '4004'],
  fifth: ['5001', '5002', '5003', '5004', '5005', '5006'],
  sixth: ['601', '602', '603'],
  seventh: ['71', '72', '73', '74'],
};
const tierNames: Record<string, string> = {
  special: 'Special prize',
  first: 'First prize',
  second: 'Second prize',
  third: 'Third prize',
  fourth: 'Fourth prize',
  fifth: 'Fifth prize',
  sixth: 'Sixth prize',
  seventh: 'Seventh prize',
};

let numero = '';
let winningTime = 0;

beforeAll(async () => {
  const first = await startServer({ env, settings });
  servers.push(first);
  dataDir = first.dataDir;
  const owner = await operatorToken(first.baseUrl);
  const funded = await callApi(first.baseUrl, {
    method: 'POST',
    path: '/api/operator/wallet/adjust',
    token: owner,
    body: {
      username: 'demoplayer',
      amount: '500',
      reason: 'official journey',
      idempotencyKey: 'official-e2e',
    },
  });
  expect(funded.body.success, JSON.stringify(funded.body)).toBe(true);
  // The second operator (role risk: lottery.manage), enrolled on the server's real clock.
  risk = await enrolledOperator(first.baseUrl, owner, { account: riskAccount, role: 'risk' });
}, 240_000);

afterAll(async () => {
  await stopServers(servers, dataDir);
});

/** A failed call shows up as a console error in Chromium; a 4xx (e.g. no open draw) may happen. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

const phoneOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A member page at 360 px in `language` (VI or BN), light or dark. */
async function phonePage(token: string, language: 'VI' | 'BN', dark = false) {
  const watched = await memberPage(browser, token, { viewport: viewports.phone, dark });
  await watched.context.addInitScript((code) => localStorage.setItem('language', code), language);
  return watched;
}

/** The back office's lottery page of `server`, signed in as `operator` (desktop, or a 360 px phone; light or dark). */
async function lotteryDesk(
  server: RunningServer,
  operator: OperatorCredentials,
  options: { phone?: boolean; dark?: boolean } = {},
) {
  const watched = await openPage(browser, {
    viewport: options.phone ? viewports.phone : viewports.desktop,
    colorScheme: options.dark ? 'dark' : 'light',
  });
  if (options.dark) await watched.context.addInitScript(() => localStorage.setItem('adminTheme', 'dark'));
  expect(await adminLogin(watched.page, server.baseUrl, operator)).toBe('signedIn');
  await watched.page.goto(`${server.baseUrl}/admin/lottery`);
  return watched;
}

const section = (page: Page, title: string): Locator =>
  page.locator('section.section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Types the sheet into the open form, tier by tier (changes: place → number typed instead). */
async function typeSheet(form: Locator, changes: Record<string, string> = {}) {
  for (const [tier, numbers] of Object.entries(sheet)) {
    for (const [index, number] of numbers.entries()) {
      const label = `${tierNames[tier]}, number ${index + 1}`;
      await form.getByLabel(label, { exact: true }).fill(changes[label] ?? number);
    }
  }
  await form.getByRole('button', { name: 'Save my copy', exact: true }).click();
}

describe('an official-result game', () => {
  it('the owner runs MB on official results; a member bets on it at 360 px in Vietnamese', async () => {
    const server = servers[0]!;
    const desk = await lotteryDesk(server, demoOwner);
    const sources = section(desk.page, 'Result sources');
    await sources.getByLabel('Game', { exact: true }).selectOption('MB');
    await sources.getByLabel('Result source', { exact: true }).selectOption('official');
    await sources.getByLabel(/^Reason/).fill('MB settles on the XSMB sheet');
    await sources.getByRole('button', { name: 'Set the source', exact: true }).click();
    await sources.getByText(/now settles on: Official result/).waitFor({ timeout: 20_000 });
    await screenshot(desk.page, 'lottery-official-source-desktop-en');
    // The odds name each play type as the member site does (English, Vietnamese, Bengali), not by
    // its code: the south's lô is bao lô, its đầu the 8th prize.
    const odds = section(desk.page, 'Odds and stake limits');
    await odds.locator('.market-name', { hasText: 'Bao lô 2 số' }).first().waitFor({ timeout: 20_000 });
    await odds.getByText('Đầu (8th prize)').first().waitFor();
    await odds.getByText('দাউ (অষ্টম পুরস্কার)').first().waitFor();
    expect(await odds.locator('td', { hasText: /^dau_g8$/ }).count()).toBe(0);
    await odds.locator('.market-name', { hasText: 'Đầu (8th prize)' }).first().scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'lottery-odds-names-desktop-en');
    expect(unexpected(desk.errors)).toEqual([]);
    await desk.context.close();
    // The same page on a 360 px phone in the dark theme.
    const phoneDesk = await lotteryDesk(server, demoOwner, { phone: true, dark: true });
    const phoneOdds = section(phoneDesk.page, 'Odds and stake limits');
    await phoneOdds.locator('.market-name', { hasText: 'Bao lô 2 số' }).first().waitFor({ timeout: 20_000 });
    await phoneOdds.locator('.market-name').first().scrollIntoViewIfNeeded();
    await screenshot(phoneDesk.page, 'lottery-odds-names-phone-en-dark');
    expect(await phoneOverflow(phoneDesk.page)).toBeLessThanOrEqual(360);
    expect(unexpected(phoneDesk.errors)).toEqual([]);
    await phoneDesk.context.close();

    const open = await callApi(server.baseUrl, {
      method: 'GET',
      path: '/lgw/vn/numeros/opened/game?gameCode=MB',
    });
    const value = open.body.value as { numero: string; winningTime: number; resultSource: string };
    expect(value.resultSource).toBe('official');
    numero = value.numero;
    winningTime = value.winningTime;

    const token = await memberToken(server.baseUrl);
    const { page, context, errors } = await phonePage(token, 'VI');
    await page.goto(`${server.baseUrl}/lottery?gameCode=MB&playType=de`);
    await page.locator('.lottery-picker').waitFor({ timeout: 20_000 });
    // The game says it settles on the official result (no "house draw" wording).
    await page.getByText('Trả thưởng theo kết quả chính thức của xổ số kiến thiết').first().waitFor();
    expect(await page.getByText('Xổ số của nhà cái', { exact: false }).count()).toBe(0);
    await page.locator('.lottery-picker').getByRole('button', { name: '27', exact: true }).click();
    await page.getByLabel(/Tiền mỗi cược/).fill('10');
    await page.getByRole('button', { name: 'Đặt cược', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận', exact: true }).click();
    await page.getByText('Đã đặt cược').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'lottery-official-bet-phone-vi');
    expect(await phoneOverflow(page)).toBeLessThanOrEqual(360);
    expect(unexpected(errors)).toEqual([]);
    await context.close();

    // In the lobby MB says it settles on the official result; the south's stations are house draws.
    const lobby = await phonePage(token, 'VI');
    await lobby.page.goto(`${server.baseUrl}/vnlottery`);
    await lobby.page
      .locator('.lottery-card')
      .getByText('Trả thưởng theo kết quả chính thức của xổ số kiến thiết')
      .first()
      .waitFor({ timeout: 20_000 });
    await screenshot(lobby.page, 'lottery-official-lobby-north-phone-vi');
    await lobby.page.getByRole('tab', { name: 'Miền Nam' }).click();
    await lobby.page.getByText('Xổ số của nhà cái, không phải kết quả chính thức').first().waitFor();
    await screenshot(lobby.page, 'lottery-official-lobby-south-phone-vi');
    expect(await phoneOverflow(lobby.page)).toBeLessThanOrEqual(360);
    await lobby.context.close();

    // The back office's live exposure of MB's draw (a 360 px phone): the bet's play type by its
    // market name, its worst case (đề hits once: 10.00 × 95).
    const exposureDesk = await lotteryDesk(server, demoOwner, { phone: true });
    const exposure = section(exposureDesk.page, 'Live exposure per number');
    await exposure.getByLabel(/^Game/).selectOption('MB');
    const deLine = exposure.locator('tr', { hasText: '950.00' });
    await deLine.locator('.market-name', { hasText: 'Đề' }).waitFor({ timeout: 20_000 });
    expect(await deLine.locator('td', { hasText: /^27$/ }).count()).toBe(1);
    await exposure.scrollIntoViewIfNeeded();
    await screenshot(exposureDesk.page, 'lottery-exposure-phone-en');
    expect(await phoneOverflow(exposureDesk.page)).toBeLessThanOrEqual(360);
    expect(unexpected(exposureDesk.errors)).toEqual([]);
    await exposureDesk.context.close();
  }, 240_000);

  it('after the draw two operators type the sheet: a mismatch blocks and names the place, the corrected copy settles the bet', async () => {
    await servers[0]!.stop({ keepData: true });
    // Started again 45 s after the draw time of the numero bet on.
    const offsetSeconds = Math.ceil((winningTime + 45_000 - Date.now()) / 1000);
    const later = await startServer({ env, dataDir, clockOffset: `+${offsetSeconds}` });
    servers.push(later);
    setServerClockOffset(later.baseUrl, offsetSeconds * 1000);

    // The draw waits for its sheet (locked, no result).
    const proof = async () =>
      (
        await callApi(later.baseUrl, {
          method: 'GET',
          path: `/lgw/vn/numeros/proof?gameCode=MB&numero=${numero}`,
        })
      ).body.value as { status: string; resultSource: string; resultOrigin: string | null };
    await expect
      .poll(async () => (await proof()).status, { timeout: 60_000, interval: 1_000 })
      .toBe('locked');

    // A void asked after the lock waits for a second operator (issue 36): the owner asks, sees it
    // listed as their own (no confirmation offered); the risk operator, on a 360 px phone in the
    // dark theme, sees it and rejects it with a reason; the draw goes on waiting for its sheet.
    const ownerDesk = await lotteryDesk(later, demoOwner);
    const voiding = section(ownerDesk.page, 'Void a draw');
    await voiding.getByLabel(/^Game/).selectOption('MB');
    await voiding.getByLabel(/^Numero/).fill(numero);
    await voiding.getByLabel(/^Reason/).fill('The station reported a jammed draw machine');
    await voiding.getByRole('button', { name: 'Void this numero', exact: true }).click();
    await voiding.getByText(`Void numero ${numero} of MB?`, { exact: false }).waitFor();
    await voiding.getByRole('button', { name: 'Void this numero', exact: true }).click();
    await voiding
      .getByText(`Void of numero ${numero} requested`, { exact: false })
      .waitFor({ timeout: 20_000 });
    const ownRequests = section(ownerDesk.page, 'Voids waiting for a second operator');
    const ownRow = ownRequests.locator('tr', { hasText: numero });
    await ownRow.getByText('Your request: another operator confirms it.').waitFor({ timeout: 20_000 });
    expect(await ownRow.getByText('The station reported a jammed draw machine').count()).toBe(1);
    expect(await ownRow.getByRole('button', { name: 'Confirm void' }).count()).toBe(0);
    await ownRequests.scrollIntoViewIfNeeded();
    await screenshot(ownerDesk.page, 'lottery-void-requested-desktop-en');

    const riskPhone = await lotteryDesk(later, risk, { phone: true, dark: true });
    const riskRequests = section(riskPhone.page, 'Voids waiting for a second operator');
    const riskRow = riskRequests.locator('tr', { hasText: numero });
    await riskRow.locator('.void-request__by', { hasText: demoOwner.account }).waitFor({ timeout: 20_000 });
    await riskRow.getByRole('button', { name: 'Confirm void' }).waitFor();
    await riskRequests.scrollIntoViewIfNeeded();
    await screenshot(riskPhone.page, 'lottery-void-pending-phone-en-dark');
    expect(await phoneOverflow(riskPhone.page)).toBeLessThanOrEqual(360);
    await riskRow.getByRole('button', { name: 'Reject' }).click();
    const rejecting = riskPhone.page.getByRole('dialog', { name: /Reject the void of numero/ });
    // Too short a reason for the server: refused with the reason, nothing changes.
    await rejecting.getByLabel(/Reason/).fill('no');
    await rejecting.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect
      .poll(() => rejecting.getByLabel(/Reason/).getAttribute('aria-invalid'), { timeout: 20_000 })
      .toBe('true');
    await rejecting.getByLabel(/Reason/).fill('The station confirmed the machine is fine');
    await screenshot(riskPhone.page, 'lottery-void-reject-dialog-phone-en-dark');
    await rejecting.getByRole('button', { name: 'Reject', exact: true }).click();
    await riskRequests
      .getByText(`The void of numero ${numero} is rejected: the draw goes on.`)
      .waitFor({ timeout: 20_000 });
    await riskRequests.getByText('No void is waiting for a second operator.').waitFor({ timeout: 20_000 });
    await screenshot(riskPhone.page, 'lottery-void-rejected-phone-en-dark');
    expect(unexpected(riskPhone.errors)).toEqual([]);
    await riskPhone.context.close();
    expect((await proof()).status).toBe('locked');

    // The owner types the first copy (the same desk, the rejected request gone from its list).
    await ownerDesk.page.reload();
    await section(ownerDesk.page, 'Voids waiting for a second operator')
      .getByText('No void is waiting for a second operator.')
      .waitFor({ timeout: 20_000 });
    const waiting = section(ownerDesk.page, 'Official results waiting for their sheet');
    await waiting.getByRole('button', { name: `Type the sheet of ${numero}`, exact: true }).click();
    const ownerForm = ownerDesk.page.getByRole('form', { name: /Official sheet of/ });
    await typeSheet(ownerForm);
    await ownerForm.getByText(`Your copy of ${numero} is saved`).waitFor({ timeout: 20_000 });
    await screenshot(ownerDesk.page, 'lottery-official-first-copy-desktop-en');
    expect(unexpected(ownerDesk.errors)).toEqual([]);
    await ownerDesk.context.close();

    // The risk operator mistypes one digit of the third prize's second number.
    const riskDesk = await lotteryDesk(later, risk);
    const riskWaiting = section(riskDesk.page, 'Official results waiting for their sheet');
    await riskWaiting.getByRole('button', { name: `Type the sheet of ${numero}`, exact: true }).click();
    const riskForm = riskDesk.page.getByRole('form', { name: /Official sheet of/ });
    await typeSheet(riskForm, { 'Third prize, number 2': '30092' });
    await riskForm
      .getByText('The copies differ at: Third prize, number 2. Settlement is blocked until two copies match.')
      .waitFor({ timeout: 20_000 });
    // The field that differs is marked too.
    await expect
      .poll(() => riskForm.getByLabel('Third prize, number 2', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    await riskForm.getByLabel('Third prize, number 2', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(riskDesk.page, 'lottery-official-mismatch-desktop-en');
    expect((await proof()).status).toBe('locked');
    // The waiting list shows the place too.
    await riskWaiting
      .getByText(/The copies differ at: Third prize, number 2/)
      .first()
      .waitFor();

    // Corrected: the copies match, the draw has its result.
    await riskForm.getByLabel('Third prize, number 2', { exact: true }).fill('30002');
    await riskForm.getByRole('button', { name: 'Save my copy', exact: true }).click();
    await riskWaiting.getByText(`The two copies of ${numero} match`).waitFor({ timeout: 20_000 });
    await riskWaiting.getByText(`The two copies of ${numero} match`).scrollIntoViewIfNeeded();
    await screenshot(riskDesk.page, 'lottery-official-accepted-desktop-en');
    expect(unexpected(riskDesk.errors)).toEqual([]);
    await riskDesk.context.close();

    const token = await memberToken(later.baseUrl);
    await expect
      .poll(
        async () => {
          const mine = await callApi(later.baseUrl, {
            method: 'GET',
            path: `/lgw/vn/bets?gameCode=MB&numero=${numero}&pageSize=10`,
            token,
          });
          return (mine.body.value as { list: { status: string; payout: string }[] }).list;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual([expect.objectContaining({ status: 'won', payout: '950.00' })]);
    expect(await proof()).toMatchObject({
      status: 'settled',
      resultSource: 'official',
      resultOrigin: 'entry',
    });

    // The member sees the result and its source, in Vietnamese and in Bengali at 360 px.
    for (const [language, source, won] of [
      [
        'VI',
        'Kết quả chính thức · nguồn: bảng kết quả xổ số kiến thiết, do hai nhân viên nhập độc lập',
        'Thắng',
      ],
      ['BN', 'অফিসিয়াল ফলাফল · উৎস: রাষ্ট্রীয় লটারির ফলাফলপত্র, দুজন অপারেটর আলাদাভাবে লিখেছেন', 'জিতেছে'],
    ] as const) {
      // Bengali in the dark theme, Vietnamese in the light one.
      const { page, context, errors } = await phonePage(token, language, language === 'BN');
      await page.goto(`${later.baseUrl}/lottery?gameCode=MB&view=history`);
      const row = page.locator('.lottery-history__row', { hasText: numero });
      await row.getByText(source).waitFor({ timeout: 20_000 });
      await row.locator('.lottery-ball--special', { hasText: '12327' }).waitFor();
      const myBet = page.locator('.lottery-bet', { hasText: numero });
      await myBet.getByText(won, { exact: true }).waitFor();
      // Nothing of the house draw's proof on a bet settled on the official result.
      expect(await myBet.locator('.lottery-bet__verify, .lottery-bet__commitment').count()).toBe(0);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `lottery-official-result-phone-${language === 'BN' ? 'bn-dark' : 'vi'}`);
      expect(await phoneOverflow(page)).toBeLessThanOrEqual(360);
      // An official result has no house draw to verify.
      await page.goto(`${later.baseUrl}/lottery/verify?gameCode=MB&numero=${numero}`);
      await page.locator('.lottery-source--official').waitFor({ timeout: 20_000 });
      await page.locator('.lottery-proof').scrollIntoViewIfNeeded();
      await screenshot(page, `lottery-official-verify-phone-${language === 'BN' ? 'bn-dark' : 'vi'}`);
      // The betting record names the bet's result source too.
      await page.goto(`${later.baseUrl}/index?centre=personalHistoryCopy`);
      const record = page.getByRole('dialog');
      const recordLine = record.locator('.record-line', { hasText: numero });
      await recordLine.locator('.records__source--official').getByText(source).waitFor({ timeout: 20_000 });
      await recordLine.scrollIntoViewIfNeeded();
      await screenshot(page, `lottery-official-record-phone-${language === 'BN' ? 'bn-dark' : 'vi'}`);
      expect(await phoneOverflow(page)).toBeLessThanOrEqual(360);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    }
  }, 420_000);

  it('the ledger checks out', async () => {
    await servers.at(-1)!.stop({ keepData: true });
    const verified = verifyLedger(dataDir);
    expect(verified.status, verified.output).toBe(0);
  }, 120_000);
});
