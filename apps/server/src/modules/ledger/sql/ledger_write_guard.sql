-- The one posting path, held by the database: journal entries and postings are inserted, and
-- ledger account balances changed, only inside ledger_post_entries, which sets the transaction-local
-- flag `khela.ledger_posting` for its own statements and clears it before it returns. Any other
-- statement (another module's SQL, a hand-written fix, a test) is refused with KL007, nothing
-- written. An account is opened (INSERT) by the ledger module with a zero balance; it cannot be
-- opened holding money, nor deleted.
CREATE OR REPLACE FUNCTION ledger_write_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' AND TG_LEVEL = 'ROW' THEN
    -- ledger_accounts, per row: a new account holds nothing.
    IF coalesce(NEW.balance, 0) = 0 THEN
      RETURN NEW;
    END IF;
  ELSIF TG_OP IN ('INSERT', 'UPDATE') AND current_setting('khela.ledger_posting', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is written only by ledger_post_entries (the ledger''s one posting path)', TG_TABLE_NAME
    USING ERRCODE = 'KL007', DETAIL = TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER journal_entries_write_guard
  BEFORE INSERT ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_write_guard();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER postings_write_guard
  BEFORE INSERT ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_write_guard();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_accounts_write_guard
  BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_write_guard();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_accounts_open_empty
  BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_write_guard();
