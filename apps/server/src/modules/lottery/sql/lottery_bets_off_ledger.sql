-- The lottery bets whose figures differ from the ledger's postings (issue 34: figures beside the
-- ledger are checked against it). lottery_bets, which the betting record (games' member_rounds),
-- profit and loss and agents' wages (lottery_rounds) read, keeps each bet's stake and payout as
-- lottery_place_slip, lottery_close_batch and lottery_cancel_bet wrote them in the transaction that
-- posted them; this recomputes them from the postings on the members' wallets (the ledger's
-- published ledger_member_postings) and lists every problem, at most p_limit:
--   stake       the placement entry (bet.entry_id, kind bet: one per bet) did not take the bets'
--               stakes from their member's wallet (another amount, another member, another kind,
--               or no posting at all);
--   settlement  the settlement entry (bet.settle_entry_id, shared by a batch's bets of one member)
--               did not pay the bets' payouts (won: kind win) or refund their stakes (void: kind
--               rollback, cancelled: kind reversal), or bets that take no settlement entry (open,
--               lost) name one;
--   unposted    a bet won with a payout, voided or cancelled has no settlement entry;
--   payout      a bet's payout is not floor(stake × odds × hits / 1000) when won (hits > 0), or
--               not 0 otherwise (so a payout moved between two bets of one entry is seen too);
--   no_bet      a lottery entry (key lottery-bet:, lottery-win:, lottery-void:, lottery-cancel:)
--               that no bet names.
-- recorded: what the bets say (stakes, payouts + refunds; positive); ledger: what the entry moved
-- on the member's wallet (taken for stake, paid for settlement; no_bet: signed as posted; payout:
-- what the bet's own stake, odds and hits give).
-- Set-based (a few hash joins over the bets and the lottery's entries), read-only; run by
-- `npm run ledger:verify` (lottery_bets_match_ledger) and the lottery's money tests.
CREATE OR REPLACE FUNCTION lottery_bets_off_ledger(p_limit integer DEFAULT 20)
RETURNS TABLE (problem text, entry_id bigint, member_id bigint, bet_ids bigint[], entry_kind text,
               recorded bigint, ledger bigint)
LANGUAGE sql STABLE
SET jit = off
AS $$
  WITH expected AS (
    -- What the bets say each entry moved on their member's wallet, from one pass over the bets:
    -- the stake (placement: one bet per entry) and the payout or refund (settlement: a batch's bets
    -- of one member share it; its kind follows their statuses, null when they take none or mix).
    SELECT x.side, x.entry_id, b.member_id::bigint AS member_id, count(*) AS bets, min(b.id) AS first_bet,
           sum(x.amount)::bigint AS amount,
           CASE WHEN x.side = 'stake' THEN 'bet'
                WHEN bool_and(b.status = 'won') THEN 'win'
                WHEN bool_and(b.status = 'void') THEN 'rollback'
                WHEN bool_and(b.status = 'cancelled') THEN 'reversal' END AS kind
      FROM lottery_bets b
     CROSS JOIN LATERAL (VALUES ('stake', b.entry_id, b.stake),
                                ('settlement', b.settle_entry_id,
                                 CASE WHEN b.status = 'won' THEN b.payout
                                      WHEN b.status IN ('void', 'cancelled') THEN b.stake ELSE 0 END))
                        AS x(side, entry_id, amount)
     WHERE x.entry_id IS NOT NULL
     GROUP BY x.side, x.entry_id, b.member_id
  ), moved AS (
    -- Each posting on a member's wallet of a lottery entry: one the bets name, or one under the
    -- lottery's keys.
    SELECT p.entry_id, p.member_id, p.entry_kind AS kind, p.amount
      FROM ledger_member_postings p
     WHERE p.entry_id IN (SELECT x.entry_id FROM expected x)
        OR p.entry_id IN (SELECT e.id FROM ledger_entries e WHERE e.idempotency_key LIKE 'lottery-%')
  ), listed AS (
    SELECT coalesce(x.side, 'no_bet') AS problem, coalesce(x.entry_id, m.entry_id) AS entry_id,
           coalesce(x.member_id, m.member_id) AS member_id, x.bets, x.first_bet, m.kind AS entry_kind,
           x.amount AS recorded, CASE WHEN x.side = 'stake' THEN -m.amount ELSE m.amount END AS ledger
      FROM expected x
      FULL JOIN moved m ON m.entry_id = x.entry_id AND m.member_id = x.member_id
     WHERE x.side IS NULL OR m.entry_id IS NULL OR x.kind IS DISTINCT FROM m.kind
        OR x.amount <> CASE WHEN x.side = 'stake' THEN -m.amount ELSE m.amount END
        OR (x.side = 'stake' AND x.bets > 1)
    UNION ALL
    SELECT 'unposted', NULL, b.member_id, 1, b.id, NULL,
           CASE WHEN b.status = 'won' THEN b.payout ELSE b.stake END, NULL
      FROM lottery_bets b
     WHERE b.settle_entry_id IS NULL
       AND ((b.status = 'won' AND b.payout > 0) OR b.status IN ('void', 'cancelled'))
    UNION ALL
    SELECT 'payout', b.settle_entry_id, b.member_id, 1, b.id, NULL, b.payout,
           CASE WHEN b.status = 'won' AND b.hits > 0
                THEN div(b.stake::numeric * b.odds_milli * b.hits, 1000)::bigint ELSE 0 END
      FROM lottery_bets b
     WHERE b.payout <> CASE WHEN b.status = 'won' AND b.hits > 0
                            THEN div(b.stake::numeric * b.odds_milli * b.hits, 1000)::bigint ELSE 0 END
        OR (b.status = 'won') <> (b.hits > 0) AND b.status IN ('won', 'lost')
     ORDER BY 1, 2, 5
     LIMIT p_limit
  )
  -- The bet ids of what is listed only (a settlement entry's bets are looked up; few rows).
  SELECT l.problem, l.entry_id, l.member_id,
         CASE WHEN l.bets IS NULL THEN '{}'::bigint[]
              WHEN l.bets = 1 THEN ARRAY[l.first_bet]
              ELSE ARRAY(SELECT b.id FROM lottery_bets b
                          WHERE b.member_id = l.member_id
                            AND CASE WHEN l.problem = 'stake' THEN b.entry_id ELSE b.settle_entry_id END = l.entry_id
                          ORDER BY b.id) END,
         l.entry_kind, l.recorded, l.ledger
    FROM listed l
   ORDER BY 1, 2, l.first_bet
$$;
