-- Agents' wages (issue 14, docs/agents.md): the settlement of one period of one kind, set-based, in
-- ONE transaction per period (the caller's): the wage lines are written, then paid level by level
-- (shallow payees first: an upline receives their own wage before paying their team), then the
-- kind's cursor moves past the period. A crash anywhere rolls the whole period back and the next
-- run settles it again from the start, so no line is lost and none is paid twice; the unique key
-- (member, kind, period) and the journal's idempotency key `wage:<member>:<kind>:<period>` guard a
-- second run of a period that did commit.
--
-- Rates are basis points (1/100 %), amounts minor units. Contract terms are stored as the contract's
-- shapes (percent and major-unit strings): agent_contract_bp and agent_contract_minor read them.

CREATE OR REPLACE FUNCTION agent_contract_bp(p_percent text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT round(p_percent::numeric * 100)::integer
$$;
