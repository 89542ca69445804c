-- Journal entries and postings are append-only: mistakes are fixed by a reversing entry.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: fix a mistake with a reversing entry', TG_TABLE_NAME
    USING ERRCODE = 'KL006';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER journal_entries_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER postings_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
