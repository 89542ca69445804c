-- The lottery's read API of its bets for other modules' SQL (docs/design.md, Money): each bet with
-- its game (code, region) and its draw (numero, numbers, when it was settled, where its numbers come
-- from: result_source house or official, and an official result's origin feed or entry), in minor
-- units. (New columns go at the end: a view's columns can be added, not moved.)
-- games' member_rounds shows them as rounds; the agents' real-time wages count them per numero.
-- A plain view, inlined by the planner: a filter on a column (numero_settled_at, member_id …) is
-- pushed down to the lottery's own tables and indexes.
CREATE OR REPLACE VIEW lottery_rounds AS
SELECT b.id, b.member_id, b.game_id, b.numero_id, g.game_code, g.region, n.numero, n.numbers,
       n.settled_at AS numero_settled_at, b.play_type, b.selection, b.currency, b.stake, b.odds_milli,
       b.hits, b.payout, b.status, b.placed_at, b.settled_at, n.result_source, n.result_origin
  FROM lottery_bets b
  JOIN lottery_games g ON g.id = b.game_id
  JOIN lottery_numeros n ON n.id = b.numero_id;
