-- A bet as the contract's lotteryBetSchema shows it (amounts in minor units as text, times in ms).
-- "cancellable" does not know the brand's cancel freeze: the server takes it off "lockAt".
CREATE OR REPLACE VIEW lottery_bet_lines AS
SELECT b.id AS "betId",
       b.member_id AS "memberId",
       b.request_id AS "requestId",
       b.slip_index AS "slipIndex",
       g.game_code AS "gameCode",
       g.names AS "names",
       n.numero AS "numero",
       b.play_type AS "playType",
       b.selection AS "numbers",
       b.stake::text AS "stake",
       b.odds_milli AS "oddsMilli",
       b.status AS "status",
       b.hits AS "hits",
       b.payout::text AS "payout",
       b.placed_at AS "placedAtTime",
       (extract(epoch FROM b.placed_at) * 1000)::bigint AS "placedAt",
       (extract(epoch FROM b.settled_at) * 1000)::bigint AS "settledAt",
       (b.status = 'open' AND n.status = 'open' AND n.lock_at > now()) AS "cancellable",
       (extract(epoch FROM n.lock_at) * 1000)::bigint AS "lockAt",
       b.seed_hash AS "seedHash",
       b.beacon_round AS "beaconRound"
  FROM lottery_bets b
  JOIN lottery_games g ON g.id = b.game_id
  JOIN lottery_numeros n ON n.id = b.numero_id;
