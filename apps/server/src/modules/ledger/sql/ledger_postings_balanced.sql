-- Every INSERT into postings must balance per entry and currency within that statement. With the
-- tables append-only, that keeps every entry balanced whoever writes (not only the function above).
CREATE OR REPLACE FUNCTION ledger_postings_balanced() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_entry_id bigint;
  v_currency text;
BEGIN
  SELECT n.entry_id, n.currency INTO v_entry_id, v_currency
    FROM new_postings n
   GROUP BY n.entry_id, n.currency
  HAVING sum(n.amount) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance in %', v_entry_id, v_currency
      USING ERRCODE = 'KL004', DETAIL = v_currency;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER postings_balanced
  AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_balanced();
