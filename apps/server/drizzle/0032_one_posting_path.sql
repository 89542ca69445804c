-- Issue 34, one posting path: the four writers of postings are gone. ledger_post_entries
-- (modules/ledger/sql/ledger_post_entries.sql) replaces ledger_post_entry and ledger_post_two_legs;
-- lottery_close_batch and agent_wages_pay post through it; the request hash is made once, by
-- ledger_request_hash, instead of lottery_entry_hash and agent_wage_entry_hash; a slip's bets send
-- their numbers, not their hashes. The SQL sources (applied after this) hold every function now.
DROP FUNCTION IF EXISTS ledger_post_entry(text, text, text, jsonb, bigint, text[], bigint[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_entry_result(bigint, boolean);
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_post_two_legs(text, text, text, jsonb, text, text, bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS lottery_entry_hash(text, text, text, bigint, bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS agent_wage_entry_hash(text, text, text, bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS lottery_place_slip(integer, text, text, text, text, jsonb, bigint, text[], text, jsonb, text[], integer);
