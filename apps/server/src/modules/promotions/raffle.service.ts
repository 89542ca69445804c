import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  REFERENCE_EDGE_BP,
  isAgentType,
  raffleDigest,
  raffleLeaf,
  rafflePlaces,
  raffleRuleSchema,
  raffleWinners,
  type BonusRule,
  type RaffleEntry,
  type RaffleRule,
  type RaffleState,
  type RaffleValue,
} from '@khela/contract';
import { roundAfter, roundTimeMs, verifyBeaconRound } from '@khela/contract/lottery-beacon';
import { newServerSeed, seedHashOf } from '@khela/contract/lottery-draw';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { maskAccountName } from '../games/lobby-ranks.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { readAmount } from '../ledger/money.ts';
import type { RandomnessBeacon } from '../lottery/lottery.beacon.ts';
import {
  major,
  minor,
  notEligible,
  nowOf,
  smallestWageringMultiple,
  type BonusSettings,
} from './bonus.service.ts';
import { memberRewards } from './promotions.tables.ts';
import { raffleEntries, raffles } from './raffle.tables.ts';

/**
 * The raffle (issue 39; docs/promotions.md "Raffle"). A member joins a raffle promotion
 * (MCS2_claimRafflePromotion) and earns a ticket per `ticketTurnover` of counted betting (a bonus's
 * wagering count: promotions_bonus_wagering) settled between the join and the raffle's end. After
 * the end (and `LOCK_DELAY_MS` for settlements still committing) the lock counts every entry's
 * tickets, orders the entries holding any by their join, publishes the entries digest and fixes the
 * beacon round: the first emitted after the lock. Once that round is out (verified against the
 * chain's key) the draw derives the winners (the contract's raffleWinners) and writes each a
 * reward in the reward centre (member_rewards, source raffle): claimed, it becomes bonus money with
 * the raffle's wagering, paid through the ledger's posting path like every reward. So the raffle
 * itself moves no money; its prizes move when claimed.
 */

type RaffleRow = typeof raffles.$inferSelect;

/** Rounds settle a little after their end: the lock waits this long past the raffle's end. */
export const LOCK_DELAY_MS = 60_000;

/** The lock's beacon round is the first out at least this long after the lock's commit. */
const BEACON_MARGIN_MS = 30_000;

const DAY_MS = 86_400_000;

/** Checks a raffle's rule: the contract, the amounts in the brand's currency, the bound. */
export function checkRaffleRule(settings: BonusSettings, input: unknown): RaffleRule {
  const parsed = raffleRuleSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      issues: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), reason: issue.message })),
    });
  }
  const rule = parsed.data;
  const issues: { field: string; reason: string }[] = [];
  const smallest = smallestWageringMultiple(settings);
  if (rule.wageringMultiple < smallest) {
    issues.push({
      field: 'wageringMultiple',
      reason: `with agents' wages and the rebate, a prize must be wagered at least ${smallest} times`,
    });
  }
  const amounts: [string, string][] = [
    ['ticketTurnover', rule.ticketTurnover],
    ['maxBet', rule.maxBet],
    ...rule.prizes.map((prize, index): [string, string] => [`prizes.${index}.amount`, prize.amount]),
  ];
  for (const [field, amount] of amounts) {
    const reading = readAmount(amount, { precision: settings.currencyPrecision, allowZero: false });
    if (!reading.ok)
      issues.push({ field, reason: reading.problem === 'zero' ? 'must be above zero' : reading.problem });
  }
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues });
  return rule;
}

/** Creates a raffle on a promotion page: its seed drawn now, only the hash shown until the draw. */
export async function createRaffle(
  db: Database,
  settings: BonusSettings,
  input: { promotionId: number; rule: unknown; startsAt: Date; endsAt: Date; createdBy: string },
): Promise<RaffleRow> {
  const rule = checkRaffleRule(settings, input.rule);
  if (!(input.endsAt.getTime() > input.startsAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'endsAt', reason: 'must be after the start' }],
    });
  }
  const seed = newServerSeed();
  const [row] = await db
    .insert(raffles)
    .values({
      promotionId: input.promotionId,
      currency: settings.currency,
      rule,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      seed,
      seedHash: await seedHashOf(seed),
      createdBy: input.createdBy,
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new AppError('CONFLICT', { issues: [{ field: 'promotionId', reason: 'has a raffle already' }] });
  return row;
}

/** The bonus rule a prize becomes when its winner claims it in the reward centre. */
export function prizeRule(rule: RaffleRule, amount: string): BonusRule {
  return {
    kind: 'fixed',
    percent: null,
    amount,
    minDeposit: '0',
    firstDepositOnly: false,
    newMemberDays: null,
    claimPeriod: 'member',
    maxClaims: null,
    wageringMultiple: rule.wageringMultiple,
    weights: rule.weights,
    maxBet: rule.maxBet,
    expiryDays: rule.expiryDays,
    depositWithinDays: rule.claimDays,
  };
}

async function raffleOf(db: Database, promotionId: number): Promise<RaffleRow> {
  const [row] = await db.select().from(raffles).where(eq(raffles.promotionId, promotionId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The state the promotion page shows (the back office lists the same). */
export function stateOf(row: RaffleRow, now: number): RaffleState {
  if (row.state !== 'open') return row.state;
  if (now < row.startsAt.getTime()) return 'coming';
  return now < row.endsAt.getTime() ? 'open' : 'counting';
}

/** The edge assumed for a game that declares none, in basis points. */
function undeclaredEdgeBp(settings: BonusSettings): number {
  return Math.round(settings.agentWages.undeclaredEdge * 100);
}

/** A member's counted betting since `from` up to `to` (the raffle's weights), minor units. */
async function countedBetting(
  db: Database,
  settings: BonusSettings,
  row: RaffleRow,
  memberId: number,
  from: Date,
  to: Date,
): Promise<bigint> {
  const [counted] = rowsOf<{ done: string }>(
    await db.execute(sql`
      select promotions_bonus_wagering(${memberId}::integer, ${from.toISOString()}::timestamptz,
        ${to.toISOString()}::timestamptz, ${row.currency}, ${JSON.stringify(row.rule.weights)}::jsonb,
        ${REFERENCE_EDGE_BP}::integer, ${undeclaredEdgeBp(settings)}::integer)::text as done`),
  );
  return BigInt(counted?.done ?? '0');
}

function ticketsOf(settings: BonusSettings, rule: RaffleRule, counted: bigint): number {
  const per = minor(settings, rule.ticketTurnover);
  return Number(counted / per > BigInt(rule.maxTickets) ? BigInt(rule.maxTickets) : counted / per);
}

/** The raffle page: its rule and state, the member's entry and tickets, the winners and proof once drawn. */
export async function readRaffle(
  db: Database,
  settings: BonusSettings,
  input: { promotionId: number; memberId: number | null; beacon: RandomnessBeacon | null },
): Promise<RaffleValue | null> {
  // A page without a raffle answers null (its page then logs no failure).
  const [row] = await db.select().from(raffles).where(eq(raffles.promotionId, input.promotionId));
  if (!row) return null;
  const now = await nowOf(db);
  const state = stateOf(row, now);
  const [counts] = rowsOf<{ n: string }>(
    await db.execute(sql`select count(*)::text as n from raffle_entries where raffle_id = ${row.id}`),
  );
  const entry =
    input.memberId === null
      ? undefined
      : (
          await db
            .select()
            .from(raffleEntries)
            .where(and(eq(raffleEntries.raffleId, row.id), eq(raffleEntries.memberId, input.memberId)))
        )[0];
  let myTickets: number | null = entry?.tickets ?? null;
  let counted: string | null = null;
  let nextTicketIn: string | null = null;
  if (entry && row.state === 'open' && now >= row.startsAt.getTime()) {
    const from = entry.joinedAt > row.startsAt ? entry.joinedAt : row.startsAt;
    const to = new Date(Math.min(now, row.endsAt.getTime()));
    const done = await countedBetting(db, settings, row, entry.memberId, from, to);
    myTickets = ticketsOf(settings, row.rule, done);
    counted = major(settings, done);
    const per = minor(settings, row.rule.ticketTurnover);
    nextTicketIn = myTickets >= row.rule.maxTickets ? null : major(settings, per - (done % per));
  } else if (entry && row.state === 'open') {
    myTickets = 0;
  }
  const winners =
    row.state === 'drawn'
      ? await db
          .select({
            place: raffleEntries.place,
            masked: raffleEntries.masked,
            ticket: raffleEntries.wonTicket,
          })
          .from(raffleEntries)
          .where(and(eq(raffleEntries.raffleId, row.id), isNotNull(raffleEntries.place)))
          .orderBy(asc(raffleEntries.place))
      : [];
  const places = rafflePlaces(row.rule.prizes);
  const chain = input.beacon?.chain;
  return {
    promotionId: row.promotionId,
    raffleId: row.id,
    state,
    rule: row.rule,
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt.getTime(),
    timeZone: settings.timeZone,
    seedHash: row.seedHash,
    entries: Number(counts?.n ?? 0),
    lockedAt: row.lockedAt?.getTime() ?? null,
    digest: row.digest,
    ticketTotal: row.ticketTotal,
    beaconRound: row.beaconRound,
    joined: entry !== undefined,
    myTickets,
    counted,
    nextTicketIn,
    myPlace: entry?.place ?? null,
    winners: winners.map((winner) => ({
      place: winner.place ?? 0,
      username: winner.masked,
      amount: major(settings, minor(settings, places[(winner.place ?? 0) - 1] ?? '0', true)),
      ticket: winner.ticket ?? 0,
    })),
    seed: row.state === 'drawn' ? row.seed : null,
    beacon:
      row.state === 'drawn' && row.beaconRound !== null && chain
        ? {
            round: row.beaconRound,
            randomness: row.beaconRandomness ?? '',
            signature: row.beaconSignature ?? '',
            publicKey: chain.publicKey,
            chainHash: chain.chainHash,
            roundTime: roundTimeMs(chain, row.beaconRound),
          }
        : null,
  };
}

/**
 * Joins a raffle (MCS2_claimRafflePromotion): refused with nothing written as PROMOTION_NOT_ELIGIBLE
 * `agent` (agents earn wages), `not_started`, `ended`, `claimed` (joined already: one entry per
 * member, the key); NOT_FOUND when the promotion has no raffle.
 */
export async function claimRaffle(
  db: Database,
  settings: BonusSettings,
  member: { memberId: number; type: number; account: string },
  input: { promotionId: number; beacon: RandomnessBeacon | null },
): Promise<RaffleValue> {
  if (isAgentType(member.type)) throw notEligible('agent');
  const row = await raffleOf(db, input.promotionId);
  const state = stateOf(row, await nowOf(db));
  if (state === 'coming') throw notEligible('not_started');
  if (state !== 'open') throw notEligible('ended');
  const [entry] = await db
    .insert(raffleEntries)
    .values({ raffleId: row.id, memberId: member.memberId, masked: maskAccountName(member.account) })
    .onConflictDoNothing()
    .returning();
  if (!entry) throw notEligible('claimed');
  const joined = await readRaffle(db, settings, {
    promotionId: input.promotionId,
    memberId: member.memberId,
    beacon: input.beacon,
  });
  if (!joined) throw new AppError('NOT_FOUND');
  return joined;
}

/** A locked or drawn raffle's entries in digest order with their leaves (NOT_FOUND before the lock). */
export async function listRaffleEntries(
  db: Database,
  input: { promotionId: number; pageNo: number; pageSize: number },
): Promise<{ list: RaffleEntry[]; total: number; pageNo: number; pageSize: number }> {
  const row = await raffleOf(db, input.promotionId);
  if (row.state === 'open') throw new AppError('NOT_FOUND');
  const rows = await db
    .select()
    .from(raffleEntries)
    .where(and(eq(raffleEntries.raffleId, row.id), isNotNull(raffleEntries.position)))
    .orderBy(asc(raffleEntries.position))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  const list: RaffleEntry[] = [];
  for (const entry of rows) {
    const fields = {
      position: entry.position ?? 0,
      username: entry.masked,
      ticketFrom: entry.ticketFrom ?? 0,
      tickets: entry.tickets ?? 0,
    };
    list.push({ ...fields, leaf: await raffleLeaf({ raffleId: row.id, seedHash: row.seedHash, ...fields }) });
  }
  return { list, total: row.entryCount ?? 0, pageNo: input.pageNo, pageSize: input.pageSize };
}

/**
 * Locks each raffle whose end has passed by LOCK_DELAY_MS: in one transaction with the raffle's
 * row locked, every entry's tickets are counted (betting settled from its join to the end), the
 * entries holding tickets numbered by join (then member id) with their first ticket, the digest
 * written, and the beacon round fixed: the first emitted after the lock commits. Returns how many.
 */
export async function lockDueRaffles(
  db: Database,
  settings: BonusSettings,
  beacon: RandomnessBeacon,
  beaconMarginMs = BEACON_MARGIN_MS,
): Promise<number> {
  const due = await db
    .select({ id: raffles.id })
    .from(raffles)
    .where(
      and(
        eq(raffles.state, 'open'),
        sql`${raffles.endsAt} <= now() - make_interval(secs => ${LOCK_DELAY_MS / 1000})`,
      ),
    );
  let locked = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(raffles).where(eq(raffles.id, id)).for('update');
      if (!row || row.state !== 'open') return false;
      // Every entry's tickets, position and first ticket in one statement (promotions_raffle_tickets:
      // the rule of countedBetting and ticketsOf, for all entries at once), written as it is read.
      const counted = rowsOf<{
        masked: string;
        tickets: number;
        position: number | null;
        ticket_from: number | null;
      }>(
        await tx.execute(sql`
          update raffle_entries e
             set tickets = t.tickets, position = t.position, ticket_from = t.ticket_from
            from promotions_raffle_tickets(${id}::integer, ${row.startsAt.toISOString()}::timestamptz,
                   ${row.endsAt.toISOString()}::timestamptz, ${row.currency}, ${JSON.stringify(row.rule.weights)}::jsonb,
                   ${minor(settings, row.rule.ticketTurnover)}::bigint, ${row.rule.maxTickets}::integer,
                   ${REFERENCE_EDGE_BP}::integer, ${undeclaredEdgeBp(settings)}::integer) t
           where e.raffle_id = ${id} and e.member_id = t.member_id
          returning e.masked, e.tickets, e.position, e.ticket_from`),
      );
      const holders = counted
        .filter((entry) => entry.position !== null)
        .sort((left, right) => Number(left.position) - Number(right.position));
      const leaves: string[] = [];
      for (const entry of holders) {
        leaves.push(
          await raffleLeaf({
            raffleId: id,
            position: Number(entry.position),
            username: entry.masked,
            ticketFrom: Number(entry.ticket_from),
            tickets: Number(entry.tickets),
            seedHash: row.seedHash,
          }),
        );
      }
      const ticketTotal = holders.reduce((total, entry) => total + Number(entry.tickets), 0);
      const now = await nowOf(tx);
      await tx
        .update(raffles)
        .set({
          state: 'locked',
          lockedAt: new Date(now),
          digest: await raffleDigest(leaves),
          entryCount: leaves.length,
          ticketTotal,
          beaconRound: roundAfter(beacon.chain, now + beaconMarginMs),
        })
        .where(eq(raffles.id, id));
      return true;
    });
    if (done) locked += 1;
  }
  return locked;
}

/**
 * Draws each locked raffle whose beacon round is out: the round is fetched and verified against the
 * chain (a round that does not verify is not used: the raffle waits, and a new fetch is tried next
 * run; the draw never moves to another round), the winners derived, and in one transaction with the
 * raffle locked each winner's entry marked and a reward written (waiting in the reward centre for
 * `claimDays`). Returns how many raffles were drawn.
 */
export async function drawLockedRaffles(
  db: Database,
  settings: BonusSettings,
  beacon: RandomnessBeacon,
  log: { warn: (object: object, message: string) => void } = { warn: () => undefined },
): Promise<number> {
  const waiting = await db.select().from(raffles).where(eq(raffles.state, 'locked'));
  let drawn = 0;
  for (const locked of waiting) {
    if (locked.beaconRound === null) continue;
    const round = await beacon.fetchRound(locked.beaconRound, new Date());
    if (!round) continue;
    if (round.round !== locked.beaconRound || !verifyBeaconRound(beacon.chain, round)) {
      log.warn({ raffleId: locked.id, round: locked.beaconRound }, 'raffle beacon round does not verify');
      continue;
    }
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(raffles).where(eq(raffles.id, locked.id)).for('update');
      if (!row || row.state !== 'locked' || row.digest === null) return false;
      const entries = await tx
        .select()
        .from(raffleEntries)
        .where(and(eq(raffleEntries.raffleId, row.id), isNotNull(raffleEntries.position)))
        .orderBy(asc(raffleEntries.position));
      const places = rafflePlaces(row.rule.prizes);
      const winners = await raffleWinners({
        raffleId: row.id,
        seed: row.seed,
        digest: row.digest,
        beaconRandomness: round.randomness,
        entries: entries.map((entry) => ({ ticketFrom: entry.ticketFrom ?? 0, tickets: entry.tickets ?? 0 })),
        places: places.length,
      });
      const now = await nowOf(tx);
      for (const winner of winners) {
        const entry = entries[winner.position]!;
        const amount = places[winner.place - 1]!;
        const [reward] = await tx
          .insert(memberRewards)
          .values({
            memberId: entry.memberId,
            source: 'raffle',
            promotionId: row.promotionId,
            detail: String(winner.place),
            currency: row.currency,
            amount: minor(settings, amount),
            rule: prizeRule(row.rule, amount),
            state: 'waiting',
            expiresAt: new Date(now + row.rule.claimDays * DAY_MS),
          })
          .returning({ id: memberRewards.id });
        await tx
          .update(raffleEntries)
          .set({ place: winner.place, wonTicket: winner.ticket, rewardId: reward!.id })
          .where(and(eq(raffleEntries.raffleId, row.id), eq(raffleEntries.memberId, entry.memberId)));
      }
      await tx
        .update(raffles)
        .set({
          state: 'drawn',
          beaconRandomness: round.randomness,
          beaconSignature: round.signature,
          drawnAt: new Date(now),
        })
        .where(eq(raffles.id, row.id));
      return true;
    });
    if (done) drawn += 1;
  }
  return drawn;
}
