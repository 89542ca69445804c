-- Agents' published hook for a new account (called by accounts' trigger on its members): the
-- account becomes its own ancestor at depth 0 and the descendant of all of its upline's ancestors.
-- The tree is the agents' own table; accounts never names it.
CREATE OR REPLACE FUNCTION agents_tree_place(p_member bigint, p_upline bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_tree (ancestor_id, descendant_id, depth) VALUES (p_member, p_member, 0);
  IF p_upline IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT t.ancestor_id, p_member, t.depth + 1 FROM member_tree t WHERE t.descendant_id = p_upline;
  END IF;
END;
$$;
