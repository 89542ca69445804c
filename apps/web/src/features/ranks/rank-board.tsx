import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Crown from 'lucide-react/icons/crown';
import Medal from 'lucide-react/icons/medal';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { RankType } from '@khela/contract';
import { formatMoneyText, formatNumber } from '../../shared/lib/format.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import { ZoneNote } from '../../shared/ui/zone-note.tsx';
import { useRankList } from './api/get-rank-list.ts';
import './rank-board.css';

interface RankBoardProps {
  rankType: RankType;
  titleKey: string;
}

/**
 * A top-20 board (spec 2 /deposit-rank, /bet-rank; the banner above comes from the shell): real
 * activity of the last 30 days only, names masked; an honest empty state before there is any.
 */
export function RankBoard({ rankType, titleKey }: RankBoardProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const format = useFormatOptions();
  const ranks = useRankList(rankType);
  const periodDays = ranks.data?.periodDays ?? 30;
  const amountLabel = rankType === 'bet' ? t('label_total_bets') : t('label_total_deposits');

  function body() {
    if (ranks.isPending) return <Skeleton rows={8} height="2.75rem" />;
    if (ranks.isError)
      return (
        <EmptyState
          icon={TriangleAlert}
          title={t('err_network')}
          action={
            <button type="button" className="button button--outline" onClick={() => void ranks.refetch()}>
              {t('action_retry')}
            </button>
          }
        />
      );
    if (ranks.data.list.length === 0)
      return (
        <EmptyState
          icon={Medal}
          title={t('empty_rank_title')}
          text={rankType === 'bet' ? t('empty_bet_rank_text') : t('empty_deposit_rank_text')}
        />
      );
    return (
      <>
        <div className="rank-board__head" aria-hidden="true">
          <span>{t('label_rank')}</span>
          <span>{t('label_player')}</span>
          <span>{amountLabel}</span>
        </div>
        <ol className="rank-board" aria-label={t(titleKey)}>
          {ranks.data.list.map((entry) => (
            <li
              key={entry.rank}
              className={`rank-board__row${entry.rank <= 3 ? ` rank-board__row--top${entry.rank}` : ''}`}
            >
              <span className="rank-board__place">
                {entry.rank <= 3 ? <Crown size={18} aria-hidden="true" /> : null}
                {/* Read as "Place 1" (a plain span may not carry aria-label: axe aria-prohibited-attr). */}
                <span className="visually-hidden">
                  {t('label_rank_place', { value: formatNumber(entry.rank, format) })}
                </span>
                <span aria-hidden="true">{formatNumber(entry.rank, format)}</span>
              </span>
              <span className="rank-board__name">{entry.customerName}</span>
              <span className="rank-board__amount">
                <span className="visually-hidden">{amountLabel}: </span>
                {formatMoneyText(entry.amount, {
                  ...format,
                  symbol: brand.currencySymbol,
                  precision: brand.currencyPrecision,
                })}
              </span>
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <Page title={t(titleKey)} subtitle={t('label_rank_period', { value: formatNumber(periodDays, format) })}>
      {body()}
      {/* The period's days are the brand's: say which clock they follow. */}
      <ZoneNote />
    </Page>
  );
}
