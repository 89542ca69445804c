// Withdrawals, one file per concern: the member's payout accounts, the member's withdrawals
// (request, history, confirming receipt), the operator's review (decide, resolve, proof) and
// payouts by a provider's API (send, resolve an uncertain attempt).
export { listPayoutAccounts, bindPayoutAccount } from './withdrawals.accounts.ts';
export {
  getWithdrawInfo,
  createWithdrawal,
  listWithdrawHistory,
  autoReceiveWithdrawals,
  confirmWithdrawal,
  type DailyWithdrawalLimit,
} from './withdrawals.requests.ts';
export {
  sendWithdrawalPayout,
  resolveWithdrawalPayout,
  type PayoutRail,
  type PayoutOutcome,
  type PayoutTransaction,
} from './withdrawals.payouts.ts';
export { markStalePayoutAttempts } from './withdrawals.payout-attempts.ts';
export {
  listWithdrawalsForReview,
  decideWithdrawal,
  resolveWithdrawal,
  getWithdrawalProof,
  type WithdrawalDecisionCheck,
} from './withdrawals.review.ts';
