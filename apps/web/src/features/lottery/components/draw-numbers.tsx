import { lotteryNumberDisplayMax, type DrawResult, type PrizeTier } from '@khela/contract/lottery-draw';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { tierKeys } from '../lib/texts.ts';

/** The first numbers of a result for the lobby (spec 9: up to 6 shown), the special prize first and marked. */
export function ResultBalls({ result }: { result: DrawResult }) {
  const { t } = useTranslation();
  const numbers = result.flatMap((tier) => tier.numbers.map((number) => ({ tier: tier.tier, number })));
  return (
    <ol className="lottery-balls" aria-label={t('lottery_latest_result')}>
      {numbers.slice(0, lotteryNumberDisplayMax).map(({ tier, number }, index) => (
        <li
          key={`${tier}-${index}`}
          className={`lottery-ball${tier === 'special' ? ' lottery-ball--special' : ''}`}
          title={t(tierKey(tier))}
        >
          {number}
        </li>
      ))}
    </ol>
  );
}

export function tierKey(tier: PrizeTier): string {
  return tierKeys[tier];
}

/**
 * A whole result by prize tier. `isHit` marks the prize numbers a member's bet won on; `compare`
 * (the verify page) marks the numbers that differ from it.
 */
export function ResultTable({
  result,
  isHit,
  compare,
  caption,
}: {
  result: DrawResult;
  isHit?: (number: string, tier: PrizeTier) => boolean;
  compare?: DrawResult;
  caption?: string;
}) {
  const { t } = useTranslation();
  return (
    <table className="lottery-result">
      {caption ? <caption>{caption}</caption> : null}
      <tbody>
        {result.map((row) => {
          const other = compare?.find((tier) => tier.tier === row.tier);
          return (
            <tr key={row.tier} className={row.tier === 'special' ? 'lottery-result__special' : undefined}>
              <th scope="row">{t(tierKey(row.tier))}</th>
              <td>
                <div className="lottery-result__numbers">
                  {row.numbers.map((number, index) => {
                    const differs = compare !== undefined && other?.numbers[index] !== number;
                    const hit = isHit?.(number, row.tier) ?? false;
                    const classes = ['lottery-result__number'];
                    if (hit) classes.push('lottery-result__number--hit');
                    if (differs) classes.push('lottery-result__number--differs');
                    return (
                      <span key={index} className={classes.join(' ')}>
                        {number}
                        {hit ? <span className="visually-hidden"> {t('lottery_hit')}</span> : null}
                        {differs ? (
                          <span className="visually-hidden"> {t('lottery_verify_differs')}</span>
                        ) : null}
                      </span>
                    );
                  })}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
