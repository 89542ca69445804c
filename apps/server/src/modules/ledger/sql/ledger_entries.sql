-- The ledger's read API of its journal entries for other modules' SQL: what an entry was (kind,
-- key, request hash, metadata, the entry it reverses, when). A plain view, inlined by the planner.
CREATE OR REPLACE VIEW ledger_entries AS
SELECT e.id, e.kind, e.idempotency_key, e.request_hash, e.metadata, e.reverses_entry_id, e.created_at
  FROM journal_entries e;
