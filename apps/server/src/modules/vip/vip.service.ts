import { asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  accountTypes,
  agentTypes,
  VIP_REWARD_MAX_BP_OF_TURNOVER,
  VIP_SERVICE_FROM_LEVEL,
  type FieldIssue,
  type VipAdminValue,
  type VipProgress,
  type VipTableInput,
} from '@khela/contract';
import { addDays, dayKey, startOfDayKey } from '@khela/contract/business-day';
import { amountOrNull, formatAmount } from '@khela/contract/money';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { operatorOf } from '../accounts/authorize.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { nowOf, smallestWageringMultiple, type BonusSettings } from '../promotions/bonus.service.ts';
import { offerRankReward } from '../promotions/rank-rewards.service.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { vipConfig, vipLevels, vipMemberRanks, vipRankChanges } from './vip.tables.ts';

/**
 * VIP ranks (issue 40 item 1; docs/vip.md).
 *
 * A member's **qualifying figures** are their settled turnover and approved deposits over a rolling
 * period of `periodDays` brand days (the brand's `timeZone`); the level they reach is the highest
 * whose turnover and deposit thresholds both are met. **Upgrades happen at once**: when the member's
 * info or rank is read, after a deposit is credited (in its transaction) and within a minute of a
 * settled round (the `vip-ranks` job). **Downgrades happen only at the review**, at the start of the
 * brand day `periodDays` days after the level was reached (or last reviewed): the level becomes the
 * one the last `periodDays` full brand days hold, lower, equal or higher. Each change is one row of
 * `vip_rank_changes`; each level reached for the first time puts its reward into the reward centre
 * (once per member and level, ever).
 */

export type VipSettings = BonusSettings & Pick<SiteSettings, 'currencySymbol'>;

interface Level {
  level: number;
  name: string;
  turnover: bigint;
  deposits: bigint;
  reward: bigint;
  wageringMultiple: number;
  dailyWithdrawalLimit: bigint | null;
}

interface Table {
  periodDays: number;
  levels: Level[];
  updatedBy: string | null;
  updatedAt: number | null;
}

interface Figures {
  turnover: bigint;
  deposits: bigint;
}

/** The period when no table was ever saved; with no levels everyone is at level 0. */
const DEFAULT_PERIOD_DAYS = 30;

/** A round's settlement or a deposit's credit may still be committing when the job looks: it looks back this far. */
const SCAN_OVERLAP_MS = 5 * 60_000;

/** Reviews done by one run of the job at most (the next run goes on). */
const REVIEW_BATCH = 500;

/** Agents earn wages; trial accounts play with demo funds: neither holds a rank. */
const excludedTypes = `{${[...agentTypes, accountTypes.trial].join(',')}}`;

function isRanked(type: number): boolean {
  return !(agentTypes as readonly number[]).includes(type) && type !== accountTypes.trial;
}

export async function readTable(db: Database): Promise<Table> {
  const [[config], levels] = await Promise.all([
    db.select().from(vipConfig).where(eq(vipConfig.id, 1)),
    db.select().from(vipLevels).orderBy(asc(vipLevels.level)),
  ]);
  return {
    periodDays: config?.periodDays ?? DEFAULT_PERIOD_DAYS,
    levels,
    updatedBy: config?.updatedBy ?? null,
    updatedAt: config?.updatedAt?.getTime() ?? null,
  };
}

/** The highest level whose thresholds the figures both meet (thresholds rise with the level). */
export function levelFor(levels: readonly Level[], figures: Figures): number {
  let reached = 0;
  for (const level of levels) {
    if (figures.turnover >= level.turnover && figures.deposits >= level.deposits) reached = level.level;
  }
  return reached;
}

/** The start of the brand day `days` days after the one holding `instant`. */
function dayStartAfter(instant: number, days: number, timeZone: string): number {
  return startOfDayKey(addDays(dayKey(instant, timeZone), days), timeZone);
}

/** The rolling period at `now`: the last `periodDays` brand days, today included. */
function currentPeriod(table: Table, now: number, timeZone: string): { from: number; to: number } {
  return { from: dayStartAfter(now, 1 - table.periodDays, timeZone), to: now };
}

/** A review's period: the `periodDays` full brand days before the review's day. */
function reviewPeriod(table: Table, now: number, timeZone: string): { from: number; to: number } {
  return { from: dayStartAfter(now, -table.periodDays, timeZone), to: dayStartAfter(now, 0, timeZone) };
}

async function figuresOf(
  db: Database,
  settings: VipSettings,
  range: { from: number; to: number },
  options: { memberId?: number; activeSince?: number } = {},
): Promise<Map<number, Figures>> {
  const rows = rowsOf<{ member_id: number; turnover: string; deposits: string }>(
    await db.execute(sql`
      select q.member_id, q.turnover::text as turnover, q.deposits::text as deposits
        from vip_qualifying(${new Date(range.from).toISOString()}::timestamptz,
               ${new Date(range.to).toISOString()}::timestamptz, ${settings.currency},
               ${excludedTypes}::integer[], ${options.memberId ?? null}::integer,
               ${options.activeSince === undefined ? null : new Date(options.activeSince).toISOString()}::timestamptz) q`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.member_id),
      { turnover: BigInt(row.turnover), deposits: BigInt(row.deposits) },
    ]),
  );
}

/**
 * Sets a member's rank from their figures, in one transaction with the rank's row locked: an
 * `upgrade` only raises it; a `review` sets it to what the figures hold and schedules the next
 * review. A raise writes the rewards of the levels passed (each once per member, ever). Returns the
 * level held afterwards.
 */
async function applyRank(
  db: Database,
  settings: VipSettings,
  table: Table,
  input: { memberId: number; figures: Figures; reason: 'upgrade' | 'review'; now: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(vipMemberRanks).values({ memberId: input.memberId, level: 0 }).onConflictDoNothing();
    const [held] = await tx
      .select()
      .from(vipMemberRanks)
      .where(eq(vipMemberRanks.memberId, input.memberId))
      .for('update');
    const current = held?.level ?? 0;
    const target = levelFor(table.levels, input.figures);
    if (input.reason === 'upgrade') {
      if (target <= current) return current;
    } else if (held?.reviewAt && held.reviewAt.getTime() > input.now) {
      return current; // reviewed meanwhile by another run
    }
    const nextReview =
      target > 0 ? new Date(dayStartAfter(input.now, table.periodDays, settings.timeZone)) : null;
    if (target === current) {
      await tx
        .update(vipMemberRanks)
        .set({ reviewAt: nextReview })
        .where(eq(vipMemberRanks.memberId, input.memberId));
      return current;
    }
    await tx
      .update(vipMemberRanks)
      .set({ level: target, changedAt: new Date(input.now), reviewAt: nextReview })
      .where(eq(vipMemberRanks.memberId, input.memberId));
    await tx.insert(vipRankChanges).values({
      memberId: input.memberId,
      fromLevel: current,
      toLevel: target,
      // A review may raise too (the figures of its period reach higher): still a review.
      reason: input.reason,
      turnover: input.figures.turnover,
      deposits: input.figures.deposits,
      at: new Date(input.now),
    });
    for (const level of table.levels) {
      if (level.level <= current || level.level > target) continue;
      await offerRankReward(tx, settings, {
        memberId: input.memberId,
        level: level.level,
        amount: level.reward,
        wageringMultiple: level.wageringMultiple,
        now: input.now,
      });
    }
    return target;
  });
}

/** The member's rank row, or level 0 with no review. */
async function rankOf(db: Database, memberId: number) {
  const [row] = await db.select().from(vipMemberRanks).where(eq(vipMemberRanks.memberId, memberId));
  return { level: row?.level ?? 0, reviewAt: row?.reviewAt?.getTime() ?? null };
}

/**
 * Brings one member's rank up to date (an upgrade their figures reach, a review that is due) and
 * answers it with the figures of the current period.
 */
export async function refreshMemberRank(
  db: Database,
  settings: VipSettings,
  member: { memberId: number; type: number },
): Promise<{ table: Table; level: number; reviewAt: number | null; figures: Figures; periodFrom: number }> {
  const table = await readTable(db);
  const now = await nowOf(db);
  const period = currentPeriod(table, now, settings.timeZone);
  if (!isRanked(member.type) || table.levels.length === 0) {
    return {
      table,
      level: 0,
      reviewAt: null,
      figures: { turnover: 0n, deposits: 0n },
      periodFrom: period.from,
    };
  }
  const figures = (await figuresOf(db, settings, period, { memberId: member.memberId })).get(
    member.memberId,
  ) ?? {
    turnover: 0n,
    deposits: 0n,
  };
  let rank = await rankOf(db, member.memberId);
  if (rank.reviewAt !== null && rank.reviewAt <= now) {
    const reviewed = (
      await figuresOf(db, settings, reviewPeriod(table, now, settings.timeZone), {
        memberId: member.memberId,
      })
    ).get(member.memberId) ?? { turnover: 0n, deposits: 0n };
    await applyRank(db, settings, table, {
      memberId: member.memberId,
      figures: reviewed,
      reason: 'review',
      now,
    });
    rank = await rankOf(db, member.memberId);
  }
  if (levelFor(table.levels, figures) > rank.level) {
    await applyRank(db, settings, table, { memberId: member.memberId, figures, reason: 'upgrade', now });
    rank = await rankOf(db, member.memberId);
  }
  return { table, ...rank, figures, periodFrom: period.from };
}

/**
 * The daily withdrawal limit of the level a member holds now (minor units), null for none: what
 * withdrawals check a request against (handed in by app.ts; docs/vip.md "Benefits").
 */
export async function dailyWithdrawalLimitOf(db: Database, memberId: number): Promise<bigint | null> {
  const { level } = await rankOf(db, memberId);
  // A level removed from the table since: the highest level left below it.
  const [row] = await db
    .select({ limit: vipLevels.dailyWithdrawalLimit })
    .from(vipLevels)
    .where(lte(vipLevels.level, level))
    .orderBy(desc(vipLevels.level))
    .limit(1);
  return row?.limit ?? null;
}

/** The level a member holds now, as the back office's player page shows it (no upgrade check). */
export async function rankLevelOf(db: Database, memberId: number): Promise<number> {
  return (await rankOf(db, memberId)).level;
}

/** What member info shows as `clubLabel`: the level held and its name in the table. */
export async function clubLabelOf(
  db: Database,
  settings: VipSettings,
  member: { memberId: number; type: number },
): Promise<{ labelName: string; rankLevel: number }> {
  const { table, level } = await refreshMemberRank(db, settings, member);
  const name = table.levels.find((row) => row.level === level)?.name ?? `VIP${level}`;
  return { labelName: name, rankLevel: level };
}

export async function readVipProgress(
  db: Database,
  settings: VipSettings,
  member: { memberId: number; type: number },
): Promise<VipProgress> {
  const { table, level, reviewAt, figures, periodFrom } = await refreshMemberRank(db, settings, member);
  const money = (amount: bigint) => formatAmount(amount, settings.currencyPrecision);
  const held = table.levels.find((row) => row.level === level);
  const next = isRanked(member.type) ? table.levels.find((row) => row.level > level) : undefined;
  return {
    level,
    name: held?.name ?? `VIP${level}`,
    periodDays: table.periodDays,
    periodFrom,
    turnover: money(figures.turnover),
    deposits: money(figures.deposits),
    next: next
      ? { level: next.level, name: next.name, turnover: money(next.turnover), deposits: money(next.deposits) }
      : null,
    keep: { turnover: money(held?.turnover ?? 0n), deposits: money(held?.deposits ?? 0n) },
    reviewAt,
    dailyWithdrawalLimit: held?.dailyWithdrawalLimit == null ? null : money(held.dailyWithdrawalLimit),
    vipService: level >= VIP_SERVICE_FROM_LEVEL,
  };
}

/**
 * The job's run: upgrades of every member with a round settled or a deposit approved since the last
 * run (a few minutes' overlap for those still committing), then up to 500 due reviews, oldest first.
 */
export async function settleVipRanks(
  db: Database,
  settings: VipSettings,
  options: { now?: number } = {},
): Promise<{ upgraded: number; reviewed: number }> {
  const table = await readTable(db);
  const now = options.now ?? (await nowOf(db));
  if (table.levels.length === 0) return { upgraded: 0, reviewed: 0 };
  const [config] = await db
    .select({ scannedTo: vipConfig.scannedTo })
    .from(vipConfig)
    .where(eq(vipConfig.id, 1));
  const since = (config?.scannedTo?.getTime() ?? now - table.periodDays * 86_400_000) - SCAN_OVERLAP_MS;
  let upgraded = 0;
  const active = await figuresOf(db, settings, currentPeriod(table, now, settings.timeZone), {
    activeSince: since,
  });
  for (const [memberId, figures] of active) {
    const target = levelFor(table.levels, figures);
    if (target === 0) continue;
    const before = (await rankOf(db, memberId)).level;
    if (target <= before) continue;
    const after = await applyRank(db, settings, table, { memberId, figures, reason: 'upgrade', now });
    if (after > before) upgraded += 1;
  }
  await db
    .update(vipConfig)
    .set({ scannedTo: new Date(now) })
    .where(eq(vipConfig.id, 1));

  let reviewed = 0;
  const due = await db
    .select({ memberId: vipMemberRanks.memberId })
    .from(vipMemberRanks)
    .where(lte(vipMemberRanks.reviewAt, new Date(now)))
    .orderBy(asc(vipMemberRanks.reviewAt))
    .limit(REVIEW_BATCH);
  if (due.length > 0) {
    const figures = await figuresOf(db, settings, reviewPeriod(table, now, settings.timeZone));
    for (const { memberId } of due) {
      await applyRank(db, settings, table, {
        memberId,
        figures: figures.get(memberId) ?? { turnover: 0n, deposits: 0n },
        reason: 'review',
        now,
      });
      reviewed += 1;
    }
  }
  return { upgraded, reviewed };
}

/**
 * A deposit was credited: the member's upgrade, in the deposit's transaction. Deposits call their
 * listeners before the order is marked approved (deposits.orders.ts creditDeposit), so this deposit
 * is not yet among the approved orders the figures read: its credited amount is added to them.
 */
export async function upgradeAfterDeposit(
  tx: Database,
  settings: VipSettings,
  deposit: { memberId: number; credited: bigint; currency: string },
): Promise<void> {
  if (deposit.currency !== settings.currency) return;
  const table = await readTable(tx);
  if (table.levels.length === 0) return;
  const [member] = rowsOf<{ type: number }>(
    await tx.execute(sql`select type from accounts_members where id = ${deposit.memberId}`),
  );
  if (!member || !isRanked(Number(member.type))) return;
  const now = await nowOf(tx);
  const counted = (
    await figuresOf(tx, settings, currentPeriod(table, now, settings.timeZone), {
      memberId: deposit.memberId,
    })
  ).get(deposit.memberId);
  const figures = {
    turnover: counted?.turnover ?? 0n,
    deposits: (counted?.deposits ?? 0n) + deposit.credited,
  };
  if (levelFor(table.levels, figures) === 0) return;
  await applyRank(tx, settings, table, { memberId: deposit.memberId, figures, reason: 'upgrade', now });
}

// ---------------------------------------------------------------------------------------------
// The back office

async function adminValue(db: Database, settings: VipSettings): Promise<VipAdminValue> {
  const table = await readTable(db);
  const money = (amount: bigint) => formatAmount(amount, settings.currencyPrecision);
  const counts = rowsOf<{ level: number; n: number }>(
    await db.execute(
      sql`select level::integer as level, count(*)::integer as n from vip_member_ranks group by level order by level`,
    ),
  );
  const smallest = smallestWageringMultiple(settings);
  return {
    periodDays: table.periodDays,
    levels: table.levels.map((level) => ({
      level: level.level,
      name: level.name,
      turnover: money(level.turnover),
      deposits: money(level.deposits),
      reward: money(level.reward),
      wageringMultiple: level.wageringMultiple,
      dailyWithdrawalLimit: level.dailyWithdrawalLimit === null ? null : money(level.dailyWithdrawalLimit),
    })),
    smallestWageringMultiple: Number.isFinite(smallest) ? smallest : null,
    currency: settings.currency,
    currencySymbol: settings.currencySymbol,
    currencyPrecision: settings.currencyPrecision,
    timeZone: settings.timeZone,
    members: counts.map((row) => ({ level: Number(row.level), count: Number(row.n) })),
    updatedBy: table.updatedBy,
    updatedAt: table.updatedAt,
  };
}

export async function readVipTableForOperator(db: Database, settings: VipSettings): Promise<VipAdminValue> {
  return adminValue(db, settings);
}

/**
 * Checks a table against the brand: levels 0, 1, 2 … in order; level 0 free (thresholds and reward
 * 0); turnover thresholds strictly increasing and deposit thresholds never decreasing; amounts at
 * the currency's precision; a reward at most 1 % of its level's turnover threshold and wagered at
 * least the bound's smallest multiple. Throws VALIDATION_FAILED with every field at fault.
 */
export function checkVipTable(settings: VipSettings, input: VipTableInput): Level[] {
  const issues: FieldIssue[] = [];
  const precision = settings.currencyPrecision;
  const smallest = smallestWageringMultiple(settings);
  const levels: Level[] = [];
  input.levels.forEach((row, index) => {
    const field = (name: string) => `levels.${index}.${name}`;
    const amount = (name: 'turnover' | 'deposits' | 'reward') => {
      const value = amountOrNull(row[name], { precision, allowZero: true });
      if (value === null) issues.push({ field: field(name), reason: `at most ${precision} decimals` });
      return value ?? 0n;
    };
    let dailyWithdrawalLimit: bigint | null = null;
    if (row.dailyWithdrawalLimit !== null) {
      dailyWithdrawalLimit = amountOrNull(row.dailyWithdrawalLimit, { precision });
      if (dailyWithdrawalLimit === null) {
        issues.push({
          field: field('dailyWithdrawalLimit'),
          reason: `above 0, at most ${precision} decimals`,
        });
      }
    }
    const level: Level = {
      level: row.level,
      name: row.name.trim(),
      turnover: amount('turnover'),
      deposits: amount('deposits'),
      reward: amount('reward'),
      wageringMultiple: row.wageringMultiple,
      dailyWithdrawalLimit,
    };
    if (row.level !== index)
      issues.push({ field: field('level'), reason: `levels go 0, 1, 2 …: expected ${index}` });
    const before = levels[index - 1];
    if (index === 0) {
      if (level.turnover !== 0n) issues.push({ field: field('turnover'), reason: 'level 0 needs nothing' });
      if (level.deposits !== 0n) issues.push({ field: field('deposits'), reason: 'level 0 needs nothing' });
      if (level.reward !== 0n) issues.push({ field: field('reward'), reason: 'level 0 has no reward' });
    } else if (before) {
      if (level.turnover <= before.turnover) {
        issues.push({ field: field('turnover'), reason: 'must be above the level before' });
      }
      if (level.deposits < before.deposits) {
        issues.push({ field: field('deposits'), reason: 'must not be below the level before' });
      }
      // A higher level never withdraws less: no limit (null) stays no limit.
      if (
        before.dailyWithdrawalLimit === null
          ? level.dailyWithdrawalLimit !== null
          : level.dailyWithdrawalLimit !== null && level.dailyWithdrawalLimit < before.dailyWithdrawalLimit
      ) {
        issues.push({ field: field('dailyWithdrawalLimit'), reason: 'must not be below the level before' });
      }
    }
    if (level.reward > 0n) {
      if (level.reward * 10_000n > level.turnover * BigInt(VIP_REWARD_MAX_BP_OF_TURNOVER)) {
        issues.push({
          field: field('reward'),
          reason: `at most ${VIP_REWARD_MAX_BP_OF_TURNOVER / 100} % of the level's turnover threshold`,
        });
      }
      if (level.wageringMultiple < smallest) {
        issues.push({
          field: field('wageringMultiple'),
          reason: Number.isFinite(smallest)
            ? `with agents' wages and the rebate, a bonus must be wagered at least ${smallest} times`
            : "agents' wages and the rebate leave nothing for a bonus",
        });
      }
    }
    levels.push(level);
  });
  const names = new Set<string>();
  levels.forEach((level, index) => {
    const key = level.name.toLowerCase();
    if (names.has(key)) issues.push({ field: `levels.${index}.name`, reason: 'names must differ' });
    names.add(key);
  });
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues });
  return levels;
}

/** Writes a checked table whole (config row and levels), in the caller's transaction. */
async function writeTable(tx: Database, table: { periodDays: number; levels: Level[]; by: string | null }) {
  await tx
    .insert(vipConfig)
    .values({ id: 1, periodDays: table.periodDays, updatedBy: table.by, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: vipConfig.id,
      set: { periodDays: table.periodDays, updatedBy: table.by, updatedAt: sql`now()` },
    });
  await tx.delete(vipLevels);
  await tx.insert(vipLevels).values(table.levels);
}

/**
 * Replaces the table, checked, in one transaction with its audit entry (before and after). Members
 * keep their levels: a raised threshold takes effect at their review, a lowered one at the next
 * upgrade check; a level removed leaves its holders at the new top level until their review.
 */
export async function saveVipTable(
  db: Database,
  request: FastifyRequest,
  settings: VipSettings,
  input: VipTableInput,
): Promise<VipAdminValue> {
  const levels = checkVipTable(settings, input);
  const operator = operatorOf(request);
  const before = await adminValue(db, settings);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vip_levels'))`);
    await writeTable(tx, { periodDays: input.periodDays, levels, by: operator.account });
    await recordOperatorChange(tx, request, {
      targetKind: 'vip-table',
      targetId: 1,
      before: { periodDays: before.periodDays, levels: before.levels },
      after: { periodDays: input.periodDays, levels: input.levels },
    });
  });
  return adminValue(db, settings);
}

/** The demo brand's table (seeded on an empty database; docs/vip.md "The demo table"). */
export async function seedVipTable(db: Database, settings: VipSettings, table: VipTableInput): Promise<void> {
  const [existing] = await db.select({ id: vipConfig.id }).from(vipConfig);
  if (existing) return;
  const levels = checkVipTable(settings, table);
  await db.transaction((tx) => writeTable(tx, { periodDays: table.periodDays, levels, by: null }));
}

/**
 * Sets a player's level by hand (docs/vip.md "An operator's change"): in one transaction with the
 * rank's row locked, a history row of reason `operator` and the audit entry with the reason. No
 * level-up reward is written (the rewards are for levels reached by playing); the review falls one
 * period on. A level the player's figures pass is reached again at the next upgrade check.
 * VALIDATION_FAILED for a level not in the table or an agent or trial account; NOT_FOUND for no such
 * player.
 */
export async function setMemberLevel(
  db: Database,
  request: FastifyRequest,
  settings: VipSettings,
  body: { username: string; level: number; reason: string },
): Promise<{ username: string; fromLevel: number; toLevel: number; reviewAt: number | null }> {
  const table = await readTable(db);
  const [member] = rowsOf<{ id: number; account: string; type: number }>(
    await db.execute(sql`select id, account, type from accounts_members where account = ${body.username}`),
  );
  if (!member) throw new AppError('NOT_FOUND', { issues: [{ field: 'username', reason: 'no such player' }] });
  if (!isRanked(Number(member.type))) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'username', reason: 'agents and trial accounts hold no rank' }],
    });
  }
  if (!table.levels.some((level) => level.level === body.level)) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'level', reason: 'not a level of the table' }],
    });
  }
  const memberId = Number(member.id);
  const now = await nowOf(db);
  const figures = (
    await figuresOf(db, settings, currentPeriod(table, now, settings.timeZone), { memberId })
  ).get(memberId) ?? { turnover: 0n, deposits: 0n };
  return db.transaction(async (tx) => {
    await tx.insert(vipMemberRanks).values({ memberId, level: 0 }).onConflictDoNothing();
    const [held] = await tx
      .select()
      .from(vipMemberRanks)
      .where(eq(vipMemberRanks.memberId, memberId))
      .for('update');
    const fromLevel = held?.level ?? 0;
    const reviewAt =
      body.level > 0 ? new Date(dayStartAfter(now, table.periodDays, settings.timeZone)) : null;
    if (fromLevel !== body.level) {
      await tx
        .update(vipMemberRanks)
        .set({ level: body.level, changedAt: new Date(now), reviewAt })
        .where(eq(vipMemberRanks.memberId, memberId));
      await tx.insert(vipRankChanges).values({
        memberId,
        fromLevel,
        toLevel: body.level,
        reason: 'operator',
        turnover: figures.turnover,
        deposits: figures.deposits,
        at: new Date(now),
      });
    }
    await recordOperatorChange(tx, request, {
      targetKind: 'member',
      targetId: memberId,
      before: { rankLevel: fromLevel },
      after: { rankLevel: body.level },
      reason: body.reason,
    });
    return {
      username: String(member.account),
      fromLevel,
      toLevel: body.level,
      reviewAt:
        fromLevel !== body.level ? (reviewAt?.getTime() ?? null) : (held?.reviewAt?.getTime() ?? null),
    };
  });
}
