import type { FeatureFlags } from '@khela/contract';
import { isAccountCentreType } from '../stores/session-store.ts';

/** Member centre pages (spec 2), in menu order. */
export const memberCentrePageKeys = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;
export type MemberCentrePageKey = (typeof memberCentrePageKeys)[number];
export const defaultMemberCentrePage: MemberCentrePageKey = 'securityCenter';

export const memberCentreLabelKeys: Record<MemberCentrePageKey, string> = {
  securityCenter: 'mc_security_center',
  transferFund: 'mc_transfer_fund',
  depositv2: 'mc_deposit',
  withdraw: 'mc_withdraw',
  transferUpline: 'mc_transfer_upline',
  personalHistoryCopy: 'mc_betting_record',
  transactionHistory: 'mc_account_record',
  personalProfit: 'mc_personal_profit',
  bonusDetails: 'mc_bonus_details',
  rewardCenter: 'mc_reward_center',
  referral: 'mc_referral',
  missionLeaderboard: 'mc_mission_leaderboard',
  messageV2: 'mc_messages',
  manualRebate: 'mc_manual_rebate',
};

interface Viewer {
  features: Pick<
    FeatureFlags,
    'referral' | 'manualRebate' | 'dividend' | 'salary' | 'hourSalary' | 'realTimeSalary'
  >;
  isAgent: number | null;
}

/** Referral only when on and the viewer is not an agent; manual rebate only when enabled (spec 2). */
export function visibleMemberCentrePages({ features, isAgent }: Viewer): MemberCentrePageKey[] {
  return memberCentrePageKeys.filter((key) => {
    if (key === 'referral') return features.referral && !isAccountCentreType(isAgent);
    if (key === 'manualRebate') return features.manualRebate;
    return true;
  });
}

/** Agent centre menu (spec 2 table), in menu order, with the feature each conditional entry needs. */
export const agentCentreMenu = [
  // The agent's own account (password, payment password, mobile, second step, login history): the
  // member centre's security page, the same server calls and lockouts (issue 38).
  { page: 'securityCenter', labelKey: 'mc_security_center' },
  { page: 'agentAnnouncement', labelKey: 'ac_announcement' },
  { page: 'agentTeamOverview', labelKey: 'ac_team_overview' },
  // An agent's own money: the member centre's wallet pages (the server's money calls take agents).
  { page: 'depositv2', labelKey: 'mc_deposit' },
  { page: 'withdraw', labelKey: 'mc_withdraw' },
  { page: 'transferUpline', labelKey: 'mc_transfer_upline' },
  { page: 'transactionHistory', labelKey: 'mc_account_record' },
  { page: 'registerCenter', labelKey: 'ac_register_account' },
  { page: 'downlineManagmentView', labelKey: 'ac_team_management' },
  { page: 'personalHistoryCopy', labelKey: 'ac_team_betting' },
  { page: 'palStatementsAgentCopy', labelKey: 'ac_user_profit_loss' },
  { page: 'agentRevenueReport', labelKey: 'ac_my_income' },
  { page: 'agentDownlineTransactionDetailsCopy', labelKey: 'ac_account_details' },
  { page: 'agentDividendRecordCopy2', labelKey: 'ac_dividend', feature: 'dividend' },
  { page: 'agentDailyWages2', labelKey: 'ac_daily_wages', feature: 'salary' },
  { page: 'agentHourSalary', labelKey: 'ac_hourly_salary', feature: 'hourSalary' },
  { page: 'agentRealtimeSalary', labelKey: 'ac_realtime_salary', feature: 'realTimeSalary' },
] as const satisfies readonly {
  page: string;
  labelKey: string;
  feature?: keyof Viewer['features'];
}[];
export type AgentCentrePageKey = (typeof agentCentreMenu)[number]['page'];

/** The agent centre entries that are member centre pages (the wallet), shown by the same components. */
export const agentWalletPages = [
  'securityCenter',
  'depositv2',
  'withdraw',
  'transferUpline',
  'transactionHistory',
] as const;
export type AgentWalletPageKey = (typeof agentWalletPages)[number];

export function isAgentWalletPage(page: AgentCentrePageKey): page is AgentWalletPageKey {
  return (agentWalletPages as readonly string[]).includes(page);
}
export const defaultAgentCentrePage: AgentCentrePageKey = 'agentTeamOverview';

export function visibleAgentCentreMenu({ features }: Pick<Viewer, 'features'>) {
  return agentCentreMenu.filter((entry) => !('feature' in entry) || features[entry.feature]);
}

export function isMemberCentrePageKey(value: string | null): value is MemberCentrePageKey {
  return (memberCentrePageKeys as readonly (string | null)[]).includes(value);
}

export function isAgentCentrePageKey(value: string | null): value is AgentCentrePageKey {
  return agentCentreMenu.some((entry) => entry.page === value);
}

/**
 * The centres' addresses (apps/web/README.md, "Centre addresses"): a query on any page of the site,
 * `?centre=<member centre page key>` or `?agentCentre=<agent centre page key>`, e.g.
 * `/index?centre=withdraw` or `/index?agentCentre=agentDailyWages2`. app/centre/use-centre-url.ts keeps
 * the open panel and the address in step (reload restores it, Back closes it).
 */
export const centreQuery = { member: 'centre', agent: 'agentCentre' } as const;

/** A link to a member centre page, for notifications and mails: `/index?centre=withdraw`. */
export function memberCentreHref(page: MemberCentrePageKey, path = '/index'): string {
  return `${path}?${new URLSearchParams({ [centreQuery.member]: page }).toString()}`;
}

/** A link to an agent centre page: `/index?agentCentre=agentDailyWages2`. */
export function agentCentreHref(page: AgentCentrePageKey, path = '/index'): string {
  return `${path}?${new URLSearchParams({ [centreQuery.agent]: page }).toString()}`;
}
