-- The rounds of transfer-mode vendors (Khela Arcade) against their game wallets (issue 34: figures
-- beside the ledger are checked against it). Such a vendor's rounds reach game_rounds through its
-- signed bet records (the vendor-records job), not through postings, and agents' wages read them;
-- a vendor, or an insider holding its signing secret, could sign rounds that were never played.
-- What proves them is the money: every transfer answer carries the vendor wallet's balance right
-- after it (vendor_transfers.vendor_balance_after), so at each transfer T of a member and vendor
--
--   transfers in − transfers out (the ledger's transfer postings on member:<id>:vendor:<code>, up
--   to T) − the balance the vendor reported at T  =  stake − win of the rounds played before T,
--
-- and that is also minus the game results the ledger booked from those balances (bet/win entries on
-- the game wallet, vendor-transfers.service.ts). Two rules, per member and transfer vendor:
--   at_transfer          the identity above, at every transfer it can be checked at; the first one
--                        where it fails is listed. A transfer is checkable when no pulled round
--                        overlaps it (started by done_at + p_margin and settled after created_at −
--                        p_margin: the vendor's clock against ours, a round on either side of it or
--                        open across it) and the records were read to the end p_delay after it
--                        (vendor_record_cursors.pulled_at: every round settled before it is pulled).
--                        Both are cumulative, so a skipped transfer is covered by the next one.
--   after_last_transfer  the rounds after the member's last transfer (all of them with no
--                        transfer, counting the wins of rounds that overlap it) lost more than the
--                        game wallet held then plus what transfers still pending may have added:
--                        no stake can come from an empty wallet.
-- Net only: rounds whose results cancel out (a stake and an equal win, in one round or two) pass
-- both rules; see docs/wallet.md. p_vendor_code, p_member_ids: only those (null: all). Columns:
-- the transfer (the last one for after_last_transfer, null when none), transfers in and out up to
-- it (after_last_transfer: in = still pending), the balance the vendor reported there, the results
-- the ledger booked up to it (win +), and the rounds compared (count, stake, win).
-- Read-only; run by `npm run ledger:verify` (transfer_rounds_match_wallets) and the vendor-records
-- job (games.transfer-check.ts).
CREATE OR REPLACE FUNCTION games_transfer_rounds_off_wallets(
  p_vendor_code text,
  p_member_ids integer[],
  p_margin interval,
  p_delay interval,
  p_limit integer
)
RETURNS TABLE (vendor_code text, member_id bigint, rule text, transfer_id text, transfer_at timestamptz,
               transfers_in bigint, transfers_out bigint, vendor_balance bigint, ledger_result bigint,
               rounds bigint, rounds_bet bigint, rounds_win bigint)
LANGUAGE plpgsql STABLE
SET jit = off
AS $$
BEGIN
  -- EXECUTE: planned with the arguments known, so that the vendor-records job's check of a few
  -- members ($2) reads their rows by index, and ledger:verify's of all of them ($2 null) scans.
  RETURN QUERY EXECUTE $query$
    WITH vendors AS (
      SELECT c.vendor_code, k.pulled_at
        FROM vendor_connections c
        LEFT JOIN vendor_record_cursors k ON k.vendor_code = c.vendor_code
       WHERE c.wallet_mode = 'transfer' AND ($1 IS NULL OR c.vendor_code = $1)
    ), booked AS (
      -- Per transfer, on the game wallet: what it moved (in +, out −; a refused in and its refund
      -- make 0) and the game results booked from the vendor's balance in its answer.
      SELECT p.metadata ->> 'transferId' AS transfer_id,
             coalesce(sum(p.amount) FILTER (WHERE p.entry_kind = 'transfer'), 0)::bigint AS moved,
             coalesce(sum(p.amount) FILTER (WHERE p.entry_kind <> 'transfer'), 0)::bigint AS result
        FROM ledger_member_postings p
       WHERE p.wallet_kind = 'vendor' AND p.metadata ? 'transferId'
         AND p.metadata ->> 'vendor' IN (SELECT v.vendor_code FROM vendors v)
         AND ($2 IS NULL OR p.member_id = ANY ($2))
       GROUP BY 1
    ), transfers AS (
      -- A member's transfers with one vendor never overlap (one pending at a time): in id order, the
      -- running sums are the totals up to each.
      SELECT t.id, t.transfer_id, t.vendor_code, t.member_id::bigint AS member_id, t.direction, t.amount,
             t.status, t.vendor_balance_after, t.done_at, v.pulled_at,
             t.created_at - $3 AS lo, t.done_at + $3 AS hi,
             sum(greatest(coalesce(b.moved, 0), 0)) OVER w AS moved_in,
             sum(greatest(-coalesce(b.moved, 0), 0)) OVER w AS moved_out,
             sum(coalesce(b.result, 0)) OVER w AS result
        FROM vendor_transfers t
        JOIN vendors v ON v.vendor_code = t.vendor_code
        LEFT JOIN booked b ON b.transfer_id = t.transfer_id
       WHERE $2 IS NULL OR t.member_id = ANY ($2)
      WINDOW w AS (PARTITION BY t.vendor_code, t.member_id ORDER BY t.id)
    ), boundaries AS (
      SELECT t.* FROM transfers t WHERE t.status = 'done' AND t.vendor_balance_after IS NOT NULL
    ), rounds AS NOT MATERIALIZED (
      -- Read where it is used (three passes over game_rounds beat writing a copy of them).
      SELECT r.vendor_code, r.member_id::bigint AS member_id, r.started_at,
             coalesce(r.settled_at, r.started_at) AS settled_at, r.bet_amount, r.win_amount
        FROM game_rounds r
        JOIN vendors v ON v.vendor_code = r.vendor_code
       WHERE $2 IS NULL OR r.member_id = ANY ($2)
    ), settled_before AS (
      -- Per transfer, the rounds settled before its window: the transfers sorted in among the
      -- rounds' settlements (a round settled at the window's start is not before it).
      SELECT s.id, s.rounds, s.bet, s.win
        FROM (SELECT x.id, sum(x.n) OVER w AS rounds, sum(x.bet) OVER w AS bet, sum(x.win) OVER w AS win
                FROM (SELECT NULL::bigint AS id, r.vendor_code, r.member_id, r.settled_at AS at, 1 AS ord,
                             1 AS n, r.bet_amount AS bet, r.win_amount AS win
                        FROM rounds r
                      UNION ALL
                      SELECT b.id, b.vendor_code, b.member_id, b.lo, 0, 0, 0, 0 FROM boundaries b) AS x
              WINDOW w AS (PARTITION BY x.vendor_code, x.member_id ORDER BY x.at, x.ord
                           ROWS UNBOUNDED PRECEDING)) AS s
       WHERE s.id IS NOT NULL
    ), started_by AS (
      -- Per transfer, the rounds started by the end of its window; less those settled before it,
      -- the rounds that overlap it.
      SELECT s.id, s.started
        FROM (SELECT x.id, sum(x.n) OVER w AS started
                FROM (SELECT NULL::bigint AS id, r.vendor_code, r.member_id, r.started_at AS at, 0 AS ord, 1 AS n
                        FROM rounds r
                      UNION ALL
                      SELECT b.id, b.vendor_code, b.member_id, b.hi, 1, 0 FROM boundaries b) AS x
              WINDOW w AS (PARTITION BY x.vendor_code, x.member_id ORDER BY x.at, x.ord
                           ROWS UNBOUNDED PRECEDING)) AS s
       WHERE s.id IS NOT NULL
    ), at_transfer AS (
      SELECT DISTINCT ON (b.vendor_code, b.member_id)
             b.vendor_code, b.member_id, 'at_transfer' AS rule, b.transfer_id, b.done_at,
             b.moved_in::bigint, b.moved_out::bigint, b.vendor_balance_after, b.result::bigint,
             coalesce(s.rounds, 0)::bigint AS rounds, coalesce(s.bet, 0)::bigint AS bet,
             coalesce(s.win, 0)::bigint AS win
        FROM boundaries b
        JOIN settled_before s ON s.id = b.id
        JOIN started_by st ON st.id = b.id
       WHERE b.hi + $4 <= b.pulled_at
         AND st.started - s.rounds = 0
         AND (coalesce(s.bet, 0) - coalesce(s.win, 0) <> b.moved_in - b.moved_out - b.vendor_balance_after
              OR coalesce(s.bet, 0) - coalesce(s.win, 0) <> -b.result)
       ORDER BY b.vendor_code, b.member_id, b.id
    ), last_transfer AS (
      SELECT DISTINCT ON (b.vendor_code, b.member_id) b.*
        FROM boundaries b
       ORDER BY b.vendor_code, b.member_id, b.id DESC
    ), pending_in AS (
      SELECT t.vendor_code, t.member_id, sum(t.amount)::bigint AS amount
        FROM transfers t
       WHERE t.status = 'pending' AND t.direction = 'in'
       GROUP BY 1, 2
    ), after_last AS (
      SELECT r.vendor_code, r.member_id, count(*)::bigint AS rounds, sum(r.bet_amount)::bigint AS bet,
             sum(r.win_amount)::bigint AS win
        FROM rounds r
        LEFT JOIN last_transfer l ON l.vendor_code = r.vendor_code AND l.member_id = r.member_id
       WHERE l.id IS NULL OR r.started_at > l.hi OR (r.settled_at >= l.lo AND r.win_amount > r.bet_amount)
       GROUP BY 1, 2
    )
    SELECT * FROM at_transfer
    UNION ALL
    SELECT a.vendor_code, a.member_id, 'after_last_transfer', l.transfer_id, l.done_at,
           coalesce(p.amount, 0), 0::bigint, coalesce(l.vendor_balance_after, 0), NULL::bigint,
           a.rounds, a.bet, a.win
      FROM after_last a
      LEFT JOIN last_transfer l ON l.vendor_code = a.vendor_code AND l.member_id = a.member_id
      LEFT JOIN pending_in p ON p.vendor_code = a.vendor_code AND p.member_id = a.member_id
     WHERE a.bet - a.win > coalesce(l.vendor_balance_after, 0) + coalesce(p.amount, 0)
     ORDER BY 1, 2, 3
     LIMIT $5
  $query$ USING p_vendor_code, p_member_ids, p_margin, p_delay, p_limit;
END;
$$;
