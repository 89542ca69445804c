import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  REFERENCE_EDGE_BP,
  bonusRuleSchema,
  isAgentType,
  type ActivityState,
  type Bonus,
  type BonusOffer,
  type BonusRefusalReason,
  type BonusRule,
  type LanguageCode,
} from '@khela/contract';
import { dayKey, periodStart } from '@khela/contract/business-day';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getPromotion } from '../content/content.service.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { getOrOpenMemberWallet, openSystemAccounts, postEntry, rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount, readAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { memberApplication } from './application.view.ts';
import { bonusClaims, promotionRules } from './promotions.tables.ts';

/**
 * Bonus promotions (issue 39 items 1–3; docs/promotions.md "Bonus money and wagering").
 *
 * A promotion page (content) may carry a rule (promotion_rules). A member claims it: a fixed bonus
 * is credited to the member's bonus wallet at once; a deposit match waits for the member's next
 * deposit, which credits it in the deposit's own transaction (grantDepositBonus). Bets draw cash
 * first, then bonus (vendor_money_call). The bonus's wagering is the counted turnover of the rounds
 * settled since it was credited (promotions_bonus_wagering); once it reaches the requirement the
 * whole bonus wallet becomes cash in one entry. A withdrawal while wagering, or the expiry,
 * forfeits it to the platform; a bonus wallet spent to nothing with no round open ends it as lost.
 * Every movement is one journal entry through the ledger's posting path, keyed by the claim.
 */

export type BonusSettings = Pick<
  SiteSettings,
  'currency' | 'currencyPrecision' | 'timeZone' | 'agentWages' | 'rebate'
>;

export interface BonusMember {
  memberId: number;
  type: number;
}

type ClaimRow = typeof bonusClaims.$inferSelect;

const DAY_MS = 86_400_000;

/** Parses a rule's decimal amount to minor units (checked by checkRule when the rule was saved). */
export function minor(settings: BonusSettings, amount: string, allowZero = false): bigint {
  return parseAmount(amount, { precision: settings.currencyPrecision, allowZero });
}

export function major(settings: BonusSettings, amount: bigint): string {
  return formatAmount(amount, settings.currencyPrecision);
}

/**
 * The rule's bound (docs/promotions.md "Bounded by the house edge"): the wagering's expected house
 * win, multiple × the reference edge of 5 % of the bonus (wagering counts each bet by its game's
 * edge ÷ 5 %, at most the stake), must cover the bonus with what the agents' wages and the highest
 * rebate rate already give away of the same win. So a bonus costs at most what its wagering earns.
 * Returns the smallest multiple allowed.
 */
export function smallestWageringMultiple(settings: BonusSettings): number {
  const wagesBp = Math.round(settings.agentWages.edgeShare * 100);
  const rebateBp = Math.max(
    0,
    ...Object.values(settings.rebate.rates).map((rate) =>
      Math.ceil((Math.round((rate ?? 0) * 100) * 10_000) / REFERENCE_EDGE_BP),
    ),
  );
  const leftBp = 10_000 - wagesBp - rebateBp;
  if (leftBp <= 0) return Number.POSITIVE_INFINITY;
  // multiple × 5 % × left ≥ 100 %  ⇔  multiple ≥ 10⁸ ÷ (REFERENCE_EDGE_BP × left)
  return Math.ceil(100_000_000 / (REFERENCE_EDGE_BP * leftBp));
}

/** Checks a rule against the contract and the bound; throws VALIDATION_FAILED with the field. */
export function checkRule(settings: BonusSettings, input: unknown): BonusRule {
  const parsed = bonusRuleSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      issues: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), reason: issue.message })),
    });
  }
  const rule = parsed.data;
  const smallest = smallestWageringMultiple(settings);
  if (rule.wageringMultiple < smallest) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [
        {
          field: 'wageringMultiple',
          reason: `with agents' wages and the rebate, a bonus must be wagered at least ${smallest} times`,
        },
      ],
    });
  }
  // Amounts in the brand's currency: above zero (the smallest deposit may be zero), at most its
  // decimals, within the ledger's range.
  const amounts: [keyof BonusRule & ('amount' | 'maxBet' | 'minDeposit'), boolean][] = [
    ['amount', false],
    ['maxBet', false],
    ['minDeposit', true],
  ];
  const precision = settings.currencyPrecision;
  const check = (field: string, amount: string, allowZero: boolean) => {
    const reading = readAmount(amount, { precision, allowZero });
    if (reading.ok) return [];
    const reason =
      reading.problem === 'too_many_decimals'
        ? `at most ${precision} decimal places`
        : reading.problem === 'zero'
          ? 'must be above zero'
          : reading.problem;
    return [{ field, reason }];
  };
  const issues = [
    ...amounts.flatMap(([field, allowZero]) => check(field, rule[field], allowZero)),
    // A cash-back's tiers: each smallest loss in the currency (the first may be zero).
    ...(rule.tiers ?? []).flatMap((tier, index) => check(`tiers.${index}.minLoss`, tier.minLoss, true)),
  ];
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues });
  return rule;
}

/**
 * Creates or replaces a promotion's rule (the demo seed; the back office's editor). A rule whose
 * kind changes counts as new (`created_at`): a cash-back counts losses from then, not before.
 */
export async function saveRule(
  db: Database,
  settings: BonusSettings,
  input: { promotionId: number; rule: unknown; paused?: boolean; by: string },
): Promise<BonusRule> {
  const rule = checkRule(settings, input.rule);
  await db
    .insert(promotionRules)
    .values({ promotionId: input.promotionId, rule, paused: input.paused ?? false, updatedBy: input.by })
    .onConflictDoUpdate({
      target: promotionRules.promotionId,
      set: {
        rule,
        paused: input.paused ?? false,
        updatedBy: input.by,
        updatedAt: sql`now()`,
        createdAt: sql`case when ${promotionRules.rule} ->> 'kind' = ${rule.kind} then ${promotionRules.createdAt} else now() end`,
      },
    });
  return rule;
}

export async function ruleOf(db: Database, promotionId: number) {
  const [row] = await db.select().from(promotionRules).where(eq(promotionRules.promotionId, promotionId));
  return row ?? null;
}

/** The database's clock, ms since epoch (tests move it; one clock for keys and times). */
export async function nowOf(db: Database): Promise<number> {
  const [row] = rowsOf<{ now: string }>(
    await db.execute(sql`select (extract(epoch from now()) * 1000)::bigint::text as now`),
  );
  return Number(row!.now);
}

/** The claim's period key: `member`, the brand day `2026-12-07`, or the brand week `w2026-12-07` (its Monday). */
export function periodKeyOf(rule: BonusRule, now: number, timeZone: string): string {
  switch (rule.claimPeriod) {
    case 'member':
      return 'member';
    case 'day':
      return dayKey(now, timeZone);
    case 'week':
      return `w${dayKey(periodStart('week', now, timeZone), timeZone)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Settling: conversion, expiry, loss, lapse

interface Figures {
  balance: bigint;
  done: bigint;
}

export async function bonusBalance(db: Database, settings: BonusSettings, memberId: number): Promise<bigint> {
  const wallet = await getOrOpenMemberWallet(db, {
    memberId,
    kind: 'bonus',
    currency: settings.currency,
    precision: settings.currencyPrecision,
  });
  return wallet.balance ?? 0n;
}

async function wageringDone(db: Database, settings: BonusSettings, claim: ClaimRow): Promise<bigint> {
  if (!claim.activatedAt) return 0n;
  const [row] = rowsOf<{ done: string }>(
    await db.execute(sql`
      select promotions_bonus_wagering(${claim.memberId}::integer, ${claim.activatedAt.toISOString()}::timestamptz,
        now(), ${claim.currency}, ${JSON.stringify(claim.rule.weights)}::jsonb, ${REFERENCE_EDGE_BP}::integer,
        ${Math.round(settings.agentWages.undeclaredEdge * 100)}::integer)::text as done`),
  );
  return BigInt(row?.done ?? '0');
}

/** A round the member still has open in a game (not the lottery): its win may still come. */
async function hasOpenRound(db: Database, memberId: number): Promise<boolean> {
  const [row] = rowsOf<{ open: boolean }>(
    await db.execute(sql`
      select exists (select 1 from member_rounds r
                      where r.member_id = ${memberId} and r.status = 'open'
                        and r.game_type not in ('LOTT', 'ELOTT')) as open`),
  );
  return row?.open === true;
}

type EndState = 'converted' | 'forfeited' | 'expired' | 'lost';

/**
 * Ends an active bonus: converted moves the whole bonus wallet to the main wallet (kind transfer:
 * the bonus was counted as a cost when it was given); forfeited and expired move it back to the
 * platform (kind bonus, negative: reports take it off the bonuses); lost moves nothing.
 */
async function endBonus(
  tx: Database,
  settings: BonusSettings,
  claim: ClaimRow,
  state: EndState,
  figures: Figures,
): Promise<void> {
  let entryId: number | null = null;
  if (figures.balance > 0n) {
    const bonus = memberWalletAddress(claim.memberId, 'bonus');
    const to =
      state === 'converted'
        ? (
            await getOrOpenMemberWallet(tx, {
              memberId: claim.memberId,
              kind: 'main',
              currency: claim.currency,
              precision: settings.currencyPrecision,
            })
          ).address
        : systemAddress('platform', claim.currency);
    const posted = await postEntry(tx, {
      kind: state === 'converted' ? 'transfer' : 'bonus',
      idempotencyKey: `bonus:end:${claim.id}`,
      postings: [
        { address: bonus, amount: -figures.balance },
        { address: to, amount: figures.balance },
      ],
      metadata: {
        reason: `bonus ${state}`,
        promotion: 'bonus',
        promotionId: claim.promotionId,
        claimId: claim.id,
      },
      request: { claimId: claim.id, state },
    });
    entryId = posted.entryId;
  }
  await tx
    .update(bonusClaims)
    .set({
      state,
      wageringDone: figures.done,
      endAmount: figures.balance,
      endEntryId: entryId,
      endedAt: sql`now()`,
    })
    .where(eq(bonusClaims.id, claim.id));
}

/**
 * Money left in a bonus wallet with no bonus active: a round's win shared after its bonus ended.
 * It follows the last bonus: to cash when that one was converted, else back to the platform.
 */
async function sweepLeftover(tx: Database, settings: BonusSettings, memberId: number): Promise<boolean> {
  const balance = await bonusBalance(tx, settings, memberId);
  if (balance <= 0n) return false;
  const [last] = await tx
    .select()
    .from(bonusClaims)
    .where(eq(bonusClaims.memberId, memberId))
    .orderBy(desc(bonusClaims.id))
    .limit(1);
  if (!last || last.state === 'active' || last.state === 'waiting') return false;
  if (last.state === 'lost' && (await hasOpenRound(tx, memberId))) return false;
  const [mark] = rowsOf<{ last: string }>(
    await tx.execute(sql`
      select coalesce(max(p.entry_id), 0)::text as last from ledger_member_postings p
       where p.member_id = ${memberId} and p.wallet_kind = 'bonus'`),
  );
  const converted = last.state === 'converted';
  const main = converted
    ? (
        await getOrOpenMemberWallet(tx, {
          memberId,
          kind: 'main',
          currency: last.currency,
          precision: settings.currencyPrecision,
        })
      ).address
    : systemAddress('platform', last.currency);
  await postEntry(tx, {
    kind: converted ? 'transfer' : 'bonus',
    idempotencyKey: `bonus:leftover:${last.id}:${mark?.last ?? '0'}`,
    postings: [
      { address: memberWalletAddress(memberId, 'bonus'), amount: -balance },
      { address: main, amount: balance },
    ],
    metadata: {
      reason: `bonus leftover ${converted ? 'converted' : 'forfeited'}`,
      promotion: 'bonus',
      promotionId: last.promotionId,
      claimId: last.id,
    },
    request: { claimId: last.id },
  });
  return true;
}

/**
 * Brings a member's bonus up to date, in one transaction with the open claim locked: a waiting
 * claim past its time lapses; an active bonus whose wagering is done becomes cash, one past its
 * expiry is forfeited, one whose wallet is spent with no round open is lost; money left in the
 * bonus wallet after a bonus ended follows it. Returns true when money moved.
 */
export async function settleMemberBonus(
  db: Database,
  settings: BonusSettings,
  memberId: number,
): Promise<boolean> {
  const moved = await db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(bonusClaims)
      .where(and(eq(bonusClaims.memberId, memberId), inArray(bonusClaims.state, ['waiting', 'active'])))
      .for('update');
    if (!claim) return sweepLeftover(tx, settings, memberId);
    const now = await nowOf(tx);
    if (claim.state === 'waiting') {
      if (claim.expiresAt.getTime() <= now) {
        await tx
          .update(bonusClaims)
          .set({ state: 'lapsed', endedAt: sql`now()` })
          .where(eq(bonusClaims.id, claim.id));
      }
      return false;
    }
    const balance = await bonusBalance(tx, settings, memberId);
    const done = await wageringDone(tx, settings, claim);
    if (done >= claim.wageringRequired) {
      await endBonus(tx, settings, claim, 'converted', { balance, done });
      return balance > 0n;
    }
    if (claim.expiresAt.getTime() <= now) {
      await endBonus(tx, settings, claim, 'expired', { balance, done });
      return balance > 0n;
    }
    if (balance === 0n && !(await hasOpenRound(tx, memberId))) {
      await endBonus(tx, settings, claim, 'lost', { balance, done });
    }
    return false;
  });
  if (moved) walletChanged(db, memberId);
  return moved;
}

/**
 * The job's sweep: every open claim past its time, and every active bonus (its wagering may be
 * done), at most `limit` members a run, oldest first; then leftovers in bonus wallets of members
 * with no open bonus. Returns how many members it settled.
 */
export async function settleDueBonuses(
  db: Database,
  settings: BonusSettings,
  limit = 500,
): Promise<{ settled: number }> {
  const due = rowsOf<{ member_id: number }>(
    await db.execute(sql`
      select c.member_id from bonus_claims c
       where c.state in ('waiting', 'active') and (c.state = 'active' or c.expires_at <= now())
       union
      select w.owner_member_id::integer from ledger_wallets w
       where w.kind = 'bonus' and w.balance > 0
         and not exists (select 1 from bonus_claims c
                          where c.member_id = w.owner_member_id and c.state in ('waiting', 'active'))
       limit ${limit}`),
  );
  for (const row of due) await settleMemberBonus(db, settings, row.member_id);
  return { settled: due.length };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function titleOf(db: Database, promotionId: number, language: LanguageCode): Promise<string> {
  const promotion = await getPromotion(db, { id: promotionId, language });
  return promotion?.title ?? `#${promotionId}`;
}

export async function bonusOut(
  db: Database,
  settings: BonusSettings,
  claim: ClaimRow,
  language: LanguageCode,
  live: { balance: bigint } | null,
): Promise<Bonus> {
  const open = claim.state === 'active';
  const done = open ? await wageringDone(db, settings, claim) : (claim.wageringDone ?? 0n);
  const required = claim.wageringRequired;
  const left = required > done ? required - done : 0n;
  return {
    id: claim.id,
    promotionId: claim.promotionId,
    title: await titleOf(db, claim.promotionId, language),
    kind: claim.rule.kind,
    state: claim.state,
    amount: major(settings, claim.amount),
    balance: major(settings, open ? (live?.balance ?? 0n) : (claim.endAmount ?? 0n)),
    wageringRequired: major(settings, required),
    wageringDone: major(settings, done > required ? required : done),
    wageringLeft: major(settings, left),
    maxBet: major(settings, claim.maxBet),
    weights: claim.rule.weights,
    claimedAt: claim.claimedAt.getTime(),
    activatedAt: claim.activatedAt?.getTime() ?? null,
    expiresAt: claim.state === 'waiting' || open ? claim.expiresAt.getTime() : null,
    endedAt: claim.endedAt?.getTime() ?? null,
  };
}

/** The member centre's bonusDetails: the bonus wallet and the member's bonuses, newest first (50). */
export async function listBonuses(
  db: Database,
  settings: BonusSettings,
  member: BonusMember,
  language: LanguageCode,
): Promise<{ bonusBalance: string; bonuses: Bonus[] }> {
  await settleMemberBonus(db, settings, member.memberId);
  const balance = await bonusBalance(db, settings, member.memberId);
  const claims = await db
    .select()
    .from(bonusClaims)
    .where(eq(bonusClaims.memberId, member.memberId))
    .orderBy(desc(bonusClaims.id))
    .limit(50);
  const bonuses: Bonus[] = [];
  for (const claim of claims) bonuses.push(await bonusOut(db, settings, claim, language, { balance }));
  return { bonusBalance: major(settings, balance), bonuses };
}

type Reason = BonusRefusalReason;

export function notEligible(reason: Reason): AppError {
  return new AppError('PROMOTION_NOT_ELIGIBLE', { value: { reason } });
}

interface MemberFacts {
  createdAt: number;
  type: number;
  deposited: boolean;
}

async function memberFacts(db: Database, memberId: number): Promise<MemberFacts> {
  const [row] = rowsOf<{ created_at: string; type: number; deposited: boolean }>(
    await db.execute(sql`
      select to_json(m.created_at) #>> '{}' as created_at, m.type,
             exists (select 1 from ledger_member_postings p
                      where p.member_id = ${memberId} and p.entry_kind = 'deposit') as deposited
        from accounts_members m where m.id = ${memberId}`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return { createdAt: new Date(row.created_at).getTime(), type: row.type, deposited: row.deposited };
}

/** Why this member may not claim the rule now (its period's claim and an open bonus aside). */
function staticRefusal(rule: BonusRule, facts: MemberFacts, now: number): Reason | null {
  if (isAgentType(facts.type)) return 'agent';
  if (rule.newMemberDays !== null && now - facts.createdAt > rule.newMemberDays * DAY_MS) return 'not_new';
  if (rule.firstDepositOnly && facts.deposited) return 'deposited_before';
  return null;
}

/** How the rule's bonus is obtained: a rule saved before `obtain` existed is claimed. */
export function obtainOf(rule: BonusRule): 'claim' | 'apply' {
  return rule.obtain ?? 'claim';
}

/** The promotion's rule and page; NOT_FOUND when either is missing. */
export async function loadOffer(db: Database, promotionId: number, language: LanguageCode) {
  const [rule, promotion] = await Promise.all([
    ruleOf(db, promotionId),
    getPromotion(db, { id: promotionId, language }),
  ]);
  if (!rule || !promotion) throw new AppError('NOT_FOUND');
  return { rule, promotion };
}

/**
 * The promotion page's bonus panel: the rule, and its state for the viewer (a guest: claim or
 * closed); null for a page that gives no bonus, NOT_FOUND for no such page.
 */
export async function readOffer(
  db: Database,
  settings: BonusSettings,
  input: { promotionId: number; member: BonusMember | null; language: LanguageCode },
): Promise<BonusOffer | null> {
  // A page without a bonus (a raffle's, a plain one) answers null, so its page logs no failure.
  if (!(await ruleOf(db, input.promotionId))) {
    if (await getPromotion(db, { id: input.promotionId, language: input.language })) return null;
    throw new AppError('NOT_FOUND');
  }
  const { rule, promotion } = await loadOffer(db, input.promotionId, input.language);
  const base = {
    promotionId: input.promotionId,
    rule: rule.rule,
    bonus: null,
    reason: null,
    application: null,
  };
  if (promotion.status === 'coming_soon') return { ...base, state: 'coming_soon' };
  const timeRefusal: Reason | null = promotion.status === 'closed' ? 'ended' : rule.paused ? 'paused' : null;
  if (!input.member) {
    return timeRefusal ? { ...base, state: 'closed', reason: timeRefusal } : { ...base, state: 'claim' };
  }
  // A referral promotion has no claim: every member takes part by inviting friends; nor has a
  // cash-back: every player takes part by playing (the job pays after each period).
  if (rule.rule.kind === 'referral' || rule.rule.kind === 'cashback') {
    if (timeRefusal) return { ...base, state: 'closed', reason: timeRefusal };
    return isAgentType(input.member.type)
      ? { ...base, state: 'closed', reason: 'agent' }
      : { ...base, state: 'joined' };
  }
  const memberId = input.member.memberId;
  await settleMemberBonus(db, settings, memberId);
  const now = await nowOf(db);
  const periodKey = periodKeyOf(rule.rule, now, settings.timeZone);
  const [mine] = await db
    .select()
    .from(bonusClaims)
    .where(
      and(
        eq(bonusClaims.memberId, memberId),
        eq(bonusClaims.promotionId, input.promotionId),
        eq(bonusClaims.periodKey, periodKey),
      ),
    );
  // An application of this period (a bonus obtained by application): an approved one is the claim.
  const application = await memberApplication(db, settings, {
    memberId,
    promotionId: input.promotionId,
    periodKey,
  });
  if (mine) {
    const balance = await bonusBalance(db, settings, memberId);
    const bonus = await bonusOut(db, settings, mine, input.language, { balance });
    const state = mine.state === 'waiting' ? 'process' : mine.state === 'active' ? 'issued' : 'claimed';
    return { ...base, state, bonus, application };
  }
  if (application) {
    const state =
      application.state === 'applying'
        ? 'applying'
        : application.state === 'rejected'
          ? 'rejected'
          : 'claimed';
    return { ...base, state, application };
  }
  if (timeRefusal) return { ...base, state: 'closed', reason: timeRefusal };
  const refusal =
    staticRefusal(rule.rule, await memberFacts(db, memberId), now) ??
    ((await openClaimOf(db, memberId)) ? 'bonus_active' : null) ??
    ((await limitReached(db, input.promotionId, rule.rule)) ? 'limit_reached' : null);
  return refusal ? { ...base, state: 'closed', reason: refusal } : { ...base, state: 'claim' };
}

/** The member's open (waiting or active) bonus, if any: one at a time. */
export async function openClaimOf(db: Database, memberId: number) {
  const [row] = await db
    .select({ id: bonusClaims.id })
    .from(bonusClaims)
    .where(and(eq(bonusClaims.memberId, memberId), inArray(bonusClaims.state, ['waiting', 'active'])));
  return row ?? null;
}

/** Whether the promotion's claims (all members together) reached the rule's `maxClaims`. */
export async function limitReached(db: Database, promotionId: number, rule: BonusRule): Promise<boolean> {
  if (rule.maxClaims === null) return false;
  const [row] = rowsOf<{ n: string }>(
    await db.execute(sql`
      select count(*)::text as n from bonus_claims c
       where c.promotion_id = ${promotionId} and c.state <> 'lapsed'`),
  );
  return BigInt(row?.n ?? '0') >= BigInt(rule.maxClaims);
}

// ---------------------------------------------------------------------------------------------
// Claiming and granting

/** How a member obtains a bonus: a claim with the page's button, or an application. */
type Obtain = 'claim' | 'apply';

function refuseOtherWay(rule: BonusRule, way: Obtain): void {
  if (obtainOf(rule) !== way) throw notEligible(way === 'claim' ? 'apply_only' : 'claim_only');
}

/**
 * Refuses (PROMOTION_NOT_ELIGIBLE, nothing written) a promotion that takes no claim or application
 * now: before its start, after its end, paused, a referral or cash-back promotion (nothing to claim), or one
 * obtained the other way (`apply_only`: a claim of a bonus obtained by application; `claim_only`:
 * an application for one claimed with the button).
 */
export function refuseUnavailable(
  promotion: { status: ActivityState },
  rule: { rule: BonusRule; paused: boolean },
  way: Obtain,
): void {
  if (promotion.status === 'coming_soon') throw notEligible('not_started');
  if (promotion.status === 'closed') throw notEligible('ended');
  if (rule.paused) throw notEligible('paused');
  if (rule.rule.kind === 'referral') throw notEligible('referral_only');
  if (rule.rule.kind === 'cashback') throw notEligible('cashback_only');
  refuseOtherWay(rule.rule, way);
}

/**
 * The rule's row, locked for a claim or an application: shared by those of an unlimited promotion
 * (a removal or an edit waits for them, and one after a removal finds no rule); those of a limited
 * one take turns on it, so the count is exact. Returns the rule as it stands under the lock, which
 * is what applies; refuses a paused one, or one now obtained the other way.
 */
export async function lockRuleFor(
  tx: Database,
  promotionId: number,
  isLimited: boolean,
  way: Obtain,
): Promise<BonusRule> {
  const [held] = await tx
    .select({ rule: promotionRules.rule, paused: promotionRules.paused })
    .from(promotionRules)
    .where(eq(promotionRules.promotionId, promotionId))
    .for(isLimited ? 'update' : 'share');
  if (!held) throw new AppError('NOT_FOUND');
  if (held.paused) throw notEligible('paused');
  refuseOtherWay(held.rule, way);
  return held.rule;
}

/**
 * Refuses the member what the rule does not give them now: an agent, an account too old, one that
 * deposited before (a first deposit's bonus), another bonus open (`openBonus`: a claim learns it from
 * the claims' unique key instead), the promotion's bonuses all given.
 */
export async function refuseMember(
  tx: Database,
  input: { memberId: number; promotionId: number; rule: BonusRule; now: number; openBonus?: boolean },
): Promise<void> {
  const refusal = staticRefusal(input.rule, await memberFacts(tx, input.memberId), input.now);
  if (refusal) throw notEligible(refusal);
  if (input.openBonus && (await openClaimOf(tx, input.memberId))) throw notEligible('bonus_active');
  if (input.rule.maxClaims !== null && (await limitReached(tx, input.promotionId, input.rule))) {
    throw notEligible('limit_reached');
  }
}

/** Credits `amount` to the member's bonus wallet from the platform: the bonus's one grant entry. */
export async function grant(
  tx: Database,
  settings: BonusSettings,
  claim: ClaimRow,
  amount: bigint,
  depositOrderId: number | null,
): Promise<ClaimRow> {
  await openSystemAccounts(tx, { currency: claim.currency, precision: settings.currencyPrecision });
  const wallet = await getOrOpenMemberWallet(tx, {
    memberId: claim.memberId,
    kind: 'bonus',
    currency: claim.currency,
    precision: settings.currencyPrecision,
  });
  const posted = await postEntry(tx, {
    kind: 'bonus',
    idempotencyKey: `bonus:grant:${claim.id}`,
    postings: [
      { address: systemAddress('platform', claim.currency), amount: -amount },
      { address: wallet.address, amount },
    ],
    metadata: {
      reason: 'bonus',
      promotion: 'bonus',
      promotionId: claim.promotionId,
      claimId: claim.id,
      ...(depositOrderId === null ? {} : { orderId: depositOrderId }),
    },
    request: { claimId: claim.id, memberId: claim.memberId },
  });
  const [row] = await tx
    .update(bonusClaims)
    .set({
      state: 'active',
      amount,
      wageringRequired: amount * BigInt(claim.rule.wageringMultiple),
      depositOrderId,
      grantEntryId: posted.entryId,
      activatedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${claim.rule.expiryDays})`,
    })
    .where(eq(bonusClaims.id, claim.id))
    .returning();
  return row!;
}

/**
 * Claims a bonus promotion, or refuses with nothing written: NOT_FOUND (no such promotion, or it
 * gives no bonus), PROMOTION_NOT_ELIGIBLE with the reason (`apply_only` for a bonus obtained by
 * application: application.service.ts). A fixed bonus is credited at once; a
 * deposit match waits (state waiting) for the next deposit within the rule's days. One claim per
 * rule period (unique key) and one open bonus per member (unique key): of simultaneous claims one
 * is written, the others find the key taken.
 */
export async function claimBonus(
  db: Database,
  settings: BonusSettings,
  member: BonusMember,
  input: { promotionId: number; language: LanguageCode },
): Promise<Bonus> {
  const { rule, promotion } = await loadOffer(db, input.promotionId, input.language);
  refuseUnavailable(promotion, rule, 'claim');
  await settleMemberBonus(db, settings, member.memberId);
  const claim = await db.transaction(async (tx) => {
    const now = await nowOf(tx);
    const current = await lockRuleFor(tx, input.promotionId, rule.rule.maxClaims !== null, 'claim');
    // An open bonus is refused by the claims' unique key below (claimed or bonus_active).
    await refuseMember(tx, { memberId: member.memberId, promotionId: input.promotionId, rule: current, now });
    const fixed = current.kind === 'fixed';
    const periodKey = periodKeyOf(current, now, settings.timeZone);
    const [row] = await tx
      .insert(bonusClaims)
      .values({
        memberId: member.memberId,
        promotionId: input.promotionId,
        periodKey,
        state: 'waiting',
        currency: settings.currency,
        rule: current,
        maxBet: minor(settings, current.maxBet),
        expiresAt: new Date(now + (fixed ? 1 : current.depositWithinDays) * DAY_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [same] = await tx
        .select({ id: bonusClaims.id })
        .from(bonusClaims)
        .where(
          and(
            eq(bonusClaims.memberId, member.memberId),
            eq(bonusClaims.promotionId, input.promotionId),
            eq(bonusClaims.periodKey, periodKey),
          ),
        );
      throw notEligible(same ? 'claimed' : 'bonus_active');
    }
    return fixed ? grant(tx, settings, row, minor(settings, current.amount), null) : row;
  });
  if (claim.state === 'active') walletChanged(db, member.memberId);
  const balance = await bonusBalance(db, settings, member.memberId);
  return bonusOut(db, settings, claim, input.language, { balance });
}

/**
 * Called by the deposits module in the transaction that credits a deposit: the member's waiting
 * deposit match, if the deposit is large enough and the claim has not lapsed, is credited now
 * (percentage of the credited amount, at most the rule's amount). Returns the bonus, or null.
 */
export async function grantDepositBonus(
  tx: Database,
  settings: BonusSettings,
  deposit: { memberId: number; orderId: number; credited: bigint; currency: string },
): Promise<bigint | null> {
  const [claim] = await tx
    .select()
    .from(bonusClaims)
    .where(
      and(
        eq(bonusClaims.memberId, deposit.memberId),
        eq(bonusClaims.state, 'waiting'),
        eq(bonusClaims.currency, deposit.currency),
      ),
    )
    .for('update');
  if (!claim || claim.rule.kind !== 'deposit_match' || claim.rule.percent === null) return null;
  const [live] = rowsOf<{ live: boolean }>(
    await tx.execute(sql`select ${claim.expiresAt.toISOString()}::timestamptz > now() as live`),
  );
  if (!live?.live) return null;
  if (deposit.credited < minor(settings, claim.rule.minDeposit, true)) return null;
  const [whole = '0', fraction = ''] = claim.rule.percent.split('.');
  const percentHundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  const matched = (deposit.credited * percentHundredths) / 10_000n;
  const cap = minor(settings, claim.rule.amount);
  const amount = matched < cap ? matched : cap;
  if (amount <= 0n) return null;
  await grant(tx, settings, claim, amount, deposit.orderId);
  return amount;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

/** The bonus a withdrawal now would forfeit, for the withdraw page; null when none is active. */
export async function bonusAtStake(
  db: Database,
  settings: BonusSettings,
  memberId: number,
): Promise<{ amount: string; wageringLeft: string } | null> {
  await settleMemberBonus(db, settings, memberId);
  const [claim] = await db
    .select()
    .from(bonusClaims)
    .where(and(eq(bonusClaims.memberId, memberId), eq(bonusClaims.state, 'active')));
  if (!claim) return null;
  const done = await wageringDone(db, settings, claim);
  const left = claim.wageringRequired > done ? claim.wageringRequired - done : 0n;
  return {
    amount: major(settings, await bonusBalance(db, settings, memberId)),
    wageringLeft: major(settings, left),
  };
}

/**
 * Called by the withdrawals module in the transaction that holds a withdrawal: an active bonus is
 * forfeited when the member said so (`forfeit`), else the withdrawal is refused
 * (BONUS_FORFEIT_REQUIRED, nothing moved). A bonus whose wagering is done becomes cash first.
 */
export async function forfeitBonusForWithdrawal(
  tx: Database,
  settings: BonusSettings,
  memberId: number,
  forfeit: boolean,
): Promise<void> {
  const [claim] = await tx
    .select()
    .from(bonusClaims)
    .where(and(eq(bonusClaims.memberId, memberId), eq(bonusClaims.state, 'active')))
    .for('update');
  if (!claim) return;
  const balance = await bonusBalance(tx, settings, memberId);
  const done = await wageringDone(tx, settings, claim);
  if (done >= claim.wageringRequired) {
    await endBonus(tx, settings, claim, 'converted', { balance, done });
    return;
  }
  if (!forfeit) {
    throw new AppError('BONUS_FORFEIT_REQUIRED', {
      value: {
        bonus: major(settings, balance),
        wageringLeft: major(settings, claim.wageringRequired - done),
      },
    });
  }
  await endBonus(tx, settings, claim, 'forfeited', { balance, done });
}
