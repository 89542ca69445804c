-- Issue 36 item 6 (docs/lottery.md "Odds that cannot ruin the house"): lottery_place_slip takes the
-- brand's liability caps per play type (p_liability_caps) and keeps lottery_exposure
-- (modules/lottery/sql/lottery_place_slip.sql makes the new one).
DROP FUNCTION IF EXISTS lottery_place_slip(integer, text, text, text, text, jsonb, bigint, jsonb, text, jsonb, text[], integer);
