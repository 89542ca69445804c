import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import type { GameWallet, WalletTransferValue } from '@khela/contract';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { compareAmounts } from '@khela/contract/money';
import { amountProblemText, checkAmount, errorCode, useMoney, useRequestId } from '../deposit/money.ts';
import { useGameWallets, useWalletTransfer } from './use-wallets.ts';

type Direction = 'in' | 'out';

/** What one finished call says, in the member's words. */
function outcomeText(
  value: WalletTransferValue,
  names: Map<string, string>,
  t: ReturnType<typeof useTranslation>['t'],
  money: (text: string) => string,
): { text: string; isProblem: boolean } {
  if (value.transfers.length === 0) return { text: t('text_recall_nothing'), isProblem: false };
  const lines = value.transfers.map((transfer) => {
    const name = names.get(transfer.vendorCode) ?? transfer.vendorCode;
    if (transfer.status === 'pending') return t('text_transfer_waiting', { name });
    if (transfer.status === 'failed') {
      return transfer.code === 'VENDOR_UNAVAILABLE'
        ? t('text_game_wallet_unreachable', { name })
        : t('text_transfer_refused', { name });
    }
    return transfer.direction === 'in'
      ? t('text_transfer_in_done', { value: money(transfer.amount), name })
      : t('text_transfer_out_done', { value: money(transfer.amount), name });
  });
  return {
    text: lines.join(' '),
    isProblem: value.transfers.some((transfer) => transfer.status !== 'done'),
  };
}

/**
 * The game wallets of transfer-mode vendors on the wallet page (spec 2 transferFund): each one's
 * balance as the vendor reports it now, a transfer form (main → game, game → main) and "recall
 * all". Without such vendors (merchant wallet mode, isSingle) every game plays from the main wallet.
 */
export function GameWallets() {
  const { t } = useTranslation();
  const { money, precision } = useMoney();
  const wallets = useGameWallets();
  const transfer = useWalletTransfer();
  const requestId = useRequestId();
  const [choice, setChoice] = useState<string | null>(null);
  const [direction, setDirection] = useState<Direction>('in');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<{ text: string; isProblem: boolean } | null>(null);

  if (wallets.isPending) return <Skeleton rows={2} height="3rem" />;
  if (wallets.isError) {
    return <FormAlert textKey={errorTextKey(wallets.error)} />;
  }
  const { main, wallets: games } = wallets.data;
  if (games.length === 0) {
    return <EmptyState icon={Gamepad2} title={t('empty_game_wallets')} text={t('empty_game_wallets_text')} />;
  }
  const names = new Map(games.map((game) => [game.vendorCode, game.name]));
  const selected: GameWallet = games.find((game) => game.vendorCode === choice) ?? games[0]!;
  const available = direction === 'in' ? main : (selected.balance ?? '0');
  const rules = { precision, available };
  const canRecall = games.some((game) => game.balance !== null && compareAmounts(game.balance, '0') > 0);

  const send = async (body: Parameters<typeof transfer.mutateAsync>[0]) => {
    setOutcome(null);
    try {
      const value = await transfer.mutateAsync(body);
      requestId.settle();
      setAmount('');
      setOutcome(outcomeText(value, names, t, money));
    } catch (error) {
      const code = errorCode(error);
      if (code === 'INSUFFICIENT_FUNDS') setAmountError(t('err_insufficient_funds'));
      else setOutcome({ text: t(errorTextKey(error)), isProblem: true });
    }
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = checkAmount(amount, rules);
    setAmountError(problem ? amountProblemText(problem, t, money, rules) : undefined);
    if (problem) return;
    const body = { direction, vendorCode: selected.vendorCode, amount } as const;
    void send({ ...body, requestId: requestId.idFor(body) });
  };

  return (
    <>
      <ul className="wallet-wallets" aria-label={t('title_game_wallets')}>
        {games.map((game) => (
          <li key={game.vendorCode}>
            <span>
              {game.name}
              {game.pending ? (
                <small className="wallet-wallets__note"> {t('text_transfer_pending')}</small>
              ) : null}
            </span>
            {game.balance === null ? (
              <span className="wallet-wallets__note">{t('text_game_wallet_unreachable_short')}</span>
            ) : (
              <strong>{money(game.balance)}</strong>
            )}
          </li>
        ))}
      </ul>
      <form className="form" noValidate aria-label={t('title_move_money')} onSubmit={onSubmit}>
        <h4 className="wallet-section__subtitle">{t('title_move_money')}</h4>
        {games.length > 1 ? (
          <label className="field">
            <span className="field__label">{t('label_game_wallet')}</span>
            <select
              className="field__input field__select"
              value={selected.vendorCode}
              onChange={(event) => setChoice(event.target.value)}
            >
              {games.map((game) => (
                <option key={game.vendorCode} value={game.vendorCode}>
                  {game.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="form__tabs" role="radiogroup" aria-label={t('label_direction')}>
          {(['in', 'out'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={direction === option}
              className="form__tab"
              onClick={() => {
                setDirection(option);
                setAmountError(undefined);
              }}
            >
              {option === 'in'
                ? t('direction_to_game', { name: selected.name })
                : t('direction_to_main', { name: selected.name })}
            </button>
          ))}
        </div>
        <p className="wallet-section__text">{t('label_available_amount', { value: money(available) })}</p>
        <TextField
          label={t('label_amount')}
          placeholder={t('label_amount')}
          isRequired
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={amountError}
          onChange={(event) => setAmount(event.target.value)}
          after={
            <button
              type="button"
              className="button button--outline button--small"
              onClick={() => setAmount(available)}
            >
              {t('action_all_amount')}
            </button>
          }
        />
        {outcome ? (
          <p className={outcome.isProblem ? 'form__alert' : 'form__notice'} role="status">
            {outcome.text}
          </p>
        ) : null}
        <div className="form__actions">
          <SubmitButton tone="gold" isBusy={transfer.isPending} busyLabel={t('state_sending')}>
            {t('action_transfer')}
          </SubmitButton>
          <button
            type="button"
            className="button button--outline"
            disabled={transfer.isPending || !canRecall}
            onClick={() => void send({ direction: 'recall', requestId: crypto.randomUUID() })}
          >
            {t('action_recall_all')}
          </button>
        </div>
      </form>
    </>
  );
}
