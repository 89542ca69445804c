import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, creditMember, operatorToken, registerMember } from '../support/api.ts';
import { memberPage, openPage, screenshot, viewports } from '../support/browser.ts';
import {
  expectLoggedIn,
  fillUsernameForm,
  openRegisterModal,
  openSlotsGame,
  playRounds,
  uniqueUsername,
} from '../support/site.ts';
import { registerCaptchaOff, useSite } from '../support/suite.ts';

/**
 * Bonus money with wagering and refer-a-friend (issue 39; docs/promotions.md "Bonus money and
 * wagering", "Referral and the reward centre") in real Chromium against the real server and its
 * house vendor. A new member registers in the header's form from a member's invitation link (then
 * gets cash of an operator's credit, not a deposit: the welcome bonus is for a first deposit), claims the demo brand's welcome
 * bonus on its promotion page, deposits 200.00 with bKash (demo) on a phone in Bengali and gets
 * 200.00 of bonus with it; bonusDetails shows the bonus and its wagering (12,000.00 counted). She
 * spins Golden Fruits in the game's frame, a stake above the maximum bet is refused at the bet, and
 * she plays the slot on through the house game's own API (the calls its page makes) until the
 * wagering is done: the bonus becomes cash (withdrawable), bonusDetails says so, and the manual
 * rebate of that play is claimed. The member who invited her then sees her and the reward her
 * deposit earned on Invite friends (phone, Bengali), the reward centre's badge, and claims it: a
 * bonus of 100.00 with its wagering. The ledger verifier is green at the end.
 */
const { server, browser } = useSite(
  {
    settings: {
      ...registerCaptchaOff,
      features: { manualRebate: true },
      rebate: { rates: { RNG: 0.8, LIVE: 0.5 }, minimumClaim: '0.01', countDelaySeconds: 10 },
    },
  },
  { timeout: 900_000 },
);

let welcomeId = 0;

beforeAll(async () => {
  const synced = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/api/operator/games/sync',
    token: await operatorToken(server.baseUrl),
    body: {},
  });
  expect(synced.body.success, JSON.stringify(synced.body)).toBe(true);
  const list = await callApi(server.baseUrl, { method: 'GET', path: '/wps/promotion/list?type=welcome' });
  welcomeId = (list.body.value as { id: number }[])[0]!.id;
});

interface BonusesValue {
  bonusBalance: string;
  bonuses: { state: string; amount: string; wageringRequired: string; wageringLeft: string }[];
}

async function bonusesOf(token: string): Promise<BonusesValue> {
  const answer = await callApi(server.baseUrl, { method: 'GET', path: '/wps/promotion/bonuses', token });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.value as BonusesValue;
}

/** What can be staked (cash + bonus) less what can be withdrawn (cash): the bonus wallet's part. */
async function notWithdrawable(token: string): Promise<bigint> {
  const info = await callApi(server.baseUrl, { method: 'GET', path: '/wps/withdraw/info', token });
  const wallets = await callApi(server.baseUrl, { method: 'GET', path: '/wps/v2/wallets/balance', token });
  return (
    minor((wallets.body.value as { sumBalance: string }).sumBalance) -
    minor((info.body.value as { available: string }).available)
  );
}

const minor = (text: string) => BigInt(text.replace(/[,.]/g, ''));

/**
 * A session of a house game opened in the page as its game page opens one (launch, then the house
 * API's session), and `play(bet)` placing one round through the house API: its status and code.
 */
async function houseSession(page: Page, token: string, game: string, inputs: Record<string, unknown>) {
  const games = await callApi(server.baseUrl, {
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=50',
  });
  const slot = (games.body.value as { games: { nodeId: number; gameCode: string }[] }).games.find(
    (entry) => entry.gameCode === game,
  );
  expect(slot).toBeTruthy();
  const launched = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/wps/game/launchGame',
    token,
    body: { nodeId: slot!.nodeId, language: 'EN', theme: 'light' },
  });
  expect(launched.body.success, JSON.stringify(launched.body)).toBe(true);
  const launchUrl = (launched.body.value as { content: string }).content;
  const launchToken = new URL(launchUrl, server.baseUrl).searchParams.get('token');
  const sessionToken = await page.evaluate(
    async ({ launch, code }) => {
      const answer = await fetch('/house/api/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: launch, game: code }),
      });
      return ((await answer.json()) as { sessionToken: string }).sessionToken;
    },
    { launch: launchToken, code: game },
  );
  expect(sessionToken).toBeTruthy();
  return {
    play: (bet: number) =>
      page.evaluate(
        async ({ session, stake, code, choice }) => {
          const answer = await fetch('/house/api/rounds', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
            body: JSON.stringify({ game: code, bet: stake, inputs: choice }),
          });
          const body = (await answer.json()) as { code?: string };
          return { status: answer.status, code: body.code ?? null };
        },
        { session: sessionToken, stake: bet, code: game, choice: inputs },
      ),
  };
}

describe('bonus money', () => {
  it('a welcome bonus claimed, credited with the first deposit, wagered on a house slot and turned into cash', async () => {
    // A member's invitation link: she registers with it in the header's form.
    const referrer = await registerMember(server.baseUrl, 'referrer');
    const invitation = await callApi(server.baseUrl, {
      method: 'GET',
      path: '/wps/promotion/referral',
      token: referrer.token,
    });
    const code = (invitation.body.value as { code: string }).code;
    const desktop = await openPage(browser, { viewport: viewports.desktop });
    const { page } = desktop;
    await page.addInitScript(() => localStorage.setItem('language', 'EN'));
    await page.goto(`${server.baseUrl}/index?referralCode=${code}`);
    const register = await openRegisterModal(page);
    const username = uniqueUsername('bonus');
    await fillUsernameForm(register, { username });
    await register.locator('button[type="submit"]').click();
    const player = { username, token: await expectLoggedIn(page, username) };
    // The start-up notices seen (as memberPage marks them), so they cover no page of the journey.
    await page.evaluate(() => sessionStorage.setItem('noticePopupMember', '1'));
    // Cash below the back office's second-approver threshold, well above what the wagering loses
    // (an operator's credit, not a deposit: the welcome bonus is for a first deposit).
    await creditMember(server.baseUrl, username, 'bonus', '9000');

    // The promotion page, desktop, English: the rule and a claim.
    await page.goto(`${server.baseUrl}/promoDetail?id=${welcomeId}`);
    const panel = page.locator('.bonus-offer');
    await page.locator('.bonus-offer[data-state]').waitFor({ timeout: 20_000 });
    expect(await panel.getAttribute('data-state')).toBe('claim');
    expect(await panel.innerText()).toContain('60');
    await screenshot(page, 'bonus-offer-desktop-en');
    await panel.getByRole('button', { name: 'Claim bonus' }).click();
    await page.locator('.bonus-offer[data-state="process"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('.bonus-offer').innerText()).toMatch(/deposit .*200.* or more within 7 days/);
    await screenshot(page, 'bonus-claimed-desktop-en');

    // The deposit, on a phone in Bengali, with bKash (demo): 200.00, and the bonus with it.
    const phone = await memberPage(browser, player.token, {
      username: player.username,
      viewport: viewports.phone,
      language: 'BN',
    });
    await phone.page.goto(`${server.baseUrl}/promoDetail?id=${welcomeId}`);
    await phone.page.locator('.bonus-offer[data-state="process"]').waitFor({ timeout: 20_000 });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(phone.page, 'bonus-claimed-phone-bn');
    await phone.page.goto(`${server.baseUrl}/index`);
    await phone.page.locator('.bottom-bar').getByRole('button', { name: 'জমা' }).click();
    const deposit = phone.page.getByRole('dialog');
    await deposit.locator('.centre__page[data-page="depositv2"]').waitFor({ timeout: 15_000 });
    await deposit.getByRole('radio', { name: /বিকাশ \(ডেমো\)/ }).click();
    await deposit.getByRole('textbox', { name: /^পরিমাণ/ }).fill('200');
    await deposit.getByRole('button', { name: 'এখন পেমেন্ট করুন' }).click();
    await phone.page.waitForURL(/\/sim\/bkash\/redirect\/tokenized\/\?paymentID=/, { timeout: 20_000 });
    await phone.page.getByRole('button', { name: 'Confirm' }).click();
    await phone.page.waitForURL(/\/index\?depositOrder=\d+/, { timeout: 20_000 });
    await expect
      .poll(async () => (await bonusesOf(player.token)).bonusBalance, { timeout: 20_000 })
      .toBe('200.00');
    const credited = (await bonusesOf(player.token)).bonuses[0]!;
    expect(credited).toMatchObject({ state: 'active', amount: '200.00', wageringRequired: '12000.00' });

    // bonusDetails on the phone, in Bengali, dark: the bonus being wagered.
    const dark = await memberPage(browser, player.token, {
      username: player.username,
      viewport: viewports.phone,
      language: 'BN',
      dark: true,
    });
    await dark.page.goto(`${server.baseUrl}/index?centre=bonusDetails`);
    const details = dark.page.locator('section.centre__page[data-page="bonusDetails"]');
    await details.locator('[data-testid="bonus-card"][data-state="active"]').waitFor({ timeout: 20_000 });
    expect(await details.getByTestId('bonus-balance').innerText()).toMatch(/২০০|200/);
    expect(await dark.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(dark.page, 'bonus-details-phone-bn-dark');

    // Play: two spins at 100.00 in the game's frame, then a stake above the maximum refused.
    const frame = await openSlotsGame(page, server.baseUrl, /^Golden Fruits(?! ·)/);
    await frame.locator('#hg-bet').selectOption('10000');
    await playRounds(frame, 'Spin', 2);
    // On with Dice (98 % to win, RTP 99 %: each 200.00 counts 200.00 × 1 % ÷ 5 % = 40.00) at the
    // maximum bet until the wagering is done; a stake above the maximum is refused at the bet.
    const dice = await houseSession(page, player.token, 'dice', { target: 9800, direction: 'under' });
    expect(await dice.play(20_001)).toEqual({ status: 409, code: 'BET_LIMIT' });
    expect(await notWithdrawable(player.token)).toBe(20_000n);
    let rounds = 0;
    for (; rounds < 450; rounds += 1) {
      expect((await dice.play(20_000)).status).toBe(200);
      if (rounds % 20 === 19 && (await bonusesOf(player.token)).bonuses[0]!.state !== 'active') break;
    }
    await expect
      .poll(async () => (await bonusesOf(player.token)).bonuses[0]!.state, { timeout: 20_000 })
      .toBe('converted');
    // 12,000.00 counted: about 300 rounds of 40.00 (the slot's spins counted too).
    expect(rounds).toBeGreaterThan(250);
    const ended = await bonusesOf(player.token);
    expect(ended.bonusBalance).toBe('0.00');
    expect(ended.bonuses[0]!.wageringLeft).toBe('0.00');
    // The cash always covered the stakes, so the bonus wallet still held its 200.00: now cash,
    // withdrawable like the rest.
    expect(await notWithdrawable(player.token)).toBe(0n);

    await dark.page.reload();
    await details.locator('[data-testid="bonus-card"][data-state="converted"]').waitFor({ timeout: 20_000 });
    await screenshot(dark.page, 'bonus-converted-phone-bn-dark');
    expect(dark.errors).toEqual([]);

    // The manual rebate of that play, claimed once the count delay has passed.
    await page.goto(`${server.baseUrl}/index?centre=manualRebate`);
    const rebate = page.locator('section.centre__page[data-page="manualRebate"]');
    const claimRebate = rebate.getByRole('button', { name: 'Claim rebate' });
    await expect
      .poll(
        async () => {
          await page.waitForTimeout(2_000);
          await page.reload();
          await claimRebate.waitFor({ timeout: 20_000 });
          return claimRebate.isEnabled();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    await claimRebate.click();
    await page.getByText('Rebate paid to your wallet').waitFor({ timeout: 20_000 });
    await screenshot(page, 'bonus-rebate-claimed-desktop-en');

    // The member who invited her, on a phone in Bengali: the friend and what she earned him on
    // Invite friends, the badge on the reward centre's entry, and the reward claimed: a bonus.
    const inviter = await memberPage(browser, referrer.token, {
      username: referrer.username,
      viewport: viewports.phone,
      language: 'BN',
    });
    await inviter.page.goto(`${server.baseUrl}/index?centre=referral`);
    const invite = inviter.page.locator('section.centre__page[data-page="referral"]');
    await invite.getByTestId('referral-friend').waitFor({ timeout: 20_000 });
    expect(await invite.getByTestId('referral-code').innerText()).toBe(code);
    expect(await invite.getByTestId('referral-friend').innerText()).toContain(username.slice(0, 2));
    expect(await invite.getByTestId('referral-friend').innerText()).toMatch(/১০০|100/);
    await invite.locator('.app-qr svg').waitFor({ timeout: 20_000 });
    expect(await inviter.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(inviter.page, 'referral-phone-bn');
    const rewardEntry = inviter.page.locator('.centre__menu').getByRole('button', { name: /পুরস্কার কেন্দ্র/ });
    await expect
      .poll(() => rewardEntry.locator('.centre__badge').innerText(), { timeout: 20_000 })
      .toMatch(/^(১|1)/);
    await rewardEntry.click();
    const rewards = inviter.page.locator('section.centre__page[data-page="rewardCenter"]');
    const waiting = rewards.locator('[data-testid="reward-card"][data-state="waiting"]');
    await waiting.waitFor({ timeout: 20_000 });
    await screenshot(inviter.page, 'reward-centre-phone-bn');
    await waiting.getByRole('button', { name: 'পুরস্কার দাবি করুন' }).click();
    await rewards.locator('[data-testid="reward-card"][data-state="claimed"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => rewardEntry.locator('.centre__badge').count(), { timeout: 20_000 }).toBe(0);
    await screenshot(inviter.page, 'reward-claimed-phone-bn');
    const referrerBonus = (await bonusesOf(referrer.token)).bonuses[0]!;
    expect(referrerBonus).toMatchObject({ state: 'active', amount: '100.00', wageringRequired: '6000.00' });
    expect(inviter.errors).toEqual([]);
    await inviter.context.close();

    // The one refusal the journey asked for (the stake above the maximum) is logged by the browser.
    expect(desktop.errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
    expect(desktop.errors.filter((error) => /status of 409/.test(error))).toHaveLength(1);
    expect(phone.errors).toEqual([]);
    for (const opened of [desktop, phone]) await opened.context.close();
    await dark.context.close();
    // About 300 rounds, a deposit, the rebate and the referrer's reward: near the default two
    // minutes alone, past them on a loaded machine (both attempts timed out at 120 s beside the
    // other journeys, stop 52).
  }, 300_000);
});
