import type { LotteryRegion, NumeroResult } from '@khela/contract';
import { drawDateOf } from '@khela/contract/lottery-draw';
import { Link } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { numeroStatusKeys } from '../lib/texts.ts';
import { lotteryVerifyPath } from '../lottery-paths.ts';
import { ResultBalls } from './draw-numbers.tsx';
import { ResultSource } from './result-source.tsx';

/**
 * A game's draw history (spec 7 numero list, 100): each draw with its source (a regional house draw
 * says it is not the official result; an official one names its source), a house draw linking to
 * its verify page.
 */
export function DrawHistory({
  numeros,
  region,
}: {
  numeros: readonly NumeroResult[];
  region: LotteryRegion;
}) {
  const { t } = useTranslation();
  if (numeros.length === 0) return <p className="lottery-muted">{t('lottery_no_history')}</p>;
  return (
    <ul className="lottery-history" aria-label={t('lottery_history')}>
      {numeros.map((entry) => (
        <li key={entry.numero} className="lottery-history__row">
          <div className="lottery-history__head">
            {entry.resultSource !== 'official' ? (
              <Link className="tabular" to={lotteryVerifyPath(entry.gameCode, entry.numero)}>
                {entry.numero}
              </Link>
            ) : (
              <span className="tabular">{entry.numero}</span>
            )}
            <span className="lottery-muted tabular">{entry.drawDate || drawDateOf(entry.numero)}</span>
          </div>
          <ResultSource region={region} source={entry.resultSource} origin={entry.resultOrigin} />
          {entry.result ? (
            <ResultBalls result={entry.result} />
          ) : entry.status === 'void' ? (
            <p className="lottery-void-notice" role="note">
              {t('lottery_void_notice', { reason: entry.voidReason ?? '' })}
            </p>
          ) : (
            <span className="lottery-muted">{t(numeroStatusKeys[entry.status])}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
