import type { BonusRule, ClaimPeriod, WageringCategory } from '@khela/contract';
import { compareAmounts } from '@khela/contract/money';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatAmountText, formatZone } from '../../../shared/lib/format.ts';
import { categoryInfo } from '../../games/index.ts';
import { useMoney } from '../../wallet/index.ts';
import { bonusRuleTextKeys } from './bonus-labels.ts';

const claimPeriodKeys: Record<ClaimPeriod, string> = {
  member: 'bonus_rule_period_member',
  day: 'bonus_rule_period_day',
  week: 'bonus_rule_period_week',
};

/** A bonus obtained by application: how often one member may apply. */
const applyPeriodKeys: Record<ClaimPeriod, string> = {
  member: 'bonus_rule_apply_period_member',
  day: 'bonus_rule_apply_period_day',
  week: 'bonus_rule_apply_period_week',
};

/** "100" → "100%", "12.5" → "12.5%" in the page's digits. */
function usePercent() {
  const formatOptions = useFormatOptions();
  return (value: string) => `${formatAmountText(value, formatOptions, value.split('.')[1]?.length ?? 0)}%`;
}

/** "Slots 100%, Live casino 10%": the categories whose betting counts, the heaviest first. */
export function useWeightsText() {
  const { t } = useTranslation();
  const percent = usePercent();
  return (weights: Partial<Record<WageringCategory, number>>) =>
    (Object.entries(weights) as [WageringCategory, number][])
      .filter(([, weight]) => weight > 0)
      .sort(([, a], [, b]) => b - a)
      .map(([category, weight]) => `${t(categoryInfo[category].labelKey)} ${percent(String(weight))}`)
      .join(', ');
}

/**
 * A referral rule in plain words: what the friend's deposit must be and when, what the member who
 * invited them gets, how long the reward waits to be claimed, then the bonus's wagering.
 */
function useReferralFacts() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const percent = usePercent();
  const weightsText = useWeightsText();
  return (rule: BonusRule): (string | null)[] => {
    const hasMinimum = compareAmounts(rule.minDeposit, '0') > 0;
    const values = { deposit: money(rule.minDeposit), amount: money(rule.amount) };
    const headline =
      rule.percent === null
        ? t(hasMinimum ? 'bonus_rule_referral_fixed' : 'bonus_rule_referral_fixed_any', values)
        : t(hasMinimum ? 'bonus_rule_referral_percent' : 'bonus_rule_referral_percent_any', {
            ...values,
            percent: percent(rule.percent),
          });
    return [
      headline,
      rule.newMemberDays === null ? null : t('bonus_rule_referral_within', { count: rule.newMemberDays }),
      t('bonus_rule_referral_claim', { count: rule.depositWithinDays }),
      t('bonus_rule_referral_wagering', { multiple: rule.wageringMultiple }),
      t('bonus_rule_max_bet', { amount: money(rule.maxBet) }),
      t('bonus_rule_expiry', { count: rule.expiryDays }),
      t('bonus_rule_counts', { list: weightsText(rule.weights) }),
      rule.maxClaims === null ? null : t('bonus_rule_referral_max_rewards', { count: rule.maxClaims }),
    ];
  };
}

/**
 * A cash-back rule in plain words: the period (the brand's zone) and the cap, each tier, when and
 * where it is paid and how long it waits, then the bonus's wagering.
 */
function useCashbackFacts() {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const percent = usePercent();
  const weightsText = useWeightsText();
  return (rule: BonusRule): (string | null)[] => {
    const weekly = rule.claimPeriod === 'week';
    return [
      t(weekly ? 'bonus_rule_cashback_week' : 'bonus_rule_cashback_day', {
        amount: money(rule.amount),
        zone: formatZone(formatOptions),
      }),
      ...(rule.tiers ?? []).map((tier) =>
        compareAmounts(tier.minLoss, '0') > 0
          ? t('bonus_rule_cashback_tier', { loss: money(tier.minLoss), percent: percent(tier.percent) })
          : t('bonus_rule_cashback_tier_any', { percent: percent(tier.percent) }),
      ),
      t(weekly ? 'bonus_rule_cashback_paid_week' : 'bonus_rule_cashback_paid_day', {
        count: rule.depositWithinDays,
      }),
      t('bonus_rule_cashback_wagering', { multiple: rule.wageringMultiple }),
      t('bonus_rule_max_bet', { amount: money(rule.maxBet) }),
      t('bonus_rule_expiry', { count: rule.expiryDays }),
      t('bonus_rule_counts', { list: weightsText(rule.weights) }),
    ];
  };
}

/**
 * A bonus rule in plain words, one fact an item: what it gives, the smallest deposit, the wagering,
 * the maximum bet, the expiry, what counts, then who may claim it and how often (a bonus obtained
 * by application says so, and how often one may apply). A referral rule
 * says what a friend's deposit earns instead (no claim period: it is earned, not claimed); a
 * cash-back rule its period, tiers and cap (paid by itself after each period).
 */
export function BonusRuleFacts({ rule }: { rule: BonusRule }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const percent = usePercent();
  const weightsText = useWeightsText();
  const referralFacts = useReferralFacts();
  const cashbackFacts = useCashbackFacts();
  const isMatch = rule.kind === 'deposit_match';
  const isApplication = rule.obtain === 'apply';
  const facts =
    rule.kind === 'referral'
      ? referralFacts(rule)
      : rule.kind === 'cashback'
        ? cashbackFacts(rule)
        : [
            isMatch
              ? t(rule.firstDepositOnly ? 'bonus_rule_match_first' : 'bonus_rule_match', {
                  percent: percent(rule.percent ?? '0'),
                  amount: money(rule.amount),
                })
              : t('bonus_rule_fixed', { amount: money(rule.amount) }),
            isApplication ? t('bonus_rule_apply') : null,
            isMatch && compareAmounts(rule.minDeposit, '0') > 0
              ? t('bonus_rule_min_deposit', { amount: money(rule.minDeposit) })
              : null,
            t('bonus_rule_wagering', { multiple: rule.wageringMultiple }),
            t('bonus_rule_max_bet', { amount: money(rule.maxBet) }),
            t('bonus_rule_expiry', { count: rule.expiryDays }),
            t('bonus_rule_counts', { list: weightsText(rule.weights) }),
            rule.newMemberDays === null ? null : t('bonus_rule_new_members', { count: rule.newMemberDays }),
            t((isApplication ? applyPeriodKeys : claimPeriodKeys)[rule.claimPeriod]),
            rule.maxClaims === null ? null : t('bonus_rule_max_claims', { count: rule.maxClaims }),
          ];
  return (
    <ul className="bonus-rule" data-testid="bonus-rule">
      {facts.map((fact) => (fact === null ? null : <li key={fact}>{fact}</li>))}
    </ul>
  );
}

/** "How bonus money works": the rules every bonus follows, folded away until asked for. */
export function BonusRulesHelp() {
  const { t } = useTranslation();
  return (
    <details className="bonus-help">
      <summary className="bonus-help__summary">{t('bonus_how_title')}</summary>
      <ul className="bonus-help__list">
        {bonusRuleTextKeys.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </details>
  );
}
