import type { Translate } from './i18n.ts';
import { formatMultiplier, formatNumber } from './money.ts';

type Detail = Record<string, unknown>;

const number = (value: unknown) => (typeof value === 'number' ? value : 0);

/** "1 line", "2 lines": how many lines paid. */
const linesWon = (count: number, t: Translate) => t(count === 1 ? 'oneLine' : 'lines', { count });

/** A one-line account of an outcome, for the result line, the history and the verify page. */
export function summarize(game: string, detail: Detail | null, t: Translate, lang: string): string {
  if (!detail) return '';
  switch (game) {
    case 'classic3x3': {
      const wins = Array.isArray(detail.lineWins) ? detail.lineWins.length : 0;
      return wins > 0 ? `${linesWon(wins, t)} ✓` : '';
    }
    case 'video5x3': {
      const freeSpins = Array.isArray(detail.freeSpins) ? detail.freeSpins.length : 0;
      const base = (detail.base ?? {}) as Detail;
      const lineWins = Array.isArray(base.lineWins) ? base.lineWins.length : 0;
      const parts = lineWins > 0 ? [`${linesWon(lineWins, t)} ✓`] : [];
      if (freeSpins > 0) parts.push(t('freeSpins', { count: freeSpins, multiplier: 2 }));
      return parts.join(' · ');
    }
    case 'dice':
      return `${t('diceRolled', { roll: formatNumber(number(detail.roll) / 100, lang) })} (${
        detail.direction === 'under' ? '<' : '>'
      } ${formatNumber(number(detail.target) / 100, lang)})`;
    case 'crash':
      return detail.won
        ? t('cashedOutAt', { value: formatMultiplier(number(detail.cashOutAt) / 100, lang) })
        : t('crashedAt', { value: formatMultiplier(number(detail.crashPoint) / 100, lang) });
    case 'mines':
      return detail.hitMine
        ? t('minesHit')
        : `${number(detail.safeReveals)} × ✓ · ${formatMultiplier(number(detail.multiplier), lang)}`;
    case 'roulette':
      return t('rouletteResult', {
        number: `${formatNumber(number(detail.number), lang, 0)} ${
          detail.color === 'red' ? t('red') : detail.color === 'black' ? t('black') : ''
        }`.trim(),
      });
    case 'baccarat': {
      const values = { player: number(detail.playerTotal), banker: number(detail.bankerTotal) };
      if (detail.result === 'tie') return t('baccaratTie', values);
      return t('baccaratResult', { ...values, side: detail.result === 'player' ? t('player') : t('banker') });
    }
    default:
      return '';
  }
}
