-- Stores the answer of a transaction id (accepted or finally refused), so a replay gets it again.
CREATE OR REPLACE FUNCTION vendor_remember(
  p_vendor_code text,
  p_transaction_id text,
  p_kind text,
  p_round_id text,
  p_member_id integer,
  p_amount bigint,
  p_reference_transaction_id text,
  p_request_hash text,
  p_entry_id bigint,
  p_reply jsonb
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO vendor_transactions
    (vendor_code, transaction_id, kind, round_id, member_id, amount, reference_transaction_id,
     request_hash, entry_id, status, response)
  VALUES
    (p_vendor_code, p_transaction_id, p_kind, p_round_id, p_member_id, p_amount, p_reference_transaction_id,
     p_request_hash, p_entry_id, (p_reply ->> 'status')::integer, p_reply -> 'body');
  RETURN p_reply;
END;
$$;
