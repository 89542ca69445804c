import type { BonusRule, ClaimPeriod, WageringCategory } from '@khela/contract';
import { compareAmounts } from '@khela/contract/money';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatAmountText } from '../../../shared/lib/format.ts';
import { categoryInfo } from '../../games/index.ts';
import { useMoney } from '../../wallet/index.ts';
import { bonusRuleTextKeys } from './bonus-labels.ts';

const claimPeriodKeys: Record<ClaimPeriod, string> = {
  member: 'bonus_rule_period_member',
  day: 'bonus_rule_period_day',
  week: 'bonus_rule_period_week',
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
 * A bonus rule in plain words, one fact an item: what it gives, the smallest deposit, the wagering,
 * the maximum bet, the expiry, what counts, then who may claim it and how often.
 */
export function BonusRuleFacts({ rule }: { rule: BonusRule }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const percent = usePercent();
  const weightsText = useWeightsText();
  const isMatch = rule.kind === 'deposit_match';
  const facts = [
    isMatch
      ? t(rule.firstDepositOnly ? 'bonus_rule_match_first' : 'bonus_rule_match', {
          percent: percent(rule.percent ?? '0'),
          amount: money(rule.amount),
        })
      : t('bonus_rule_fixed', { amount: money(rule.amount) }),
    isMatch && compareAmounts(rule.minDeposit, '0') > 0
      ? t('bonus_rule_min_deposit', { amount: money(rule.minDeposit) })
      : null,
    t('bonus_rule_wagering', { multiple: rule.wageringMultiple }),
    t('bonus_rule_max_bet', { amount: money(rule.maxBet) }),
    t('bonus_rule_expiry', { count: rule.expiryDays }),
    t('bonus_rule_counts', { list: weightsText(rule.weights) }),
    rule.newMemberDays === null ? null : t('bonus_rule_new_members', { count: rule.newMemberDays }),
    t(claimPeriodKeys[rule.claimPeriod]),
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
