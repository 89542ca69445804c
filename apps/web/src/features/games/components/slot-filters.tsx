import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Search from 'lucide-react/icons/search';
import type { SlotClassify } from '@khela/contract';
import { formatAmountText } from '../../../shared/lib/format.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { minBetOptions } from '../lobby/constants.ts';
import { classifyOptions } from '../lobby/lobby-state.ts';

/** Labels of the slot classify values (spec 5 names the codes only; these are the house's reading). */
export const classifyLabelKeys: Record<SlotClassify, string> = {
  SC: 'classify_sc',
  VP: 'classify_vp',
  JP: 'classify_jp',
  TG: 'classify_tg',
  AC: 'classify_ac',
  BG: 'classify_bg',
};

interface SlotFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  classify: SlotClassify | null;
  onClassify: (classify: SlotClassify | null) => void;
  minBet: string | null;
  onMinBet: (minBet: string | null) => void;
}

/** Spec 2 and 5: name search (debounced by the caller), classify and minimum-bet filters. */
export function SlotFilters(props: SlotFiltersProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const format = useFormatOptions();
  const id = useId();
  return (
    <div className="lobby-filters" role="search">
      <div className="lobby-filters__search">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          {t('label_search_games')}
        </label>
        <Search size={18} aria-hidden="true" />
        <input
          id={`${id}-search`}
          className="lobby-input"
          type="search"
          inputMode="search"
          autoComplete="off"
          maxLength={64}
          placeholder={t('label_search_games')}
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
        />
      </div>
      <label>
        {t('label_game_classify')}
        <select
          className="lobby-select"
          value={props.classify ?? ''}
          onChange={(event) => props.onClassify((event.target.value || null) as SlotClassify | null)}
        >
          <option value="">{t('label_all_types')}</option>
          {classifyOptions(brand.languages).map((classify) => (
            <option key={classify} value={classify}>
              {t(classifyLabelKeys[classify])}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('label_min_bet')}
        <select
          className="lobby-select"
          value={props.minBet ?? ''}
          onChange={(event) => props.onMinBet(event.target.value || null)}
        >
          <option value="">{t('label_all')}</option>
          {minBetOptions.map((option) => (
            <option key={option} value={option}>
              {brand.currencySymbol}
              {formatAmountText(option, format, option.split('.')[1]?.length ?? 0)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
