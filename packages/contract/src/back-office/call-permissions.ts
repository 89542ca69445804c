import type { OperatorPermission } from './roles.ts';
import { moneyAdminCallPermissions } from './money.ts';
import { playersAdminCallPermissions } from './players.ts';
import { promotionsAdminCallPermissions } from './promotions.ts';
import { rafflesAdminCallPermissions } from './raffles.ts';
import { vipAdminCallPermissions } from '../vip.ts';
import { reportsAdminCallPermissions } from './reports.ts';
import { siteAdminCallPermissions } from './site.ts';

/**
 * What each operator call needs. `self`: any operator, for their own session (who am I, log out,
 * the first-login steps). Every call whose auth is `operator` has an entry (a contract test checks
 * it, and the server refuses a call without one); authorize checks it on every call and audits a
 * refusal.
 */
export const operatorCallPermissions: Record<string, OperatorPermission | 'self'> = {
  // The operator's own session
  operatorMe: 'self',
  operatorLogout: 'self',
  operatorChangePassword: 'self',
  operatorTwoFactorSetup: 'self',
  operatorTwoFactorConfirm: 'self',
  // Operators and the audit trail
  operatorList: 'operators.manage',
  operatorCreate: 'operators.manage',
  operatorUpdate: 'operators.manage',
  operatorResetAccess: 'operators.manage',
  operatorAudit: 'audit.read',
  // Support tools
  operatorSmsOutbox: 'outbox.read',
  operatorMailOutbox: 'outbox.read',
  operatorUnlockSecrets: 'players.secrets',
  // Money
  operatorDeposits: 'money.read',
  operatorDepositReceipt: 'money.read',
  operatorDepositDecide: 'money.deposits',
  operatorDepositNumbers: 'money.read',
  operatorDepositNumberSave: 'money.deposits',
  operatorDepositNumberApprove: 'money.deposits',
  operatorReconciliation: 'money.read',
  operatorReconciliationResolve: 'money.deposits',
  operatorWithdrawals: 'money.read',
  operatorWithdrawalDecide: 'money.withdrawals',
  operatorWithdrawalSend: 'money.withdrawals',
  operatorWithdrawalPayoutResolve: 'money.withdrawals',
  operatorWithdrawalResolve: 'money.withdrawals',
  operatorWithdrawalProof: 'money.withdrawals',
  operatorWalletAdjust: 'money.adjust.request',
  operatorVendorTransfers: 'money.read',
  // Site content
  operatorBanners: 'content.read',
  operatorCreateBanner: 'content.write',
  operatorUpdateBanner: 'content.write',
  operatorOrderBanners: 'content.write',
  operatorDeleteBanner: 'content.write',
  operatorCreateAnnouncement: 'content.write',
  operatorUpdateAnnouncement: 'content.write',
  operatorDeleteAnnouncement: 'content.write',
  operatorSaveHelpArticle: 'content.write',
  operatorDeleteHelpArticle: 'content.write',
  operatorCreatePromotion: 'content.write',
  operatorUpdatePromotion: 'content.write',
  operatorDeletePromotion: 'content.write',
  operatorUploadImage: 'content.write',
  operatorContentAudit: 'content.read',
  operatorSyncGames: 'games.manage',
  // Lottery and agents
  operatorLotteryOdds: 'reports.read',
  operatorSetLotteryOdds: 'lottery.manage',
  operatorLotteryOddsRequests: 'reports.read',
  operatorDecideLotteryOdds: 'lottery.manage',
  operatorLotteryExposure: 'reports.read',
  operatorVoidNumero: 'lottery.manage',
  operatorLotteryVoidRequests: 'reports.read',
  operatorRejectLotteryVoid: 'lottery.manage',
  operatorLotteryOfficialDraws: 'reports.read',
  operatorSetLotteryResultSource: 'lottery.manage',
  operatorEnterLotterySheet: 'lottery.manage',
  operatorAgentContract: 'agents.contracts',
  // Jobs and operations pages (/metrics, /docs)
  operatorJobs: 'system.read',
  operatorRunJob: 'jobs.run',
  operationsPage: 'system.read',
  ...playersAdminCallPermissions,
  ...moneyAdminCallPermissions,
  ...promotionsAdminCallPermissions,
  ...rafflesAdminCallPermissions,
  ...siteAdminCallPermissions,
  ...reportsAdminCallPermissions,
  ...vipAdminCallPermissions,
};

export function permissionOfCall(callId: string): OperatorPermission | 'self' | undefined {
  return Object.hasOwn(operatorCallPermissions, callId) ? operatorCallPermissions[callId] : undefined;
}
