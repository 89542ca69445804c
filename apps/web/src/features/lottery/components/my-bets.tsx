import type { LotteryBet } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { Badge, type BadgeTone } from '../../../shared/ui/badge.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { useMoney } from '../../wallet/index.ts';
import { useCancelLotteryBet } from '../api/my-bets.ts';
import { betStatusKeys, shortHash } from '../lib/texts.ts';
import { Link } from '../../../shared/router/router.tsx';
import { lotteryVerifyPath } from '../lottery-paths.ts';
import { choiceKey, pickerKindOf, playTypeNameKey } from '../lib/play-types.ts';

const statusTones: Record<LotteryBet['status'], BadgeTone> = {
  open: 'gold',
  won: 'blue',
  lost: 'muted',
  cancelled: 'muted',
  void: 'danger',
};

/**
 * The member's bets on this game: status, payout, and a cancel button while the numero is open. A
 * bet on an official-result draw (`isOfficial`) shows no seed commitment and no verify link: its
 * numbers are the state lottery's, not derived from the seed.
 */
export function MyBets({
  bets,
  isOfficial = () => false,
}: {
  bets: readonly LotteryBet[];
  isOfficial?: (numero: string) => boolean;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const cancel = useCancelLotteryBet();
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);
  const showError = useOverlayStore((state) => state.showError);

  const cancelBet = async (bet: LotteryBet) => {
    if (!(await requestConfirm({ messageKey: 'lottery_cancel_confirm' }))) return;
    try {
      await cancel.mutateAsync(bet.betId);
    } catch (failure) {
      void showError(errorTextKey(failure));
    }
  };

  if (bets.length === 0) return <p className="lottery-muted">{t('lottery_no_bets')}</p>;
  return (
    <ul className="lottery-bets" aria-label={t('lottery_my_bets')}>
      {bets.map((bet) => {
        const selection =
          pickerKindOf(bet.playType) === 'choice' ? bet.numbers.map((n) => t(choiceKey(n))) : bet.numbers;
        return (
          <li key={bet.betId} className="lottery-bet" data-bet-id={bet.betId}>
            <div className="lottery-bet__main">
              <span className="lottery-bet__type">{t(playTypeNameKey(bet.playType))}</span>
              <span className="lottery-bet__numbers tabular">{selection.join(', ')}</span>
              <span className="lottery-bet__numero tabular">
                {t('lottery_numero')} {bet.numero}
              </span>
              {bet.seedHash && !isOfficial(bet.numero) ? (
                <span className="lottery-bet__commitment" title={bet.seedHash}>
                  {t('lottery_commitment')}{' '}
                  <span className="lottery-hash tabular">{shortHash(bet.seedHash)}</span>
                  {bet.beaconRound !== null ? (
                    <> · {t('lottery_beacon_round', { round: bet.beaconRound })}</>
                  ) : null}
                </span>
              ) : null}
              {(bet.status === 'won' || bet.status === 'lost') && !isOfficial(bet.numero) ? (
                <Link
                  className="lottery-bet__verify"
                  to={lotteryVerifyPath(bet.gameCode, bet.numero, bet.betId)}
                >
                  {t('lottery_verify_my_bet')}
                </Link>
              ) : null}
            </div>
            <div className="lottery-bet__money tabular">
              <span>
                {money(bet.stake)} ×{bet.odds}
              </span>
              <Badge tone={statusTones[bet.status]}>{t(betStatusKeys[bet.status])}</Badge>
              {bet.status === 'won' ? (
                <span className="lottery-bet__payout">
                  +{money(bet.payout)} ({t('lottery_hits', { count: bet.hits })})
                </span>
              ) : null}
              {bet.cancellable ? (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={cancel.isPending}
                  onClick={() => void cancelBet(bet)}
                >
                  {t('lottery_cancel_bet')}
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
