-- The request hash of a journal entry, the one place it is computed: SHA-256 (hex) of the canonical
-- JSON of {kind, postings sorted by address as [address, amount as decimal text], the caller's
-- extra request fields, the reversed entry, version 1}. Byte for byte what `requestHash` of
-- packages/contract/src/request-hash.ts gives for the same object (ledger.request-hash.test.ts
-- compares them on generated entries). Same key and same hash: a replay; another hash: KL002.
CREATE OR REPLACE FUNCTION ledger_request_hash(
  p_kind text,
  p_addresses text[],
  p_amounts bigint[],
  p_reverses_entry_id bigint,
  p_request jsonb
) RETURNS text
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT encode(sha256(convert_to(
    '{"kind":' || to_jsonb(p_kind)::text
      || ',"postings":[' || coalesce((SELECT string_agg('[' || to_jsonb(t.address)::text || ',"' || t.amount::text || '"]', ','
                                                        ORDER BY t.address COLLATE "C")
                                        FROM unnest(p_addresses, p_amounts) AS t(address, amount)), '')
      || '],"request":' || ledger_canonical_json(p_request)
      || ',"reversesEntryId":' || coalesce(p_reverses_entry_id::text, 'null')
      || ',"version":1}', 'UTF8')), 'hex')
$$;
