import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { callApi, memberToken, operatorToken } from '../support/api.ts';
import { memberPage, screenshot, viewports, type MemberPageOptions } from '../support/browser.ts';
import { playRounds } from '../support/site.ts';
import { useSite } from '../support/suite.ts';

/**
 * Game wallets (spec 2 transferFund, GCS_walletTransfer) in real Chromium against the real server,
 * with the house mounted twice: seamless (HOUSE) and in transfer mode (HOUSET, "Khela Arcade"),
 * which keeps each player's game balance itself. A member moves money into the arcade's wallet,
 * plays dice there (the game shows the arcade balance, the main wallet does not move), comes back,
 * recalls everything, and finds every step in the account record, and the rounds in the betting
 * record (on a phone, in English and Bengali).
 */
const { server, browser } = useSite();
let token: string;

const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function mainBalance(): Promise<number> {
  const answer = await callApi(server.baseUrl, { method: 'GET', path: '/wps/v2/wallets/balance', token });
  return Number((answer.body.value as { sumBalance: string }).sumBalance);
}

beforeAll(async () => {
  const operator = await operatorToken(server.baseUrl);
  const synced = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/api/operator/games/sync',
    token: operator,
    body: {},
  });
  expect(synced.body.success, JSON.stringify(synced.body)).toBe(true);
  token = await memberToken(server.baseUrl);
  const adjusted = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/api/operator/wallet/adjust',
    token: operator,
    body: {
      username: 'demoplayer',
      amount: '500',
      reason: 'game wallet journey',
      idempotencyKey: 'game-wallets-e2e',
    },
  });
  expect(adjusted.body.success, JSON.stringify(adjusted.body)).toBe(true);
});

function signedIn(options: MemberPageOptions = {}) {
  return memberPage(browser, token, options);
}

/** The wallet page of the member centre, from the account menu. */
async function openWallet(page: Page, labels = { menu: 'Account menu', item: 'Wallet' }): Promise<Locator> {
  await page.locator('header.site-header').getByRole('button', { name: labels.menu }).click();
  await page.getByRole('button', { name: labels.item, exact: true }).click();
  const panel = page.getByRole('dialog');
  await panel.locator('.centre__page').waitFor();
  return panel;
}

async function arcadeBalance(panel: Locator): Promise<number> {
  const row = panel
    .getByRole('list', { name: 'Game wallets' })
    .getByRole('listitem')
    .filter({ hasText: 'Khela Arcade' });
  return money(await row.locator('strong').innerText());
}

describe('game wallets', () => {
  it('moves money into the arcade, plays there, recalls it all, and records every step', async () => {
    const { page, context, errors } = await signedIn();
    const mainBefore = await mainBalance();
    await page.goto(`${server.baseUrl}/index`);
    let panel = await openWallet(page);
    await expect.poll(() => arcadeBalance(panel), { timeout: 20_000 }).toBe(0);
    await panel.getByRole('textbox', { name: 'Amount' }).fill('100');
    await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
    await panel.getByText('৳100.00 moved to Khela Arcade.').waitFor({ timeout: 20_000 });
    await expect.poll(() => arcadeBalance(panel), { timeout: 15_000 }).toBe(100);
    expect(await mainBalance()).toBe(mainBefore - 100);
    await screenshot(page, 'game-wallets-desktop-en');
    await page.keyboard.press('Escape');

    // Dice at the arcade: the game shows the arcade wallet; the main wallet stays where it is.
    await page.goto(`${server.baseUrl}/rng`);
    await page.getByRole('searchbox').fill('Arcade');
    const arcadeDice = page.getByRole('button', { name: /^Dice · Arcade/ });
    await arcadeDice.waitFor({ timeout: 20_000 });
    await arcadeDice.click();
    await page.waitForURL(/\/game\?/);
    await page.locator('iframe.game-launch__frame').waitFor({ timeout: 20_000 });
    const frame = page.frameLocator('iframe.game-launch__frame');
    await expect
      .poll(() => frame.locator('.hg-balance-value').innerText(), { timeout: 20_000 })
      .toMatch(/100/);
    await playRounds(frame, 'Roll', 2);
    // The game names its balance as the game's own wallet.
    await frame.locator('.hg-balance').getByText('Game wallet').waitFor();
    const inGame = money(await frame.locator('.hg-balance-value').innerText());
    expect(inGame).not.toBe(100);
    expect(await mainBalance()).toBe(mainBefore - 100);
    await screenshot(page, 'game-wallets-arcade-dice-desktop-en');

    // Back on the wallet page: the arcade reports what the game showed; recall brings it all home.
    await page.goto(`${server.baseUrl}/index`);
    panel = await openWallet(page);
    await expect.poll(() => arcadeBalance(panel), { timeout: 20_000 }).toBe(inGame);
    await panel.getByRole('button', { name: 'Recall all' }).click();
    await panel.getByText(/moved from Khela Arcade back to your main wallet/).waitFor({ timeout: 20_000 });
    await expect.poll(() => arcadeBalance(panel), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => mainBalance()).toBe(Math.round((mainBefore - 100 + inGame) * 100) / 100);

    // The account record: the two transfers and the dice result, on the game wallet and main.
    await panel.locator('.centre__menu').getByRole('button', { name: 'Account record', exact: true }).click();
    await panel.locator('.record-line').first().waitFor();
    const record = await panel.locator('.record-list').innerText();
    expect(record).toContain('Transfer');
    expect(record).toMatch(/Bet|Win/);
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  });

  it("lists the arcade's rounds in the betting record, on a phone in English and Bengali", async () => {
    // Khela Arcade keeps its rounds itself: they reach the betting record through its bet records,
    // read by the vendor-records job (every 15 s, a round served 5 s after it settled).
    const arcadeRounds = async () => {
      const answer = await callApi(server.baseUrl, {
        method: 'GET',
        path: '/wps/relay/MCSFE_getBettingRecord?pageSize=50&language=EN',
        token,
      });
      const lines = (answer.body.value as { list: { gameName: string; vendorName: string }[] }).list;
      return lines.filter((line) => line.vendorName === 'Khela Arcade').map((line) => line.gameName);
    };
    await expect
      .poll(arcadeRounds, { timeout: 60_000, interval: 2_000 })
      .toEqual(['Dice · Arcade', 'Dice · Arcade']);

    for (const [language, labels] of [
      ['EN', { account: 'Account', record: 'Betting record', game: 'Dice · Arcade' }],
      ['BN', { account: 'অ্যাকাউন্ট', record: 'বাজির রেকর্ড', game: 'ডাইস · আর্কেড' }],
    ] as const) {
      const { page, context, errors } = await signedIn({ viewport: viewports.phone, language });
      await page.goto(`${server.baseUrl}/index`);
      await page.locator('.bottom-bar').first().waitFor();
      await page.locator('.bottom-bar').getByRole('button', { name: labels.account }).click();
      const panel = page.getByRole('dialog');
      await panel.locator('.centre__menu').getByRole('button', { name: labels.record, exact: true }).click();
      const arcadeLines = panel.locator('.record-line').filter({ hasText: 'Khela Arcade' });
      await expect.poll(() => arcadeLines.count(), { timeout: 15_000 }).toBe(2);
      for (const line of await arcadeLines.all()) {
        // The game by its name in the page's language, never its code.
        expect(await line.locator('.records__game').innerText()).toBe(labels.game);
        expect(await line.innerText()).not.toContain('dice');
      }
      await screenshot(page, `game-wallets-betting-record-phone-${language.toLowerCase()}`);
      expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
      await context.close();
    }
  });

  it('shows the game wallets on a phone in Bengali, in the dark theme', async () => {
    const { page, context, errors } = await signedIn({
      viewport: viewports.phone,
      language: 'BN',
      dark: true,
    });
    await page.goto(`${server.baseUrl}/index`);
    await page.locator('.bottom-bar').first().waitFor();
    await page.locator('.bottom-bar').getByRole('button', { name: 'অ্যাকাউন্ট' }).click();
    const panel = page.getByRole('dialog');
    await panel.locator('.centre__menu').getByRole('button', { name: 'ওয়ালেট', exact: true }).click();
    await panel.getByText('Khela Arcade').first().waitFor({ timeout: 20_000 });
    await panel.getByRole('button', { name: 'সব ফেরত আনুন' }).waitFor();
    await screenshot(page, 'game-wallets-phone-bn-dark');
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  });
});
