import { SoonPage } from '../../../shared/ui/soon-page.tsx';

/** A game in an embedded frame (spec 2); the launcher arrives with the games issue. */
export function GamePage() {
  return <SoonPage titleKey="page_game" textKey="empty_games_soon" />;
}
