-- The points ledger's one posting path, held by the database (as ledger_write_guard holds the
-- money ledger's): points entries and postings are inserted, and points accounts opened or their
-- balances changed, only inside points_post_entry, which sets the transaction-local flag
-- `khela.points_posting` for its own statements and clears it before it returns. Any other
-- statement (another module's SQL, a hand-written fix, a test) is refused with KP007, nothing written.
CREATE OR REPLACE FUNCTION points_write_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND current_setting('khela.points_posting', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is written only by points_post_entry (the points ledger''s one posting path)', TG_TABLE_NAME
    USING ERRCODE = 'KP007', DETAIL = TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER points_entries_write_guard
  BEFORE INSERT ON points_entries
  FOR EACH STATEMENT EXECUTE FUNCTION points_write_guard();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER points_postings_write_guard
  BEFORE INSERT ON points_postings
  FOR EACH STATEMENT EXECUTE FUNCTION points_write_guard();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER points_accounts_write_guard
  BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON points_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION points_write_guard();
