import Gift from 'lucide-react/icons/gift';
import type { Bonus } from '@khela/contract';
import { paths } from '../../../shared/config/paths.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { Link } from '../../../shared/router/router.tsx';
import { Badge } from '../../../shared/ui/badge.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useMoney } from '../../wallet/index.ts';
import { useBonuses } from './bonus-api.ts';
import { bonusStateLabels } from './bonus-labels.ts';
import { BonusRulesHelp, useWeightsText } from './bonus-rule.tsx';
import { WageringProgress } from './wagering-progress.tsx';
import './bonus.css';

/** What a bonus that came from the reward centre was: its line under the promotion's title. */
const rewardKindKeys = { referral: 'bonus_kind_referral', cashback: 'bonus_kind_cashback' } as const;

/** The bonus's moment worth naming: when it expires (or lapses while waiting), else when it ended. */
function timeLine(bonus: Bonus): { labelKey: string; at: number } | null {
  if (bonus.endedAt !== null) return { labelKey: 'bonus_ended_at', at: bonus.endedAt };
  if (bonus.expiresAt === null) return null;
  return {
    labelKey: bonus.state === 'waiting' ? 'bonus_deposit_by_at' : 'bonus_expires_at',
    at: bonus.expiresAt,
  };
}

/** What the bonus wallet holds for it now, or what became of it (cash, forfeited); null when nothing. */
function balanceLabelKey(bonus: Bonus): string | null {
  switch (bonus.state) {
    case 'active':
      return 'bonus_balance_active';
    case 'converted':
      return 'bonus_balance_converted';
    case 'forfeited':
    case 'expired':
      return 'bonus_balance_forfeited';
    case 'waiting':
    case 'lost':
    case 'lapsed':
      return null;
  }
}

function BonusCard({ bonus }: { bonus: Bonus }) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const weightsText = useWeightsText();
  const state = bonusStateLabels[bonus.state];
  const time = timeLine(bonus);
  const balanceKey = balanceLabelKey(bonus);
  const facts: { labelKey: string; value: string }[] = [
    // A waiting bonus has no amount yet: it is the match of the deposit still to come.
    ...(bonus.state === 'waiting' ? [] : [{ labelKey: 'bonus_amount', value: money(bonus.amount) }]),
    ...(balanceKey ? [{ labelKey: balanceKey, value: money(bonus.balance) }] : []),
    { labelKey: 'bonus_max_bet', value: money(bonus.maxBet) },
    { labelKey: 'bonus_counts', value: weightsText(bonus.weights) },
    ...(time ? [{ labelKey: time.labelKey, value: formatDateTime(time.at, formatOptions, false) }] : []),
    { labelKey: 'bonus_claimed_at', value: formatDateTime(bonus.claimedAt, formatOptions, false) },
  ];
  return (
    <li className="bonus-card" data-testid="bonus-card" data-state={bonus.state}>
      <div className="bonus-card__head">
        <div className="bonus-card__name">
          <h4 className="bonus-card__title">{bonus.title}</h4>
          {/* A reward claimed in the reward centre: its title is the referral or cash-back promotion's. */}
          {bonus.kind === 'referral' || bonus.kind === 'cashback' ? (
            <p className="bonus-card__kind">{t(rewardKindKeys[bonus.kind])}</p>
          ) : null}
        </div>
        <Badge tone={state.tone}>{t(state.labelKey)}</Badge>
      </div>
      {bonus.state === 'waiting' ? null : (
        <WageringProgress
          done={bonus.wageringDone}
          required={bonus.wageringRequired}
          left={bonus.wageringLeft}
        />
      )}
      <dl className="bonus-card__facts">
        {facts.map((fact) => (
          <div
            key={fact.labelKey}
            className={
              fact.labelKey === 'bonus_counts'
                ? 'bonus-card__fact bonus-card__fact--wide'
                : 'bonus-card__fact'
            }
          >
            <dt>{t(fact.labelKey)}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * bonusDetails (spec 2 member centre, issue 39): the bonus wallet's balance, each bonus with its
 * wagering, maximum bet and dates, and how bonus money works.
 */
export function BonusDetailsPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const bonuses = useBonuses();

  if (bonuses.isPending) {
    return (
      <div className="bonus-details" aria-busy="true">
        <Skeleton rows={1} height="5rem" />
        <Skeleton rows={2} height="8rem" />
      </div>
    );
  }
  if (bonuses.isError) return <FormAlert textKey={errorTextKey(bonuses.error)} />;
  const { bonusBalance, bonuses: list } = bonuses.data;

  return (
    <div className="bonus-details">
      <section className="bonus-wallet" aria-labelledby="bonus-wallet-label">
        <h3 id="bonus-wallet-label" className="bonus-wallet__label">
          {t('wallet_bonus')}
        </h3>
        <p className="bonus-wallet__balance" data-testid="bonus-balance">
          {money(bonusBalance)}
        </p>
        <p className="bonus-wallet__note">{t('bonus_wallet_note')}</p>
      </section>
      <BonusRulesHelp />
      {list.length === 0 ? (
        <EmptyState
          icon={Gift}
          title={t('bonus_empty_title')}
          text={t('bonus_empty_text')}
          action={
            <Link className="button button--primary" to={paths.promotions}>
              {t('bonus_see_promotions')}
            </Link>
          }
        />
      ) : (
        <section className="bonus-list-section" aria-labelledby="bonus-list-title">
          <h3 id="bonus-list-title" className="bonus-list-section__title">
            {t('bonus_list_title')}
          </h3>
          <ul className="bonus-list">
            {list.map((bonus) => (
              <BonusCard key={bonus.id} bonus={bonus} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
