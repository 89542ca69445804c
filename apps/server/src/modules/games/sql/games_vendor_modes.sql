-- Games' read API of how each vendor adapter keeps its players' money, for other modules' SQL
-- (promotions: a bonus's wagering counts the rounds of seamless vendors only, the ones whose every
-- bet passes through vendor_money_call and its maximum bet).
CREATE OR REPLACE VIEW games_vendor_modes AS
SELECT c.vendor_code, c.wallet_mode
  FROM vendor_connections c;
