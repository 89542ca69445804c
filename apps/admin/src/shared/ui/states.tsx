import type { ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';
import { errorText } from '../forms/api-errors.ts';

/** Something is loading: rows of grey bars (skeletons, not spinners). */
export function Loading({ rows = 3, label }: { rows?: number; label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('shell_loading')}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  return <p className="empty">{children ?? t('shell_empty')}</p>;
}

/** A failed call: its sentence (naming the missing permission of a refusal) and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="error-state" role="alert">
      <p>{errorText(error)}</p>
      {onRetry ? (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('shell_retry')}
        </button>
      ) : null}
    </div>
  );
}
