import { useCallback, useMemo, useRef } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Game } from '@khela/contract';
import { createLoadGuard } from './timing.ts';

interface GamesPage {
  games: Game[];
}

/**
 * A paged game list for the grid: the pages flattened, and `loadMore` behind the loading guard
 * (spec 4) so that a scroll burst never starts a second fetch while one runs (react-query's own
 * fetchNextPage would cancel the running one and start again).
 */
export function usePagedGames<Page extends GamesPage>(query: UseInfiniteQueryResult<InfiniteData<Page>>) {
  const guard = useRef(createLoadGuard());
  const { data, hasNextPage, isFetching, fetchNextPage } = query;
  const games = useMemo(() => data?.pages.flatMap((page) => page.games) ?? [], [data]);
  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetching) return;
    void guard.current.run(() => fetchNextPage());
  }, [hasNextPage, isFetching, fetchNextPage]);
  return {
    games,
    isPending: query.isPending && query.fetchStatus !== 'idle',
    isError: query.isError,
    retry: () => void query.refetch(),
    hasMore: hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore,
    pagesLoaded: data?.pages.length ?? 0,
  };
}
