import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import type { GameCategory, RoundStatus, RoundTotals } from '@khela/contract';
import { formatAmountText, formatNumber } from '../../shared/lib/format.ts';
import { categoryInfo, useGameMenus } from '../games/index.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import { Badge, type BadgeTone } from '../../shared/ui/badge.tsx';
import { FilterSelect } from '../../shared/ui/record-filters.tsx';

/** Pieces shared by the betting record and the profit and loss pages. */

/** A round's states in filter order (the contract's list, without importing its zod schemas here). */
export const roundStatusOrder = ['settled', 'open', 'rolled_back'] as const satisfies readonly RoundStatus[];

const roundStatusLabelKeys: Record<RoundStatus, string> = {
  open: 'records_status_open',
  settled: 'records_status_settled',
  rolled_back: 'records_status_rolled_back',
};

export function roundStatusLabelKey(status: RoundStatus): string {
  return roundStatusLabelKeys[status];
}

function isGameCategory(gameType: string): gameType is GameCategory {
  return Object.hasOwn(categoryInfo, gameType);
}

/** The category's name in the visitor's language; a category we do not know keeps its code. */
export function useCategoryLabel() {
  const { t } = useTranslation();
  return (gameType: string) => (isGameCategory(gameType) ? t(categoryInfo[gameType].labelKey) : gameType);
}

/** A decimal amount from the API in the visitor's digits at the brand's precision. */
export function useAmount() {
  const brand = useBrand();
  const formatOptions = useFormatOptions();
  return (text: string) => formatAmountText(text, formatOptions, brand.currencyPrecision);
}

const roundStatusTones: Record<RoundStatus, BadgeTone> = {
  open: 'gold',
  settled: 'blue',
  rolled_back: 'muted',
};

export function StatusBadge({ status }: { status: RoundStatus }) {
  const { t } = useTranslation();
  return <Badge tone={roundStatusTones[status]}>{t(roundStatusLabelKey(status))}</Badge>;
}

/** Profit or loss with its sign: a win in green, a loss or nothing in the plain text colour. */
export function ProfitAmount({ value, className = '' }: { value: string; className?: string }) {
  const amount = useAmount();
  const isWin = !value.startsWith('-') && /[1-9]/.test(value);
  return (
    <span className={`records-profit${isWin ? ' records-profit--win' : ''} ${className}`.trim()}>
      {isWin ? '+' : ''}
      {amount(value)}
    </span>
  );
}

/** The category filter's state: the game menu's categories and the chosen one ('' for all). */
export function useCategoryChoice() {
  const menus = useGameMenus();
  const [gameType, setGameType] = useState<GameCategory | ''>('');
  return { categories: menus.data ?? [], gameType, setGameType };
}

/** The category select of the filter row: the game menu's categories, or all of them. */
export function CategoryFilter({
  categories,
  value,
  onChange,
}: {
  categories: readonly { category: GameCategory }[];
  value: GameCategory | '';
  onChange: (category: GameCategory | '') => void;
}) {
  const { t } = useTranslation();
  const categoryLabel = useCategoryLabel();
  return (
    <FilterSelect
      fills
      label={t('records_category')}
      value={value}
      onChange={(next) => onChange(next as GameCategory | '')}
    >
      <option value="">{t('records_all_categories')}</option>
      {categories.map((menu) => (
        <option key={menu.category} value={menu.category}>
          {categoryLabel(menu.category)}
        </option>
      ))}
    </FilterSelect>
  );
}

/** Rounds, total bet, total win and profit over the whole filtered set. */
export function TotalsBar({ totals }: { totals: RoundTotals }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const formatOptions = useFormatOptions();
  const amount = useAmount();
  return (
    <dl className="records-totals" aria-label={t('records_totals')}>
      <div className="records-totals__item">
        <dt>{t('records_rounds')}</dt>
        <dd>{formatNumber(totals.rounds, formatOptions)}</dd>
      </div>
      <div className="records-totals__item">
        <dt>{t('records_total_bet')}</dt>
        <dd>
          {brand.currencySymbol}
          {amount(totals.bet)}
        </dd>
      </div>
      <div className="records-totals__item">
        <dt>{t('records_total_win')}</dt>
        <dd>
          {brand.currencySymbol}
          {amount(totals.win)}
        </dd>
      </div>
      <div className="records-totals__item records-totals__item--profit">
        <dt>{t('records_profit')}</dt>
        <dd>
          <ProfitAmount value={totals.profit} />
        </dd>
      </div>
    </dl>
  );
}
