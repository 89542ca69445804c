/**
 * The centres' documented addresses, in menu order: the keys of the web's
 * shared/config/centre-pages.ts. centre-urls.e2e.ts opens each and counts the menu against them, so a
 * page added to a centre without being listed here fails there; the accessibility journey checks the
 * same pages.
 */
export const memberPages = [
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
];

export const agentPages = [
  // "My account": the agent's own password, payment password, mobile and second step (issue 38).
  'securityCenter',
  'agentAnnouncement',
  'agentTeamOverview',
  'depositv2',
  'withdraw',
  'transferUpline',
  'transactionHistory',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
];
