-- The canonical JSON text of a value, as `canonicalJson` of packages/contract/src/request-hash.ts
-- writes it: object keys sorted, no white space, strings escaped as JSON.stringify escapes them
-- (PostgreSQL's json string output escapes the same characters: ", \, \b \f \n \r \t and the other
-- controls as lowercase \u00xx). Keys in JavaScript's own order of the sorted object: array-index
-- keys ("0" … "4294967294") first, by value, then the others by byte (COLLATE "C", JavaScript's
-- order for every key below U+E000). Numbers are written as jsonb writes them, which is JavaScript's
-- text for integers: requests carry money as decimal strings and ids as integers, never fractions.
-- Recursive, so PL/pgSQL (an SQL function's body is checked at creation, before it exists).
CREATE OR REPLACE FUNCTION ledger_canonical_json(p_value jsonb) RETURNS text
LANGUAGE plpgsql
IMMUTABLE
AS $$
BEGIN
  CASE jsonb_typeof(p_value)
    WHEN 'object' THEN
      -- Scalars written in place (no call per value): most requests are flat.
      RETURN '{' || coalesce((SELECT string_agg(to_jsonb(e.key)::text || ':'
                                                  || CASE WHEN jsonb_typeof(e.value) IN ('object', 'array')
                                                          THEN ledger_canonical_json(e.value) ELSE e.value::text END,
                                                ','
                                                ORDER BY k.index NULLS LAST, e.key COLLATE "C")
                                FROM jsonb_each(p_value) AS e
                               CROSS JOIN LATERAL (SELECT CASE WHEN e.key <> '' AND length(e.key) <= 10
                                                                 AND ltrim(e.key, '0123456789') = ''
                                                                 AND (e.key = '0' OR left(e.key, 1) <> '0')
                                                               THEN CASE WHEN e.key::bigint < 4294967295
                                                                         THEN e.key::bigint END
                                                          END AS index) AS k), '') || '}';
    WHEN 'array' THEN
      RETURN '[' || coalesce((SELECT string_agg(CASE WHEN jsonb_typeof(e.value) IN ('object', 'array')
                                                     THEN ledger_canonical_json(e.value) ELSE e.value::text END,
                                                ',' ORDER BY e.n)
                                FROM jsonb_array_elements(p_value) WITH ORDINALITY AS e(value, n)), '') || ']';
    ELSE
      RETURN coalesce(p_value::text, 'null');
  END CASE;
END;
$$;
