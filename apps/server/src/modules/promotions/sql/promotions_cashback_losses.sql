-- Cash-back on losses (issue 39, docs/promotions.md "Cash-back on losses"): each member's net loss
-- over the rounds settled in [p_from, p_to): stakes − payouts of member_rounds (the games module's
-- published rounds: settled, main wallet, the brand's currency), for players only (accounts_members,
-- the accounts module's published members: a type in p_excluded_types, agents and trial accounts, is
-- left out). Only members who lost (stakes above payouts) are answered; p_member_id, when given,
-- answers that member alone (the promotion page's loss so far).
CREATE OR REPLACE FUNCTION promotions_cashback_losses(
  p_from timestamptz,
  p_to timestamptz,
  p_currency text,
  p_excluded_types integer[],
  p_member_id integer DEFAULT NULL
) RETURNS TABLE (member_id integer, net_loss bigint)
LANGUAGE sql STABLE AS $$
  SELECT r.member_id, (sum(r.bet_amount) - sum(r.win_amount))::bigint AS net_loss
    FROM member_rounds r
    JOIN accounts_members m ON m.id = r.member_id
   WHERE r.settled_at >= p_from AND r.settled_at < p_to
     AND r.status = 'settled' AND r.wallet_kind = 'main' AND r.currency = p_currency
     AND (p_member_id IS NULL OR r.member_id = p_member_id)
     AND NOT (m.type = ANY (p_excluded_types))
   GROUP BY r.member_id
  HAVING sum(r.bet_amount) > sum(r.win_amount)
   ORDER BY r.member_id
$$;
