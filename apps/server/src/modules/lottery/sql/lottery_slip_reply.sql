CREATE OR REPLACE FUNCTION lottery_slip_reply(p_member_id integer, p_request_id text, p_replayed boolean)
RETURNS jsonb
LANGUAGE sql
STABLE
AS $$
  SELECT jsonb_build_object(
    'replayed', p_replayed,
    'bets', (SELECT coalesce(jsonb_agg(to_jsonb(l) - 'placedAtTime' ORDER BY l."slipIndex"), '[]')
               FROM lottery_bet_lines l
              WHERE l."memberId" = p_member_id AND l."requestId" = p_request_id),
    'balance', coalesce((SELECT a.balance FROM ledger_wallets a
                          WHERE a.address = 'member:' || p_member_id || ':main'), 0)::text)
$$;
