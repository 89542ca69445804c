import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRaffle, type RaffleEntry, type RaffleRule } from '@khela/contract';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call } from '../accounts/accounts.test-support.ts';
import { newMember, insertSettledRound } from '../games/games.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { getSettings } from '../settings/settings.service.ts';
import { bonusesOffLedger } from './promotions.ledger-check.ts';
import { memberRewards } from './promotions.tables.ts';
import { createRaffle, drawLockedRaffles, lockDueRaffles } from './raffle.service.ts';
import { raffleEntries, raffles } from './raffle.tables.ts';
import { countTestVendorRounds, testRaffleBeacon, testRaffleRule } from './raffle.test-support.ts';

/**
 * The raffle (issue 39; docs/promotions.md "Raffle"): joining, tickets from counted betting, the
 * lock (digest, beacon round), the draw from a verified beacon round, prizes as rewards claimed
 * into bonus money, and every refusal changing nothing.
 */
let sut: TestApp;
let accounts = 0;
let nextPromotion = 900_000;

const rule = testRaffleRule;
const beacon = testRaffleBeacon;

beforeAll(async () => {
  ({ sut } = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' }));
  await countTestVendorRounds(sut);
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  expect(await bonusesOffLedger(sut.db)).toEqual([]);
  await sut.close();
});

async function member(type = 0) {
  return newMember(sut, `raffle${++accounts}`, type);
}

const join = (token: string | null, body: unknown) =>
  call(sut, { method: 'POST', url: '/wps/relay/MCS2_claimRafflePromotion', token, body });
const view = (token: string | null, id: number | string) =>
  call(sut, { method: 'GET', url: `/wps/promotion/raffle?id=${id}`, token });

/** A raffle running from an hour ago for `minutes` more. */
async function raffle(minutes = 60) {
  const promotionId = ++nextPromotion;
  const now = Date.now();
  await createRaffle(sut.db, await getSettings(sut.db), {
    promotionId,
    rule,
    startsAt: new Date(now - 3_600_000),
    endsAt: new Date(now + minutes * 60_000),
    createdBy: 'test',
  });
  return promotionId;
}

/** Moves the raffle's joins an hour back, so rounds of the last hour count. */
async function joinedEarlier(promotionId: number) {
  await sut.db.execute(sql`
    update raffle_entries set joined_at = joined_at - interval '1 hour'
     where raffle_id = (select id from raffles where promotion_id = ${promotionId})`);
}

/** Ends the raffle so the lock takes it now. */
async function endRaffle(promotionId: number) {
  const [row] = await sut.db.select().from(raffles).where(eq(raffles.promotionId, promotionId));
  await sut.db.execute(sql`
    update raffles set starts_at = starts_at - interval '2 hours', ends_at = now() - interval '2 minutes'
     where id = ${row!.id}`);
  return row!.id;
}

async function bet(memberId: number, amount: bigint, minutesAgo = 30) {
  await insertSettledRound(sut.db, {
    memberId,
    gameType: 'RNG',
    bet: amount,
    win: 0n,
    settledAt: new Date(Date.now() - minutesAgo * 60_000),
  });
}

describe('joining a raffle', () => {
  it('joins once and shows the tickets counted so far; refuses a second join, a guest and an agent', async () => {
    const id = await raffle();
    const player = await member();
    const before = await view(null, id);
    expect(before.status).toBe(200);
    expect(before.body.value).toMatchObject({
      state: 'open',
      joined: false,
      myTickets: null,
      winners: [],
      seed: null,
    });
    expect(before.body.value.seedHash).toMatch(/^[0-9a-f]{64}$/);

    const joined = await join(player.token, { promotionId: id });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.value).toMatchObject({ joined: true, myTickets: 0, entries: 1 });

    const again = await join(player.token, { promotionId: id });
    expect(again.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'claimed' } });
    expect((await join(null, { promotionId: id })).status).toBe(401);
    const agent = await member(1);
    const refused = await join(agent.token, { promotionId: id });
    expect(refused.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'agent' } });
    const [count] = await sut.db
      .select({ n: sql<number>`count(*)::int` })
      .from(raffleEntries)
      .innerJoin(raffles, eq(raffles.id, raffleEntries.raffleId))
      .where(eq(raffles.promotionId, id));
    expect(count!.n).toBe(1);
  });

  it('refuses bad input, an unknown raffle, one not started and one ended, writing nothing', async () => {
    const player = await member();
    for (const body of [
      {},
      { promotionId: 0 },
      { promotionId: 'x' },
      { promotionId: 2 ** 31 },
      { promotionId: 1, more: 1 },
    ]) {
      const reply = await join(player.token, body);
      expect(reply.body.code, JSON.stringify(body)).toBe('VALIDATION_FAILED');
    }
    expect((await join(player.token, { promotionId: 123_456 })).body.code).toBe('NOT_FOUND');
    // A page without a raffle answers null (its promotion page then logs no failure).
    const plain = await view(null, 123_456);
    expect(plain.status).toBe(200);
    expect(plain.body.value).toBeNull();
    expect((await view(null, 'abc')).body.code).toBe('VALIDATION_FAILED');
    const later = ++nextPromotion;
    await createRaffle(sut.db, await getSettings(sut.db), {
      promotionId: later,
      rule,
      startsAt: new Date(Date.now() + 3_600_000),
      endsAt: new Date(Date.now() + 7_200_000),
      createdBy: 'test',
    });
    expect((await join(player.token, { promotionId: later })).body.value).toEqual({ reason: 'not_started' });
    const ended = await raffle();
    await endRaffle(ended);
    expect((await join(player.token, { promotionId: ended })).body.value).toEqual({ reason: 'ended' });
    const entries = await sut.db.select().from(raffleEntries).where(eq(raffleEntries.memberId, player.id));
    expect(entries).toEqual([]);
  });

  it('refuses a rule whose prize wagering is below the bound, and amounts the currency cannot hold', async () => {
    const settings = await getSettings(sut.db);
    const create = (changes: Partial<RaffleRule>) =>
      createRaffle(sut.db, settings, {
        promotionId: ++nextPromotion,
        rule: { ...rule, ...changes },
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 60_000),
        createdBy: 'test',
      });
    await expect(create({ wageringMultiple: 1 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(create({ ticketTurnover: '0' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(create({ prizes: [{ amount: '1.001', count: 1 }] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('the draw', () => {
  it('counts tickets from betting after the join, locks, draws from the beacon, and anyone can verify it', async () => {
    const id = await raffle();
    const players = [await member(), await member(), await member(), await member()];
    for (const player of players) expect((await join(player.token, { promotionId: id })).status).toBe(200);
    // The test game declares no edge: a stake counts × the undeclared 1 % ÷ the reference 5 %, so
    // 1,500.00 counts 300.00, 3 tickets; then 12, 0 and 60 → 50 (the most). A bet before the
    // raffle's start never counts.
    await joinedEarlier(id);
    await bet(players[0]!.id, 150_000n);
    await bet(players[1]!.id, 600_000n);
    await bet(players[3]!.id, 3_000_000n);
    await bet(players[2]!.id, 900_000n, 60 * 5);
    const open = await view(players[0]!.token, id);
    expect(open.body.value).toMatchObject({ myTickets: 3, counted: '300.00', nextTicketIn: '100.00' });

    const raffleId = await endRaffle(id);
    const settings = await getSettings(sut.db);
    expect(await lockDueRaffles(sut.db, settings, beacon, 0)).toBeGreaterThanOrEqual(1);
    const locked = await view(players[0]!.token, id);
    expect(locked.body.value).toMatchObject({ state: 'locked', ticketTotal: 65, myTickets: 3, seed: null });
    expect(locked.body.value.digest).toMatch(/^[0-9a-f]{64}$/);
    // Joining after the lock is refused.
    expect((await join((await member()).token, { promotionId: id })).body.value).toEqual({ reason: 'ended' });

    // The round is not out yet: the draw waits. Then its time passes.
    const [row] = await sut.db.select().from(raffles).where(eq(raffles.id, raffleId));
    expect(row!.beaconRound).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waitMs = 1_700_000_000_000 + (row!.beaconRound! - 1) * 3_000 - Date.now();
    if (waitMs > 0) {
      expect(await drawLockedRaffles(sut.db, settings, beacon)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, waitMs + 50));
    }
    // (Other tests' ended raffles are drawn in the same run.)
    expect(await drawLockedRaffles(sut.db, settings, beacon)).toBeGreaterThanOrEqual(1);
    const rewardsOf = () => sut.db.select().from(memberRewards).where(eq(memberRewards.promotionId, id));
    const once = await rewardsOf();
    // A second run draws nothing again.
    expect(await drawLockedRaffles(sut.db, settings, beacon)).toBe(0);
    expect(await rewardsOf()).toEqual(once);

    const drawn = (await view(players[1]!.token, id)).body.value;
    expect(drawn.state).toBe('drawn');
    // Three holders, three places: each holder wins one prize; the member without tickets none.
    expect(drawn.winners).toHaveLength(3);
    expect(drawn.winners.map((winner: { amount: string }) => winner.amount)).toEqual([
      '500.00',
      '100.00',
      '100.00',
    ]);
    expect(drawn.seed).toMatch(/^[0-9a-f]{64}$/);

    const entries = await call(sut, { method: 'GET', url: `/wps/promotion/raffle/entries?id=${id}` });
    expect(entries.body.value.total).toBe(3);
    const list = entries.body.value.list as RaffleEntry[];
    expect(list.map((entry) => entry.tickets)).toEqual([3, 12, 50]);
    expect(
      await verifyRaffle({
        raffleId,
        seed: drawn.seed,
        seedHash: drawn.seedHash,
        digest: drawn.digest,
        beaconRandomness: drawn.beacon.randomness,
        entries: list,
        places: 3,
        winners: drawn.winners,
      }),
    ).toEqual({ seedMatches: true, digestMatches: true, winnersMatch: true });

    // Each winner has a reward waiting; claimed, it is bonus money with the raffle's wagering.
    const rewards = await rewardsOf();
    expect(rewards).toHaveLength(3);
    expect(rewards.every((reward) => reward.source === 'raffle' && reward.state === 'waiting')).toBe(true);
    const first = rewards.find((reward) => reward.detail === '1')!;
    const winner = players.find((player) => player.id === first.memberId)!;
    const claimed = await call(sut, {
      method: 'POST',
      url: '/wps/promotion/rewards/claim',
      token: winner.token,
      body: { id: first.id },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.value).toMatchObject({
      amount: '500.00',
      state: 'active',
      wageringRequired: '30000.00',
    });
  });

  it('draws an empty raffle with no winners', async () => {
    const id = await raffle();
    await join((await member()).token, { promotionId: id });
    const raffleId = await endRaffle(id);
    const settings = await getSettings(sut.db);
    await lockDueRaffles(sut.db, settings, beacon, 0);
    const [row] = await sut.db.select().from(raffles).where(eq(raffles.id, raffleId));
    expect(row).toMatchObject({ state: 'locked', ticketTotal: 0, entryCount: 0 });
    const waitMs = 1_700_000_000_000 + (row!.beaconRound! - 1) * 3_000 - Date.now();
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 50));
    await drawLockedRaffles(sut.db, settings, beacon);
    const drawn = (await view(null, id)).body.value;
    expect(drawn).toMatchObject({ state: 'drawn', winners: [] });
  });
});
