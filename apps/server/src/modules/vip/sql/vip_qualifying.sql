-- VIP ranks (issue 40 item 1, docs/vip.md): each member's qualifying figures over [p_from, p_to):
-- turnover, the stakes of the rounds settled in it (member_rounds, the games module's published
-- rounds: settled, main wallet, the brand's currency), and deposits, what the deposit orders approved
-- in it credited (amount less fee; deposits_orders, the deposits module's published orders). Players only
-- (accounts_members: a type in p_excluded_types, agents and trial accounts, is left out). Members
-- with neither are not answered; p_member_id, when given, answers that member alone. With
-- p_active_since, only members with a round settled or a deposit approved since then (the upgrade
-- job's candidates), their figures still over the whole period.
CREATE OR REPLACE FUNCTION vip_qualifying(
  p_from timestamptz,
  p_to timestamptz,
  p_currency text,
  p_excluded_types integer[],
  p_member_id integer DEFAULT NULL,
  p_active_since timestamptz DEFAULT NULL
) RETURNS TABLE (member_id integer, turnover bigint, deposits bigint)
LANGUAGE sql STABLE AS $$
  WITH candidates AS (
    SELECT r.member_id FROM member_rounds r
     WHERE p_active_since IS NOT NULL AND r.settled_at >= p_active_since AND r.settled_at < p_to
       AND r.status = 'settled'
    UNION
    SELECT d.member_id FROM deposits_orders d
     WHERE p_active_since IS NOT NULL AND d.decided_at >= p_active_since AND d.decided_at < p_to
       AND d.status = 'approved'
  ),
  rounds AS (
    SELECT r.member_id, sum(r.bet_amount)::bigint AS turnover
      FROM member_rounds r
     WHERE r.settled_at >= p_from AND r.settled_at < p_to
       AND r.status = 'settled' AND r.wallet_kind = 'main' AND r.currency = p_currency
       AND (p_member_id IS NULL OR r.member_id = p_member_id)
       AND (p_active_since IS NULL OR r.member_id IN (SELECT c.member_id FROM candidates c))
     GROUP BY r.member_id
  ),
  deposits AS (
    SELECT d.member_id, sum(d.amount - d.fee)::bigint AS deposits
      FROM deposits_orders d
     WHERE d.decided_at >= p_from AND d.decided_at < p_to
       AND d.status = 'approved' AND d.currency = p_currency
       AND (p_member_id IS NULL OR d.member_id = p_member_id)
       AND (p_active_since IS NULL OR d.member_id IN (SELECT c.member_id FROM candidates c))
     GROUP BY d.member_id
  )
  SELECT m.id AS member_id, coalesce(r.turnover, 0)::bigint, coalesce(d.deposits, 0)::bigint
    FROM rounds r
    FULL JOIN deposits d ON d.member_id = r.member_id
    JOIN accounts_members m ON m.id = coalesce(r.member_id, d.member_id)
   WHERE NOT (m.type = ANY (p_excluded_types))
   ORDER BY m.id
$$;
