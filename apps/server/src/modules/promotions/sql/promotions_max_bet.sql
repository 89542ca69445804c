-- The largest stake one round may take while the member's bonus is being wagered (issue 39,
-- docs/promotions.md "Bonus money and wagering"), minor units; NULL when no bonus is active. Read by
-- the games module's vendor_money_call for a debit only when the member's bonus wallet holds money.
CREATE OR REPLACE FUNCTION promotions_max_bet(p_member_id integer)
RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT c.max_bet FROM bonus_claims c WHERE c.member_id = p_member_id AND c.state = 'active'
$$;
