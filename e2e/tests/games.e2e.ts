import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, fundedMember, memberToken, operatorToken } from '../support/api.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { gameFrame, openAllGames, openSlotsGame, playRounds, tileNames, tiles } from '../support/site.ts';
import { registerCaptchaOff, useSite } from '../support/suite.ts';

/**
 * The games journey (issue 5) in real Chromium against the real server, with our house vendor
 * mounted in it and its games synced into the catalogue at start (no mocked vendor): a guest
 * browses the slot lobby, filters, searches and is asked to log in at launch; a member plays a
 * slot and dice for real money in the embedded frame, sees the balance move, rotates the seed and
 * verifies a round, saves a favourite and finds it under Saved, and the games under Recent.
 */

// The member who plays registers through the API (captcha off): a new account per attempt, so a
// retried journey finds no rounds, favourites or recent games of the attempt before.
const { server, browser } = useSite({ settings: registerCaptchaOff }, { timeout: 600_000 });
let token: string;

async function balanceOf(baseUrl: string, session: string): Promise<string> {
  const answer = await callApi(baseUrl, { method: 'GET', path: '/wps/v2/wallets/balance', token: session });
  return (answer.body.value as { sumBalance: string }).sumBalance;
}

beforeAll(async () => {
  // The operator's sync (the server also syncs on a timer): the house lists its games over HTTP.
  const operator = await operatorToken(server.baseUrl);
  const synced = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/api/operator/games/sync',
    token: operator,
    body: {},
  });
  expect(synced.body.success, JSON.stringify(synced.body)).toBe(true);
  const list = await callApi(server.baseUrl, {
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=21',
  });
  expect((list.body.value as { games: unknown[] }).games.length).toBeGreaterThanOrEqual(5);
  token = await memberToken(server.baseUrl);
});

async function pageAs(
  who: 'guest' | 'member' | { username: string; token: string },
  options: { viewport?: { width: number; height: number }; language?: 'EN' | 'BN'; dark?: boolean } = {},
) {
  const member = who === 'member' ? { username: 'demoplayer', token } : who === 'guest' ? null : who;
  const watched = await openPage(browser, {
    viewport: options.viewport ?? viewports.desktop,
    colorScheme: options.dark ? 'dark' : 'light',
  });
  await watched.context.addInitScript(
    ({ session, language, dark }) => {
      if (session) {
        sessionStorage.setItem('token', session.token);
        sessionStorage.setItem('isAgent', '0');
        sessionStorage.setItem('username', session.username);
        sessionStorage.setItem(`noticePopup${session.username}`, '1');
      }
      localStorage.setItem('language', language);
      localStorage.setItem('theme', dark ? 'dark' : 'light');
      sessionStorage.setItem('noticePopupGuest', '1');
    },
    {
      session: member,
      language: options.language ?? 'EN',
      dark: options.dark ?? false,
    },
  );
  return watched;
}

describe('games', () => {
  it('lets a guest browse, filter and search the slot lobby, and asks for a login at launch', async () => {
    const { page, context, errors } = await pageAs('guest', { viewport: viewports.phone, language: 'BN' });
    await page.goto(`${server.baseUrl}/rng`);
    // Hot first: the games the vendor marks hot.
    await expect.poll(() => tiles(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(page, 'games-rng-hot-phone-bn');
    await openAllGames(page, 'সব গেম');
    expect(await tileNames(page)).toEqual(expect.arrayContaining(['সোনালি ফল', 'ডাইস', 'মাইনস']));
    await screenshot(page, 'games-rng-phone-bn');

    // Mini games only (classify AC), then a name search (debounced), each resetting the page.
    await page.getByLabel('ধরন').selectOption('AC');
    await expect.poll(() => tileNames(page)).toEqual(expect.arrayContaining(['ডাইস', 'মাইনস']));
    expect(await tileNames(page)).not.toContain('সোনালি ফল');
    await page.getByLabel('ধরন').selectOption('');
    await page.getByRole('searchbox').fill('ডাইস');
    // Ours and the arcade's (the same game from the transfer-wallet vendor).
    await expect
      .poll(async () => (await tileNames(page)).sort(), { timeout: 10_000 })
      .toEqual(['ডাইস', 'ডাইস · আর্কেড'].sort());

    // Saved is for members only; a launch asks a guest to log in.
    await tiles(page).first().click();
    await page.getByRole('dialog').waitFor();
    expect(page.url()).toContain('/rng');
    await screenshot(page, 'games-login-asked-phone-bn');
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  });

  it('shows the lobby on a desktop in the dark theme, in English', async () => {
    const { page, context, errors } = await pageAs('guest', { dark: true });
    await page.goto(`${server.baseUrl}/rng`);
    await openAllGames(page, 'All games');
    expect(await tileNames(page)).toEqual(expect.arrayContaining(['Golden Fruits', 'Bengal Tiger', 'Dice']));
    await screenshot(page, 'games-rng-desktop-en-dark');
    await page.goto(`${server.baseUrl}/live`);
    await expect
      .poll(() => tileNames(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['European Roulette', 'Baccarat']));
    await screenshot(page, 'games-live-desktop-en-dark');
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  });

  it('lets a member play a slot and dice for real money, verify a round, and keep favourites and recent games', async () => {
    const player = await fundedMember(server.baseUrl, 'games');
    const before = Number(await balanceOf(server.baseUrl, player.token));
    const { page, context } = await pageAs(player);
    // A slot: three spins in the frame; the balance the game shows is the wallet's.
    let frame = await openSlotsGame(page, server.baseUrl, /^Golden Fruits(?! ·)/);
    await playRounds(frame, 'Spin', 3);
    await screenshot(page, 'games-slot-desktop-en');
    const afterSlot = Number(await balanceOf(server.baseUrl, player.token));
    expect(afterSlot).not.toBe(before);
    await expect
      .poll(async () => Number((await frame.locator('.hg-balance-value').innerText()).replace(/[^\d.]/g, '')))
      .toBe(afterSlot);

    // Provably fair: rotate the seed, then verify the first round on the verify page.
    await frame.getByRole('tab', { name: 'Provably fair' }).click();
    await frame.getByRole('button', { name: 'Rotate seed' }).click();
    await frame.getByRole('tab', { name: 'History' }).click();
    const verifyLink = frame.getByRole('link', { name: 'Verify' }).first();
    await verifyLink.waitFor({ timeout: 15_000 });
    const href = await verifyLink.getAttribute('href');
    expect(href).toBeTruthy();
    const verifyPage = await context.newPage();
    await verifyPage.goto(new URL(href ?? '', `${server.baseUrl}/house/play/classic3x3`).toString());
    await verifyPage.getByText(/✓ The server seed matches the commitment/).waitFor({ timeout: 15_000 });
    await screenshot(verifyPage, 'games-verify-desktop-en');
    await verifyPage.close();

    // Dice, a mini game: two rolls.
    frame = await openSlotsGame(page, server.baseUrl, /^Dice(?! ·)/);
    await playRounds(frame, 'Roll', 2);
    await screenshot(page, 'games-dice-desktop-en');
    expect(Number(await balanceOf(server.baseUrl, player.token))).not.toBe(afterSlot);

    // Every round is in the platform's books as a settled round; the ledger stays balanced.
    const verified = await callApi(server.baseUrl, {
      method: 'GET',
      path: '/wps/relay/GCS_recentGame?pageNo=1&pageSize=21&language=EN',
      token: player.token,
    });
    const recent = (verified.body.value as { list: { gameName: string }[] }).list.map(
      (game) => game.gameName,
    );
    expect(recent.slice(0, 2)).toEqual(['Dice', 'Golden Fruits']);

    // A favourite: saved from the tile, listed under Saved; the played games under Recent.
    await page.goto(`${server.baseUrl}/rng`);
    await openAllGames(page, 'All games');
    await page.getByRole('button', { name: 'Save Mines', exact: true }).click();
    await page.getByRole('button', { name: 'Remove Mines from saved games', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Saved', exact: true }).click();
    await expect.poll(() => tileNames(page), { timeout: 10_000 }).toEqual(['Mines']);
    await page.getByRole('button', { name: 'Recent', exact: true }).click();
    await expect.poll(() => tileNames(page), { timeout: 10_000 }).toEqual(['Dice', 'Golden Fruits']);
    await screenshot(page, 'games-recent-desktop-en');

    // The betting record lists every round (3 spins, 2 rolls) with the totals; profit and loss too.
    await page.locator('header.site-header').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Betting record', exact: true }).click();
    const panel = page.getByRole('dialog');
    await panel.locator('.centre__page').waitFor();
    await expect
      .poll(() => panel.getByText('Golden Fruits', { exact: true }).count(), { timeout: 15_000 })
      .toBe(3);
    expect(await panel.getByText('Dice', { exact: true }).count()).toBe(2);
    const totals = await panel.getByLabel('Totals for these filters').innerText();
    expect(totals).toContain('5');
    await screenshot(page, 'games-betting-record-desktop-en');
    await panel
      .locator('.centre__menu')
      .getByRole('button', { name: 'Profit and loss', exact: true })
      .click();
    await panel
      .getByRole('table', { name: 'Profit and loss by day and category' })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'games-profit-desktop-en');
    await context.close();
  });

  it('shows a game on a phone in Bengali, in the dark theme', async () => {
    const { page, context } = await pageAs('member', {
      viewport: viewports.phone,
      language: 'BN',
      dark: true,
    });
    await page.goto(`${server.baseUrl}/rng`);
    await openAllGames(page, 'সব গেম');
    await page
      .getByRole('button', { name: /^মাইনস(?! ·)/ })
      .first()
      .click();
    await page.waitForURL(/\/game\?/);
    await gameFrame(page);
    await screenshot(page, 'games-mines-phone-bn-dark');
    await context.close();
  });
});
