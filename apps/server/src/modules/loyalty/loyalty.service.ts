import { desc, sql } from 'drizzle-orm';
import {
  REFERENCE_EDGE_BP,
  accountTypes,
  agentTypes,
  gameCategorySchema,
  isAgentType,
  type ConvertPointValue,
  type PointBalanceValue,
  type PointConfigValue,
  type PointDetailValue,
  type PointKind,
} from '@khela/contract';
import { addDays, dayKey, periodOf, startOfDayKey } from '@khela/contract/business-day';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { checkPaymentPassword } from '../accounts/member.service.ts';
import { systemAddress } from '../ledger/ledger.addresses.ts';
import { getOrOpenMemberWallet, openSystemAccounts, postEntry, rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { loyaltyPointDays } from './loyalty.tables.ts';
import {
  CONVERTED,
  ISSUED,
  listPointsDetail,
  pointsAddressOf,
  pointsBalanceOf,
  postPoints,
} from './points.ledger.ts';

/**
 * Loyalty points (issue 40 item 2; docs/loyalty.md): the config, a member's balance and points
 * detail, converting points to cash, and the job that credits each finished brand day's points.
 */

export type LoyaltySettings = Pick<
  SiteSettings,
  'currency' | 'currencyPrecision' | 'timeZone' | 'loyaltyPoints' | 'agentWages'
>;

export interface LoyaltyMember {
  memberId: number;
  /** The session's account type: agents earn wages, not points. */
  type: number;
}

/** A day is credited this long after it ended: a round's settlement may still be committing. */
export const POINTS_DELAY_MS = 5 * 60_000;

/** At most this many days are credited in one run (a server down for long catches up in steps). */
const MAX_DAYS_PER_RUN = 7;

/** Agents earn wages; trial accounts play with demo funds: neither earns points. */
const excludedTypes = `{${[...agentTypes, accountTypes.trial].join(',')}}`;

const gcd = (left: bigint, right: bigint): bigint => (right === 0n ? left : gcd(right, left % right));

/**
 * The conversion's arithmetic: `points` whole points are worth points × 10^precision ÷ pointsPerCash
 * minor units; a conversion takes a multiple of `step` points so that the cash is exact.
 */
export function conversionOf(settings: LoyaltySettings) {
  const unit = 10n ** BigInt(settings.currencyPrecision);
  const perCash = BigInt(settings.loyaltyPoints.pointsPerCash);
  const step = perCash / gcd(perCash, unit);
  const minimum = BigInt(settings.loyaltyPoints.minimumConversion);
  return {
    step,
    /** The minimum, rounded up to a whole step. */
    minimum: ((minimum + step - 1n) / step) * step,
    cashOf: (points: bigint) => (points * unit) / perCash,
  };
}

function checkMember(settings: LoyaltySettings, member: LoyaltyMember) {
  if (isAgentType(member.type)) throw new AppError('FEATURE_DISABLED');
}

/** MCS2_getPointConfig: how points are earned and converted. */
export function readPointConfig(settings: LoyaltySettings): PointConfigValue {
  const points = settings.loyaltyPoints;
  const conversion = conversionOf(settings);
  return {
    enabled: points.enabled,
    rates: Object.entries(points.rates)
      .filter(([, rate]) => (rate ?? 0) > 0)
      .map(([gameType, rate]) => ({ gameType: gameCategorySchema.parse(gameType), rate: String(rate) })),
    pointsPerCash: String(points.pointsPerCash),
    minimumConversion: conversion.minimum.toString(),
    conversionStep: conversion.step.toString(),
    currency: settings.currency,
    timeZone: settings.timeZone,
  };
}

/** MCS2_getPointBalance. */
export async function readPointBalance(
  db: Database,
  settings: LoyaltySettings,
  member: LoyaltyMember,
): Promise<PointBalanceValue> {
  checkMember(settings, member);
  return {
    enabled: settings.loyaltyPoints.enabled,
    balance: (await pointsBalanceOf(db, member.memberId)).toString(),
  };
}

/** ODSFE2_MemTransDet: the member's points detail, newest first. */
export async function readPointDetail(
  db: Database,
  settings: LoyaltySettings,
  member: LoyaltyMember,
  query: { type?: PointKind | undefined; pageNo: number; pageSize: number },
): Promise<PointDetailValue> {
  checkMember(settings, member);
  const { rows, total } = await listPointsDetail(db, {
    memberId: member.memberId,
    kind: query.type,
    ...query,
  });
  return {
    list: rows.map((row) => ({
      reference: row.reference,
      time: row.time,
      type: row.kind,
      amount: row.amount.toString(),
      balanceAfter: row.balanceAfter.toString(),
      remark: row.remark,
    })),
    total,
    totalPages: Math.ceil(total / query.pageSize),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** The member's status, read through the accounts module's published view. */
async function statusOf(db: Database, memberId: number): Promise<string | null> {
  const [row] = rowsOf<{ status: string }>(
    await db.execute(sql`select status from accounts_members where id = ${memberId}`),
  );
  return row?.status ?? null;
}

/**
 * passwordCheck/MCS2_convertPoint: turns `points` into cash in the main wallet, or refuses with
 * nothing moved: FEATURE_DISABLED (off, an agent), ACCOUNT_DISABLED (not an active account),
 * POINTS_BELOW_MINIMUM (under the minimum or not a whole number of steps), the payment password's
 * refusals, INSUFFICIENT_POINTS. One transaction writes the points entry (member → converted) and
 * the money entry (platform → main wallet, through the ledger's one posting path); both are keyed by
 * the request id, so a retry converts once and answers the first conversion.
 */
export async function convertPoints(
  db: Database,
  settings: LoyaltySettings,
  member: LoyaltyMember,
  body: { points: string; paymentPassword: string; requestId: string },
  address: string,
): Promise<ConvertPointValue> {
  checkMember(settings, member);
  if (!settings.loyaltyPoints.enabled) throw new AppError('FEATURE_DISABLED');
  if ((await statusOf(db, member.memberId)) !== 'active') throw new AppError('ACCOUNT_DISABLED');
  const points = BigInt(body.points);
  const conversion = conversionOf(settings);
  if (points < conversion.minimum || points % conversion.step !== 0n) {
    throw new AppError('POINTS_BELOW_MINIMUM', {
      issues: [{ field: 'points', reason: 'below the minimum or not a whole number of steps' }],
      value: { minimum: conversion.minimum.toString(), step: conversion.step.toString() },
    });
  }
  await checkPaymentPassword(db, { memberId: member.memberId, password: body.paymentPassword, address });
  const cash = conversion.cashOf(points);
  const precision = settings.currencyPrecision;
  const result = await db.transaction(async (tx) => {
    const posted = await postPoints(tx, {
      kind: 'convert',
      idempotencyKey: `convert:${member.memberId}:${body.requestId}`,
      legs: [
        { address: pointsAddressOf(member.memberId), amount: -points },
        { address: CONVERTED, amount: points },
      ],
      request: { points: points.toString(), cash: cash.toString(), currency: settings.currency },
      remark: `${formatAmount(cash, precision)} ${settings.currency}`,
      metadata: { memberId: member.memberId, requestId: body.requestId },
    });
    await openSystemAccounts(tx, { currency: settings.currency, precision });
    const wallet = await getOrOpenMemberWallet(tx, {
      memberId: member.memberId,
      kind: 'main',
      currency: settings.currency,
      precision,
    });
    // Same key, same request: a replay of the points entry finds its money entry replayed too.
    await postEntry(tx, {
      kind: 'bonus',
      idempotencyKey: `points:${member.memberId}:${body.requestId}`,
      postings: [
        { address: systemAddress('platform', settings.currency), amount: -cash },
        { address: wallet.address, amount: cash },
      ],
      metadata: { reason: 'points conversion', points: points.toString(), reference: posted.reference },
      request: { memberId: member.memberId, points: points.toString(), reference: posted.reference },
    });
    return {
      reference: posted.reference,
      replayed: posted.replayed,
      balance: posted.replayed ? null : (posted.balancesAfter[0] ?? 0n),
    };
  });
  if (!result.replayed) walletChanged(db, member.memberId);
  return {
    reference: result.reference,
    replayed: result.replayed,
    points: points.toString(),
    cash: formatAmount(cash, precision),
    currency: settings.currency,
    balance: (result.balance ?? (await pointsBalanceOf(db, member.memberId))).toString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Earning: the job `loyalty-points`

/** The rates as the SQL takes them: {"RNG": 20, …}, zero rates left out. */
function ratesOf(settings: LoyaltySettings): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const [category, rate] of Object.entries(settings.loyaltyPoints.rates)) {
    if (rate !== undefined && rate > 0) rates[category] = rate;
  }
  return rates;
}

/**
 * The brand days due at `now` (ms): those after the last day credited that ended at least the delay
 * ago, oldest first, at most MAX_DAYS_PER_RUN; with no day credited yet, the last finished day only
 * (switching points on does not pay on the past).
 */
export async function dueDays(db: Database, settings: LoyaltySettings, now: number): Promise<string[]> {
  const zone = settings.timeZone;
  const current = periodOf('day', now - POINTS_DELAY_MS, zone);
  const lastFinished = dayKey(current.from - 1, zone);
  const [latest] = await db
    .select({ day: loyaltyPointDays.day })
    .from(loyaltyPointDays)
    .orderBy(desc(loyaltyPointDays.day))
    .limit(1);
  if (!latest) return [lastFinished];
  const days: string[] = [];
  for (
    let day = addDays(latest.day, 1);
    day <= lastFinished && days.length < MAX_DAYS_PER_RUN;
    day = addDays(day, 1)
  )
    days.push(day);
  return days;
}

interface EarnedLine {
  member_id: number;
  game_type: string;
  valid_bet: string;
  counted_bet: string;
  points: string;
}

/**
 * Credits one brand day, in one transaction: the day's row first (a second run waits on its key,
 * then finds it taken and credits nothing), then one points entry per member who earned points,
 * keyed `earn:<member>:<day>`. While points are off the day is marked with nothing credited.
 */
async function creditDay(
  db: Database,
  settings: LoyaltySettings,
  day: string,
): Promise<{ members: number; points: bigint }> {
  const zone = settings.timeZone;
  const from = new Date(startOfDayKey(day, zone));
  const to = new Date(startOfDayKey(addDays(day, 1), zone));
  return db.transaction(async (tx) => {
    const [mark] = await tx
      .insert(loyaltyPointDays)
      .values({ day, countedFrom: from, countedTo: to, members: 0, points: 0n })
      .onConflictDoNothing()
      .returning({ day: loyaltyPointDays.day });
    if (!mark || !settings.loyaltyPoints.enabled) return { members: 0, points: 0n };
    const lines = rowsOf<EarnedLine>(
      await tx.execute(sql`
        select l.member_id, l.game_type, l.valid_bet::text as valid_bet, l.counted_bet::text as counted_bet,
               l.points::text as points
          from loyalty_points_earned(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz,
                 ${settings.currency}, ${excludedTypes}::integer[], ${JSON.stringify(ratesOf(settings))}::jsonb,
                 ${(100n * 10n ** BigInt(settings.currencyPrecision)).toString()}::bigint,
                 ${REFERENCE_EDGE_BP}::integer, ${Math.round(settings.agentWages.undeclaredEdge * 100)}::integer) l`),
    );
    const byMember = new Map<number, EarnedLine[]>();
    for (const line of lines) {
      const memberId = Number(line.member_id);
      byMember.set(memberId, [...(byMember.get(memberId) ?? []), line]);
    }
    let total = 0n;
    for (const [memberId, memberLines] of byMember) {
      const points = memberLines.reduce((sum, line) => sum + BigInt(line.points), 0n);
      await postPoints(tx, {
        kind: 'earn',
        idempotencyKey: `earn:${memberId}:${day}`,
        legs: [
          { address: ISSUED, amount: -points },
          { address: pointsAddressOf(memberId), amount: points },
        ],
        request: { day, points: points.toString() },
        remark: day,
        metadata: {
          memberId: String(memberId),
          day,
          lines: memberLines.map((line) => ({
            gameType: line.game_type,
            validBet: line.valid_bet,
            countedBet: line.counted_bet,
            points: line.points,
          })),
        },
      });
      total += points;
    }
    await tx
      .update(loyaltyPointDays)
      .set({ members: byMember.size, points: total })
      .where(sql`${loyaltyPointDays.day} = ${day}`);
    return { members: byMember.size, points: total };
  });
}

/** The job's run: every brand day due, oldest first. `now` (ms) defaults to the database's clock. */
export async function creditPoints(
  db: Database,
  settings: LoyaltySettings,
  options: { now?: number } = {},
): Promise<{ days: string[]; members: number; points: string }> {
  const now =
    options.now ??
    Number(
      rowsOf<{ now: string }>(
        await db.execute(sql`select (extract(epoch from now()) * 1000)::bigint::text as now`),
      )[0]!.now,
    );
  const days = await dueDays(db, settings, now);
  let members = 0;
  let points = 0n;
  for (const day of days) {
    const credited = await creditDay(db, settings, day);
    members += credited.members;
    points += credited.points;
  }
  return { days, members, points: points.toString() };
}
