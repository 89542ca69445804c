CREATE OR REPLACE FUNCTION vendor_money_reply(p_balance bigint, p_transaction_id text, p_entry_id bigint)
RETURNS jsonb
LANGUAGE plpgsql
IMMUTABLE
AS $$
BEGIN
  -- A vendor reads the balance as a JSON number: beyond 2^53 it could not be told exactly.
  IF p_balance < 0 OR p_balance > 9007199254740991 THEN
    RAISE EXCEPTION 'balance % is not a safe non-negative integer', p_balance;
  END IF;
  RETURN jsonb_build_object(
    'status', 200,
    'body', jsonb_build_object(
      'ok', true,
      'balance', p_balance,
      'transactionId', p_transaction_id,
      'platformTransactionId', p_entry_id::text));
END;
$$;
