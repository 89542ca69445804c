import { SoonPage } from '../../shared/ui/soon-page.tsx';

/** Top-20 bettors (spec 2, banner group w_bet20); filled from real rounds only. */
export function BetRankPage() {
  return <SoonPage titleKey="page_bet_rank" />;
}
