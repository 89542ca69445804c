import { Fragment, useState, type ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';
import { Empty, ErrorState, Loading } from './states.tsx';

export interface Column<Row> {
  /** Unique within the table. */
  key: string;
  /** The heading (a sentence already translated). */
  header: string;
  /** The cell. Strings and numbers are rendered as text (escaped by React). */
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  /** Hidden on narrow screens (the 360 px layout shows the essential columns). */
  wide?: boolean;
  /** The heading is read by screen readers only (a column of pictures or buttons). */
  hideHeader?: boolean;
}

export interface TablePaging {
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
}

export interface TableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** What an empty table says. */
  emptyText?: string;
  /** "Load more" under the rows (cursor paging: usePagedCall). */
  paging?: TablePaging;
  /** A row that opens under itself when clicked (details, before/after). */
  expand?: (row: Row) => ReactNode;
  /** The table's accessible name. */
  label?: string;
}

/**
 * The back office's table: columns, the loading/empty/error states, an expandable row and "load more"
 * paging. It scrolls sideways inside its card on a narrow screen rather than widening the page.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  onRetry,
  emptyText,
  paging,
  expand,
  label,
}: TableProps<Row>) {
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());
  if (isLoading && !rows?.length) return <Loading rows={4} />;
  if (error && !rows?.length) return <ErrorState error={error} {...(onRetry ? { onRetry } : {})} />;
  if (!rows || rows.length === 0) return <Empty>{emptyText}</Empty>;
  const toggle = (key: string | number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const span = columns.length + (expand ? 1 : 0);
  return (
    <div className="table-frame">
      <div className="table-scroll">
        <table className="table" aria-label={label}>
          <thead>
            <tr>
              {expand ? (
                <th className="table__toggle">
                  <span className="visually-hidden">{t('shell_table_details')}</span>
                </th>
              ) : null}
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`${column.align === 'end' ? 'table__end' : ''}${column.wide ? ' table__wide' : ''}`}
                >
                  {column.hideHeader ? (
                    <span className="visually-hidden">{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = rowKey(row);
              const isOpen = open.has(key);
              return (
                <Fragment key={key}>
                  <tr className={isOpen ? 'table__row--open' : undefined}>
                    {expand ? (
                      <td className="table__toggle">
                        <button
                          type="button"
                          className="table__expand"
                          aria-expanded={isOpen}
                          aria-label={t(isOpen ? 'shell_table_hide' : 'shell_table_show')}
                          onClick={() => toggle(key)}
                        >
                          {isOpen ? '−' : '+'}
                        </button>
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        className={`${column.align === 'end' ? 'table__end' : ''}${column.wide ? ' table__wide' : ''}`}
                        data-label={column.header}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                  {expand && isOpen ? (
                    <tr className="table__details">
                      <td colSpan={span}>{expand(row)}</td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {error ? <ErrorState error={error} {...(onRetry ? { onRetry } : {})} /> : null}
      {paging?.hasMore ? (
        <div className="table__more">
          <button
            type="button"
            className="button button--ghost"
            disabled={paging.isLoadingMore}
            aria-busy={paging.isLoadingMore || undefined}
            onClick={paging.loadMore}
          >
            {t(paging.isLoadingMore ? 'shell_loading' : 'shell_load_more')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
