import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Medal from 'lucide-react/icons/medal';
import Trophy from 'lucide-react/icons/trophy';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { Game } from '@khela/contract';
import { apiClient } from '../../shared/api/api-client.ts';
import { apiRoutes } from '../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../shared/i18n/languages.ts';
import { formatMoneyText } from '../../shared/lib/format.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { getHotGames, useFavouriteIds, GameGrid, gameAction, useGameLauncher } from '../games/index.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import './home-highlights.css';

/** Hot games on the home page: a dozen, across every category. */
const homeHotCount = 12;

/**
 * The home page below the fold (spec 2 /index): hot games and the winners list, from real data
 * only. Its own chunk: the first view (banner, notice bar, jackpot, categories) does not wait for it.
 */
export function HomeHighlights() {
  return (
    <div className="home-columns">
      <HotGames />
      <Winners />
    </div>
  );
}

function HotGames() {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const launcher = useGameLauncher();
  const favourites = useFavouriteIds();
  const hot = useQuery({
    queryKey: ['games', 'hot', language, 'home'],
    queryFn: () => getHotGames({}),
    select: (value): Game[] => value.list.flatMap((group) => group.games).slice(0, homeHotCount),
    staleTime: 300_000,
  });
  return (
    <section aria-labelledby="home-hot">
      <h2 id="home-hot" className="section-title">
        {t('section_hot_games')}
      </h2>
      <GameGrid
        games={hot.data ?? []}
        isPending={hot.isPending}
        isError={hot.isError}
        onRetry={() => void hot.refetch()}
        favourites={favourites}
        onPlay={(game) => void launcher.start(gameAction(game))}
        label={t('section_hot_games')}
        emptyTitle={t('empty_hot_games_title')}
        emptyText={t('empty_hot_games_text')}
      />
    </section>
  );
}

/**
 * The game's icon, or a trophy on the brand's gold when the game has none or its picture does not
 * load: never an empty grey square (issue 38).
 */
function WinnerIcon({ url }: { url: string | null }) {
  const [isBroken, setIsBroken] = useState(false);
  if (url && !isBroken) {
    return (
      <img
        className="winner-list__icon"
        src={url}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        onError={() => setIsBroken(true)}
      />
    );
  }
  return (
    <span className="winner-list__icon winner-list__icon--fallback" aria-hidden="true">
      <Trophy size={20} />
    </span>
  );
}

function Winners() {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const brand = useBrand();
  const format = useFormatOptions();
  const winners = useQuery({
    queryKey: ['games', 'winners', language],
    queryFn: () => apiClient.call(apiRoutes.winnerBoard, { query: { limitNum: 20 } }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

  function body() {
    if (winners.isPending) return <Skeleton rows={6} height="3rem" />;
    if (winners.isError)
      return (
        <EmptyState
          icon={TriangleAlert}
          title={t('err_network')}
          action={
            <button type="button" className="button button--outline" onClick={() => void winners.refetch()}>
              {t('action_retry')}
            </button>
          }
        />
      );
    if (winners.data.list.length === 0)
      return <EmptyState icon={Medal} title={t('empty_winners_title')} text={t('empty_winners_text')} />;
    return (
      <ol className="winner-list">
        {winners.data.list.map(({ vo }) => (
          <li key={`${vo.nodeId}-${vo.settledAt}-${vo.customerName}`} className="winner-list__item">
            <WinnerIcon url={vo.iconUrl} />
            <span className="winner-list__who">
              <span className="winner-list__name">{vo.customerName}</span>
              <span className="winner-list__game">{vo.gameName}</span>
            </span>
            <span className="winner-list__amount">
              {formatMoneyText(vo.winAmount, {
                ...format,
                symbol: brand.currencySymbol,
                precision: brand.currencyPrecision,
              })}
            </span>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby="home-winners">
      <h2 id="home-winners" className="section-title">
        {t('section_winners')}
      </h2>
      {body()}
    </section>
  );
}
