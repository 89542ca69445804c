import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { Game } from '@khela/contract';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useFavouriteIds } from '../api/favourites.ts';
import { useGameList } from '../api/get-game-list.ts';
import { GameGrid } from '../components/game-grid.tsx';
import { usePagedGames } from '../lobby/use-paged-games.ts';
import { gameAction, type LaunchAction } from './launch-rules.ts';
import type { GameLauncher } from './use-game-launcher.tsx';

interface VendorGamesModalProps {
  /** The page's launcher: the popup shows its vendor-games request, and starts games through it. */
  launcher: Pick<GameLauncher, 'vendorGames' | 'closeVendorGames' | 'start'>;
  /** The page's vendors, for the popup's title. */
  vendors: readonly { vassalage: string; displayName: string }[];
}

/** Spec 2: a game flagged VASSALAGE opens this popup list of its vendor's games. */
export function VendorGamesModal({ launcher, vendors }: VendorGamesModalProps) {
  const { t } = useTranslation();
  const request = launcher.vendorGames;
  const vendorName = vendors.find((vendor) => vendor.vassalage === request?.vassalage)?.displayName ?? '';
  const onClose = launcher.closeVendorGames;
  const onStart = (action: LaunchAction) => void launcher.start(action);
  const favourites = useFavouriteIds();
  const list = usePagedGames(
    useGameList(
      { gameType: request?.gameType ?? 'RNG', vassalage: request?.vassalage ?? null },
      request !== null,
    ),
  );
  // Inside the popup a flagged game is the game itself: launch it rather than open the popup again.
  const play = (game: Game) => {
    const action = gameAction(game);
    onStart(action.kind === 'vendorGames' ? { kind: 'launch', nodeId: game.nodeId, page: 'game' } : action);
  };
  return (
    <Modal open={request !== null} onClose={onClose} title={vendorName} closeLabel={t('action_close')}>
      <GameGrid
        {...list}
        onRetry={list.retry}
        favourites={favourites}
        onPlay={play}
        emptyTitle={t('empty_vendor_games')}
        label={vendorName}
      />
    </Modal>
  );
}
