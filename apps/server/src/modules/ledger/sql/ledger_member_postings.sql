-- The ledger's read API of what moved on members' wallets, for read models fed from the books
-- (reports): each posting on an account a member owns, with the wallet's kind and the entry's kind,
-- metadata (what it ties to: a round, an order, a withdrawal), the entry it reverses and when it was
-- posted. A plain view, inlined by the planner: filtered by entry_id (a range after a cursor) it is
-- the (entry_id, account_id) index of postings joined to the entries' and accounts' keys.
CREATE OR REPLACE VIEW ledger_member_postings AS
SELECT p.id, p.entry_id, e.kind AS entry_kind, e.metadata, e.reverses_entry_id, e.created_at,
       a.owner_member_id AS member_id, a.kind AS wallet_kind, p.currency, p.amount
  FROM postings p
  JOIN journal_entries e ON e.id = p.entry_id
  JOIN ledger_accounts a ON a.id = p.account_id
 WHERE a.owner_member_id IS NOT NULL;
