import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  BonusClaimRow,
  BonusKind,
  BonusPageStatus,
  BonusRule,
  BonusRuleFigures,
  BonusState,
  OperatorBonusPromotion,
  OperatorPromotion,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { operatorOf } from '../accounts/authorize.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { listAllPromotions } from '../content/content-admin.service.ts';
import { promotionExists } from '../content/content.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { checkRule, saveRule, smallestWageringMultiple, type BonusSettings } from './bonus.service.ts';
import { promotionRules } from './promotions.tables.ts';
import { raffles } from './raffle.tables.ts';

/**
 * The back office's bonus promotions (issue 39 item 4; docs/back-office-promotions.md): every
 * promotion page with its rule and what its claims cost and paid; saving, pausing and removing a
 * rule, each audited with its before and after in the transaction of the change; the claims list.
 * A referral promotion's figures add its rewards (member_rewards) by state; the rewards' own list is
 * referral-admin.service.ts.
 *
 * The pages are content's (titles and dates through content's service); the rules and claims are
 * this module's; bonus wallets' balances come from the ledger's published view `ledger_wallets`,
 * members' names from `accounts_members`.
 */

export type BonusAdminSettings = BonusSettings & Pick<SiteSettings, 'currencySymbol' | 'defaultLanguage'>;

type RuleRow = typeof promotionRules.$inferSelect;

function major(settings: Pick<SiteSettings, 'currencyPrecision'>, minor: string | bigint): string {
  return formatAmount(BigInt(minor), settings.currencyPrecision);
}

function msOf(text: string | null): number | null {
  return text === null ? null : new Date(text).getTime();
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The page's title in English, else the brand's default language, else any. */
function titleOf(page: OperatorPromotion, defaultLanguage: string): string {
  const texts = page.texts as Partial<Record<string, { title: string }>>;
  const title =
    texts.EN?.title ||
    texts[defaultLanguage]?.title ||
    Object.values(texts).find((text) => text?.title)?.title;
  return title || `#${page.id}`;
}

/** Where the page stands now: a page switched off is hidden whatever its dates. */
function pageStatusOf(page: OperatorPromotion, now: number): BonusPageStatus {
  if (!page.enabled) return 'hidden';
  if (page.startsAt !== null && page.startsAt > now) return 'coming_soon';
  if (page.endsAt !== null && page.endsAt <= now) return 'ended';
  return 'running';
}

async function pagesById(db: Database): Promise<Map<number, OperatorPromotion>> {
  return new Map((await listAllPromotions(db)).map((page) => [page.id, page]));
}

/** A promotion's title by id, as the lists show it (`#id` for a deleted page). */
export async function promotionTitles(
  db: Database,
  settings: Pick<SiteSettings, 'defaultLanguage'>,
): Promise<(id: number) => string> {
  const pages = await pagesById(db);
  return (id) => {
    const page = pages.get(id);
    return page ? titleOf(page, settings.defaultLanguage) : `#${id}`;
  };
}

/**
 * A reward's state as the back office shows it (`r`: member_rewards): a waiting reward past its
 * time is expired (referral.service marks it so only when its member next looks; nothing moves).
 */
export const shownRewardState = sql`(case when r.state = 'waiting' and r.expires_at <= now() then 'expired' else r.state end)`;

// ---------------------------------------------------------------------------------------------
// The list of promotions with their rules and figures

interface FigureRow {
  promotion_id: number;
  claims: number;
  waiting: number;
  granted_count: number;
  granted_amount: string;
  active_count: number;
  active_amount: string;
  converted_count: number;
  converted_amount: string;
  forfeited_count: number;
  forfeited_amount: string;
  expired_count: number;
  expired_amount: string;
  lost: number;
  lapsed: number;
}

interface RewardFigureRow {
  promotion_id: number;
  waiting_count: number;
  waiting_amount: string;
  claimed_count: number;
  claimed_amount: string;
  expired_count: number;
  expired_amount: string;
}

/**
 * Every promotion's claims in one statement: counts per state, the bonuses credited, what the active
 * ones' bonus wallets hold now (one open bonus per member, so the member's bonus wallet is that
 * bonus's), what conversions moved to cash and forfeits and expiries moved back.
 */
async function figuresByPromotion(db: Database): Promise<Map<number, FigureRow>> {
  const rows = rowsOf<FigureRow>(
    await db.execute(sql`
      select c.promotion_id::integer as promotion_id,
             count(*)::integer as claims,
             count(*) filter (where c.state = 'waiting')::integer as waiting,
             count(*) filter (where c.grant_entry_id is not null)::integer as granted_count,
             coalesce(sum(c.amount), 0)::text as granted_amount,
             count(*) filter (where c.state = 'active')::integer as active_count,
             coalesce(sum(w.balance) filter (where c.state = 'active'), 0)::text as active_amount,
             count(*) filter (where c.state = 'converted')::integer as converted_count,
             coalesce(sum(c.end_amount) filter (where c.state = 'converted'), 0)::text as converted_amount,
             count(*) filter (where c.state = 'forfeited')::integer as forfeited_count,
             coalesce(sum(c.end_amount) filter (where c.state = 'forfeited'), 0)::text as forfeited_amount,
             count(*) filter (where c.state = 'expired')::integer as expired_count,
             coalesce(sum(c.end_amount) filter (where c.state = 'expired'), 0)::text as expired_amount,
             count(*) filter (where c.state = 'lost')::integer as lost,
             count(*) filter (where c.state = 'lapsed')::integer as lapsed
        from bonus_claims c
        left join ledger_wallets w
          on c.state = 'active' and w.address = 'member:' || c.member_id || ':bonus'
       -- promotion 0: VIP level-up rewards claimed (docs/vip.md), no page of the list
       where c.promotion_id <> 0
       group by c.promotion_id`),
  );
  return new Map(rows.map((row) => [Number(row.promotion_id), row]));
}

/**
 * Every referral promotion's rewards in one statement (member_rewards): waiting in the reward
 * centres, claimed (each became a bonus claim, counted above too), expired; count and sum of each.
 */
async function rewardFiguresByPromotion(db: Database): Promise<Map<number, RewardFigureRow>> {
  const rows = rowsOf<RewardFigureRow>(
    await db.execute(sql`
      select r.promotion_id::integer as promotion_id,
             count(*) filter (where ${shownRewardState} = 'waiting')::integer as waiting_count,
             coalesce(sum(r.amount) filter (where ${shownRewardState} = 'waiting'), 0)::text as waiting_amount,
             count(*) filter (where ${shownRewardState} = 'claimed')::integer as claimed_count,
             coalesce(sum(r.amount) filter (where ${shownRewardState} = 'claimed'), 0)::text as claimed_amount,
             count(*) filter (where ${shownRewardState} = 'expired')::integer as expired_count,
             coalesce(sum(r.amount) filter (where ${shownRewardState} = 'expired'), 0)::text as expired_amount
        from member_rewards r
       where r.promotion_id <> 0
       group by r.promotion_id`),
  );
  return new Map(rows.map((row) => [Number(row.promotion_id), row]));
}

function figuresOut(
  settings: BonusAdminSettings,
  row: FigureRow | undefined,
  rewards: RewardFigureRow | undefined,
): BonusRuleFigures {
  const pair = (count: number | undefined, amount: string | undefined) => ({
    count: Number(count ?? 0),
    amount: major(settings, amount ?? '0'),
  });
  return {
    claims: Number(row?.claims ?? 0),
    waiting: Number(row?.waiting ?? 0),
    granted: pair(row?.granted_count, row?.granted_amount),
    active: pair(row?.active_count, row?.active_amount),
    converted: pair(row?.converted_count, row?.converted_amount),
    forfeited: pair(row?.forfeited_count, row?.forfeited_amount),
    expired: pair(row?.expired_count, row?.expired_amount),
    lost: Number(row?.lost ?? 0),
    lapsed: Number(row?.lapsed ?? 0),
    rewards: {
      waiting: pair(rewards?.waiting_count, rewards?.waiting_amount),
      claimed: pair(rewards?.claimed_count, rewards?.claimed_amount),
      expired: pair(rewards?.expired_count, rewards?.expired_amount),
    },
  };
}

/** The bound's smallest multiple; null when wages and the rebate leave nothing for bonuses. */
export function smallestMultipleOrNull(settings: BonusSettings): number | null {
  const smallest = smallestWageringMultiple(settings);
  return Number.isFinite(smallest) ? smallest : null;
}

/**
 * Every promotion page (in content's order) with its rule or none, then any rule or claims whose
 * page was deleted; each with its claims' figures (and its referral rewards').
 */
export async function listBonusPromotions(db: Database, settings: BonusAdminSettings) {
  const [pages, rules, figures, rewardFigures] = await Promise.all([
    pagesById(db),
    db.select().from(promotionRules),
    figuresByPromotion(db),
    rewardFiguresByPromotion(db),
  ]);
  const rulesById = new Map(rules.map((rule) => [rule.promotionId, rule]));
  const now = Date.now();
  const promotions: OperatorBonusPromotion[] = [];
  const ruleFields = (id: number) => {
    const rule = rulesById.get(id);
    return {
      rule: rule?.rule ?? null,
      paused: rule?.paused ?? false,
      updatedBy: rule?.updatedBy ?? null,
      updatedAt: rule?.updatedAt.getTime() ?? null,
      figures: figuresOut(settings, figures.get(id), rewardFigures.get(id)),
    };
  };
  for (const page of pages.values()) {
    promotions.push({
      promotionId: page.id,
      title: titleOf(page, settings.defaultLanguage),
      type: page.type,
      action: page.action,
      startsAt: page.startsAt,
      endsAt: page.endsAt,
      pageStatus: pageStatusOf(page, now),
      ...ruleFields(page.id),
    });
  }
  const orphans = [...new Set([...rulesById.keys(), ...figures.keys(), ...rewardFigures.keys()])]
    .filter((id) => !pages.has(id))
    .sort((a, b) => a - b);
  for (const id of orphans) {
    promotions.push({
      promotionId: id,
      title: `#${id}`,
      type: null,
      action: null,
      startsAt: null,
      endsAt: null,
      pageStatus: 'deleted',
      ...ruleFields(id),
    });
  }
  return {
    currency: settings.currency,
    currencySymbol: settings.currencySymbol,
    currencyPrecision: settings.currencyPrecision,
    smallestWageringMultiple: smallestMultipleOrNull(settings),
    promotions,
  };
}

// ---------------------------------------------------------------------------------------------
// Changes

function byOf(request: FastifyRequest): string {
  const operator = operatorOf(request);
  return `${operator.account}#${operator.operatorId}`;
}

/** What the audit keeps of a rule's row. */
function ruleState(row: RuleRow | undefined | null) {
  return row ? { rule: row.rule, paused: row.paused } : null;
}

function noRule(): AppError {
  return new AppError('NOT_FOUND', {
    issues: [{ field: 'promotionId', reason: 'this promotion gives no bonus' }],
  });
}

async function lockedRule(tx: Database, promotionId: number): Promise<RuleRow | undefined> {
  const [row] = await tx
    .select()
    .from(promotionRules)
    .where(eq(promotionRules.promotionId, promotionId))
    .for('update');
  return row;
}

/**
 * Creates or replaces a promotion page's rule. Bonuses already claimed keep the rule they were
 * claimed under (bonus_claims copies it), so a change applies to new claims only. A raffle's page
 * is refused (CONFLICT).
 */
export async function saveBonusRule(
  db: Database,
  request: FastifyRequest,
  settings: BonusSettings,
  input: { promotionId: number; rule: BonusRule; paused: boolean },
): Promise<{ promotionId: number; rule: BonusRule; paused: boolean }> {
  if (!(await promotionExists(db, input.promotionId))) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'promotionId', reason: 'no such promotion page' }] });
  }
  const rule = checkRule(settings, input.rule);
  const by = byOf(request);
  return db.transaction(async (tx) => {
    const before = await lockedRule(tx, input.promotionId);
    // A raffle's page takes no bonus rule (one economy per page, as the raffle's create refuses a
    // bonus page).
    const [raffle] = await tx
      .select({ id: raffles.id })
      .from(raffles)
      .where(eq(raffles.promotionId, input.promotionId));
    if (raffle) {
      throw new AppError('CONFLICT', { issues: [{ field: 'promotionId', reason: 'the page has a raffle' }] });
    }
    const saved = await saveRule(tx, settings, {
      promotionId: input.promotionId,
      rule,
      paused: input.paused,
      by,
    });
    await recordOperatorChange(tx, request, {
      action: before ? 'bonusRule.update' : 'bonusRule.create',
      targetKind: 'promotion_rule',
      targetId: input.promotionId,
      before: ruleState(before),
      after: { rule: saved, paused: input.paused },
    });
    return { promotionId: input.promotionId, rule: saved, paused: input.paused };
  });
}

/** Pauses or resumes new claims; bonuses already given go on. */
export async function pauseBonusRule(
  db: Database,
  request: FastifyRequest,
  input: { promotionId: number; paused: boolean },
): Promise<{ promotionId: number; paused: boolean }> {
  const by = byOf(request);
  return db.transaction(async (tx) => {
    const before = await lockedRule(tx, input.promotionId);
    if (!before) throw noRule();
    await tx
      .update(promotionRules)
      .set({ paused: input.paused, updatedBy: by, updatedAt: sql`now()` })
      .where(eq(promotionRules.promotionId, input.promotionId));
    await recordOperatorChange(tx, request, {
      action: input.paused ? 'bonusRule.pause' : 'bonusRule.resume',
      targetKind: 'promotion_rule',
      targetId: input.promotionId,
      before: { paused: before.paused },
      after: { paused: input.paused },
    });
    return { promotionId: input.promotionId, paused: input.paused };
  });
}

/**
 * Removes a rule: the page then gives no bonus. Refused (CONFLICT) while a bonus of it is waiting
 * or active, so that no member is left holding a bonus of a promotion the back office no longer
 * shows as one; pause it and remove it once they ended. (Claims of a rule with a claim limit take
 * the rule's row lock, so they wait for this one; an unlimited rule's claim that read the rule just
 * before may still be written, under the rule it copied.)
 */
export async function removeBonusRule(
  db: Database,
  request: FastifyRequest,
  input: { promotionId: number },
): Promise<{ promotionId: number }> {
  return db.transaction(async (tx) => {
    const before = await lockedRule(tx, input.promotionId);
    if (!before) throw noRule();
    const [open] = rowsOf<{ open: number }>(
      await tx.execute(sql`
        select count(*)::integer as open from bonus_claims
         where promotion_id = ${input.promotionId} and state in ('waiting', 'active')`),
    );
    const count = Number(open?.open ?? 0);
    if (count > 0) {
      throw new AppError('CONFLICT', {
        issues: [
          {
            field: 'promotionId',
            reason: `${count} bonus${count === 1 ? ' is' : 'es are'} still waiting or active: pause the promotion and remove its rule once they have ended`,
          },
        ],
        value: { open: count },
      });
    }
    await tx.delete(promotionRules).where(eq(promotionRules.promotionId, input.promotionId));
    await recordOperatorChange(tx, request, {
      action: 'bonusRule.remove',
      targetKind: 'promotion_rule',
      targetId: input.promotionId,
      before: ruleState(before),
      after: null,
    });
    return { promotionId: input.promotionId };
  });
}

// ---------------------------------------------------------------------------------------------
// Claims

export interface BonusClaimsQuery {
  promotionId?: number | undefined;
  state?: BonusState | undefined;
  username?: string | undefined;
  days: number;
}

interface ClaimSqlRow {
  id: number;
  promotion_id: number;
  username: string;
  kind: BonusKind;
  state: BonusState;
  amount: string;
  wagering_required: string;
  wagering_done: string | null;
  balance: string | null;
  max_bet: string;
  claimed_at: string;
  activated_at: string | null;
  expires_at: string | null;
  ended_at: string | null;
  end_amount: string | null;
  deposit_order_id: number | null;
  grant_entry_id: string | null;
  end_entry_id: string | null;
}

/**
 * The claims of the last `days` days (by claim time), newest first, at most 200, with the count
 * and sums of every claim the filters match.
 */
export async function listBonusClaims(db: Database, settings: BonusAdminSettings, query: BonusClaimsQuery) {
  const filters: SQL[] = [sql`c.claimed_at >= now() - make_interval(days => ${query.days})`];
  if (query.promotionId !== undefined) filters.push(sql`c.promotion_id = ${query.promotionId}`);
  if (query.state !== undefined) filters.push(sql`c.state = ${query.state}`);
  if (query.username !== undefined) filters.push(sql`m.account = ${query.username}`);
  const where = sql.join(filters, sql` and `);
  const from = sql`
    from bonus_claims c
    join accounts_members m on m.id = c.member_id
    left join ledger_wallets w on c.state = 'active' and w.address = 'member:' || c.member_id || ':bonus'`;
  const [rows, sums, claimed, rules, titleOfId] = await Promise.all([
    db.execute(sql`
      select c.id::integer as id, c.promotion_id::integer as promotion_id, m.account as username,
             c.rule ->> 'kind' as kind, c.state, c.amount::text as amount,
             c.wagering_required::text as wagering_required, c.wagering_done::text as wagering_done,
             case when c.state = 'active' then coalesce(w.balance, 0)::text end as balance,
             c.max_bet::text as max_bet,
             to_json(c.claimed_at) #>> '{}' as claimed_at, to_json(c.activated_at) #>> '{}' as activated_at,
             case when c.state in ('waiting', 'active') then to_json(c.expires_at) #>> '{}' end as expires_at,
             to_json(c.ended_at) #>> '{}' as ended_at, c.end_amount::text as end_amount,
             c.deposit_order_id as deposit_order_id,
             c.grant_entry_id::text as grant_entry_id, c.end_entry_id::text as end_entry_id
        ${from}
       where ${where}
       order by c.claimed_at desc, c.id desc
       limit 200`),
    db.execute(sql`
      select count(*)::integer as count, coalesce(sum(c.amount), 0)::text as granted,
             coalesce(sum(w.balance) filter (where c.state = 'active'), 0)::text as outstanding,
             coalesce(sum(c.end_amount) filter (where c.state = 'converted'), 0)::text as converted,
             coalesce(sum(c.end_amount) filter (where c.state in ('forfeited', 'expired')), 0)::text as returned
        ${from}
       where ${where}`),
    db.execute(sql`select distinct promotion_id::integer as promotion_id from bonus_claims`),
    db.select({ promotionId: promotionRules.promotionId }).from(promotionRules),
    promotionTitles(db, settings),
  ]);
  const items: BonusClaimRow[] = rowsOf<ClaimSqlRow>(rows).map((row) => ({
    id: Number(row.id),
    promotionId: Number(row.promotion_id),
    title: titleOfId(Number(row.promotion_id)),
    username: row.username,
    kind: row.kind,
    state: row.state,
    amount: major(settings, row.amount),
    wageringRequired: major(settings, row.wagering_required),
    wageringDone: row.wagering_done === null ? null : major(settings, row.wagering_done),
    balance: row.balance === null ? null : major(settings, row.balance),
    maxBet: major(settings, row.max_bet),
    claimedAt: msOf(row.claimed_at)!,
    activatedAt: msOf(row.activated_at),
    expiresAt: msOf(row.expires_at),
    endedAt: msOf(row.ended_at),
    endAmount: row.end_amount === null ? null : major(settings, row.end_amount),
    depositOrderId: row.deposit_order_id === null ? null : Number(row.deposit_order_id),
    grantEntryId: row.grant_entry_id === null ? null : Number(row.grant_entry_id),
    endEntryId: row.end_entry_id === null ? null : Number(row.end_entry_id),
  }));
  const [sum] = rowsOf<{
    count: number;
    granted: string;
    outstanding: string;
    converted: string;
    returned: string;
  }>(sums);
  const ids = new Set([
    ...rowsOf<{ promotion_id: number }>(claimed).map((row) => Number(row.promotion_id)),
    ...rules.map((rule) => rule.promotionId),
  ]);
  return {
    items,
    count: Number(sum?.count ?? 0),
    granted: major(settings, sum?.granted ?? '0'),
    outstanding: major(settings, sum?.outstanding ?? '0'),
    converted: major(settings, sum?.converted ?? '0'),
    returned: major(settings, sum?.returned ?? '0'),
    promotions: [...ids]
      .sort((a, b) => a - b)
      .map((promotionId) => ({ promotionId, title: titleOfId(promotionId) })),
  };
}
