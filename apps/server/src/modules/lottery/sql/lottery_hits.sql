-- How many times a bet wins (lottery-draw.ts hitsOf), given the numero's precomputed facts: p_lo maps
-- every ending of every prize number to how many prize numbers (long enough) end in it, p_endings
-- are the prize numbers' last two digits, p_de3 the special's last three, p_g7 the 7th prize of
-- three digits and p_g8 the 8th prize (centre and south; NULL in the north layout). A property test
-- compares this with hitsOf.
CREATE OR REPLACE FUNCTION lottery_hits(
  p_play_type text,
  p_selection text[],
  p_lo jsonb,
  p_endings text[],
  p_de text,
  p_big_small text,
  p_odd_even text,
  p_sum text,
  p_de3 text,
  p_g7 text,
  p_g8 text
) RETURNS integer
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT CASE
    WHEN p_play_type IN ('lo2', 'lo3', 'lo4') THEN coalesce((p_lo ->> coalesce(p_selection[1], ''))::integer, 0)
    WHEN p_play_type IN ('de', 'duoi_db') THEN (coalesce(p_selection[1], '') = p_de)::integer
    WHEN p_play_type = 'dau' THEN (coalesce(p_selection[1], '') = left(p_de, 1))::integer
    WHEN p_play_type = 'duoi' THEN (coalesce(p_selection[1], '') = right(p_de, 1))::integer
    WHEN p_play_type = 'ba_cang' THEN coalesce(p_selection[1] = p_de3, false)::integer
    WHEN p_play_type = 'dau_g8' THEN coalesce(p_selection[1] = p_g8, false)::integer
    WHEN p_play_type = 'xiu_chu' THEN coalesce(p_selection[1] = p_g7, false)::integer
                                      + coalesce(p_selection[1] = p_de3, false)::integer
    WHEN p_play_type IN ('xien2', 'xien3', 'xien4') THEN (p_selection <@ p_endings)::integer
    WHEN p_play_type = 'big_small' THEN (coalesce(p_selection[1], '') = p_big_small)::integer
    WHEN p_play_type = 'odd_even' THEN (coalesce(p_selection[1], '') = p_odd_even)::integer
    WHEN p_play_type = 'sum' THEN (coalesce(p_selection[1], '') = p_sum)::integer
  END
$$;
