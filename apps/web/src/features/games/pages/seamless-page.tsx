import { SoonPage } from '../../../shared/ui/soon-page.tsx';

/** Seamless game page (spec 2); counts as a game page. */
export function SeamlessPage() {
  return <SoonPage titleKey="page_seamless" textKey="empty_games_soon" />;
}
