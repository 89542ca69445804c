import { desc, eq, sql } from 'drizzle-orm';
import {
  REFERENCE_EDGE_BP,
  gameCategorySchema,
  isAgentType,
  type RebateClaim,
  type RebateLine,
  type RebateValue,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { systemAddress } from '../ledger/ledger.addresses.ts';
import { getOrOpenMemberWallet, openSystemAccounts, postEntry, rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { rebateClaims, type RebateClaimLine } from './promotions.tables.ts';

/**
 * The manual rebate (issue 39; docs/promotions.md "Manual rebate"): a member claims, per game
 * category, a rate of their edge-weighted valid betting since the last claim, paid as cash to the
 * main wallet in one journal entry (kind bonus, from the platform account). The rounds counted are
 * those settled from the last claim's end (else the account's opening; never before the brand's
 * `rebate.countFrom`) up to `countDelaySeconds` ago; the claim's row with its period is written in the same transaction as the entry, and the
 * unique (member, period start) lets only one of two simultaneous claims pay.
 */

type RebateSettings = Pick<
  SiteSettings,
  'currency' | 'currencyPrecision' | 'features' | 'rebate' | 'agentWages'
>;

export interface RebateMember {
  memberId: number;
  /** The session's account type: agents earn wages, not rebates. */
  type: number;
}

/** The rates of the settings as basis points per category ({"RNG": 50}); zero rates left out. */
function ratesBp(settings: RebateSettings): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const [category, percent] of Object.entries(settings.rebate.rates)) {
    const bp = Math.round((percent ?? 0) * 100);
    if (bp > 0) rates[category] = bp;
  }
  return rates;
}

const percentText = (bp: number) => String(bp / 100);

function checkAllowed(settings: RebateSettings, member: RebateMember) {
  if (!settings.features.manualRebate || isAgentType(member.type)) throw new AppError('FEATURE_DISABLED');
}

interface LineRow {
  game_type: string;
  valid_bet: string;
  counted_bet: string;
  rate_bp: number;
  amount: string;
}

/** The period a claim now would count, by the database's clock, and its lines. */
async function countNow(db: Database, settings: RebateSettings, memberId: number) {
  const [bounds] = rowsOf<{ from: string; to: string }>(
    await db.execute(sql`
      select to_json(greatest(coalesce(
               (select c.period_to from rebate_claims c where c.member_id = ${memberId}
                 order by c.period_from desc limit 1),
               (select m.created_at from accounts_members m where m.id = ${memberId})),
               ${settings.rebate.countFrom}::timestamptz)) #>> '{}' as "from",
             to_json(now() - make_interval(secs => ${settings.rebate.countDelaySeconds})) #>> '{}' as "to"`),
  );
  if (!bounds?.from) throw new AppError('NOT_FOUND');
  const from = new Date(bounds.from);
  const to = new Date(bounds.to);
  const rows =
    to > from
      ? rowsOf<LineRow>(
          await db.execute(sql`
            select l.game_type, l.valid_bet::text, l.counted_bet::text, l.rate_bp, l.amount::text
              from promotions_rebate_lines(${memberId}::integer, ${bounds.from}::timestamptz, ${bounds.to}::timestamptz,
                     ${settings.currency}, ${JSON.stringify(ratesBp(settings))}::jsonb,
                     ${REFERENCE_EDGE_BP}::integer, ${Math.round(settings.agentWages.undeclaredEdge * 100)}::integer) l`),
        )
      : [];
  const lines: RebateClaimLine[] = rows
    .filter((row) => gameCategorySchema.safeParse(row.game_type).success)
    .map((row) => ({
      gameType: row.game_type,
      validBet: row.valid_bet,
      countedBet: row.counted_bet,
      rateBp: row.rate_bp,
      amount: row.amount,
    }));
  const total = lines.reduce((sum, line) => sum + BigInt(line.amount), 0n);
  return { from, to: to > from ? to : from, lines, total };
}

function lineOut(line: RebateClaimLine, precision: number): RebateLine {
  return {
    gameType: gameCategorySchema.parse(line.gameType),
    validBet: formatAmount(BigInt(line.validBet), precision),
    countedBet: formatAmount(BigInt(line.countedBet), precision),
    rate: percentText(line.rateBp),
    amount: formatAmount(BigInt(line.amount), precision),
  };
}

function claimOut(row: typeof rebateClaims.$inferSelect, precision: number): RebateClaim {
  return {
    id: row.id,
    claimedAt: row.createdAt.getTime(),
    from: row.periodFrom.getTime(),
    to: row.periodTo.getTime(),
    amount: formatAmount(row.amount, precision),
    lines: row.lines.map((line) => lineOut(line, precision)),
  };
}

/** What the manualRebate page shows: a claim now, the rates, the last ten claims. */
export async function readRebate(
  db: Database,
  settings: RebateSettings,
  member: RebateMember,
): Promise<RebateValue> {
  checkAllowed(settings, member);
  const precision = settings.currencyPrecision;
  const now = await countNow(db, settings, member.memberId);
  const claims = await db
    .select()
    .from(rebateClaims)
    .where(eq(rebateClaims.memberId, member.memberId))
    .orderBy(desc(rebateClaims.periodFrom))
    .limit(10);
  return {
    from: now.from.getTime(),
    to: now.to.getTime(),
    delaySeconds: settings.rebate.countDelaySeconds,
    lines: now.lines.map((line) => lineOut(line, precision)),
    total: formatAmount(now.total, precision),
    minimum: formatAmount(minimumOf(settings), precision),
    rates: Object.entries(ratesBp(settings)).map(([gameType, bp]) => ({
      gameType: gameCategorySchema.parse(gameType),
      rate: percentText(bp),
    })),
    claims: claims.map((row) => claimOut(row, precision)),
  };
}

function minimumOf(settings: RebateSettings): bigint {
  return parseAmount(settings.rebate.minimumClaim, { precision: settings.currencyPrecision });
}

/**
 * Pays the rebate counted now, or refuses with nothing moved: FEATURE_DISABLED (off, or an agent),
 * REBATE_BELOW_MINIMUM (`value.total`, `value.minimum`), REBATE_CLAIM_IN_PROGRESS (another claim of
 * the same period got there first).
 */
export async function claimRebate(
  db: Database,
  settings: RebateSettings,
  member: RebateMember,
): Promise<RebateClaim> {
  checkAllowed(settings, member);
  const precision = settings.currencyPrecision;
  const minimum = minimumOf(settings);
  const claim = await db.transaction(async (tx) => {
    const now = await countNow(tx, settings, member.memberId);
    if (now.total < minimum || now.total <= 0n) {
      throw new AppError('REBATE_BELOW_MINIMUM', {
        value: { total: formatAmount(now.total, precision), minimum: formatAmount(minimum, precision) },
      });
    }
    // The period's key first: a second claim of the same period waits here for the first to commit,
    // then finds its row and pays nothing.
    const [row] = await tx
      .insert(rebateClaims)
      .values({
        memberId: member.memberId,
        currency: settings.currency,
        periodFrom: now.from,
        periodTo: now.to,
        amount: now.total,
        lines: now.lines,
      })
      .onConflictDoNothing({ target: [rebateClaims.memberId, rebateClaims.periodFrom] })
      .returning();
    if (!row) throw new AppError('REBATE_CLAIM_IN_PROGRESS');
    await openSystemAccounts(tx, { currency: settings.currency, precision });
    const wallet = await getOrOpenMemberWallet(tx, {
      memberId: member.memberId,
      kind: 'main',
      currency: settings.currency,
      precision,
    });
    const posted = await postEntry(tx, {
      kind: 'bonus',
      idempotencyKey: `rebate:${row.id}`,
      postings: [
        { address: systemAddress('platform', settings.currency), amount: -now.total },
        { address: wallet.address, amount: now.total },
      ],
      metadata: {
        reason: 'manual rebate',
        promotion: 'rebate',
        claimId: row.id,
        from: now.from.toISOString(),
        to: now.to.toISOString(),
      },
      request: { memberId: member.memberId, claimId: row.id },
    });
    const [paid] = await tx
      .update(rebateClaims)
      .set({ entryId: posted.entryId })
      .where(eq(rebateClaims.id, row.id))
      .returning();
    return paid!;
  });
  walletChanged(db, member.memberId);
  return claimOut(claim, precision);
}

/**
 * The back office's list of rebate claims (Money → Rebates): the last `days` days, newest first,
 * at most 200 rows, with the count and sum of every claim of the period (and member).
 */
export async function listRebateClaims(
  db: Database,
  money: Pick<SiteSettings, 'currencyPrecision'>,
  query: { days: number; username?: string | undefined },
) {
  const since = sql`now() - make_interval(days => ${query.days})`;
  const member = query.username === undefined ? sql`true` : sql`m.account = ${query.username}`;
  const rows = rowsOf<{
    id: number;
    username: string;
    claimed_at: string;
    period_from: string;
    period_to: string;
    amount: string;
    entry_id: number | null;
  }>(
    await db.execute(sql`
      select c.id::integer as id, m.account as username, to_json(c.created_at) #>> '{}' as claimed_at,
             to_json(c.period_from) #>> '{}' as period_from, to_json(c.period_to) #>> '{}' as period_to,
             c.amount::text as amount, c.entry_id::integer as entry_id
        from rebate_claims c join accounts_members m on m.id = c.member_id
       where c.created_at >= ${since} and ${member}
       order by c.created_at desc, c.id desc
       limit 200`),
  );
  const [sums] = rowsOf<{ count: number; total: string }>(
    await db.execute(sql`
      select count(*)::integer as count, coalesce(sum(c.amount), 0)::text as total
        from rebate_claims c join accounts_members m on m.id = c.member_id
       where c.created_at >= ${since} and ${member}`),
  );
  const precision = money.currencyPrecision;
  return {
    items: rows.map((row) => ({
      id: row.id,
      username: row.username,
      claimedAt: new Date(row.claimed_at).getTime(),
      from: new Date(row.period_from).getTime(),
      to: new Date(row.period_to).getTime(),
      amount: formatAmount(BigInt(row.amount), precision),
      entryId: row.entry_id,
    })),
    count: sums?.count ?? 0,
    total: formatAmount(BigInt(sums?.total ?? '0'), precision),
  };
}
