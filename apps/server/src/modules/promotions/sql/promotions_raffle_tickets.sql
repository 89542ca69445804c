-- A raffle's tickets at its lock, every entry at once (issue 39, docs/promotions.md "Raffle"): one
-- row per entry of p_raffle_id (raffle_entries), in the digest's order (join time, then member id).
-- `counted` is the entry's counted betting over the rounds settled in [its join or p_from, whichever
-- is later; p_to), counted exactly as a bonus's wagering (promotions_bonus_wagering, one member at a
-- time, which the promotion page shows): member_rounds (the games module's published rounds),
-- settled, main wallet, the brand's currency, of seamless vendors only (games_vendor_modes); a round
-- that returned its stake exactly counts nothing; lottery bets never count; each game's stakes × its
-- house edge ÷ the reference edge, at most the stake (agent_game_edges, the agents module's published
-- edges), × the category's weight in percent (p_weights; a category not named counts 0), floored once
-- per category. The join counts from its millisecond, as the page's count (which reads it into a
-- JavaScript Date) does. `tickets`: one per p_ticket_turnover counted, at most p_max_tickets. An
-- entry holding tickets gets its `position` among the holders (0, 1, …) and the number of its first
-- ticket (`ticket_from`: the tickets of the entries before it); an entry without tickets gets NULLs.
CREATE OR REPLACE FUNCTION promotions_raffle_tickets(
  p_raffle_id integer,
  p_from timestamptz,
  p_to timestamptz,
  p_currency text,
  p_weights jsonb,
  p_ticket_turnover bigint,
  p_max_tickets integer,
  p_reference_edge_bp integer,
  p_undeclared_edge_bp integer
) RETURNS TABLE (member_id integer, counted bigint, tickets integer, "position" integer, ticket_from integer)
LANGUAGE sql STABLE AS $$
  WITH entries AS (
    SELECT e.member_id, e.joined_at, greatest(date_trunc('milliseconds', e.joined_at), p_from) AS counts_from
      FROM raffle_entries e
     WHERE e.raffle_id = p_raffle_id
  ), plays AS (
    SELECT e.member_id, r.node_id, r.game_type,
           coalesce(sum(r.bet_amount) FILTER (WHERE r.win_amount <> r.bet_amount), 0)::bigint AS staked
      FROM entries e
      JOIN member_rounds r ON r.member_id = e.member_id AND r.settled_at >= e.counts_from
     WHERE r.settled_at >= p_from AND r.settled_at < p_to
       AND r.status = 'settled' AND r.wallet_kind = 'main' AND r.currency = p_currency
       AND r.game_type NOT IN ('LOTT', 'ELOTT')
       AND coalesce((p_weights ->> r.game_type)::integer, 0) > 0
       AND EXISTS (SELECT 1 FROM games_vendor_modes v
                    WHERE v.vendor_code = r.vendor_code AND v.wallet_mode = 'seamless')
     GROUP BY e.member_id, r.node_id, r.game_type
  ), edges AS (
    SELECT g.node_id, g.game_type, g.edge_bp FROM agent_game_edges(p_undeclared_edge_bp) g
  ), categories AS (
    SELECT p.member_id, p.game_type,
           sum(p.staked::numeric * least(coalesce(n.edge_bp, t.edge_bp, p_undeclared_edge_bp), p_reference_edge_bp))
             / p_reference_edge_bp AS weighed
      FROM plays p
      LEFT JOIN edges n ON n.node_id = p.node_id
      LEFT JOIN edges t ON t.node_id IS NULL AND t.game_type = p.game_type
     GROUP BY p.member_id, p.game_type
  ), done AS (
    SELECT e.member_id, e.joined_at,
           coalesce(sum(floor(c.weighed * (p_weights ->> c.game_type)::integer / 100)), 0)::bigint AS counted
      FROM entries e
      LEFT JOIN categories c ON c.member_id = e.member_id
     GROUP BY e.member_id, e.joined_at
  ), held AS (
    SELECT d.member_id, d.joined_at, d.counted, least(d.counted / p_ticket_turnover, p_max_tickets)::integer AS tickets
      FROM done d
  )
  SELECT h.member_id, h.counted, h.tickets,
         CASE WHEN h.tickets > 0 THEN (count(*) FILTER (WHERE h.tickets > 0) OVER earlier - 1)::integer END,
         CASE WHEN h.tickets > 0 THEN (sum(h.tickets) OVER earlier - h.tickets)::integer END
    FROM held h
  WINDOW earlier AS (ORDER BY h.joined_at, h.member_id ROWS UNBOUNDED PRECEDING)
   ORDER BY h.joined_at, h.member_id
$$;
