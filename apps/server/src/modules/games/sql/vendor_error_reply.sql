-- The vendor wallet's money calls (debit, credit, rollback) as ONE function call: one statement,
-- one round trip, one transaction (issue 12; the rules are docs/vendor-protocol.md's, unchanged).
--
-- Before, a debit was BEGIN, a locking read, ledger_post_entry, the round and transaction writes,
-- COMMIT and a session slide: six round trips, each a wait on the network and a wake-up of Node and
-- of the backend. Now Node sends one `select vendor_money_call(…)` and gets the protocol's answer.
--
-- Locks, in the one order every call takes them: the round (FOR UPDATE, or the unique index when
-- a debit opens it), then the member wallet (inside ledger_post_entry's guarded update), then the
-- game session's row when the call slides it. System accounts are
-- never updated (their balance is the sum of their postings: no hot row).
--
-- A race lost (a round opened, or a transaction id taken, by a concurrent call after our reads; a
-- stake that another bet spent between the check and the guarded update) raises KL101, a unique
-- violation or KL001: the whole statement rolls back and the caller runs it again, when it finds
-- the other call's row (or the lower balance) and answers from it.
--
-- Error answers come from `p_errors` (the contract's vendorErrorCatalogue: code → status and
-- description), so the catalogue stays in one place.

CREATE OR REPLACE FUNCTION vendor_error_reply(p_errors jsonb, p_code text, p_message text)
RETURNS jsonb
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT jsonb_build_object(
    'status', (p_errors -> p_code ->> 'status')::integer,
    'body', jsonb_build_object(
      'ok', false,
      'code', p_code,
      'message', coalesce(p_message, p_errors -> p_code ->> 'description')))
$$;
