import {
  RAFFLE_MAX_DAYS,
  RAFFLE_START_SLACK_MS,
  raffleRuleInputSchema,
  rafflePlaces,
  wageringCategories,
  type RaffleRule,
  type WageringCategory,
} from '@khela/contract';
import { formatAmount, groupAmount, readAmount } from '@khela/contract/money';
import { addTexts, t } from '../../shared/i18n/i18n.ts';
import { checkWith, formatTime, fromLocalInput, toLocalInput, type FieldErrors } from './site-kit.tsx';
import raffleTexts from './raffle-texts.en.json';

// This page's texts come with its chunk, not with the back office's entry.
addTexts(raffleTexts);

/**
 * A new raffle in the back office (issue 39 item 4; docs/back-office-promotions.md "Raffles"): the
 * form's draft (every field as typed), the request it makes, its checks (the contract's rule schema,
 * then the brand's precision, the bound and the period, as the server checks them) and the raffle
 * in words, for the form's preview and the list.
 */

/** What the form needs to know of the brand. */
export interface RaffleContext {
  currencySymbol: string;
  currencyPrecision: number;
  /** The bound's smallest wagering multiple; null when no rule can pass. */
  smallestWageringMultiple: number | null;
}

export interface PrizeDraft {
  amount: string;
  count: string;
}

export interface RaffleDraft {
  promotionId: string;
  /** `<input type="datetime-local">` values on the brand's clock. */
  startsAt: string;
  endsAt: string;
  ticketTurnover: string;
  maxTickets: string;
  prizes: PrizeDraft[];
  weights: Record<WageringCategory, string>;
  wageringMultiple: string;
  maxBet: string;
  expiryDays: string;
  claimDays: string;
}

/** The most prize lines a rule has. */
export const MAX_PRIZE_LINES = 10;

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The page's own period where it fits (no start in the past, at most 90 days), else from now for a week. */
export function periodFor(page: { startsAt: number | null; endsAt: number | null } | undefined, now: number) {
  const nextMinute = Math.ceil(now / MINUTE) * MINUTE;
  const start =
    page?.startsAt !== null && page?.startsAt !== undefined && page.startsAt > now
      ? page.startsAt
      : nextMinute;
  const end =
    page?.endsAt !== null &&
    page?.endsAt !== undefined &&
    page.endsAt > start &&
    page.endsAt - start <= RAFFLE_MAX_DAYS * DAY
      ? page.endsAt
      : start + 7 * DAY;
  return { startsAt: toLocalInput(start), endsAt: toLocalInput(end) };
}

/** A new raffle's draft: the first free page's period, slots counting in full, the bound's multiple. */
export function newRaffleDraft(
  page: { promotionId: number; startsAt: number | null; endsAt: number | null } | undefined,
  context: RaffleContext,
  now: number,
): RaffleDraft {
  return {
    promotionId: page ? String(page.promotionId) : '',
    ...periodFor(page, now),
    ticketTurnover: '',
    maxTickets: '100',
    prizes: [{ amount: '', count: '1' }],
    weights: {
      ...(Object.fromEntries(wageringCategories.map((category) => [category, ''])) as Record<
        WageringCategory,
        string
      >),
      RNG: '100',
    },
    wageringMultiple: context.smallestWageringMultiple ? String(context.smallestWageringMultiple) : '',
    maxBet: '',
    expiryDays: '7',
    claimDays: '7',
  };
}

/** A whole number as typed: the number, or the text itself (the schema then names it wrong). */
function integerOf(text: string): number | string {
  const trimmed = text.trim();
  return /^\d{1,12}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The rule the draft makes, as the create call's `rule`. */
export function ruleInputOf(draft: RaffleDraft): Record<string, unknown> {
  const weights: Record<string, number | string> = {};
  for (const category of wageringCategories) {
    const text = draft.weights[category];
    if (text.trim() !== '') weights[category] = integerOf(text);
  }
  return {
    ticketTurnover: draft.ticketTurnover.trim(),
    maxTickets: integerOf(draft.maxTickets),
    prizes: draft.prizes.map((prize) => ({ amount: prize.amount.trim(), count: integerOf(prize.count) })),
    weights,
    wageringMultiple: integerOf(draft.wageringMultiple),
    maxBet: draft.maxBet.trim(),
    expiryDays: integerOf(draft.expiryDays),
    claimDays: integerOf(draft.claimDays),
  };
}

function instantOf(value: string): number | null {
  const iso = fromLocalInput(value);
  return iso === null ? null : Date.parse(iso);
}

export interface RaffleRequest {
  promotionId: number;
  startsAt: number;
  endsAt: number;
  rule: RaffleRule;
}

/**
 * The draft checked as the server checks it: a page chosen; the period (no start before a minute
 * ago, an end after the start, at most 90 days); the contract's rule schema, then the amounts at the
 * brand's precision and above zero, then the bound. Messages by field (`prizes.0.amount`,
 * `weights.RNG`).
 */
export function checkRaffleDraft(
  draft: RaffleDraft,
  context: RaffleContext,
  now: number,
): { ok: true; request: RaffleRequest } | { ok: false; errors: FieldErrors } {
  const errors: Record<string, string> = {};
  const promotionId = integerOf(draft.promotionId);
  if (typeof promotionId !== 'number' || promotionId < 1)
    errors.promotionId = t('site_raffle_error_choose_page');
  const startsAt = instantOf(draft.startsAt);
  const endsAt = instantOf(draft.endsAt);
  if (startsAt === null) errors.startsAt = t('site_raffle_error_date');
  else if (startsAt < now - RAFFLE_START_SLACK_MS) errors.startsAt = t('site_raffle_error_past');
  if (endsAt === null) errors.endsAt = t('site_raffle_error_date');
  else if (startsAt !== null && endsAt <= startsAt) errors.endsAt = t('site_raffle_error_order');
  else if (startsAt !== null && endsAt - startsAt > RAFFLE_MAX_DAYS * DAY)
    errors.endsAt = t('site_raffle_error_too_long', { days: RAFFLE_MAX_DAYS });

  const input = ruleInputOf(draft);
  const checked = checkWith(raffleRuleInputSchema, input);
  if (!checked.ok) Object.assign(errors, checked.errors);
  const amount = (field: string, text: unknown) => {
    if (errors[field] || typeof text !== 'string') return;
    const reading = readAmount(text, { precision: context.currencyPrecision, allowZero: false });
    if (reading.ok) return;
    if (reading.problem === 'too_many_decimals')
      errors[field] = t('site_raffle_error_precision', { precision: context.currencyPrecision });
    else if (reading.problem === 'zero') errors[field] = t('site_raffle_error_above_zero');
  };
  amount('ticketTurnover', input.ticketTurnover);
  amount('maxBet', input.maxBet);
  draft.prizes.forEach((prize, index) => amount(`prizes.${index}.amount`, prize.amount.trim()));
  const multiple = input.wageringMultiple;
  const smallest = context.smallestWageringMultiple;
  if (!errors.wageringMultiple && typeof multiple === 'number') {
    if (smallest === null) errors.wageringMultiple = t('site_raffle_bound_none');
    else if (multiple < smallest)
      errors.wageringMultiple = t('site_raffle_error_bound', { multiple: smallest });
  }
  if (
    checked.ok &&
    Object.keys(errors).length === 0 &&
    typeof promotionId === 'number' &&
    startsAt !== null &&
    endsAt !== null
  ) {
    return { ok: true, request: { promotionId, startsAt, endsAt, rule: checked.data } };
  }
  return { ok: false, errors };
}

/** A server's issue field as the form names it: `rule.prizes.0.amount` → `prizes.0.amount`. */
export function formField(field: string): string {
  return field.replace(/^(body\.)?rule\./, '');
}

// ---------------------------------------------------------------------------------------------
// The raffle in words

/** An amount as the rule states it: the brand's sign, grouped ("৳1,000", "৳25.50"). */
export function raffleMoney(amount: string, symbol: string): string {
  return `${symbol}${groupAmount(amount)}`;
}

/** The prizes in all, at the brand's precision. */
export function prizesTotal(rule: RaffleRule, precision: number): string {
  const total = rafflePlaces(rule.prizes).reduce((sum, amount) => {
    const reading = readAmount(amount, { precision, allowZero: true });
    return sum + (reading.ok ? reading.minor : 0n);
  }, 0n);
  return formatAmount(total, precision);
}

/**
 * The rule in words: "A ticket per ৳100 of counted betting, at most 50 a member · prizes ৳500,
 * 2 × ৳100 (৳700.00 in 3) · each prize wagered 60× within 7 days, max bet ৳100 · claimed within 7
 * days".
 */
export function raffleRuleWords(rule: RaffleRule, context: Omit<RaffleContext, 'smallestWageringMultiple'>) {
  const symbol = context.currencySymbol;
  const list = rule.prizes
    .map((prize) =>
      prize.count === 1
        ? raffleMoney(prize.amount, symbol)
        : `${prize.count} × ${raffleMoney(prize.amount, symbol)}`,
    )
    .join(', ');
  return [
    t('site_raffle_summary_tickets', {
      amount: raffleMoney(rule.ticketTurnover, symbol),
      count: rule.maxTickets,
    }),
    t('site_raffle_summary_prizes', {
      list,
      total: raffleMoney(prizesTotal(rule, context.currencyPrecision), symbol),
      places: rafflePlaces(rule.prizes).length,
    }),
    t('site_raffle_summary_wagering', {
      multiple: rule.wageringMultiple,
      days: rule.expiryDays,
      amount: raffleMoney(rule.maxBet, symbol),
    }),
    t('site_raffle_summary_claim', { days: rule.claimDays }),
  ].join(' · ');
}

/** The draft in words with its period, or null while it does not make a raffle yet. */
export function draftWords(draft: RaffleDraft, context: RaffleContext): string | null {
  const parsed = raffleRuleInputSchema.safeParse(ruleInputOf(draft));
  const startsAt = instantOf(draft.startsAt);
  const endsAt = instantOf(draft.endsAt);
  if (!parsed.success || startsAt === null || endsAt === null) return null;
  return `${raffleRuleWords(parsed.data, context)} · ${t('site_raffle_summary_period', {
    from: formatTime(startsAt),
    until: formatTime(endsAt),
  })}`;
}
