import type { LotteryGame } from '@khela/contract';
import { drawDateOf } from '@khela/contract/lottery-draw';
import Star from 'lucide-react/icons/star';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatAmountText } from '../../../shared/lib/format.ts';
import { Link } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { remainingMs } from '../lib/clock.ts';
import { scheduleLineOf } from '../lib/texts.ts';
import { Countdown } from './countdown.tsx';
import { ResultBalls } from './draw-numbers.tsx';
import { ResultSource } from './result-source.tsx';

interface GameCardProps {
  game: LotteryGame;
  href: string;
  now: number;
  offset: number;
  isFavourite: boolean;
  onToggleFavourite: (game: LotteryGame) => void;
}

/**
 * What the game's bets return: one figure when every play type returns the same, else the range
 * ("RTP 55.52–95.00 %", docs/lottery.md: xiên returns less than đề).
 */
function RtpRange({ range }: { range: { min: string; max: string } }) {
  const { t } = useTranslation();
  const options = useFormatOptions();
  const min = formatAmountText(range.min, options, 2);
  const max = formatAmountText(range.max, options, 2);
  return (
    <p className="lottery-card__remark tabular">
      {range.min === range.max
        ? t('lottery_rtp_single', { value: max })
        : t('lottery_rtp_range', { min, max })}
    </p>
  );
}

/** One lottery in the lobby: name, remark, countdown to lock, current numero, latest result. */
export function GameCard({ game, href, now, offset, isFavourite, onToggleFavourite }: GameCardProps) {
  const { t } = useTranslation();
  const lockIn = game.lockTime === null ? null : remainingMs(game.lockTime, now, offset);
  return (
    <li className="lottery-card">
      <div className="lottery-card__head">
        <Link to={href} className="lottery-card__name">
          {game.gameName}
        </Link>
        <button
          type="button"
          className={`lottery-card__fav${isFavourite ? ' lottery-card__fav--on' : ''}`}
          aria-pressed={isFavourite}
          aria-label={t(isFavourite ? 'lottery_fav_remove' : 'lottery_fav_add', { name: game.gameName })}
          onClick={() => onToggleFavourite(game)}
        >
          <Star size={18} aria-hidden="true" fill={isFavourite ? 'currentColor' : 'none'} />
        </button>
      </div>
      <p className="lottery-card__remark">{scheduleLineOf(game, t)}</p>
      {game.rtp ? <RtpRange range={game.rtp} /> : null}
      <ResultSource region={game.region} source={game.resultSource} forGame />
      <div className="lottery-card__row">
        {game.numero !== null && lockIn !== null ? (
          <>
            <span className="lottery-card__numero">
              {t('lottery_numero')} <span className="tabular">{game.numero}</span>
            </span>
            <Countdown ms={lockIn} label={t('lottery_closes_in')} />
          </>
        ) : (
          <span className="lottery-card__numero">{t('lottery_no_open_numero')}</span>
        )}
      </div>
      {game.latest?.result ? (
        <div className="lottery-card__latest">
          <span className="lottery-card__date tabular">
            {game.latest.drawDate || drawDateOf(game.latest.numero)}
          </span>
          <ResultBalls result={game.latest.result} />
        </div>
      ) : (
        <p className="lottery-card__remark">{t('lottery_no_result_yet')}</p>
      )}
    </li>
  );
}
