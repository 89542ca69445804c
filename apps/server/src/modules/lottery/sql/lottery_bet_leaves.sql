-- Each bet's Merkle leaf (docs/lottery.md "Fairness", issue 36): its canonical record
-- khela-lottery-bet-v1|betId|gameCode|numero|playType|numbers joined by ","|stake (minor units)|
-- odds (thousandths)|seedHash, exactly as lottery-draw.ts betLeafRecord writes it, and the leaf hash
-- SHA-256(0x00 ‖ record). "live": the bet is in the numero's digest (a cancelled bet never is).
CREATE OR REPLACE VIEW lottery_bet_leaves AS
SELECT b.id AS bet_id,
       b.numero_id,
       b.member_id,
       b.status <> 'cancelled' AS live,
       r.record,
       sha256('\x00'::bytea || convert_to(r.record, 'UTF8')) AS leaf
  FROM lottery_bets b
  JOIN lottery_games g ON g.id = b.game_id
  JOIN lottery_numeros n ON n.id = b.numero_id
  CROSS JOIN LATERAL (
    SELECT 'khela-lottery-bet-v1|' || b.id || '|' || g.game_code || '|' || n.numero || '|' || b.play_type || '|'
           || array_to_string(b.selection, ',') || '|' || b.stake || '|' || b.odds_milli || '|'
           || coalesce(b.seed_hash, '') AS record
  ) r;
