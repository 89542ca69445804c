import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import type { MemberCentrePageKey } from '../../shared/config/centre-pages.ts';
import { loadChunk } from '../../shared/lib/chunk-load.ts';
import { ComingSoon } from '../../shared/ui/coming-soon.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';

/** The member centre's pages that exist so far, each its own chunk; the others show ComingSoon. */
const pages: Partial<Record<MemberCentrePageKey, LazyExoticComponent<ComponentType>>> = {
  securityCenter: lazy(() =>
    loadChunk(() => import('../../features/account/security/security-center.tsx')).then((module) => ({
      default: module.SecurityCenter,
    })),
  ),
  transactionHistory: lazy(() =>
    loadChunk(() => import('../../features/wallet/account-record-page.tsx')).then((module) => ({
      default: module.AccountRecordPage,
    })),
  ),
  depositv2: lazy(() =>
    loadChunk(() => import('../../features/wallet/deposit/deposit-page.tsx')).then((module) => ({
      default: module.DepositPage,
    })),
  ),
  withdraw: lazy(() =>
    loadChunk(() => import('../../features/wallet/withdraw/withdraw-page.tsx')).then((module) => ({
      default: module.WithdrawPage,
    })),
  ),
  transferUpline: lazy(() =>
    loadChunk(() => import('../../features/wallet/transfer/transfer-upline-page.tsx')).then((module) => ({
      default: module.TransferUplinePage,
    })),
  ),
  personalHistoryCopy: lazy(() =>
    loadChunk(() => import('../../features/records/betting-record-page.tsx')).then((module) => ({
      default: module.BettingRecordPage,
    })),
  ),
  personalProfit: lazy(() =>
    loadChunk(() => import('../../features/records/personal-profit-page.tsx')).then((module) => ({
      default: module.PersonalProfitPage,
    })),
  ),
  bonusDetails: lazy(() =>
    loadChunk(() => import('../../features/promotions/bonus/bonus-details-page.tsx')).then((module) => ({
      default: module.BonusDetailsPage,
    })),
  ),
  rewardCenter: lazy(() =>
    loadChunk(() => import('../../features/promotions/referral/reward-center-page.tsx')).then((module) => ({
      default: module.RewardCenterPage,
    })),
  ),
  referral: lazy(() =>
    loadChunk(() => import('../../features/promotions/referral/referral-page.tsx')).then((module) => ({
      default: module.ReferralPage,
    })),
  ),
  manualRebate: lazy(() =>
    loadChunk(() => import('../../features/promotions/rebate/manual-rebate-page.tsx')).then((module) => ({
      default: module.ManualRebatePage,
    })),
  ),
  transferFund: lazy(() =>
    loadChunk(() => import('../../features/wallet/transfer/transfer-fund-page.tsx')).then((module) => ({
      default: module.TransferFundPage,
    })),
  ),
};

export function MemberCentrePage({ page }: { page: MemberCentrePageKey }) {
  const { t } = useTranslation();
  const Page = pages[page];
  if (!Page) return <ComingSoon />;
  return (
    <Suspense fallback={<Spinner label={t('state_loading')} />}>
      <Page />
    </Suspense>
  );
}
