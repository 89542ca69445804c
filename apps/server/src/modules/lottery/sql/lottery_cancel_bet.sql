-- Cancelling an own open bet while its numero is open and its lock is more than p_freeze_seconds
-- away (the brand's cancel freeze, issue 36: no placing and cancelling at the last minute to steer the
-- bets digest): the stake comes back with a reversal of the placement entry (key
-- lottery-cancel:<betId>). A cancel inside the freeze is refused (CANCEL_CLOSED) and recorded in
-- lottery_events (kind cancel_refused) in the same call.
CREATE OR REPLACE FUNCTION lottery_cancel_bet(p_member_id integer, p_bet_id bigint, p_freeze_seconds integer)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_bet lottery_bets%ROWTYPE;
  v_numero_status text;
  v_lock_at timestamptz;
  v_wallet text := 'member:' || p_member_id || ':main';
  v_house text;
  v_posted record;
BEGIN
  SELECT b.* INTO v_bet FROM lottery_bets b WHERE b.id = p_bet_id AND b.member_id = p_member_id;
  IF v_bet.id IS NULL THEN
    RETURN jsonb_build_object('error', 'NOT_FOUND', 'field', 'betId');
  END IF;
  SELECT n.status, n.lock_at INTO v_numero_status, v_lock_at
    FROM lottery_numeros n WHERE n.id = v_bet.numero_id FOR SHARE;
  -- Locked and read again: a concurrent cancel of the same bet waits here and then finds it closed.
  SELECT b.* INTO v_bet FROM lottery_bets b WHERE b.id = p_bet_id FOR UPDATE;
  IF v_bet.status <> 'open' OR v_numero_status <> 'open' OR v_lock_at <= clock_timestamp() THEN
    RETURN jsonb_build_object('error', 'BETTING_CLOSED', 'field', 'betId');
  END IF;
  IF v_lock_at - make_interval(secs => p_freeze_seconds) <= clock_timestamp() THEN
    INSERT INTO lottery_events (kind, numero_id, member_id, bet_id, detail)
    VALUES ('cancel_refused', v_bet.numero_id, p_member_id, v_bet.id,
            jsonb_build_object('lockAt', v_lock_at, 'freezeSeconds', p_freeze_seconds));
    RETURN jsonb_build_object('error', 'CANCEL_CLOSED', 'field', 'betId',
                              'freezeMinutes', p_freeze_seconds / 60.0);
  END IF;
  v_house := 'house:' || v_bet.currency;
  v_posted := ledger_post_entries(ARRAY['reversal'], ARRAY['lottery-cancel:' || v_bet.id], NULL,
    ARRAY[jsonb_build_object('reason', 'lottery bet cancelled', 'reversedKind', 'bet', 'betId', v_bet.id)],
    ARRAY[v_bet.entry_id], '{1,1}', ARRAY[v_wallet, v_house], ARRAY[v_bet.stake, -v_bet.stake]);
  IF v_posted.replayed[1] THEN
    RAISE EXCEPTION 'bet % was cancelled by another call', p_bet_id USING ERRCODE = 'KL101';
  END IF;
  UPDATE lottery_bets
     SET status = 'cancelled', settle_entry_id = v_posted.entry_ids[1], settled_at = now()
   WHERE id = v_bet.id;
  -- Its possible payout leaves its number's liability (issue 36 item 6; lottery_place_slip): the same
  -- stake × odds × the row's most hits the placement added.
  UPDATE lottery_exposure x
     SET payout = greatest(x.payout - div(v_bet.stake::numeric * v_bet.odds_milli * x.max_hits, 1000)::bigint, 0),
         bets = greatest(x.bets - 1, 0)
   WHERE x.numero_id = v_bet.numero_id AND x.play_type = v_bet.play_type
     AND x.selection = array_to_string(ARRAY(SELECT n FROM unnest(v_bet.selection) AS n ORDER BY n), ',');
  RETURN jsonb_build_object(
    'bet', (SELECT to_jsonb(l) - 'placedAtTime' FROM lottery_bet_lines l WHERE l."betId" = v_bet.id),
    'balance', (SELECT a.balance FROM ledger_wallets a WHERE a.address = v_wallet)::text);
END;
$$;
