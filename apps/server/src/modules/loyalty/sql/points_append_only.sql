-- Points entries and postings are append-only: a mistake is put right by another entry, never by
-- editing one (docs/loyalty.md "The points ledger").
CREATE OR REPLACE FUNCTION points_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: put a mistake right with another entry', TG_TABLE_NAME
    USING ERRCODE = 'KP006';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER points_entries_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON points_entries
  FOR EACH STATEMENT EXECUTE FUNCTION points_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER points_postings_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON points_postings
  FOR EACH STATEMENT EXECUTE FUNCTION points_append_only();
