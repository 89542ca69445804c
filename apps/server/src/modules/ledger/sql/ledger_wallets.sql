-- The ledger's read API of its accounts for other modules' SQL (docs/design.md, Money): every
-- account, members' wallets (owner_member_id set, address member:<id>:<kind>) and the system's
-- (house:, platform:, clearing:…), with its currency, precision and cached balance. Writes go
-- through ledger_post_entries only. A plain view, inlined by the planner: reading a balance by
-- address through it is the same index lookup as reading ledger_accounts (hot paths use it).
CREATE OR REPLACE VIEW ledger_wallets AS
SELECT a.id, a.address, a.kind, a.owner_member_id, a.currency, a.precision, a.balance, a.created_at
  FROM ledger_accounts a;
