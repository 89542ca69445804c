import marketNames from 'virtual:market-names';
import type { LotteryRegion, PlayType } from '@khela/contract';
import { playTypeNameKey } from '@khela/contract/lottery-names';

/**
 * A play type as the member site names it (issue 36): its market name in English, with the
 * Vietnamese (where it differs) and the Bengali the bettors read, instead of the code (`dau_g8`).
 * The texts are the site's catalogue entries (virtual:market-names, ../../../market-names.ts); with
 * the region, the region's own name (lô is bao lô in the centre and south).
 */
export interface MarketNameTexts {
  en: string;
  vi: string;
  bn: string;
}

export function marketNameOf(playType: PlayType, region?: LotteryRegion): MarketNameTexts {
  const key = playTypeNameKey(playType, region);
  return {
    en: marketNames.en[key] ?? playType,
    vi: marketNames.vi[key] ?? playType,
    bn: marketNames.bn[key] ?? playType,
  };
}

export function MarketName({ playType, region }: { playType: PlayType; region?: LotteryRegion }) {
  const name = marketNameOf(playType, region);
  return (
    <span className="market-name" title={playType} data-play-type={playType}>
      <span className="market-name__main">{name.en}</span>
      <span className="market-name__others">
        {name.vi !== name.en ? (
          <>
            <span lang="vi">{name.vi}</span>
            {' · '}
          </>
        ) : null}
        <span lang="bn">{name.bn}</span>
      </span>
    </span>
  );
}
