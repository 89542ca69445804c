import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hitsOf, payoutOf, specialOf, type DrawResult } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { newMember } from '../games/games.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { placeSlip } from './lottery.bets.ts';
import { addFundedMember, addLotteryGame, addNumero, mainBalanceOf } from './lottery.money.test-support.ts';
import { drawDueNumeros, lockDueNumeros, settleDrawnNumeros } from './lottery.numeros.ts';
import { resultsFeedForStart } from './lottery.official.ts';
import { demoResultsFeed, type ResultsFeed } from './lottery.results-feed.ts';
import { voidNumero } from './lottery.settlement.ts';
import { lotteryEvents, lotteryGames, lotteryNumeros, lotterySheetEntries } from './lottery.tables.ts';

/**
 * Official-result games (issue 36 item 5, docs/lottery.md "Result sources"): the operator's choice
 * of source, the two operators' typed copies (a mismatch blocks settlement and names the places,
 * the same operator twice is refused, bad shapes are refused), the deadline's void, and the feed
 * path settling once when the feed answers twice.
 */
let sut: TestApp;
let gameId = 0;
let sequence = 0;
const gameCode = 'T_OFFICIAL';

beforeAll(async () => {
  sut = await buildTestApp({ seed: true });
  gameId = await addLotteryGame(sut.db, gameCode, 'central');
  await sut.db.update(lotteryGames).set({ resultSource: 'official' }).where(eq(lotteryGames.id, gameId));
});
afterAll(async () => {
  await sut.close();
});

const nextNumero = () => {
  sequence += 1;
  return `20261206${String(sequence).padStart(4, '0')}`;
};

/** A central sheet of the right shape (the demo feed's, for a made-up station). */
async function aSheet(station: string): Promise<DrawResult> {
  const sheet = await demoResultsFeed().sheet({ station, region: 'central', drawDay: '2026-12-06' });
  if (!sheet) throw new Error('no sheet');
  return sheet;
}
const tiersOf = (result: DrawResult) => Object.fromEntries(result.map((tier) => [tier.tier, tier.numbers]));

/**
 * An official numero with a member's lô bet on the special's last two digits of `sheet` (it wins
 * once that sheet is the result) and one on a number it does not hold; betting closed and, unless
 * `drawInMs` says otherwise, its draw time passed a minute ago.
 */
async function officialNumeroWithBets(sheet: DrawResult, options: { drawAgoMs?: number } = {}) {
  const numero = nextNumero();
  const numeroId = await addNumero(sut.db, gameId, numero, { lockInSeconds: 1200 });
  await sut.db
    .update(lotteryNumeros)
    .set({ resultSource: 'official' })
    .where(eq(lotteryNumeros.id, numeroId));
  sequence += 1;
  const memberId = await addFundedMember(sut.db, {
    account: `official${sequence}`,
    funding: 100_000n,
    fundingKey: (id) => `official-fund-${id}`,
  });
  const winning = specialOf(sheet).slice(-2);
  const losing = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')).find(
    (pick) => hitsOf('lo2', [pick], sheet) === 0,
  )!;
  await placeSlip(sut.db, {
    memberId,
    requestId: `official-${numero}`,
    gameCode,
    numero,
    playType: 'lo2',
    numbers: [winning, losing],
    unitStake: '10',
    multiplier: 1,
  });
  const drawAgo = options.drawAgoMs ?? 60_000;
  await sut.db
    .update(lotteryNumeros)
    .set({ lockAt: new Date(Date.now() - drawAgo - 600_000), drawAt: new Date(Date.now() - drawAgo) })
    .where(eq(lotteryNumeros.id, numeroId));
  await lockDueNumeros(sut.db, new Date());
  return { numero, numeroId, memberId, winning };
}

const numeroRow = async (numeroId: number) =>
  (await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId)))[0]!;
async function bets(numeroId: number) {
  return rowsOf<{
    status: string;
    hits: number;
    payout: string;
    stake: string;
    odds_milli: number;
    selection: string[];
  }>(
    await sut.db.execute(sql`select status, hits, payout::text, stake::text, odds_milli, selection
                               from lottery_bets where numero_id = ${numeroId} order by id`),
  );
}

describe('result source (issue 36 item 5)', () => {
  it('the operator switches a game; open draws without bets follow, a draw with bets keeps its source; audited', async () => {
    const owner = await newMember(sut, `srcowner${++sequence}`, 0, 'operator');
    const code = 'T_SWITCH';
    const switchId = await addLotteryGame(sut.db, code, 'south');
    const empty = nextNumero();
    const withBets = nextNumero();
    await addNumero(sut.db, switchId, empty, { lockInSeconds: 1200 });
    await addNumero(sut.db, switchId, withBets, { lockInSeconds: 1200 });
    const bettor = await addFundedMember(sut.db, {
      account: `switcher${++sequence}`,
      funding: 10_000n,
      fundingKey: (id) => `switch-fund-${id}`,
    });
    await placeSlip(sut.db, {
      memberId: bettor,
      requestId: `switch-${withBets}`,
      gameCode: code,
      numero: withBets,
      playType: 'lo2',
      numbers: ['12'],
      unitStake: '1',
      multiplier: 1,
    });
    const answer = await call(sut, {
      method: 'POST',
      url: '/api/operator/lottery/result-source',
      body: { gameCode: code, resultSource: 'official', reason: 'settle on XSMN' },
      token: owner.token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.value).toEqual({ gameCode: code, resultSource: 'official', numeros: [empty] });
    const sources = await sut.db
      .select({ numero: lotteryNumeros.numero, source: lotteryNumeros.resultSource })
      .from(lotteryNumeros)
      .where(eq(lotteryNumeros.gameId, switchId));
    expect(Object.fromEntries(sources.map((row) => [row.numero, row.source]))).toEqual({
      [empty]: 'official',
      [withBets]: 'house',
    });
    // The betting view and the lobby say so.
    const open = await call(sut, { method: 'GET', url: `/lgw/vn/numeros/opened/game?gameCode=${code}` });
    expect(open.body.value).toMatchObject({ resultSource: expect.any(String) });
    const trail = rowsOf<{ action: string; reason: string; after: { resultSource: string } }>(
      await sut.db.execute(sql`select action, reason, after from operator_audit where target_id = ${code}`),
    );
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'lottery.result-source',
        reason: 'settle on XSMN',
        after: expect.objectContaining({ resultSource: 'official' }),
      }),
    ]);
  });

  it('refuses a fast game on official results, a caller without lottery.manage and a member', async () => {
    const owner = await newMember(sut, `srcowner${++sequence}`, 0, 'operator');
    await addLotteryGame(sut.db, 'T_FASTSRC', 'fast');
    const post = (token: string, body: Record<string, unknown>) =>
      call(sut, { method: 'POST', url: '/api/operator/lottery/result-source', body, token });
    const fast = await post(owner.token, { gameCode: 'T_FASTSRC', resultSource: 'official', reason: 'try' });
    expect(fast.body.code).toBe('VALIDATION_FAILED');
    const content = await operatorOfRole(sut, 'content');
    const refused = await post(content.token, { gameCode, resultSource: 'house', reason: 'not mine' });
    expect(refused.status).toBe(403);
    const player = await newMember(sut, `srcplayer${++sequence}`);
    expect((await post(player.token, { gameCode, resultSource: 'house', reason: 'nope' })).status).toBe(403);
    const bad = await post(owner.token, { gameCode, resultSource: 'state', reason: 'typo' });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const [game] = await sut.db.select().from(lotteryGames).where(eq(lotteryGames.id, gameId));
    expect(game?.resultSource).toBe('official');
  });
});

describe('typed sheets (two operators)', () => {
  it('a mismatch blocks settlement and names the place; the same operator twice is refused; a corrected copy settles', async () => {
    const sheet = await aSheet('typed');
    const { numero, numeroId, memberId } = await officialNumeroWithBets(sheet);
    const first = await newMember(sut, `sheetop${++sequence}`, 0, 'operator');
    const second = await newMember(sut, `sheetop${++sequence}`, 0, 'operator');
    const enter = (token: string, tiers: Record<string, string[]>) =>
      call(sut, {
        method: 'POST',
        url: '/api/operator/lottery/official/sheet',
        body: { gameCode, numero, tiers },
        token,
      });
    // The draw step waits: no feed, deadline far.
    await drawDueNumeros(sut.db, new Date(), { official: { feed: null, deadlineMs: 3_600_000 } });
    expect((await numeroRow(numeroId)).status).toBe('locked');

    const waiting = await enter(first.token, tiersOf(sheet));
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect(waiting.body.value).toMatchObject({
      status: 'waiting',
      differences: [],
      numero: { status: 'locked' },
    });
    // The same operator cannot be the second copy.
    const again = await enter(first.token, tiersOf(sheet));
    expect(again.body.code).toBe('SECOND_APPROVER_REQUIRED');

    // One digit off in the third prize's second number.
    const typo = structuredClone(tiersOf(sheet)) as Record<string, string[]>;
    const third = typo.third!;
    third[1] = `${third[1]!.slice(0, -1)}${(Number(third[1]!.slice(-1)) + 1) % 10}`;
    const mismatch = await enter(second.token, typo);
    expect(mismatch.body.value).toMatchObject({
      status: 'mismatch',
      differences: [{ tier: 'third', index: 1 }],
      numero: { status: 'locked', result: null },
    });
    // Blocked: nothing settles.
    await settleDrawnNumeros(sut.db, () => {});
    expect((await bets(numeroId)).every((bet) => bet.status === 'open')).toBe(true);
    const view = await call(sut, {
      method: 'GET',
      url: '/api/operator/lottery/official',
      token: first.token,
    });
    const waitingDraw = (
      view.body.value.waiting as { numero: string; differences: unknown[]; entries: unknown[] }[]
    ).find((draw) => draw.numero === numero);
    expect(waitingDraw).toMatchObject({ differences: [{ tier: 'third', index: 1 }] });
    expect(waitingDraw?.entries).toHaveLength(2);

    const before = await mainBalanceOf(sut.db, memberId);
    const corrected = await enter(second.token, tiersOf(sheet));
    expect(corrected.body.value).toMatchObject({
      status: 'accepted',
      numero: { status: 'drawn', resultSource: 'official', resultOrigin: 'entry', result: sheet },
    });
    await settleDrawnNumeros(sut.db, () => {});
    expect((await numeroRow(numeroId)).status).toBe('settled');
    const settled = await bets(numeroId);
    let paid = 0n;
    for (const bet of settled) {
      const hits = hitsOf('lo2', bet.selection, sheet);
      expect(bet.hits).toBe(hits);
      expect(BigInt(bet.payout)).toBe(payoutOf(BigInt(bet.stake), bet.odds_milli, hits));
      expect(bet.status).toBe(hits > 0 ? 'won' : 'lost');
      paid += BigInt(bet.payout);
    }
    expect(paid).toBeGreaterThan(0n);
    expect(await mainBalanceOf(sut.db, memberId)).toBe(before + paid);
    // A copy after the result is refused.
    expect((await enter(first.token, tiersOf(sheet))).body.code).toBe('CONFLICT');
    // The trail: each copy's outcome, and the refused same-operator copy.
    const trail = rowsOf<{ action: string; outcome: string; error_code: string | null }>(
      await sut.db.execute(sql`select action, outcome, error_code from operator_audit
         where target_id = ${`${gameCode}/${numero}`} or (action = 'operatorEnterLotterySheet' and outcome <> 'ok')
         order by id`),
    );
    expect(trail.filter((entry) => entry.action === 'lottery.sheet.entry')).toHaveLength(3);
    expect(trail.map((entry) => entry.error_code)).toContain('SECOND_APPROVER_REQUIRED');
  });

  it('refuses sheets of the wrong shape (nothing stored), a copy before the draw, a house draw and a caller without lottery.manage', async () => {
    const sheet = await aSheet('shapes');
    const { numero, numeroId } = await officialNumeroWithBets(sheet);
    const operator = await newMember(sut, `shapeop${++sequence}`, 0, 'operator');
    const enter = (tiers: Record<string, string[]>, token = operator.token, target = numero) =>
      call(sut, {
        method: 'POST',
        url: '/api/operator/lottery/official/sheet',
        body: { gameCode, numero: target, tiers },
        token,
      });
    const good = tiersOf(sheet) as Record<string, string[]>;
    const short = { ...good, fourth: good.fourth!.slice(0, 6) };
    const shortNumber = { ...good, special: [good.special![0]!.slice(1)] };
    const letters = { ...good, eighth: ['4O'] };
    const northern = { ...good, ninth: ['12'] };
    const { eighth: _eighth, ...missing } = good;
    for (const [tiers, field] of [
      [short, 'tiers.fourth'],
      [shortNumber, 'tiers.special.0'],
      [letters, 'tiers.eighth.0'],
      [northern, 'tiers'],
      [missing, 'tiers.eighth'],
    ] as const) {
      const answer = await enter(tiers);
      expect(answer.body.code, JSON.stringify(tiers)).toBe('VALIDATION_FAILED');
      expect((answer.body.value.issues as { field: string }[]).map((issue) => issue.field)).toContain(field);
    }
    expect(
      await sut.db.select().from(lotterySheetEntries).where(eq(lotterySheetEntries.numeroId, numeroId)),
    ).toHaveLength(0);

    // Before its draw time there is no official sheet yet.
    const early = nextNumero();
    const earlyId = await addNumero(sut.db, gameId, early, { lockInSeconds: 1200 });
    await sut.db
      .update(lotteryNumeros)
      .set({ resultSource: 'official' })
      .where(eq(lotteryNumeros.id, earlyId));
    expect((await enter(good, operator.token, early)).body.code).toBe('CONFLICT');
    // A house draw is drawn, never typed.
    const house = nextNumero();
    await addNumero(sut.db, gameId, house, { lockInSeconds: 1200 });
    expect((await enter(good, operator.token, house)).body.code).toBe('CONFLICT');
    const support = await operatorOfRole(sut, 'support');
    expect((await enter(good, support.token)).status).toBe(403);
    // Out of the way of the feed tests below (they answer every waiting draw of this game).
    await voidNumero(sut.db, { numeroId, reason: 'test done' });
  });
});

describe('the deadline and the feed', () => {
  it('a sheet missing at the deadline voids the draw: every stake refunded, a public notice', async () => {
    const sheet = await aSheet('late');
    const { numero, numeroId, memberId } = await officialNumeroWithBets(sheet, { drawAgoMs: 2 * 3_600_000 });
    const before = await mainBalanceOf(sut.db, memberId);
    // Within the deadline it waits.
    await drawDueNumeros(sut.db, new Date(), { official: { feed: null, deadlineMs: 3 * 3_600_000 } });
    expect((await numeroRow(numeroId)).status).toBe('locked');
    await drawDueNumeros(sut.db, new Date(), { official: { feed: null, deadlineMs: 3_600_000 } });
    const row = await numeroRow(numeroId);
    expect(row).toMatchObject({
      status: 'void',
      voidReason: 'the official result did not arrive by the deadline',
    });
    expect((await bets(numeroId)).every((bet) => bet.status === 'void')).toBe(true);
    expect(await mainBalanceOf(sut.db, memberId)).toBe(before + 2000n);
    const events = await sut.db.select().from(lotteryEvents).where(eq(lotteryEvents.numeroId, numeroId));
    expect(events.map((event) => event.kind)).toEqual(['sheet_missing']);
    const results = await call(sut, { method: 'GET', url: `/lgw/vn/numeros?gameCode=${gameCode}&count=50` });
    expect(
      (results.body.value.list as { numero: string; voidReason: string | null; resultSource: string }[]).find(
        (entry) => entry.numero === numero,
      ),
    ).toMatchObject({
      voidReason: 'the official result did not arrive by the deadline',
      resultSource: 'official',
    });
  });

  it('the feed path settles once even when the feed answers twice', async () => {
    const sheet = await aSheet('feed');
    const { numeroId, memberId } = await officialNumeroWithBets(sheet);
    const before = await mainBalanceOf(sut.db, memberId);
    let asked = 0;
    // The first answer waits (at most 2 s) for the second tick to ask too, so both ticks hold the
    // sheet before either draws: without it the first tick could draw before the second lists the
    // numero as due, and the feed would answer once only.
    let bothAsked: () => void = () => {};
    const second = new Promise<void>((resolve) => {
      bothAsked = resolve;
      setTimeout(resolve, 2_000);
    });
    const feed: ResultsFeed = {
      async sheet(request) {
        asked += 1;
        expect(request).toMatchObject({ station: gameCode, region: 'central', drawDay: '2026-12-06' });
        if (asked >= 2) bothAsked();
        await second;
        return sheet;
      },
    };
    const options = { official: { feed, deadlineMs: 3_600_000 } };
    // Two ticks at once and one after: the feed answers each time, the numero is drawn once.
    const drawn = await Promise.all([
      drawDueNumeros(sut.db, new Date(), options),
      drawDueNumeros(sut.db, new Date(), options),
    ]);
    await drawDueNumeros(sut.db, new Date(), options);
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(drawn.reduce((total, count) => total + count, 0)).toBe(1);
    expect(await numeroRow(numeroId)).toMatchObject({ status: 'drawn', resultOrigin: 'feed', result: sheet });
    await Promise.all([settleDrawnNumeros(sut.db, () => {}), settleDrawnNumeros(sut.db, () => {})]);
    const settled = await bets(numeroId);
    const paid = settled.reduce((total, bet) => total + BigInt(bet.payout), 0n);
    expect(paid).toBeGreaterThan(0n);
    expect(await mainBalanceOf(sut.db, memberId)).toBe(before + paid);
    const wins = rowsOf<{ count: number }>(
      await sut.db.execute(
        sql`select count(*)::int as count from journal_entries where idempotency_key like ${`lottery-win:${numeroId}:%`}`,
      ),
    );
    expect(wins[0]?.count).toBe(1);
  });

  it('a feed answering a sheet of the wrong shape is not used; the demo feed never starts outside demo mode', async () => {
    const sheet = await aSheet('wrong');
    const { numeroId } = await officialNumeroWithBets(sheet);
    const errors: unknown[] = [];
    const feed: ResultsFeed = { sheet: async () => sheet.slice(1) };
    await drawDueNumeros(sut.db, new Date(), {
      official: { feed, deadlineMs: 3_600_000, log: (error) => errors.push(error) },
    });
    expect((await numeroRow(numeroId)).status).toBe('locked');
    expect(errors).toHaveLength(1);
    const demo = { kind: 'demo', urlTemplate: null, format: 'json', timeoutSeconds: 5 } as const;
    expect(() => resultsFeedForStart({ DEMO_MODE: false, NODE_ENV: 'production' }, demo)).toThrow(
      /Refusing to start/,
    );
    expect(resultsFeedForStart({ DEMO_MODE: true, NODE_ENV: 'production' }, demo)).not.toBeNull();
    expect(
      resultsFeedForStart({ DEMO_MODE: false, NODE_ENV: 'production' }, { ...demo, kind: 'none' }),
    ).toBeNull();
    expect(() =>
      resultsFeedForStart({ DEMO_MODE: false, NODE_ENV: 'production' }, { ...demo, kind: 'http' }),
    ).toThrow(/without a urlTemplate/);
  });

  it("the operator's HTTP feed is asked for the station and day, with the secret store's Authorization", async () => {
    const asked: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push({ url, authorization: new Headers(init.headers).get('authorization') });
      return new Response('not yet', { status: 404 });
    });
    try {
      const feed = resultsFeedForStart(
        { DEMO_MODE: false, NODE_ENV: 'production' },
        {
          kind: 'http',
          urlTemplate: 'https://feed.example/xs/{station}/{date}.json',
          format: 'json',
          timeoutSeconds: 5,
        },
        'Bearer feed-key',
      );
      expect(await feed?.sheet({ station: 'MB', region: 'north', drawDay: '2026-12-06' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(asked).toEqual([
      { url: 'https://feed.example/xs/MB/2026-12-06.json', authorization: 'Bearer feed-key' },
    ]);
  });
});
