-- The vendor rounds whose figures differ from the ledger's postings (issue 34: figures beside the
-- ledger are checked against it). member_rounds, which the betting record, profit and loss, ranks and
-- agents' wages read, keeps each seamless round's stake and win as vendor_money_call wrote them in
-- the transaction that posted them; this recomputes both from the postings on the member's wallet of
-- the round (the ledger's published ledger_member_postings) and lists every round where they differ,
-- a round with no postings, and postings of a round that game_rounds does not hold:
--   stake: −(its `bet` entries + the reversals of them, a vendor rollback), win: its `win` entries
--   (+ reversals of them). A main-wallet round's postings on the bonus wallet (bets draw cash, then
--   bonus: docs/promotions.md) count as the round's own. Rounds of transfer-mode vendors (Khela Arcade's pulled records) move no
--   money in the ledger (their game wallet's transfers do) and are left out: they are checked
--   against those transfers (games_transfer_rounds_off_wallets.sql).
-- Read-only; run by `npm run ledger:verify` and the vendor wallet's property test.
CREATE OR REPLACE FUNCTION games_rounds_off_ledger(p_limit integer DEFAULT 20)
RETURNS TABLE (vendor_code text, round_id text, member_id bigint, wallet_kind text,
               bet_amount bigint, ledger_bet bigint, win_amount bigint, ledger_win bigint)
LANGUAGE sql STABLE AS $$
  WITH moved AS (
    SELECT p.metadata ->> 'vendor' AS vendor_code, p.metadata ->> 'roundId' AS round_id,
           p.member_id::bigint AS member_id,
           CASE WHEN p.wallet_kind = 'bonus' THEN 'main' ELSE p.wallet_kind END AS wallet_kind,
           coalesce(-sum(p.amount) FILTER (WHERE p.entry_kind = 'bet'
             OR (p.entry_kind = 'reversal' AND p.metadata ->> 'reversedKind' = 'bet')), 0)::bigint AS bet,
           coalesce(sum(p.amount) FILTER (WHERE p.entry_kind = 'win'
             OR (p.entry_kind = 'reversal' AND p.metadata ->> 'reversedKind' = 'win')), 0)::bigint AS win
      FROM ledger_member_postings p
     WHERE p.metadata ? 'vendor' AND p.metadata ? 'roundId'
     GROUP BY 1, 2, 3, 4
  ), rounds AS (
    SELECT r.vendor_code, r.round_id, r.member_id::bigint AS member_id, r.wallet_kind, r.bet_amount, r.win_amount
      FROM game_rounds r
     WHERE NOT EXISTS (SELECT 1 FROM vendor_connections c
                        WHERE c.vendor_code = r.vendor_code AND c.wallet_mode = 'transfer')
  )
  SELECT coalesce(r.vendor_code, m.vendor_code), coalesce(r.round_id, m.round_id),
         coalesce(r.member_id, m.member_id), coalesce(r.wallet_kind, m.wallet_kind),
         r.bet_amount, m.bet, r.win_amount, m.win
    FROM rounds r
    FULL JOIN moved m
      ON m.vendor_code = r.vendor_code AND m.round_id = r.round_id
     AND m.member_id = r.member_id AND m.wallet_kind = r.wallet_kind
   WHERE r.round_id IS NULL OR m.round_id IS NULL OR r.bet_amount <> m.bet OR r.win_amount <> m.win
   ORDER BY 1, 2
   LIMIT p_limit
$$;
