-- Big or small on a special prize's digit sum s of d digits (lottery-draw.ts bigSmallOf): 'big' when
-- 2s > 9d, 'small' when 2s < 9d, 'tie' when s is exactly half the largest sum (only with an even d):
-- then neither a big nor a small bet wins (docs/lottery.md "Big/small: the tie").
CREATE OR REPLACE FUNCTION lottery_big_small(p_special text) RETURNS text
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT CASE sign(lottery_digit_sum(p_special) * 2 - 9 * length(p_special))
           WHEN 1 THEN 'big' WHEN -1 THEN 'small' ELSE 'tie' END
$$;
