-- One batch of a numero's open bets after bet id p_after, in ONE transaction, set-based:
--   p_mode 'settle' (numero drawn): hits and payout per bet (lottery_hits, payoutOf = floor(stake ×
--     odds × hits / 1000)), bets won / lost, ONE 'win' entry per member paying the batch's wins
--     (key lottery-win:<numeroId>:<firstBetId>:<memberId>);
--   p_mode 'void' (numero void): ONE 'rollback' entry per member refunding the batch's stakes (key
--     lottery-void:<numeroId>:<firstBetId>:<memberId>), bets void.
-- Exactly once: only bets still 'open' are taken, and they change status in this transaction; the
-- numero row is locked FOR UPDATE, so a second run waits and then takes the bets this one left.
-- When no open bet is left, a drawn numero becomes 'settled'.
-- Returns {"count", "lastBetId", "done", "members": [member ids paid]} or {"error", "status"}.
CREATE OR REPLACE FUNCTION lottery_close_batch(
  p_mode text,
  p_numero_id bigint,
  p_after bigint,
  p_batch_size integer
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_status text;
  v_numbers text[];
  v_game_code text;
  v_numero text;
  v_special text;
  v_de text;
  v_lo jsonb;
  v_endings text[];
  v_big_small text;
  v_odd_even text;
  v_sum text;
  v_de3 text;
  v_g7 text;
  v_g8 text;
  v_ids bigint[];
  v_members integer[];
  v_hits integer[];
  v_payouts bigint[];
  v_amounts bigint[];
  v_first bigint;
  v_w_members integer[];
  v_w_totals bigint[];
  v_w_bets integer[];
  v_w_house_addresses text[];
  v_e_ids bigint[];
  v_posted record;
  v_kind text := CASE p_mode WHEN 'settle' THEN 'win' ELSE 'rollback' END;
  v_key_prefix text := CASE p_mode WHEN 'settle' THEN 'lottery-win:' ELSE 'lottery-void:' END;
  v_expected_status text := CASE p_mode WHEN 'settle' THEN 'drawn' ELSE 'void' END;
  v_updated integer;
  v_done boolean := false;
BEGIN
  IF p_mode NOT IN ('settle', 'void') OR p_batch_size < 1 THEN
    RAISE EXCEPTION 'bad lottery batch: % %', p_mode, p_batch_size;
  END IF;
  SELECT n.status, n.numbers, n.numero, g.game_code INTO v_status, v_numbers, v_numero, v_game_code
    FROM lottery_numeros n
    JOIN lottery_games g ON g.id = n.game_id
   WHERE n.id = p_numero_id
     FOR UPDATE OF n;
  IF v_status IS NULL THEN
    RETURN jsonb_build_object('error', 'NOT_FOUND');
  END IF;
  IF p_mode = 'settle' AND v_status = 'settled' THEN
    RETURN jsonb_build_object('count', 0, 'lastBetId', p_after, 'done', true, 'members', '[]'::jsonb);
  END IF;
  IF v_status <> v_expected_status THEN
    RETURN jsonb_build_object('error', 'CONFLICT', 'status', v_status);
  END IF;

  IF p_mode = 'settle' THEN
    IF coalesce(cardinality(v_numbers), 0) = 0 THEN
      RAISE EXCEPTION 'numero % is drawn without numbers', p_numero_id;
    END IF;
    v_special := v_numbers[1];
    v_de := right(v_special, 2);
    SELECT jsonb_object_agg(t.ending, t.hits) INTO v_lo
      FROM (SELECT right(n.number, k) AS ending, count(*) AS hits
              FROM unnest(v_numbers) AS n(number)
             CROSS JOIN LATERAL generate_series(0, length(n.number)) AS k
             GROUP BY 1) AS t;
    v_endings := ARRAY(SELECT right(n.number, 2) FROM unnest(v_numbers) AS n(number));
    v_big_small := lottery_big_small(v_special);
    v_odd_even := CASE WHEN lottery_digit_sum(v_special) % 2 = 1 THEN 'odd' ELSE 'even' END;
    v_sum := (lottery_digit_sum(v_de) % 10)::text;
    v_de3 := CASE WHEN length(v_special) >= 3 THEN right(v_special, 3) END;
    -- The centre's and south's layout (18 numbers) ends with the 7th prize (3 digits) and the 8th (2).
    IF cardinality(v_numbers) = 18 THEN
      v_g7 := v_numbers[17];
      v_g8 := v_numbers[18];
    END IF;
  END IF;

  -- 1. The batch, scored. amount: what the member receives (the payout, or the stake back).
  --    EXECUTE plans it with this numero's id known, so it takes the (numero_id, id) index, not the
  --    primary key through the other numeros' bets.
  EXECUTE $query$
    SELECT array_agg(s.id ORDER BY s.id), array_agg(s.member_id ORDER BY s.id), array_agg(s.hits ORDER BY s.id),
           array_agg(s.payout ORDER BY s.id), array_agg(s.amount ORDER BY s.id)
      FROM (SELECT h.id, h.member_id, h.hits, h.payout,
                   CASE WHEN $10 = 'settle' THEN h.payout ELSE h.stake END AS amount
              FROM (SELECT p.id, p.member_id, p.stake, p.hits,
                           CASE WHEN p.hits > 0 THEN div(p.stake::numeric * p.odds_milli * p.hits, 1000)::bigint
                                ELSE 0::bigint END AS payout
                      FROM (SELECT b.id, b.member_id, b.stake, b.odds_milli,
                                   CASE WHEN $10 = 'settle'
                                        THEN lottery_hits(b.play_type, b.selection, $1, $2, $3, $4, $5, $6, $11, $12, $13)
                                        ELSE 0 END AS hits
                              FROM lottery_bets b
                             WHERE b.numero_id = $7 AND b.status = 'open' AND b.id > $8
                             ORDER BY b.id
                             LIMIT $9) AS p) AS h) AS s
  $query$
    INTO v_ids, v_members, v_hits, v_payouts, v_amounts
    USING v_lo, v_endings, v_de, v_big_small, v_odd_even, v_sum, p_numero_id, p_after, p_batch_size, p_mode,
          v_de3, v_g7, v_g8;

  IF v_ids IS NOT NULL THEN
    v_first := v_ids[1];

    -- 2. What each member receives in this batch, and the house account of the wallet's currency
    --    (the ledger resolves and locks the accounts itself).
    SELECT array_agg(w.member_id ORDER BY a.id), array_agg(w.total ORDER BY a.id), array_agg(w.bets ORDER BY a.id),
           array_agg(h.address ORDER BY a.id)
      INTO v_w_members, v_w_totals, v_w_bets, v_w_house_addresses
      FROM (SELECT t.member_id, sum(t.amount)::bigint AS total, count(*)::integer AS bets
              FROM unnest(v_members, v_amounts) AS t(member_id, amount)
             WHERE t.amount > 0
             GROUP BY t.member_id) AS w
      JOIN ledger_wallets a ON a.address = 'member:' || w.member_id || ':main'
      JOIN ledger_wallets h ON h.address = 'house:' || a.currency;
    IF coalesce(cardinality(v_w_members), 0) <> (SELECT count(DISTINCT t.member_id)
                                                   FROM unnest(v_members, v_amounts) AS t(member_id, amount)
                                                  WHERE t.amount > 0) THEN
      RAISE EXCEPTION 'a member of numero % has no main wallet or house account', p_numero_id;
    END IF;

    -- 3. One journal entry per member paid, the batch's entries posted at once through the ledger's
    --    posting path (it locks the wallets in account id order); then the bets, closed with the
    --    entry that paid them (all of them still open: checked by the count). Lock order: the
    --    numero (held FOR UPDATE since the start, so no placement or cancel of its bets runs), the
    --    wallets, the bets.
    IF v_w_members IS NOT NULL THEN
      v_posted := ledger_post_entries(
        array_fill(v_kind, ARRAY[cardinality(v_w_members)]),
        ARRAY(SELECT v_key_prefix || p_numero_id || ':' || v_first || ':' || m.member_id
                FROM unnest(v_w_members) WITH ORDINALITY AS m(member_id, n) ORDER BY m.n),
        NULL,
        ARRAY(SELECT jsonb_build_object('lottery', v_game_code, 'numero', v_numero, 'numeroId', p_numero_id,
                                        'firstBetId', v_first, 'bets', m.bets)
                FROM unnest(v_w_bets) WITH ORDINALITY AS m(bets, n) ORDER BY m.n),
        NULL,
        ARRAY(SELECT m.n::integer FROM generate_series(1, cardinality(v_w_members)) AS m(n), generate_series(1, 2) AS leg
               ORDER BY m.n, leg),
        -- (unnest, not house[n] per row: a subscript of a text array walks it from the start)
        ARRAY(SELECT CASE leg WHEN 1 THEN m.house ELSE 'member:' || m.member_id || ':main' END
                FROM unnest(v_w_house_addresses, v_w_members) WITH ORDINALITY AS m(house, member_id, n),
                     generate_series(1, 2) AS leg
               ORDER BY m.n, leg),
        ARRAY(SELECT CASE leg WHEN 1 THEN -v_w_totals[m.n] ELSE v_w_totals[m.n] END
                FROM generate_series(1, cardinality(v_w_members)) AS m(n), generate_series(1, 2) AS leg
               ORDER BY m.n, leg));
      IF true = ANY (v_posted.replayed) THEN
        RAISE EXCEPTION 'numero %: a settlement entry of this batch was posted before', p_numero_id;
      END IF;
      v_e_ids := v_posted.entry_ids;
    END IF;
    UPDATE lottery_bets b
       SET status = CASE WHEN p_mode = 'void' THEN 'void' WHEN t.hits > 0 THEN 'won' ELSE 'lost' END,
           hits = t.hits,
           payout = t.payout,
           settled_at = now(),
           settle_entry_id = CASE WHEN t.amount > 0 THEN e.entry_id END
      FROM unnest(v_ids, v_members, v_hits, v_payouts, v_amounts) AS t(id, member_id, hits, payout, amount)
      LEFT JOIN unnest(v_w_members, v_e_ids) AS e(member_id, entry_id) ON e.member_id = t.member_id
     WHERE b.id = t.id AND b.status = 'open';
    GET DIAGNOSTICS v_updated = ROW_COUNT;
    IF v_updated <> cardinality(v_ids) THEN
      RAISE EXCEPTION 'numero %: % bets of the batch were no longer open', p_numero_id, cardinality(v_ids) - v_updated;
    END IF;
  END IF;

  IF coalesce(cardinality(v_ids), 0) < p_batch_size THEN
    EXECUTE 'SELECT NOT EXISTS (SELECT 1 FROM lottery_bets b WHERE b.numero_id = $1 AND b.status = ''open'')'
      INTO v_done USING p_numero_id;
  END IF;
  IF v_done THEN
    IF p_mode = 'settle' THEN
      UPDATE lottery_numeros SET status = 'settled', settled_at = now() WHERE id = p_numero_id AND status = 'drawn';
    END IF;
  END IF;
  RETURN jsonb_build_object(
    'count', coalesce(cardinality(v_ids), 0),
    'lastBetId', coalesce(v_ids[cardinality(v_ids)], p_after),
    'done', v_done,
    'members', coalesce(to_jsonb(v_w_members), '[]'::jsonb));
END;
$$;
