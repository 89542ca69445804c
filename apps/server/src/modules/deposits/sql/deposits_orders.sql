-- Deposits' read API of its orders for other modules' SQL (reports, agents' team figures): what
-- was asked and decided, and the ledger entry that credited it; never the gateway's page, the
-- request hash or who decided. A plain view, inlined by the planner.
CREATE OR REPLACE VIEW deposits_orders AS
SELECT o.id, o.member_id, o.method_code, o.kind, o.currency, o.amount, o.fee, o.status, o.entry_id,
       o.created_at, o.decided_at
  FROM deposit_orders o;
