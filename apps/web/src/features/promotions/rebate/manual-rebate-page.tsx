import { useState } from 'react';
import HandCoins from 'lucide-react/icons/hand-coins';
import type { GameCategory, RebateLine } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatAmountText, formatDateTime } from '../../../shared/lib/format.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { categoryInfo } from '../../games/index.ts';
import { useAmount } from '../../records/index.ts';
import { useClaimRebate, useRebate } from './rebate-api.ts';
import './rebate.css';

/** "0.8" → "0.8%" in the page's digits, as many decimals as the rate has. */
function useRate() {
  const formatOptions = useFormatOptions();
  return (rate: string) => `${formatAmountText(rate, formatOptions, rate.split('.')[1]?.length ?? 0)}%`;
}

function useCategoryName() {
  const { t } = useTranslation();
  return (gameType: GameCategory) => t(categoryInfo[gameType].labelKey);
}

function LinesTable({ lines }: { lines: RebateLine[] }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const rate = useRate();
  const categoryName = useCategoryName();
  return (
    <table className="rebate-table">
      <caption className="visually-hidden">{t('rb_table_caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('rb_col_category')}</th>
          <th scope="col">{t('rb_col_valid_bet')}</th>
          <th scope="col">{t('rb_col_rate')}</th>
          <th scope="col">{t('rb_col_amount')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.gameType} data-testid={`rebate-line-${line.gameType}`}>
            <th scope="row">{categoryName(line.gameType)}</th>
            <td data-label={t('rb_col_valid_bet')}>{amount(line.validBet)}</td>
            <td data-label={t('rb_col_rate')}>{rate(line.rate)}</td>
            <td data-label={t('rb_col_amount')} className="rebate-table__amount">
              {amount(line.amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * manualRebate (spec 2 member centre, issue 39): the rebate a claim now would pay per game
 * category, the claim button, the brand's rates and the member's last claims.
 */
export function ManualRebatePage() {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const amount = useAmount();
  const rate = useRate();
  const categoryName = useCategoryName();
  const rebate = useRebate();
  const claim = useClaimRebate();
  const showToast = useOverlayStore((state) => state.showToast);
  const [failure, setFailure] = useState<string | null>(null);

  if (rebate.isPending) {
    return (
      <div className="rebate" aria-busy="true">
        <Skeleton rows={1} height="6rem" />
        <Skeleton rows={3} height="3rem" />
      </div>
    );
  }
  if (rebate.isError) return <FormAlert textKey={errorTextKey(rebate.error)} />;
  const value = rebate.data;
  const total = Number(value.total);
  const canClaim = total > 0 && total >= Number(value.minimum);

  const onClaim = async () => {
    setFailure(null);
    try {
      await claim.mutateAsync();
      showToast('rb_claimed_toast');
    } catch (error) {
      setFailure(errorTextKey(error));
    }
  };

  return (
    <div className="rebate">
      <section className="rebate-summary" aria-labelledby="rebate-available">
        <div className="rebate-summary__figure">
          <h3 id="rebate-available" className="rebate-summary__label">
            {t('rb_available')}
          </h3>
          <p className="rebate-summary__total" data-testid="rebate-total">
            {amount(value.total)}
          </p>
          <p className="rebate-summary__period">
            {t('rb_since', { from: formatDateTime(value.from, formatOptions, false) })}
          </p>
        </div>
        <div className="rebate-summary__action">
          <button
            type="button"
            className="button button--primary"
            disabled={!canClaim || claim.isPending}
            onClick={() => void onClaim()}
          >
            {claim.isPending ? t('rb_claiming') : t('rb_claim')}
          </button>
          <p className="rebate-summary__minimum">{t('rb_minimum', { amount: amount(value.minimum) })}</p>
        </div>
      </section>
      {failure ? <FormAlert textKey={failure} /> : null}

      {value.lines.length === 0 ? (
        <EmptyState icon={HandCoins} title={t('rb_empty_title')} text={t('rb_empty_text')} />
      ) : (
        <LinesTable lines={value.lines} />
      )}
      <p className="rebate__note">{t('rb_delay_note', { seconds: value.delaySeconds })}</p>

      <section className="rebate-section" aria-labelledby="rebate-rates">
        <h3 id="rebate-rates" className="rebate-section__title">
          {t('rb_rates_title')}
        </h3>
        {value.rates.length === 0 ? (
          <p className="rebate__note">{t('rb_rates_none')}</p>
        ) : (
          <ul className="rebate-rates">
            {value.rates.map((entry) => (
              <li key={entry.gameType}>
                <span>{categoryName(entry.gameType)}</span>
                <strong>{rate(entry.rate)}</strong>
              </li>
            ))}
          </ul>
        )}
        <p className="rebate__note">{t('rb_rates_note')}</p>
      </section>

      <section className="rebate-section" aria-labelledby="rebate-history">
        <h3 id="rebate-history" className="rebate-section__title">
          {t('rb_history_title')}
        </h3>
        {value.claims.length === 0 ? (
          <p className="rebate__note">{t('rb_history_empty')}</p>
        ) : (
          <ul className="rebate-history">
            {value.claims.map((entry) => (
              <li key={entry.id} data-testid="rebate-claim">
                <span>{formatDateTime(entry.claimedAt, formatOptions, false)}</span>
                <strong>{amount(entry.amount)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
