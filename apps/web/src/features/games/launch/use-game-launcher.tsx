import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from '../../../shared/router/router.tsx';
import { useQueryClient } from '@tanstack/react-query';
import type { GameCategory } from '@khela/contract';
import { paths } from '../../../shared/config/paths.ts';
import { writeStorage } from '../../../shared/lib/storage.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { getGameList } from '../api/get-game-list.ts';
import { gameAction, type LaunchAction } from './launch-rules.ts';

/** sessionStorage key of the slot vendor chosen before /rng opens (spec 2: RNG route after storing it). */
export const vassalageStorageKey = 'vassalage';

/** The game page of a launch: `/game?nodeId=…&from=…` (or /seamless), from = where to come back. */
export function launchPath(nodeId: number, page: 'game' | 'seamless', from: string): string {
  const params = new URLSearchParams({ nodeId: String(nodeId), from });
  return `${page === 'game' ? paths.game : paths.seamless}?${params.toString()}`;
}

export interface VendorGamesRequest {
  vassalage: string;
  gameType: GameCategory;
}

/**
 * Carries out a launch action. Starting a game needs login (spec 2): a visitor gets the login popup;
 * a trial account plays with its demo funds. `vendorGames` is the popup the caller shows.
 */
export type GameLauncher = ReturnType<typeof useGameLauncher>;

export function useGameLauncher() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const openModal = useOverlayStore((state) => state.openModal);
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);
  const [vendorGames, setVendorGames] = useState<VendorGamesRequest | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const from = `${location.pathname}${location.search}`;

  const start = useCallback(
    async (action: LaunchAction) => {
      switch (action.kind) {
        case 'route':
          if (action.storeVassalage) writeStorage('session', vassalageStorageKey, action.storeVassalage);
          void navigate(action.to);
          return;
        case 'external':
          window.open(action.url, '_blank', 'noopener,noreferrer');
          return;
        case 'vendorGames':
          setVendorGames({ vassalage: action.vassalage, gameType: action.gameType });
          return;
        case 'launch':
          if (token === null) {
            openModal('loginPopupModal');
            return;
          }
          setVendorGames(null);
          void navigate(launchPath(action.nodeId, action.page, from));
          return;
        case 'launchFirst': {
          if (token === null) {
            openModal('loginPopupModal');
            return;
          }
          setIsStarting(true);
          try {
            const first = await queryClient.fetchQuery({
              queryKey: ['games', 'first', action.gameType, action.vassalage],
              queryFn: () => getGameList({ gameType: action.gameType, vassalage: action.vassalage }, 1, 1),
              staleTime: 60_000,
            });
            const game = first.games[0];
            // A game with a route of its own (our lottery, spec 2: LOTT/ELOTT) opens that route.
            const own = game ? gameAction(game) : null;
            if (own?.kind === 'route') void navigate(own.to);
            else if (game) void navigate(launchPath(game.nodeId, 'game', from));
            else void requestConfirm({ messageKey: 'err_game_unavailable', hideCancel: true, tone: 'error' });
          } catch {
            void requestConfirm({ messageKey: 'err_network', hideCancel: true, tone: 'error' });
          } finally {
            setIsStarting(false);
          }
          return;
        }
        case 'unavailable':
          void requestConfirm({ messageKey: 'empty_vendor_unavailable', hideCancel: true, tone: 'error' });
          return;
        default: {
          const unknown: never = action;
          return unknown;
        }
      }
    },
    [navigate, token, openModal, requestConfirm, queryClient, from],
  );

  return { start, isStarting, vendorGames, closeVendorGames: () => setVendorGames(null) };
}
