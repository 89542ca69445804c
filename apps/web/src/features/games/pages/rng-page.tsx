import { useEffect, useState } from 'react';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Clock from 'lucide-react/icons/clock';
import Flame from 'lucide-react/icons/flame';
import Heart from 'lucide-react/icons/heart';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import type { Game } from '@khela/contract';
import { readStorage, writeStorage } from '../../../shared/lib/storage.ts';
import { selectIsLoggedIn, useSessionStore } from '../../../shared/stores/session-store.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useFavouriteIds, useFavouriteList } from '../api/favourites.ts';
import { useGameList } from '../api/get-game-list.ts';
import { useGameMenus } from '../api/get-game-menus.ts';
import { useHotGames } from '../api/get-hot-games.ts';
import { useRecentGames } from '../api/get-recent-games.ts';
import { GameGrid, HotGameGrid } from '../components/game-grid.tsx';
import { LobbyVendorRow } from '../components/lobby-vendor-row.tsx';
import { SlotFilters } from '../components/slot-filters.tsx';
import { gameAction } from '../launch/launch-rules.ts';
import { useGameLauncher, vassalageStorageKey } from '../launch/use-game-launcher.tsx';
import { VendorGamesModal } from '../launch/vendor-games-modal.tsx';
import {
  availableListTypes,
  initialLobbyState,
  lobbyReducer,
  type ListType,
  type LobbyAction,
  type LobbyState,
  shownListType,
} from '../lobby/lobby-state.ts';
import { searchDebounceMs } from '../lobby/timing.ts';
import { usePagedGames } from '../lobby/use-paged-games.ts';
import '../components/games.css';

const listTypeIcons = { hot: Flame, all: LayoutGrid, fav: Heart, recent: Clock } as const;

/**
 * The slot lobby (spec 2 game lobbies, 4 slot list type): hot games (only if any), all games with the
 * vendor, classify, min-bet and name filters, saved games and recent games (logged-in only).
 * `?page={vassalage}` is the vendor tab; the chosen vendor is also kept in sessionStorage.
 */
export function RngPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const pageParam = searchParams.get('page') || null;
  const isLoggedIn = useSessionStore(selectIsLoggedIn);
  const menus = useGameMenus();
  const vendors = menus.data?.find((menu) => menu.category === 'RNG')?.vendors ?? [];
  const launcher = useGameLauncher();
  const favourites = useFavouriteIds();

  // The lobby's state; the vendor is mirrored in the URL (?page=) and in sessionStorage.
  const [lobby, setLobby] = useState<LobbyState>(() =>
    initialLobbyState(pageParam ?? readStorage('session', vassalageStorageKey)),
  );
  const [draft, setDraft] = useState('');
  // A vendor chosen elsewhere (header dropdown) while the lobby is open: the same reset rules.
  const [seenParam, setSeenParam] = useState(pageParam);
  if (pageParam !== seenParam) {
    setSeenParam(pageParam);
    if (pageParam !== lobby.vassalage) {
      setLobby((current) => lobbyReducer(current, { type: 'vendor', vassalage: pageParam }));
      setDraft('');
    }
  }
  useEffect(() => {
    writeStorage('session', vassalageStorageKey, lobby.vassalage);
    if (pageParam !== lobby.vassalage)
      setSearchParams(lobby.vassalage ? { page: lobby.vassalage } : {}, { replace: true });
  }, [lobby.vassalage, pageParam, setSearchParams]);

  // Spec 5: the name search applies 500 ms after the last key.
  useEffect(() => {
    const search = draft.trim();
    if (search === lobby.search) return;
    const timer = setTimeout(
      () => setLobby((current) => lobbyReducer(current, { type: 'search', search })),
      searchDebounceMs,
    );
    return () => clearTimeout(timer);
  }, [draft, lobby.search]);

  const apply = (action: LobbyAction) => {
    setLobby((current) => lobbyReducer(current, action));
    if (action.type !== 'search') setDraft('');
  };

  const hot = useHotGames({ gameType: 'RNG', vassalage: lobby.vassalage });
  const isHotListEmpty = hot.isSuccess && hot.data.length === 0;
  const listTypes = availableListTypes({ hasHotGames: !isHotListEmpty, isLoggedIn });
  const state = { ...lobby, listType: shownListType(lobby.listType, { isHotListEmpty, isLoggedIn }) };

  const all = usePagedGames(
    useGameList(
      {
        gameType: 'RNG',
        vassalage: state.vassalage,
        gameClassify: state.classify,
        gameName: state.search,
        minBet: state.minBet,
      },
      state.listType === 'all',
    ),
  );
  const saved = usePagedGames(useFavouriteList('RNG', state.listType === 'fav'));
  const recent = usePagedGames(
    useRecentGames({ gameType: 'RNG', vassalage: state.vassalage }, state.listType === 'recent'),
  );

  const play = (game: Game) => void launcher.start(gameAction(game));
  const hasFilters = state.search !== '' || state.classify !== null || state.minBet !== null;
  const listLabels: Record<ListType, string> = {
    hot: t('list_hot_games'),
    all: t('list_all_games'),
    fav: t('list_saved_games'),
    recent: t('list_recent_games'),
  };
  const activeVendor = vendors.find((vendor) => vendor.vassalage === state.vassalage);

  function grid() {
    const common = { favourites, onPlay: play, label: listLabels[state.listType] };
    switch (state.listType) {
      case 'hot':
        return <HotGameGrid {...common} hot={hot} />;
      case 'all':
        return (
          <GameGrid
            {...common}
            {...all}
            onRetry={all.retry}
            emptyTitle={hasFilters ? t('empty_games_filtered') : t('empty_lobby_games_title')}
            emptyText={hasFilters ? undefined : t('empty_lobby_games_text')}
            emptyAction={
              hasFilters ? (
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => apply({ type: 'vendor', vassalage: state.vassalage })}
                >
                  {t('action_clear_filters')}
                </button>
              ) : undefined
            }
          />
        );
      case 'fav':
        return (
          <GameGrid
            {...common}
            {...saved}
            onRetry={saved.retry}
            emptyTitle={t('empty_saved_games_title')}
            emptyText={t('empty_saved_games_text')}
          />
        );
      case 'recent':
        return (
          <GameGrid
            {...common}
            {...recent}
            onRetry={recent.retry}
            emptyTitle={t('empty_recent_games_title')}
            emptyText={t('empty_recent_games_text')}
          />
        );
      default: {
        const unknown: never = state.listType;
        return unknown;
      }
    }
  }

  return (
    <Page title={t('category_slots')} subtitle={activeVendor?.displayName}>
      {vendors.length > 0 ? (
        <LobbyVendorRow
          vendors={vendors}
          active={state.vassalage}
          onSelect={(vassalage) => apply({ type: 'vendor', vassalage })}
        />
      ) : null}
      <div className="lobby-tabs" role="group" aria-label={t('label_game_lists')}>
        {listTypes.map((listType) => {
          const Icon = listTypeIcons[listType];
          return (
            <button
              key={listType}
              type="button"
              className="lobby-tab"
              aria-pressed={state.listType === listType}
              onClick={() => apply({ type: 'listType', listType })}
            >
              <Icon size={16} aria-hidden="true" />
              <span>{listLabels[listType]}</span>
            </button>
          );
        })}
      </div>
      <SlotFilters
        search={draft}
        onSearch={(text) => {
          setDraft(text);
        }}
        classify={state.classify}
        onClassify={(classify) => apply({ type: 'classify', classify })}
        minBet={state.minBet}
        onMinBet={(minBet) => apply({ type: 'minBet', minBet })}
      />
      <section className="lobby-section" aria-labelledby="slot-list-title">
        <h2 id="slot-list-title" className="section-title">
          {listLabels[state.listType]}
        </h2>
        {grid()}
      </section>
      <VendorGamesModal launcher={launcher} vendors={vendors} />
    </Page>
  );
}
