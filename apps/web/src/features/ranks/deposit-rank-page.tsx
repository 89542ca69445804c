import { RankBoard } from './rank-board.tsx';

/** Top-20 depositors (spec 2, banner group w_deposit20): approved deposits. */
export function DepositRankPage() {
  return <RankBoard rankType="deposit" titleKey="page_deposit_rank" />;
}
