import { RankBoard } from './rank-board.tsx';

/** Top-20 bettors (spec 2, banner group w_bet20): stakes of settled real-money rounds. */
export function BetRankPage() {
  return <RankBoard rankType="bet" titleKey="page_bet_rank" />;
}
