import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Heart from 'lucide-react/icons/heart';
import type { Game } from '@khela/contract';
import { useLoginCheck } from '../../../shared/hooks/use-login-check.ts';
import { useToggleFavourite } from '../api/favourites.ts';

/**
 * Saves or removes a game (spec 4). A visitor gets the login popup and a trial account the "register
 * a real account" warning first (spec 5 login check).
 */
export function FavouriteButton({ game, isFavourite }: { game: Game; isFavourite: boolean }) {
  const { t } = useTranslation();
  const loginCheck = useLoginCheck();
  const toggle = useToggleFavourite();
  const pending = toggle.isPending ? toggle.variables : undefined;
  const shown = pending && pending.game.nodeId === game.nodeId ? pending.favourite : isFavourite;
  return (
    <button
      type="button"
      className="game-tile__favourite"
      aria-pressed={shown}
      aria-label={t(shown ? 'action_remove_saved_game' : 'action_save_game', { name: game.gameName })}
      disabled={toggle.isPending}
      onClick={() => loginCheck(() => toggle.mutate({ game, favourite: !isFavourite }))}
    >
      <Heart size={18} aria-hidden="true" fill={shown ? 'currentColor' : 'none'} />
    </button>
  );
}
