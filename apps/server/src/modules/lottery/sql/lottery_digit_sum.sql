-- The digit sum of a string of digits.
CREATE OR REPLACE FUNCTION lottery_digit_sum(p_digits text) RETURNS integer
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT coalesce(sum(substr(p_digits, i, 1)::integer), 0)::integer
    FROM generate_series(1, length(p_digits)) AS i
$$;
