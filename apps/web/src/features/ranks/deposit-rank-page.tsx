import { SoonPage } from '../../shared/ui/soon-page.tsx';

/** Top-20 depositors (spec 2, banner group w_deposit20); filled from real rounds only. */
export function DepositRankPage() {
  return <SoonPage titleKey="page_deposit_rank" />;
}
