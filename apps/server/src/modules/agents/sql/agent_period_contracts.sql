-- The contract of each agent that counts for a period: the one active at the period's end, else the
-- last one that ended inside the period.
CREATE OR REPLACE FUNCTION agent_period_contracts(p_kind text, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (contract_id integer, member_id bigint, upline_id bigint, terms jsonb)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ON (c.member_id) c.id, c.member_id, c.upline_id, c.terms -> 'terms'
    FROM agent_contracts c
   WHERE c.kind = p_kind
     AND c.status IN ('active', 'cancelled', 'ended')
     AND c.started_at IS NOT NULL AND c.started_at < p_to
     AND (c.ended_at IS NULL OR c.ended_at > p_from)
   ORDER BY c.member_id, (c.ended_at IS NULL OR c.ended_at >= p_to) DESC, c.ended_at DESC NULLS FIRST, c.id DESC
$$;
