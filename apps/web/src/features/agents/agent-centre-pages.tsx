import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import type { AgentCentrePageKey, AgentWalletPageKey } from '../../shared/config/centre-pages.ts';
import { loadChunk } from '../../shared/lib/chunk-load.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';

type AgentTeamPageKey = Exclude<AgentCentrePageKey, AgentWalletPageKey>;

/** One chunk per page; a page's chart library loads with the page that draws it, never before. */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(() => loadChunk(load).then((module) => ({ default: pick(module) })));
}

const pages: Record<AgentTeamPageKey, LazyExoticComponent<ComponentType>> = {
  agentAnnouncement: page(
    () => import('./team/announcement-page.tsx'),
    (m) => m.AgentAnnouncementPage,
  ),
  agentTeamOverview: page(
    () => import('./team/team-overview-page.tsx'),
    (m) => m.TeamOverviewPage,
  ),
  registerCenter: page(
    () => import('./team/register-center-page.tsx'),
    (m) => m.RegisterCenterPage,
  ),
  downlineManagmentView: page(
    () => import('./team/downline-management-page.tsx'),
    (m) => m.DownlineManagementPage,
  ),
  personalHistoryCopy: page(
    () => import('./reports/team-betting-page.tsx'),
    (m) => m.TeamBettingPage,
  ),
  palStatementsAgentCopy: page(
    () => import('./reports/profit-loss-page.tsx'),
    (m) => m.ProfitLossPage,
  ),
  agentRevenueReport: page(
    () => import('./reports/revenue-page.tsx'),
    (m) => m.RevenuePage,
  ),
  agentDownlineTransactionDetailsCopy: page(
    () => import('./reports/team-transactions-page.tsx'),
    (m) => m.TeamTransactionsPage,
  ),
  agentDividendRecordCopy2: page(
    () => import('./wages/wage-pages.tsx'),
    (m) => m.DividendPage,
  ),
  agentDailyWages2: page(
    () => import('./wages/wage-pages.tsx'),
    (m) => m.DailyWagesPage,
  ),
  agentHourSalary: page(
    () => import('./wages/wage-pages.tsx'),
    (m) => m.HourSalaryPage,
  ),
  agentRealtimeSalary: page(
    () => import('./wages/wage-pages.tsx'),
    (m) => m.RealtimeSalaryPage,
  ),
};

/** An agent centre page of the team (the wallet pages are the member centre's). */
export function AgentCentrePage({ page: key }: { page: AgentTeamPageKey }) {
  const { t } = useTranslation();
  const Page = pages[key];
  return (
    <Suspense fallback={<Spinner label={t('state_loading')} />}>
      <Page />
    </Suspense>
  );
}
