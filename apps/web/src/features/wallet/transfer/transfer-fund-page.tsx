import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { WalletKind } from '@khela/contract';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { walletKindLabelKeys } from '../record-labels.ts';
import { useMoney } from '../deposit/money.ts';
import { GameWallets } from './game-wallets.tsx';
import { useWallets } from './use-wallets.ts';
import '../deposit/wallet-pages.css';
import '../../../shared/ui/card.css';

const order: WalletKind[] = ['main', 'bonus', 'trial', 'hold'];

/**
 * transferFund, the wallet (spec 2): the member's own wallets with their balances, then the game
 * wallets of transfer-mode vendors with transfers in and out and "recall all".
 */
export function TransferFundPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const wallets = useWallets();

  if (wallets.isPending) return <Skeleton rows={3} height="3rem" />;
  if (wallets.isError) {
    return <FormAlert textKey={errorTextKey(wallets.error)} />;
  }
  const value = wallets.data;
  const own = order.flatMap((kind): { kind: WalletKind; balance: string }[] => {
    const wallet = value.wallets.find((item) => item.kind === kind);
    if (kind === 'main') return [{ kind, balance: wallet?.balance ?? '0' }];
    return wallet ? [{ kind, balance: wallet.balance }] : [];
  });

  return (
    <div className="wallet-page">
      <section className="card card--compact wallet-section" aria-labelledby="wallet-total-title">
        <div className="wallet-balance">
          <h3 className="wallet-balance__label" id="wallet-total-title">
            {t('label_total_balance')}
          </h3>
          <span className="wallet-balance__value">{money(value.totalBalance)}</span>
        </div>
        {/* The total counts the game wallets as booked; their live figures are in the list below. */}
        <p className="wallet-section__text">{t('text_total_balance_explained')}</p>
        {value.demo ? <p className="form__notice">{t('text_demo_funds')}</p> : null}
        <ul className="wallet-wallets" aria-label={t('title_my_wallets')}>
          {own.map((wallet) => (
            <li key={wallet.kind}>
              <span>{t(walletKindLabelKeys[wallet.kind])}</span>
              <strong>{money(wallet.balance)}</strong>
            </li>
          ))}
          <li>
            <span>{t('label_game_wallets_booked')}</span>
            <strong>{money(value.gameWallets)}</strong>
          </li>
          {own.some((wallet) => wallet.kind === 'hold') ? null : (
            <li>
              <span>{t('wallet_hold')}</span>
              <strong>{money(value.held)}</strong>
            </li>
          )}
        </ul>
        <p className="wallet-section__text">{t('text_held_explained')}</p>
      </section>
      <section className="card card--compact wallet-section" aria-labelledby="game-wallets-title">
        <h3 className="wallet-section__title" id="game-wallets-title">
          {t('title_game_wallets')}
        </h3>
        <GameWallets />
      </section>
    </div>
  );
}
