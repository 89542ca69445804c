-- Opens the wallets of kind p_kind ('main', 'bonus' …) that these members do not have yet, empty,
-- in p_currency at the precision of the currency's system accounts; the ones that exist are left
-- as they are. For set-based callers (a wage settlement paying agents who never had a wallet); one
-- wallet at a time, ledger.service.ts openAccount does the same.
CREATE OR REPLACE FUNCTION ledger_open_member_wallets(p_member_ids bigint[], p_kind text, p_currency text)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  v_precision smallint;
  v_opened integer;
BEGIN
  SELECT a.precision INTO v_precision FROM ledger_accounts a WHERE a.address = 'platform:' || p_currency;
  IF v_precision IS NULL THEN
    RAISE EXCEPTION 'no ledger account platform:%', p_currency USING ERRCODE = 'KL003';
  END IF;
  INSERT INTO ledger_accounts (address, kind, owner_member_id, currency, precision, balance, allow_negative)
  SELECT DISTINCT 'member:' || m.id || ':' || p_kind, p_kind, m.id, p_currency, v_precision, 0, false
    FROM unnest(p_member_ids) AS m(id)
   WHERE m.id IS NOT NULL
  ON CONFLICT (address) DO NOTHING;
  GET DIAGNOSTICS v_opened = ROW_COUNT;
  RETURN v_opened;
END;
$$;
