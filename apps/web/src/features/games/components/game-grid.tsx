import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Game } from '@khela/contract';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { useInfiniteScroll } from '../lobby/use-infinite-scroll.ts';
import { GameTile } from './game-tile.tsx';
import './games.css';

export interface GameGridProps {
  games: readonly Game[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  favourites: ReadonlySet<number>;
  onPlay: (game: Game) => void;
  emptyTitle: string;
  emptyText?: string;
  emptyAction?: ReactNode;
  /** Infinite scroll: more pages exist, one is loading, and how to ask for the next. */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  /** Pages loaded so far (re-checks the sentinel after each page). */
  pagesLoaded?: number;
  noteOf?: (game: Game) => string | undefined;
  label: string;
}

/** Skeleton tiles in the grid's own shape while a list loads (docs/design.md: skeletons, not spinners). */
export function GameGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <ul className="game-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="game-tile game-tile--skeleton">
          <span className="game-tile__art skeleton" />
          <span className="skeleton game-tile__line" />
          <span className="skeleton game-tile__line game-tile__line--short" />
        </li>
      ))}
    </ul>
  );
}

/** A dense grid of game tiles with skeletons, an honest empty state and infinite scroll. */
export function GameGrid(props: GameGridProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { games, hasMore = false, isLoadingMore = false, onLoadMore, pagesLoaded = 1 } = props;
  useInfiniteScroll(sentinel, () => onLoadMore?.(), {
    enabled: hasMore && onLoadMore !== undefined,
    version: pagesLoaded,
  });

  if (props.isPending) return <GameGridSkeleton />;
  if (props.isError && games.length === 0)
    return (
      <EmptyState
        icon={TriangleAlert}
        title={t('err_network')}
        action={
          <button type="button" className="button button--outline" onClick={props.onRetry}>
            {t('action_retry')}
          </button>
        }
      />
    );
  if (games.length === 0)
    return (
      <EmptyState
        icon={Gamepad2}
        title={props.emptyTitle}
        text={props.emptyText}
        action={props.emptyAction}
      />
    );

  return (
    <>
      <ul className="game-grid" aria-label={props.label}>
        {games.map((game) => (
          <GameTile
            key={game.nodeId}
            game={game}
            isFavourite={props.favourites.has(game.nodeId)}
            onPlay={props.onPlay}
            note={props.noteOf?.(game)}
          />
        ))}
      </ul>
      {isLoadingMore ? <GameGridSkeleton count={6} /> : null}
      {hasMore ? (
        <div className="game-grid__more" ref={sentinel}>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onLoadMore?.()}
            disabled={isLoadingMore}
          >
            {t('action_load_more')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** A category's hot games (spec 2) in the grid, with the hot list's own empty text. */
export function HotGameGrid({
  hot,
  ...common
}: Pick<GameGridProps, 'favourites' | 'onPlay' | 'label'> & {
  hot: Pick<UseQueryResult<readonly Game[]>, 'data' | 'isPending' | 'isError' | 'refetch'>;
}) {
  const { t } = useTranslation();
  return (
    <GameGrid
      {...common}
      games={hot.data ?? []}
      isPending={hot.isPending}
      isError={hot.isError}
      onRetry={() => void hot.refetch()}
      emptyTitle={t('empty_hot_games_title')}
      emptyText={t('empty_hot_games_text')}
    />
  );
}
