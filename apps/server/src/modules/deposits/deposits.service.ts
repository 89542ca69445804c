// Deposits, one file per concern: methods (what is on offer), limits (the player's own), orders
// (create, decide, list) and the gateway's side (callbacks, reconciliation, expiry).
export { listDepositMethods, methodOf } from './deposits.methods.ts';
export { onDepositCredited, type CreditedDeposit } from './deposits.hooks.ts';
export {
  approveReceivingNumber,
  pickReceivingNumber,
  listReceivingNumbers,
  saveReceivingNumber,
} from './deposits.wallet.ts';
export { getDepositLimits, setDepositLimits } from './deposits.limits.ts';
export {
  type GatewayLinks,
  createDeposit,
  decideDeposit,
  listDepositHistory,
  listDepositsForReview,
  getDepositReceipt,
  topDepositors,
} from './deposits.orders.ts';
export {
  confirmGatewayReturn,
  handleGatewayCallback,
  settleGatewayPayment,
  reconcileOverdueDeposits,
  expireUnpaidDeposits,
} from './deposits.gateway.ts';
export {
  listReconciliationItems,
  reconcilePreviousDay,
  reconcileProviderDay,
  resolveReconciliationItem,
} from './deposits.reconciliation.ts';
