import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Dices from 'lucide-react/icons/dices';
import type { RoundStatus } from '@khela/contract';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Pager } from '../../shared/ui/pager.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useRecordPaging } from '../../shared/hooks/use-record-paging.ts';
import { useBettingRecord } from './api/get-betting-record.ts';
import {
  CategoryFilter,
  useCategoryChoice,
  TotalsBar,
  roundStatusLabelKey,
  roundStatusOrder,
} from './record-ui.tsx';
import { BettingRoundLine } from './betting-round-line.tsx';
import { FilterSelect, PeriodButtons } from '../../shared/ui/record-filters.tsx';
import './records.css';

const pageSize = 20;
/** personalHistoryCopy (spec 2 member centre): every round the member played, with totals. */
export function BettingRecordPage() {
  const { t } = useTranslation();
  const { categories, gameType, setGameType } = useCategoryChoice();
  const [vassalage, setVassalage] = useState('');
  const [status, setStatus] = useState<RoundStatus | ''>('');
  const { pageNo, setPageNo, from, filterChanged, periodButtons } = useRecordPaging();
  const record = useBettingRecord({
    ...(gameType ? { gameType } : {}),
    ...(vassalage ? { vassalage } : {}),
    ...(status ? { status } : {}),
    ...(from === undefined ? {} : { from }),
    pageNo,
    pageSize,
  });

  // The vendors of the chosen category, or of every category (each once) when none is chosen.
  const vendors = [
    ...new Map(
      categories
        .filter((menu) => !gameType || menu.category === gameType)
        .flatMap((menu) => menu.vendors.map((vendor) => [vendor.vassalage, vendor] as const)),
    ).values(),
  ];

  return (
    <div className="records">
      <div className="record-filters">
        <CategoryFilter
          categories={categories}
          value={gameType}
          onChange={(next) => {
            setGameType(next);
            const stillOffered = categories.some(
              (menu) =>
                menu.category === next && menu.vendors.some((vendor) => vendor.vassalage === vassalage),
            );
            if (next && !stillOffered) setVassalage('');
            filterChanged();
          }}
        />
        <FilterSelect
          fills
          label={t('records_provider')}
          value={vassalage}
          onChange={(value) => {
            setVassalage(value);
            filterChanged();
          }}
        >
          <option value="">{t('label_all_providers')}</option>
          {vendors.map((vendor) => (
            <option key={vendor.vassalage} value={vendor.vassalage}>
              {vendor.displayName}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          fills
          label={t('records_status')}
          value={status}
          onChange={(value) => {
            setStatus(value as RoundStatus | '');
            filterChanged();
          }}
        >
          <option value="">{t('records_all_statuses')}</option>
          {roundStatusOrder.map((key) => (
            <option key={key} value={key}>
              {t(roundStatusLabelKey(key))}
            </option>
          ))}
        </FilterSelect>
        <PeriodButtons {...periodButtons} />
      </div>

      {record.isPending ? (
        <div className="records__loading" aria-busy="true">
          <Skeleton rows={1} height="4.5rem" />
          <Skeleton rows={5} height="4rem" />
        </div>
      ) : record.isError ? (
        <FormAlert textKey="err_network" />
      ) : record.data.total === 0 ? (
        <EmptyState icon={Dices} title={t('empty_betting_record')} text={t('empty_betting_record_text')} />
      ) : (
        <>
          <TotalsBar totals={record.data.totals} />
          <ul className="record-list" aria-busy={record.isFetching || undefined}>
            {record.data.list.map((line) => (
              <BettingRoundLine key={`${line.vassalage}-${line.roundId}`} line={line} />
            ))}
          </ul>
          <Pager pageNo={pageNo} totalPages={record.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </div>
  );
}
