import { useLocation } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { Game, GameCategory } from '@khela/contract';
import Layers from 'lucide-react/icons/layers';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useFavouriteIds } from '../api/favourites.ts';
import { useGameList } from '../api/get-game-list.ts';
import { useGameMenus } from '../api/get-game-menus.ts';
import { useHotGames } from '../api/get-hot-games.ts';
import { useRoomList } from '../api/get-room-list.ts';
import { GameGrid, HotGameGrid } from '../components/game-grid.tsx';
import { VendorTiles } from '../components/vendor-tiles.tsx';
import { categoryInfo, categoryOfSegment } from '../game-categories.ts';
import { gameAction } from '../launch/launch-rules.ts';
import { useGameLauncher } from '../launch/use-game-launcher.tsx';
import { VendorGamesModal } from '../launch/vendor-games-modal.tsx';
import { usePagedGames } from '../lobby/use-paged-games.ts';
import '../components/games.css';

interface CategoryLobbyProps {
  category: GameCategory;
  /** One vendor's games, or every vendor of the category when absent. */
  vassalage?: string;
  /** `hot`: the category's hot games (games route type hot); otherwise its games. */
  list?: 'hot' | 'games';
}

/**
 * A category's lobby (spec 2): its vendors from the game menu, then its games: the live tables with
 * who is playing for LIVE, the hot list for the games route's type hot, otherwise the paged list.
 */
export function CategoryLobby({ category, vassalage, list = 'games' }: CategoryLobbyProps) {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const vendors = menus.data?.find((menu) => menu.category === category)?.vendors ?? [];
  const activeVendor = vendors.find((vendor) => vendor.vassalage === vassalage);
  const launcher = useGameLauncher();
  const favourites = useFavouriteIds();
  const play = (game: Game) => void launcher.start(gameAction(game));

  const isRooms = category === 'LIVE' && list === 'games';
  const isHot = list === 'hot';
  const hot = useHotGames({ gameType: category, vassalage: vassalage ?? null }, isHot);
  const rooms = useRoomList(vassalage ?? null, isRooms);
  const games = usePagedGames(
    useGameList({ gameType: category, vassalage: vassalage ?? null }, !isRooms && !isHot),
  );
  const common = {
    favourites,
    onPlay: play,
    label: t('section_games'),
    emptyTitle: t('empty_lobby_games_title'),
    emptyText: t('empty_lobby_games_text'),
  };

  return (
    <Page title={t(categoryInfo[category].labelKey)} subtitle={activeVendor?.displayName ?? vassalage}>
      <section aria-labelledby="lobby-vendors">
        <h2 id="lobby-vendors" className="section-title">
          {t('section_vendors')}
        </h2>
        {menus.isPending ? (
          <ul className="tile-grid" aria-hidden="true">
            {[0, 1, 2, 3].map((key) => (
              <li key={key} className="tile tile--skeleton" />
            ))}
          </ul>
        ) : vendors.length > 0 ? (
          <VendorTiles
            vendors={vendors}
            activeVassalage={vassalage}
            onStart={(action) => void launcher.start(action)}
          />
        ) : (
          <EmptyState icon={Layers} title={t('empty_no_vendors')} />
        )}
      </section>
      <section className="lobby-section" aria-labelledby="lobby-games">
        <h2 id="lobby-games" className="section-title">
          {isHot ? t('list_hot_games') : isRooms ? t('section_live_tables') : t('section_games')}
        </h2>
        {isHot ? (
          <HotGameGrid {...common} hot={hot} />
        ) : isRooms ? (
          <GameGrid
            {...common}
            games={rooms.data ?? []}
            isPending={rooms.isPending}
            isError={rooms.isError}
            onRetry={() => void rooms.refetch()}
            noteOf={(game) => {
              const room = rooms.data?.find((entry) => entry.nodeId === game.nodeId);
              return room && room.activePlayers > 0
                ? t('label_players_now', { value: room.activePlayers })
                : undefined;
            }}
          />
        ) : (
          <GameGrid {...common} {...games} onRetry={games.retry} />
        )}
      </section>
      <VendorGamesModal launcher={launcher} vendors={vendors} />
    </Page>
  );
}

/** One page for /fish, /pvp, /live, /sports, /esports and /elott: the category comes from the path. */
export function CategoryPage() {
  const { pathname } = useLocation();
  const segment = pathname.split('/')[1] ?? '';
  const category = categoryOfSegment(segment) ?? 'LIVE';
  return <CategoryLobby category={category} />;
}
