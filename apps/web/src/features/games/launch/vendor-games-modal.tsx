import { useTranslation } from 'react-i18next';
import type { Game } from '@khela/contract';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useFavouriteIds } from '../api/favourites.ts';
import { useGameList } from '../api/get-game-list.ts';
import { GameGrid } from '../components/game-grid.tsx';
import { usePagedGames } from '../lobby/use-paged-games.ts';
import { gameAction, type LaunchAction } from './launch-rules.ts';
import type { VendorGamesRequest } from './use-game-launcher.tsx';

interface VendorGamesModalProps {
  request: VendorGamesRequest | null;
  vendorName: string;
  onClose: () => void;
  onStart: (action: LaunchAction) => void;
}

/** Spec 2: a game flagged VASSALAGE opens this popup list of its vendor's games. */
export function VendorGamesModal({ request, vendorName, onClose, onStart }: VendorGamesModalProps) {
  const { t } = useTranslation();
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
