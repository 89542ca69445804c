// Withdrawals, one file per concern: the member's payout accounts, the member's withdrawals
// (request, history, confirming receipt) and the operator's review (decide, resolve, proof).
export { listPayoutAccounts, bindPayoutAccount } from './withdrawals.accounts.ts';
export {
  getWithdrawInfo,
  createWithdrawal,
  listWithdrawHistory,
  autoReceiveWithdrawals,
  confirmWithdrawal,
} from './withdrawals.requests.ts';
export {
  listWithdrawalsForReview,
  decideWithdrawal,
  resolveWithdrawal,
  getWithdrawalProof,
  type WithdrawalDecisionCheck,
} from './withdrawals.review.ts';
