-- Agents' read API of the upline tree for other modules' SQL (reports): every (ancestor,
-- descendant) pair with its depth, each account its own ancestor at depth 0. A plain view,
-- inlined by the planner, so the tree's indexes serve the reader.
CREATE OR REPLACE VIEW agents_member_tree AS
SELECT t.ancestor_id, t.descendant_id, t.depth
  FROM member_tree t;
