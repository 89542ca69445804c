-- The ledger's read API of postings for other modules' SQL: each leg of an entry with its
-- account's address (a vendor rollback reverses a debit's legs). A plain view, inlined by the
-- planner: filtered by entry_id it is the postings index lookup joined to the accounts' key.
CREATE OR REPLACE VIEW ledger_entry_postings AS
SELECT p.id, p.entry_id, p.account_id, a.address, p.amount, p.currency, p.balance_after
  FROM postings p
  JOIN ledger_accounts a ON a.id = p.account_id;
