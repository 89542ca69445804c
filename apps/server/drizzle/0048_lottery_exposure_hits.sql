-- Issue 36 (docs/lottery.md "Liability cap per number per draw"): the liability cap counts a bet's
-- worst case, stake × odds × the most times one bet of its play type can hit in the region's layout
-- (lottery-rtp.ts maxHits), not one hit. lottery_exposure keeps that most per row (max_hits: the
-- cancel takes off what the placement added); modules/lottery/sql makes the new lottery_place_slip
-- (p_offered now maps each offered play type to its most hits) and lottery_cancel_bet.
ALTER TABLE "lottery_exposure" ADD COLUMN "max_hits" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Rows of settled and void numeros were never cleaned: they go (the settlement and the void delete
-- their own from now on, and the lottery-exposure-cleanup job what is left).
DELETE FROM lottery_exposure x
 USING lottery_numeros n
 WHERE n.id = x.numero_id AND n.status IN ('settled', 'void');--> statement-breakpoint
-- The rows of numeros still running, counted again from their live bets with the most hits of the
-- play types that can hit more than once (as lottery-rtp.ts maxHits gives them: lô k số the prize
-- numbers of at least k digits, xỉu chủ two); the others hit at most once, as they were counted.
UPDATE lottery_exposure x
   SET max_hits = h.max_hits,
       payout = least(
         (SELECT coalesce(sum(div(b.stake::numeric * b.odds_milli * h.max_hits, 1000)), 0)
            FROM lottery_bets b
           WHERE b.numero_id = x.numero_id AND b.play_type = x.play_type AND b.status = 'open'
             AND array_to_string(ARRAY(SELECT s FROM unnest(b.selection) AS s ORDER BY s), ',') = x.selection),
         9223372036854775807)::bigint
  FROM lottery_numeros n
  JOIN lottery_games g ON g.id = n.game_id
  JOIN (VALUES ('north', 'lo2', 27), ('north', 'lo3', 23), ('north', 'lo4', 20),
               ('fast', 'lo2', 27), ('fast', 'lo3', 23), ('fast', 'lo4', 20),
               ('central', 'lo2', 18), ('central', 'lo3', 17), ('central', 'lo4', 16), ('central', 'xiu_chu', 2),
               ('south', 'lo2', 18), ('south', 'lo3', 17), ('south', 'lo4', 16), ('south', 'xiu_chu', 2))
       AS h(region, play_type, max_hits) ON h.region = g.region
 WHERE n.id = x.numero_id AND h.play_type = x.play_type;
