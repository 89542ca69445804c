-- Withdrawals' read API of its requests for other modules' SQL (reports, agents' team figures):
-- the amount, what was refunded, the state and its times, the ledger entries; never the payout
-- account, proofs or reasons. A plain view, inlined by the planner.
CREATE OR REPLACE VIEW withdrawals_requests AS
SELECT w.id, w.member_id, w.currency, w.amount, w.refunded, w.status, w.hold_entry_id, w.release_entry_id,
       w.payout_entry_id, w.refund_entry_id, w.created_at, w.decided_at, w.approved_at, w.disbursed_at,
       w.resolved_at
  FROM withdrawals w;
