-- The bonuses whose records differ from the ledger (issue 39, docs/promotions.md "Checked against
-- the ledger"), read-only, for `npm run ledger:verify` and the back office's verifier:
--   * a credited bonus whose grant entry did not put exactly its amount into the member's bonus
--     wallet, or that has no grant entry;
--   * an ended bonus whose end entry did not take exactly its end amount out of the bonus wallet
--     (or that records an amount with no entry);
--   * a bonus wallet holding money with no bonus waiting or active and its last bonus ended more
--     than p_grace_minutes ago (the settlement job moves such leftovers within a minute);
--   * a credited bonus whose wagering requirement is not its amount × its rule's multiple (someone
--     lowered it in the table), or a claimed reward whose bonus is not the reward's amount.
-- Postings through ledger_member_postings, the ledger's published view.
CREATE OR REPLACE FUNCTION promotions_bonuses_off_ledger(p_limit integer DEFAULT 20, p_grace_minutes integer DEFAULT 10)
RETURNS TABLE (claim_id bigint, member_id integer, problem text)
LANGUAGE sql STABLE AS $$
  WITH granted AS (
    SELECT c.id, c.member_id, c.amount,
           (SELECT coalesce(sum(p.amount), 0) FROM ledger_member_postings p
             WHERE p.entry_id = c.grant_entry_id AND p.member_id = c.member_id AND p.wallet_kind = 'bonus') AS moved
      FROM bonus_claims c
     WHERE c.state NOT IN ('waiting', 'lapsed')
  ), ended AS (
    SELECT c.id, c.member_id, coalesce(c.end_amount, 0) AS amount, c.end_entry_id,
           (SELECT coalesce(-sum(p.amount), 0) FROM ledger_member_postings p
             WHERE p.entry_id = c.end_entry_id AND p.member_id = c.member_id AND p.wallet_kind = 'bonus') AS moved
      FROM bonus_claims c
     WHERE c.state IN ('converted', 'forfeited', 'expired', 'lost')
  ), leftover AS (
    SELECT w.owner_member_id::integer AS member_id, w.balance
      FROM ledger_wallets w
     WHERE w.kind = 'bonus' AND w.balance <> 0
       AND NOT EXISTS (SELECT 1 FROM bonus_claims c
                        WHERE c.member_id = w.owner_member_id AND c.state IN ('waiting', 'active'))
       AND NOT EXISTS (SELECT 1 FROM bonus_claims c
                        WHERE c.member_id = w.owner_member_id
                          AND c.ended_at > now() - make_interval(mins => p_grace_minutes))
  )
  SELECT * FROM (
    SELECT g.id, g.member_id, 'granted ' || g.amount || ' but the bonus wallet received ' || g.moved
      FROM granted g WHERE g.moved <> g.amount
    UNION ALL
    SELECT e.id, e.member_id, 'ended with ' || e.amount || ' but the bonus wallet gave ' || e.moved
      FROM ended e WHERE e.moved <> e.amount OR (e.amount > 0 AND e.end_entry_id IS NULL)
    UNION ALL
    SELECT NULL::bigint, l.member_id, 'the bonus wallet holds ' || l.balance || ' with no bonus open'
      FROM leftover l
    UNION ALL
    SELECT c.id, c.member_id, 'requires ' || c.wagering_required || ' of wagering, not ' ||
           c.amount || ' × ' || (c.rule->>'wageringMultiple')
      FROM bonus_claims c
     WHERE c.state NOT IN ('waiting', 'lapsed')
       AND c.wagering_required <> c.amount * (c.rule->>'wageringMultiple')::bigint
    UNION ALL
    SELECT c.id, c.member_id, 'reward ' || r.id || ' of ' || r.amount || ' became a bonus of ' || c.amount
      FROM member_rewards r JOIN bonus_claims c ON c.id = r.bonus_claim_id
     WHERE c.amount <> r.amount
  ) problems
  ORDER BY 2, 1
  LIMIT p_limit
$$;
