CREATE OR REPLACE FUNCTION agent_contract_minor(p_amount text, p_precision integer) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT round(p_amount::numeric * (10::numeric ^ p_precision))::bigint
$$;
