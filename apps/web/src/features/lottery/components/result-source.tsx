import type { LotteryRegion, LotteryResultSource, NumeroResult } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/**
 * Where a regional game's numbers come from (issue 36 item 5, docs/lottery.md "Result sources"):
 * a house draw says it is not the official result; an official one names its source (the state
 * lottery's results feed, or its sheet typed in by two operators). Fast games are house games with
 * no official counterpart: nothing to say.
 */
export function resultSourceKey(
  region: LotteryRegion,
  source: LotteryResultSource,
  origin: NumeroResult['resultOrigin'] = null,
  forGame = false,
): string | null {
  if (source !== 'official') return region === 'fast' ? null : 'lottery_source_house';
  if (forGame) return 'lottery_source_official_game';
  if (origin === 'feed') return 'lottery_source_official_feed';
  if (origin === 'entry') return 'lottery_source_official_entry';
  return 'lottery_source_official';
}

export function ResultSource({
  region,
  source,
  origin = null,
  forGame = false,
  className = '',
}: {
  region: LotteryRegion;
  source: LotteryResultSource;
  origin?: NumeroResult['resultOrigin'];
  /** About a game (its coming draws) rather than a drawn result. */
  forGame?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const key = resultSourceKey(region, source, origin, forGame);
  if (key === null) return null;
  return (
    <p className={`lottery-source lottery-source--${source} ${className}`.trim()} data-source={source}>
      {t(key)}
    </p>
  );
}
