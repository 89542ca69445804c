/**
 * The platform side of the vendor wallet protocol (docs/vendor-protocol.md): authenticate,
 * balance, debit, credit, rollback. Each money call is one call of the SQL function
 * `vendor_money_call` (one statement, one transaction, one round trip); money moves only through
 * the ledger's posting function (idempotency key `vendor:<vendorCode>:<transactionId>`).
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
 * Round trips (docs/design.md, Money): one per money call (issue 12). Before, a debit was begin, a
 * locking read, the ledger's posting function, one write, commit and a session slide.
 */

// One file per concern: replies, sessions (authenticate, balance), the money calls.
export { vendorError, vendorRequestHash, type VendorReply } from './vendor-wallet.replies.ts';
export { authenticate, balance } from './vendor-wallet.sessions.ts';
export { credit, debit, rollback } from './vendor-wallet.money.ts';
