import { useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { toBengaliDigits } from '../../../shared/lib/format.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import {
  agentPeriodLabelKeys,
  agentPeriodRange,
  agentPeriods,
  type AgentPeriod,
} from '../shared/agent-periods.ts';
import '../../../shared/ui/record-list.css';
import '../../../shared/forms/forms.css';
import './reports.css';

/**
 * Pieces the agent centre's report and wage pages share: the period and page, the username filter,
 * the loading / failure / empty states and the totals strip.
 */

/**
 * The period (the brand's days, reckoned from when the page opened), the page and the username searched for;
 * a new filter goes back to page 1.
 */
export function useAgentPaging(initial: AgentPeriod = 'week') {
  const [period, setPeriod] = useState<AgentPeriod>(initial);
  const [pageNo, setPageNo] = useState(1);
  const [username, setUsername] = useState('');
  const [now] = useState(() => Date.now());
  const { timeZone } = useFormatOptions();
  return {
    pageNo,
    /** The username filter's query part: none for the whole team. */
    byUsername: username ? { username } : {},
    /** The props of the filter row's `UsernameFilter`. */
    usernameFilter: {
      value: username,
      onChange: (next: string) => {
        setUsername(next);
        setPageNo(1);
      },
    },
    setPageNo,
    range: agentPeriodRange(period, now, timeZone),
    filterChanged: () => setPageNo(1),
    periodButtons: {
      periods: agentPeriods,
      labelKeys: agentPeriodLabelKeys,
      value: period,
      onChange: (next: AgentPeriod) => {
        setPeriod(next);
        setPageNo(1);
      },
    },
  };
}

/** A team account's username: asked for when submitted (Enter or the button), not on each key. */
export function UsernameFilter({ value, onChange }: { value: string; onChange: (username: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  return (
    <form
      className="record-filter record-filter--fill agent-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(text.trim());
      }}
    >
      <label className="agent-search__label">
        <span>{t('label_username')}</span>
        <input
          className="field__input"
          type="search"
          value={text}
          maxLength={64}
          autoComplete="off"
          placeholder={t('agw_all_accounts')}
          onChange={(event) => {
            setText(event.target.value);
            // Clearing the box shows the whole team again at once.
            if (event.target.value === '' && value !== '') onChange('');
          }}
        />
      </label>
      <button type="submit" className="button button--outline button--small">
        {t('agw_search')}
      </button>
    </form>
  );
}

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number | string }>;

/** Loading skeleton, failure, empty state or the content of one query's answer. */
export function QueryView<T>({
  query,
  isEmpty,
  emptyIcon,
  emptyTitle,
  emptyText,
  rows = 4,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  emptyIcon: Icon;
  emptyTitle: string;
  emptyText?: string;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="agent-loading" aria-busy="true">
        <Skeleton rows={rows} height="3.5rem" />
      </div>
    );
  }
  if (query.isError) return <FormAlert textKey="err_network" />;
  if (isEmpty(query.data)) {
    return <EmptyState icon={emptyIcon} title={emptyTitle} {...(emptyText ? { text: emptyText } : {})} />;
  }
  return (
    <div className="agent-section" aria-busy={query.isFetching || undefined}>
      {children(query.data)}
    </div>
  );
}

/** A strip of labelled figures (totals over the whole filtered set). */
export function FigureList({ label, items }: { label: string; items: readonly [string, ReactNode][] }) {
  return (
    <dl className="agent-figures" aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name} className="agent-figures__item">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A UTC day ('2026-11-26') or period key in the visitor's digits. */
export function useDayText() {
  const formatOptions = useFormatOptions();
  return (day: string) =>
    formatOptions.language === 'BN' && formatOptions.bengaliDigits ? toBengaliDigits(day) : day;
}
