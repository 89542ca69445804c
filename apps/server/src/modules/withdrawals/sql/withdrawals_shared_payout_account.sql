-- Withdrawals' answer to "have these two members bound the same payout account?" (the same kind and
-- number, bound now or before: a removed binding counts), for promotions' duplicate-account signals
-- (docs/promotions.md "Referral and the reward centre"). It answers yes or no only: the numbers
-- never leave this module.
CREATE OR REPLACE FUNCTION withdrawals_shared_payout_account(p_a integer, p_b integer)
RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
      FROM payout_accounts x
      JOIN payout_accounts y ON y.member_id = p_b AND y.kind = x.kind AND y.account_number = x.account_number
     WHERE x.member_id = p_a AND p_a <> p_b
  )
$$;
