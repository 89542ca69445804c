/**
 * The platform side of the vendor wallet protocol (docs/vendor-protocol.md): authenticate,
 * balance, debit, credit, rollback. Each call is one database transaction; money moves only
 * through the ledger (idempotency key `vendor:<vendorCode>:<transactionId>`).
 *
 * Idempotency: every debit, credit and rollback is kept in `vendor_transactions` under the unique
 * (vendor_code, transaction_id) with the hash of its body and the answer given. A replay with the
 * same body gets that answer again and moves nothing; another body under the same id is refused
 * (DUPLICATE_TRANSACTION). Final refusals are kept too (INSUFFICIENT_FUNDS, ROUND_CLOSED …), so a
 * retried bet never succeeds later; refusals that a later call can cure (UNKNOWN_ROUND: the debit
 * may still arrive; INVALID_TOKEN) are not.
 *
 * Concurrency: a round's row is locked (FOR UPDATE) before its money moves, and the ledger's
 * guarded update serialises a wallet, in that order everywhere (round, then wallet), so two calls
 * never wait on each other in a cycle. Two calls with the same transaction id, or two first debits
 * of one round, meet on a unique index (or find the round opened under them): the loser's
 * transaction is rolled back and the call runs again, and then finds the winner's row (a replay).
 *
 * Round trips (docs/design.md, Money): a debit or a credit is begin, one read that also locks the round
 * (lockCallContext), the ledger's posting function, one write (round and transaction record),
 * commit. Rollbacks, rarer, are written plainly.
 */

// One file per concern: replies, sessions (authenticate, balance), the ledger moves, the stored
// transactions (idempotency), the round steps debit and credit share, and each money call.
export { vendorError, vendorRequestHash, type VendorReply } from './vendor-wallet.replies.ts';
export { authenticate, balance } from './vendor-wallet.sessions.ts';
export { debit } from './vendor-wallet.debit.ts';
export { credit } from './vendor-wallet.credit.ts';
export { rollback } from './vendor-wallet.rollback.ts';
