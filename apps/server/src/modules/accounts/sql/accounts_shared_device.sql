-- Accounts' answer to "have these two accounts registered or logged in from one browser?" (the same
-- device id, kept as its SHA-256 in account_devices, at most 20 per account), for promotions'
-- duplicate-account signal `same_device` (docs/promotions.md "Referral and the reward centre"). It
-- answers yes or no only: the device hashes never leave this module. Each of p_a's rows is one
-- primary-key lookup in p_b's.
CREATE OR REPLACE FUNCTION accounts_shared_device(p_a bigint, p_b bigint)
RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
      FROM account_devices x
      JOIN account_devices y ON y.member_id = p_b AND y.device_hash = x.device_hash
     WHERE x.member_id = p_a AND p_a <> p_b
  )
$$;
