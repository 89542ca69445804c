import { describe, expect, it } from 'vitest';
import { callApi, fundedMember, operatorToken } from '../support/api.ts';
import { memberPage, openPage, screenshot, viewports } from '../support/browser.ts';
import { playHouseDice } from '../support/house.ts';
import { registerCaptchaOff, useSite } from '../support/suite.ts';

/**
 * The raffle (issue 39; docs/promotions.md "Raffle") in real Chromium against the real server,
 * draw included: the owner puts a raffle on a new promotion page ending in a minute (a ticket per
 * ৳100 counted, one prize of ৳100); a funded member on a 360 px phone in Bengali joins on the page
 * and plays house dice, and the page counts the tickets; a guest on a desktop, dark, sees the rule
 * and is asked to log in to join. After the end the raffle-draw job locks it (the digest and the
 * beacon round appear) and, once the round is out, draws it: the member, the only holder, wins;
 * "Check the draw" recomputes the seed, digest and winner in the browser; the prize waits in the
 * reward centre. The ledger verifier is green at the end.
 */
const { server, browser } = useSite({ settings: { ...registerCaptchaOff } }, { timeout: 420_000 });

interface RaffleView {
  state: string;
  myTickets: number | null;
  digest: string | null;
  beaconRound: number | null;
  winners: { place: number; username: string }[];
}

async function raffleOf(promotionId: number, token?: string): Promise<RaffleView> {
  const answer = await callApi(server.baseUrl, {
    method: 'GET',
    path: `/wps/promotion/raffle?id=${promotionId}`,
    ...(token ? { token } : {}),
  });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.value as RaffleView;
}

/** Runs the raffle job now (as the back office's Jobs page does), until the raffle reaches `state`. */
async function runDrawUntil(operator: string, promotionId: number, state: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/jobs/run',
      token: operator,
      body: { name: 'raffle-draw' },
    });
    expect(run.body.success, JSON.stringify(run.body)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    if ((await raffleOf(promotionId)).state === state) return;
    if (Date.now() > deadline) throw new Error(`the raffle did not reach ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}

describe('a raffle', () => {
  it('a member joins on a phone in Bengali, earns tickets by playing, and wins a provable draw', async () => {
    const operator = await operatorToken(server.baseUrl);
    // The journeys' servers sync the game catalogue when a journey asks (the house games here).
    const synced = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/games/sync',
      token: operator,
      body: {},
    });
    expect(synced.body.success, JSON.stringify(synced.body)).toBe(true);
    // A promotion page for the raffle, then the raffle on it: it ends in 75 s.
    const page = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/content/promotion/create',
      token: operator,
      body: {
        type: 'event',
        action: 'join',
        texts: {
          EN: {
            title: 'Minute raffle',
            summary: 'A raffle that ends in a minute.',
            content: '<p>Rules.</p>',
          },
          BN: {
            title: 'এক মিনিটের র‍্যাফেল',
            summary: 'এক মিনিটে শেষ হওয়া র‍্যাফেল।',
            content: '<p>নিয়ম।</p>',
          },
        },
      },
    });
    expect(page.body.success, JSON.stringify(page.body)).toBe(true);
    const promotionId = (page.body.value as { id: number }).id;
    const now = Date.now();
    const created = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/promotion/raffle/create',
      token: operator,
      body: {
        promotionId,
        startsAt: now,
        endsAt: now + 75_000,
        rule: {
          ticketTurnover: '100',
          maxTickets: 50,
          prizes: [{ amount: '100', count: 1 }],
          weights: { RNG: 100 },
          wageringMultiple: 60,
          maxBet: '200',
          expiryDays: 7,
          claimDays: 14,
        },
      },
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);

    // A guest on a desktop, dark: the rule, and Join asks to log in.
    const guest = await openPage(browser, { viewport: viewports.desktop, colorScheme: 'dark' });
    await guest.context.addInitScript(() => {
      sessionStorage.setItem('noticePopupGuest', '1');
      localStorage.setItem('language', 'EN');
      localStorage.setItem('theme', 'dark');
    });
    await guest.page.goto(`${server.baseUrl}/promoDetail?id=${promotionId}`);
    const guestPanel = guest.page.getByTestId('raffle-panel');
    await guestPanel.waitFor({ timeout: 20_000 });
    expect(await guest.page.getByTestId('raffle-rule').innerText()).toContain(
      'One ticket for every ৳100.00 of counted betting',
    );
    await screenshot(guest.page, 'raffle-guest-desktop-dark');
    await guestPanel.getByRole('button', { name: 'Join' }).click();
    await guest.page.getByRole('dialog').first().waitFor({ timeout: 20_000 });
    expect(guest.errors).toEqual([]);
    await guest.context.close();

    // The member joins on a phone in Bengali.
    const player = await fundedMember(server.baseUrl, 'raffle', '2000');
    const phone = await memberPage(browser, player.token, {
      username: player.username,
      viewport: viewports.phone,
      language: 'BN',
    });
    await phone.page.goto(`${server.baseUrl}/promoDetail?id=${promotionId}`);
    const panel = phone.page.getByTestId('raffle-panel');
    await panel.getByRole('button', { name: 'যোগ দিন' }).click();
    const mine = phone.page.getByTestId('raffle-my-tickets');
    await mine.waitFor({ timeout: 20_000 });
    expect(await mine.innerText()).toMatch(/আপনার টিকিট: [0০]/);
    expect(await phone.page.locator('.promo-state').innerText()).toBe('যোগ দিয়েছেন');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(phone.page, 'raffle-joined-phone-bn');

    // Dice at ৳100.00 (edge 1 %): each round counts ৳20.00; 15 rounds, 3 tickets.
    const statuses = await playHouseDice(phone.page, server.baseUrl, player.token, 15, 10_000);
    expect(
      statuses.every((status) => status === 200),
      String(statuses),
    ).toBe(true);
    expect((await raffleOf(promotionId, player.token)).myTickets).toBe(3);
    await phone.page.reload();
    await mine.waitFor({ timeout: 20_000 });
    expect(await mine.innerText()).toMatch(/আপনার টিকিট: [3৩]/);

    // The end, the lock (60 s after it), then the draw once the beacon round is out.
    await runDrawUntil(operator, promotionId, 'locked', 240_000);
    const locked = await raffleOf(promotionId);
    expect(locked.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(locked.beaconRound).toBeGreaterThan(0);
    await runDrawUntil(operator, promotionId, 'drawn', 120_000);
    const drawn = await raffleOf(promotionId, player.token);
    expect(drawn.winners).toEqual([expect.objectContaining({ place: 1 })]);

    await phone.page.reload();
    await phone.page.getByTestId('raffle-my-prize').waitFor({ timeout: 20_000 });
    await phone.page.getByText('কীভাবে এই ড্র যাচাই করবেন').click();
    await phone.page.getByRole('button', { name: 'ড্র যাচাই করুন' }).click();
    const check = phone.page.getByTestId('raffle-check');
    await check.waitFor({ timeout: 20_000 });
    expect(await check.locator('[data-ok="true"]').count()).toBe(3);
    await check.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'raffle-drawn-checked-phone-bn');

    // The prize waits in the reward centre.
    const rewards = await callApi(server.baseUrl, {
      method: 'GET',
      path: '/wps/promotion/rewards',
      token: player.token,
    });
    expect(
      (rewards.body.value as { rewards: { source: string; amount: string }[] }).rewards[0],
    ).toMatchObject({
      source: 'raffle',
      amount: '100.00',
    });
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    const verified = await callApi(server.baseUrl, {
      method: 'POST',
      path: '/api/operator/ledger/verify',
      token: operator,
      body: {},
    });
    expect((verified.body.value as { ok: boolean }).ok, JSON.stringify(verified.body)).toBe(true);
  }, 420_000);
});
