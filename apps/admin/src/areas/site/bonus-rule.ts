import {
  bonusRuleInputSchema,
  wageringCategories,
  type BonusKind,
  type BonusObtain,
  type BonusRule,
  type ClaimPeriod,
  type WageringCategory,
} from '@khela/contract';
import { groupAmount, readAmount } from '@khela/contract/money';
import { t } from '../../shared/i18n/i18n.ts';
import { checkWith, type FieldErrors } from './site-kit.tsx';
import bonusTexts from './bonus-texts.en.json';
import { addTexts } from '../../shared/i18n/i18n.ts';

// This page's texts come with its chunk, not with the back office's entry.
addTexts(bonusTexts);

/**
 * A bonus rule in the back office (issue 39 item 4): the editor's draft (every field as typed), the
 * rule it makes, its checks (the contract's schema, then the brand's precision and bound, as the
 * server checks them), and the rule in words: the list's summary and the editor's preview sentence
 * ("100 % of a first deposit up to ৳500 · wager 60× · max bet ৳200 · 7 days").
 *
 * A fixed bonus may be obtained by application (`obtain: 'apply'`): members send pictures that an
 * operator reviews in Money → Bonus applications; any other rule is claimed with the page's button.
 *
 * A referral rule (kind `referral`) rewards the member who invited a friend when the friend's first
 * deposit of at least `minDeposit` comes within `newMemberDays` of registering: a fixed `amount`, or
 * with a `percent`, that share of the deposit up to `amount`. The reward waits `depositWithinDays`
 * to be claimed; `firstDepositOnly` and `claimPeriod` do not apply (sent as false and `member`).
 *
 * A cash-back rule (kind `cashback`) pays back a share of each player's net loss over a brand day
 * or week (`claimPeriod`): the highest of its `tiers` (`minLoss` ascending) the loss reaches gives
 * its percent, at most `amount`; the reward waits `depositWithinDays` in the reward centre. The
 * deposit fields, the new-member days and the claims in all do not apply (sent empty).
 */

/** What the editor needs to know of the brand. */
export interface RuleContext {
  currencySymbol: string;
  currencyPrecision: number;
  /** The bound's smallest wagering multiple; null when no rule can pass. */
  smallestWageringMultiple: number | null;
}

/** One cash-back tier as typed: from this net loss, this percent of the whole loss. */
export interface TierDraft {
  minLoss: string;
  percent: string;
}

export interface RuleDraft {
  kind: BonusKind;
  /** How members get it: a claim with the page's button, or an application reviewed here (fixed only). */
  obtain: BonusObtain;
  percent: string;
  amount: string;
  minDeposit: string;
  firstDepositOnly: boolean;
  newMemberDays: string;
  claimPeriod: ClaimPeriod;
  maxClaims: string;
  wageringMultiple: string;
  weights: Record<WageringCategory, string>;
  maxBet: string;
  expiryDays: string;
  depositWithinDays: string;
  /** cashback: the tiers, ascending. */
  tiers: TierDraft[];
  paused: boolean;
}

/** A new cash-back starts with one tier: 5 % of any net loss. */
export const firstTier = (): TierDraft => ({ minLoss: '0', percent: '5' });

const emptyWeights = (): Record<WageringCategory, string> =>
  Object.fromEntries(wageringCategories.map((category) => [category, ''])) as Record<
    WageringCategory,
    string
  >;

/** The draft of a saved rule, or of a new one (a deposit match at the bound's multiple). */
export function draftOf(rule: BonusRule | null, paused: boolean, context: RuleContext): RuleDraft {
  if (!rule) {
    return {
      kind: 'deposit_match',
      obtain: 'claim',
      percent: '100',
      amount: '',
      minDeposit: '',
      firstDepositOnly: false,
      newMemberDays: '',
      claimPeriod: 'member',
      maxClaims: '',
      wageringMultiple: context.smallestWageringMultiple ? String(context.smallestWageringMultiple) : '',
      weights: { ...emptyWeights(), RNG: '100' },
      maxBet: '',
      expiryDays: '7',
      depositWithinDays: '7',
      tiers: [firstTier()],
      paused,
    };
  }
  const weights = emptyWeights();
  for (const category of wageringCategories) {
    const weight = rule.weights[category];
    if (weight !== undefined) weights[category] = String(weight);
  }
  return {
    kind: rule.kind,
    obtain: rule.obtain ?? 'claim',
    percent: rule.percent ?? '',
    amount: rule.amount,
    minDeposit: rule.kind === 'fixed' ? '' : rule.minDeposit,
    firstDepositOnly: rule.firstDepositOnly,
    newMemberDays: rule.newMemberDays === null ? '' : String(rule.newMemberDays),
    claimPeriod: rule.claimPeriod,
    maxClaims: rule.maxClaims === null ? '' : String(rule.maxClaims),
    wageringMultiple: String(rule.wageringMultiple),
    weights,
    maxBet: rule.maxBet,
    expiryDays: String(rule.expiryDays),
    depositWithinDays: String(rule.depositWithinDays),
    tiers: rule.tiers ? rule.tiers.map((tier) => ({ ...tier })) : [firstTier()],
    paused,
  };
}

/** A whole number as typed: the number, or the text itself (the schema then names it wrong). */
function integerOf(text: string): number | string {
  const trimmed = text.trim();
  return /^\d{1,12}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function optionalIntegerOf(text: string): number | string | null {
  return text.trim() === '' ? null : integerOf(text);
}

/**
 * The rule the draft makes, as the save call's `rule`. A fixed bonus has no percentage and takes any
 * deposit; its deposit days are the rule's (unused) default. A referral's percentage is optional
 * (empty: the fixed amount), its smallest deposit may be empty (any), and it has neither "first
 * deposit only" nor a claim period (a reward per friend). A cash-back has tiers, a day or week, and
 * none of the deposit fields, new-member days or claims in all.
 */
export function ruleInputOf(draft: RuleDraft): Record<string, unknown> {
  const isMatch = draft.kind === 'deposit_match';
  const isReferral = draft.kind === 'referral';
  const isCashback = draft.kind === 'cashback';
  const percent = draft.percent.trim();
  const weights: Record<string, number | string> = {};
  for (const category of wageringCategories) {
    const text = draft.weights[category];
    if (text.trim() !== '') weights[category] = integerOf(text);
  }
  return {
    kind: draft.kind,
    percent: isMatch || (isReferral && percent !== '') ? percent : null,
    amount: draft.amount.trim(),
    minDeposit: isMatch || isReferral ? draft.minDeposit.trim() || '0' : '0',
    firstDepositOnly: isReferral || isCashback ? false : draft.firstDepositOnly,
    newMemberDays: isCashback ? null : optionalIntegerOf(draft.newMemberDays),
    claimPeriod: isReferral ? 'member' : draft.claimPeriod,
    maxClaims: isCashback ? null : optionalIntegerOf(draft.maxClaims),
    wageringMultiple: integerOf(draft.wageringMultiple),
    weights,
    maxBet: draft.maxBet.trim(),
    expiryDays: integerOf(draft.expiryDays),
    depositWithinDays: isMatch || isReferral || isCashback ? integerOf(draft.depositWithinDays) : 7,
    ...(isCashback
      ? { tiers: draft.tiers.map((tier) => ({ minLoss: tier.minLoss.trim(), percent: tier.percent.trim() })) }
      : {}),
    // Only a fixed bonus is obtained by application; a rule claimed with the button says nothing
    // (a rule without `obtain` is claimed), as rules saved before the choice existed.
    ...(draft.kind === 'fixed' && draft.obtain === 'apply' ? { obtain: 'apply' } : {}),
  };
}

/**
 * The draft checked as the server checks it: the contract's schema, then the amounts at the brand's
 * precision (a bonus and a maximum bet above zero; a deposit match's smallest deposit too, while a
 * referral's smallest friend's deposit may be zero), then the bound. The messages by field
 * (`wageringMultiple`, `weights.RNG`).
 */
export function checkRuleDraft(
  draft: RuleDraft,
  context: RuleContext,
): { ok: true; rule: BonusRule } | { ok: false; errors: FieldErrors } {
  const checked = checkWith(bonusRuleInputSchema, ruleInputOf(draft));
  const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
  const input = ruleInputOf(draft);
  const amount = (field: 'amount' | 'maxBet' | 'minDeposit', allowZero: boolean) => {
    if (errors[field]) return;
    const reading = readAmount(String(input[field]), { precision: context.currencyPrecision, allowZero });
    if (reading.ok) return;
    if (reading.problem === 'too_many_decimals')
      errors[field] = t('site_bonus_error_precision', { precision: context.currencyPrecision });
    else if (reading.problem === 'zero') errors[field] = t('site_bonus_error_above_zero');
  };
  amount('amount', false);
  amount('maxBet', false);
  if (draft.kind === 'deposit_match') amount('minDeposit', false);
  if (draft.kind === 'referral') amount('minDeposit', true);
  if (draft.kind === 'cashback') {
    draft.tiers.forEach((tier, index) => {
      const field = `tiers.${index}.minLoss`;
      if (errors[field]) return;
      const reading = readAmount(tier.minLoss.trim(), {
        precision: context.currencyPrecision,
        allowZero: true,
      });
      if (!reading.ok && reading.problem === 'too_many_decimals')
        errors[field] = t('site_bonus_error_precision', { precision: context.currencyPrecision });
    });
  }
  const multiple = input.wageringMultiple;
  const smallest = context.smallestWageringMultiple;
  if (!errors.wageringMultiple && typeof multiple === 'number') {
    if (smallest === null) errors.wageringMultiple = t('site_bonus_bound_none');
    else if (multiple < smallest)
      errors.wageringMultiple = t('site_bonus_error_bound', { multiple: smallest });
  }
  if (checked.ok && Object.keys(errors).length === 0) return { ok: true, rule: checked.data };
  return { ok: false, errors };
}

/** A server's issue field as the editor names it: `rule.weights.RNG` → `weights.RNG`. */
export function editorField(field: string): string {
  return field.replace(/^(body\.)?rule\./, '');
}

// ---------------------------------------------------------------------------------------------
// The rule in words

/** An amount as the rule states it: the brand's sign, grouped, as typed ("৳1,000", "৳25.50"). */
export function ruleMoney(amount: string, symbol: string): string {
  return `${symbol}${groupAmount(amount)}`;
}

/** Whether an amount as the rule holds it is above zero. */
function isAboveZero(amount: string): boolean {
  const reading = readAmount(amount, { precision: 4, allowZero: true });
  return reading.ok && reading.minor > 0n;
}

/**
 * A referral rule's reward in words: "৳100 per invited friend who deposits (from ৳200, within 14
 * days of registering) · claim within 30 days", or with a percentage "10 % of an invited friend's
 * first deposit up to ৳100 (…) · claim within 30 days".
 */
function referralGives(rule: BonusRule, symbol: string): string {
  const amount = ruleMoney(rule.amount, symbol);
  const gives =
    rule.percent === null
      ? t('site_bonus_summary_referral_fixed', { amount })
      : t('site_bonus_summary_referral_percent', { percent: rule.percent, amount });
  const conditions = [
    isAboveZero(rule.minDeposit)
      ? t('site_bonus_summary_referral_from', { amount: ruleMoney(rule.minDeposit, symbol) })
      : null,
    rule.newMemberDays === null
      ? null
      : t(
          rule.newMemberDays === 1
            ? 'site_bonus_summary_referral_within_day'
            : 'site_bonus_summary_referral_within_days',
          { count: rule.newMemberDays },
        ),
  ].filter((part): part is string => part !== null);
  const waits = t(
    rule.depositWithinDays === 1
      ? 'site_bonus_summary_referral_claim_day'
      : 'site_bonus_summary_referral_claim_days',
    { count: rule.depositWithinDays },
  );
  const qualified = conditions.length > 0 ? `${gives} (${conditions.join(', ')})` : gives;
  return `${qualified} · ${waits}`;
}

/**
 * A cash-back in words: "Weekly cash-back: 5 % of a net loss, 10 % from ৳5,000, up to ৳2,000 ·
 * claim within 7 days".
 */
function cashbackGives(rule: BonusRule, symbol: string): string {
  const tiers = (rule.tiers ?? []).map((tier) =>
    isAboveZero(tier.minLoss)
      ? t('site_bonus_summary_cashback_tier_from', {
          percent: tier.percent,
          amount: ruleMoney(tier.minLoss, symbol),
        })
      : t('site_bonus_summary_cashback_tier', { percent: tier.percent }),
  );
  const gives = t(
    rule.claimPeriod === 'week' ? 'site_bonus_summary_cashback_week' : 'site_bonus_summary_cashback_day',
    { tiers: tiers.join(', '), amount: ruleMoney(rule.amount, symbol) },
  );
  const waits = t(
    rule.depositWithinDays === 1
      ? 'site_bonus_summary_referral_claim_day'
      : 'site_bonus_summary_referral_claim_days',
    { count: rule.depositWithinDays },
  );
  return `${gives} · ${waits}`;
}

/**
 * What it gives: "100 % of a first deposit up to ৳500", "৳10 bonus", "৳50 bonus, by application",
 * a referral's reward, a cash-back's tiers.
 */
export function ruleGives(rule: BonusRule, symbol: string): string {
  if (rule.kind === 'cashback') return cashbackGives(rule, symbol);
  if (rule.kind === 'fixed') {
    const amount = ruleMoney(rule.amount, symbol);
    return rule.obtain === 'apply'
      ? t('site_bonus_summary_fixed_apply', { amount })
      : t('site_bonus_summary_fixed', { amount });
  }
  if (rule.kind === 'referral') return referralGives(rule, symbol);
  const gives = t('site_bonus_summary_match', {
    percent: rule.percent ?? '',
    deposit: t(rule.firstDepositOnly ? 'site_bonus_summary_first_deposit' : 'site_bonus_summary_deposit'),
    amount: ruleMoney(rule.amount, symbol),
  });
  return isAboveZero(rule.minDeposit)
    ? `${gives} ${t('site_bonus_summary_from', { amount: ruleMoney(rule.minDeposit, symbol) })}`
    : gives;
}

/** Its wagering: "wager 60× · max bet ৳200 · 7 days". */
export function ruleWagering(rule: BonusRule, symbol: string): string {
  return [
    t('site_bonus_summary_wagering', { multiple: rule.wageringMultiple }),
    t('site_bonus_summary_max_bet', { amount: ruleMoney(rule.maxBet, symbol) }),
    t(rule.expiryDays === 1 ? 'site_bonus_summary_day' : 'site_bonus_summary_days', {
      count: rule.expiryDays,
    }),
  ].join(' · ');
}

/** The whole rule in one sentence, as the editor previews it. */
export function ruleSentence(rule: BonusRule, symbol: string): string {
  return `${ruleGives(rule, symbol)} · ${ruleWagering(rule, symbol)}`;
}

/** The draft's sentence, or null while it does not make a rule yet. */
export function draftSentence(draft: RuleDraft, context: RuleContext): string | null {
  const parsed = bonusRuleInputSchema.safeParse(ruleInputOf(draft));
  return parsed.success ? ruleSentence(parsed.data, context.currencySymbol) : null;
}
