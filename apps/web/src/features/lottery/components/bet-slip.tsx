import { useId, useState } from 'react';
import type { OddsLine } from '@khela/contract';
import type { PlayType } from '@khela/contract/lottery-draw';
import X from 'lucide-react/icons/x';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useLoginCheck } from '../../../shared/hooks/use-login-check.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { formatAmount } from '@khela/contract/money';
import { checkAmount, useMoney, useRequestId } from '../../wallet/index.ts';
import { usePlaceSlip } from '../api/my-bets.ts';
import { choiceKey, pickerKindOf, playTypeNameKey, xienSizeOf } from '../lib/play-types.ts';
import { slipErrorOf, type SlipError } from '../lib/placement-errors.ts';
import { slipSummary } from '../lib/slip.ts';

const maxMultiplier = 1000;

interface BetSlipProps {
  gameCode: string;
  /** The numero open for bets, or null while none is. */
  numero: string | null;
  /** The open numero's seed commitment and beacon round, shown in the confirmation. */
  commitment?: { seedHash: string; beaconRound: number | null } | null;
  playType: PlayType;
  odds: OddsLine | undefined;
  numbers: string[];
  onRemove: (number: string) => void;
  onClear: () => void;
  onPlaced: (numero: string) => void;
}

/**
 * The bet slip (issue 13): the chosen numbers, a unit stake and multiplier, the bet count, the total
 * and what one hit pays, a confirmation, then lotteryPlaceSlip with a request id kept for retries of
 * the same slip (a double tap or a retry never places twice).
 */
export function BetSlip({
  gameCode,
  numero,
  commitment = null,
  playType,
  odds,
  numbers,
  onRemove,
  onClear,
  onPlaced,
}: BetSlipProps) {
  const { t } = useTranslation();
  const { precision, money, symbol } = useMoney();
  const stakeId = useId();
  const [unitStake, setUnitStake] = useState(odds?.minStake ?? '');
  const [multiplier, setMultiplier] = useState(1);
  const [error, setError] = useState<SlipError | null>(null);
  const requestId = useRequestId();
  const place = usePlaceSlip();
  const loginCheck = useLoginCheck();
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);
  const showToast = useOverlayStore((state) => state.showToast);

  const summary = slipSummary({
    playType,
    numbers,
    unitStake,
    multiplier,
    odds: odds?.odds ?? null,
    precision,
  });
  const xien = xienSizeOf(playType);
  const shown = (minor: bigint | null) => (minor === null ? '—' : money(formatAmount(minor, precision)));
  const isChoice = pickerKindOf(playType) === 'choice';

  const stakeProblem = (): string | null => {
    const problem = checkAmount(unitStake, {
      precision,
      ...(odds ? { min: odds.minStake, max: odds.maxStake } : {}),
    });
    if (problem === null) return null;
    if ((problem === 'min' || problem === 'max') && odds)
      return t('text_amount_range', { min: money(odds.minStake), max: money(odds.maxStake) });
    return t('lottery_stake_invalid');
  };

  const submit = () => {
    setError(null);
    if (numero === null) {
      setError({ field: 'slip', text: t('err_betting_closed') });
      return;
    }
    if (summary.bets === null) {
      setError({
        field: 'numbers',
        text:
          summary.numbersProblem === 'xien_count' && xien
            ? t('lottery_xien_rule', { count: xien })
            : t('lottery_pick_first'),
      });
      return;
    }
    const problem = stakeProblem();
    if (problem) {
      setError({ field: 'unitStake', text: problem });
      return;
    }
    loginCheck(() => void confirmAndPlace(numero));
  };

  const confirmAndPlace = async (open: string) => {
    const question = t('lottery_confirm_text', {
      count: summary.betCount,
      numero: open,
      total: shown(summary.totalMinor),
    });
    const committed = commitment
      ? `${question}\n${t('lottery_confirm_commitment', { hash: commitment.seedHash })}${
          commitment.beaconRound === null
            ? ''
            : ` · ${t('lottery_beacon_round', { round: commitment.beaconRound })}`
        }`
      : question;
    if (!(await requestConfirm({ messageKey: committed, titleKey: 'lottery_confirm_title' }))) return;
    const body = {
      gameCode,
      numero: open,
      playType,
      numbers: [...numbers],
      unitStake,
      multiplier,
    };
    try {
      await place.mutateAsync({ ...body, requestId: requestId.idFor(body) });
      requestId.settle();
      onPlaced(open);
      onClear();
      showToast('lottery_placed');
    } catch (failure) {
      setError(slipErrorOf(failure, t, money));
    }
  };

  const fieldError = (field: SlipError['field']) => (error?.field === field ? error.text : undefined);

  return (
    <section className="card lottery-slip" aria-labelledby="lottery-slip-title">
      <h2 id="lottery-slip-title" className="lottery-section-title">
        {t('lottery_slip')} · {t(playTypeNameKey(playType, odds?.region))}
      </h2>
      {xien ? <p className="lottery-slip__rule">{t('lottery_xien_rule', { count: xien })}</p> : null}
      <div className="lottery-slip__numbers">
        {numbers.length === 0 ? (
          <p className="lottery-slip__empty">{t('lottery_pick_first')}</p>
        ) : (
          <ul className="lottery-slip__chosen" aria-label={t('lottery_chosen')}>
            {numbers.map((number) => {
              const label = isChoice ? t(choiceKey(number)) : number;
              return (
                <li key={number} className="lottery-slip__chip tabular">
                  {label}
                  <button
                    type="button"
                    aria-label={t('lottery_remove_number', { number: label })}
                    onClick={() => onRemove(number)}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {fieldError('numbers') ? (
          <p className="field__error" role="alert">
            {fieldError('numbers')}
          </p>
        ) : null}
      </div>
      <div className="lottery-slip__inputs">
        <TextField
          id={stakeId}
          label={t('lottery_unit_stake', { symbol })}
          inputMode="decimal"
          autoComplete="off"
          className="tabular"
          value={unitStake}
          hint={
            odds
              ? t('text_amount_range', { min: money(odds.minStake), max: money(odds.maxStake) })
              : undefined
          }
          error={fieldError('unitStake')}
          onChange={(event) => setUnitStake(event.target.value)}
        />
        <div className="field">
          <span className="field__label" id={`${stakeId}-multiplier`}>
            {t('lottery_multiplier')}
          </span>
          <div className="lottery-stepper" role="group" aria-labelledby={`${stakeId}-multiplier`}>
            <button
              type="button"
              aria-label={t('lottery_multiplier_less')}
              disabled={multiplier <= 1}
              onClick={() => setMultiplier((value) => Math.max(1, value - 1))}
            >
              <Minus size={16} aria-hidden="true" />
            </button>
            <input
              className="field__input tabular"
              inputMode="numeric"
              aria-label={t('lottery_multiplier')}
              value={multiplier}
              onChange={(event) => {
                const value = Number(event.target.value.replace(/\D/g, ''));
                setMultiplier(Math.min(maxMultiplier, Math.max(1, value || 1)));
              }}
            />
            <button
              type="button"
              aria-label={t('lottery_multiplier_more')}
              disabled={multiplier >= maxMultiplier}
              onClick={() => setMultiplier((value) => Math.min(maxMultiplier, value + 1))}
            >
              <Plus size={16} aria-hidden="true" />
            </button>
          </div>
          {fieldError('multiplier') ? (
            <p className="field__error" role="alert">
              {fieldError('multiplier')}
            </p>
          ) : null}
        </div>
      </div>
      <dl className="lottery-slip__summary">
        <div>
          <dt>{t('lottery_bet_count')}</dt>
          <dd className="tabular" data-testid="slip-bet-count">
            {summary.betCount}
          </dd>
        </div>
        <div>
          <dt>{t('lottery_odds')}</dt>
          <dd className="tabular">{odds ? `×${odds.odds}` : '—'}</dd>
        </div>
        <div>
          <dt>{t('lottery_total')}</dt>
          <dd className="tabular" data-testid="slip-total">
            {shown(summary.totalMinor)}
          </dd>
        </div>
        <div>
          <dt>{t('lottery_win_per_hit')}</dt>
          <dd className="tabular" data-testid="slip-win">
            {shown(summary.winPerHitMinor)}
          </dd>
        </div>
      </dl>
      {error?.field === 'slip' ? <FormAlert textKey={error.text} /> : null}
      <div className="lottery-slip__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onClear}
          disabled={numbers.length === 0}
        >
          {t('lottery_clear')}
        </button>
        <button
          type="button"
          className="button button--primary"
          aria-busy={place.isPending || undefined}
          disabled={place.isPending}
          onClick={submit}
        >
          {place.isPending ? t('lottery_placing') : t('lottery_place')}
        </button>
      </div>
    </section>
  );
}
