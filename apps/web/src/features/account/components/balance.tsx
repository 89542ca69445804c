import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useBalance } from '../use-balance.ts';
import './balance.css';

/** Header balance (spec 2): masked or shown; a click on the amount refreshes it. */
export function Balance({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation();
  const { balance, total, refresh, isRefreshing } = useBalance();
  const [isMasked, setIsMasked] = useState(false);
  const shown = isMasked ? '••••••' : (balance ?? '—');

  return (
    <div className="balance">
      <button
        type="button"
        className="balance__amount"
        onClick={refresh}
        aria-label={
          t('label_balance_button', {
            value: isMasked ? t('label_hidden') : (balance ?? t('label_unavailable')),
          }) +
          (total && !isMasked
            ? ` ${t('label_balance_with_games', { value: `${currencySymbol}${total}` })}`
            : '')
        }
        title={t('action_refresh')}
      >
        <span className="balance__currency" aria-hidden="true">
          {currencySymbol}
        </span>
        <span className="balance__figures" aria-hidden="true">
          <span className="balance__value">{shown}</span>
          {/* Game wallets hold money too: the total with them, as the wallet page counts it. */}
          {total && !isMasked ? (
            <span className="balance__total">
              {t('label_balance_with_games', { value: `${currencySymbol}${total}` })}
            </span>
          ) : null}
        </span>
        <RefreshCw
          size={14}
          aria-hidden="true"
          className={isRefreshing ? 'balance__refresh balance__refresh--spinning' : 'balance__refresh'}
        />
      </button>
      <button
        type="button"
        className="balance__mask icon-button"
        aria-pressed={isMasked}
        aria-label={t('action_hide_balance')}
        onClick={() => setIsMasked((masked) => !masked)}
      >
        {isMasked ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
      </button>
    </div>
  );
}
