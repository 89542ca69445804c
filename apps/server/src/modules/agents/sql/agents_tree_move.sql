-- Agents' published hook for an account moved under another upline (called by accounts' trigger
-- on its members): the account's subtree is cut from its old ancestors and hung under the new
-- upline's; moving an account under its own downline is refused (a cycle).
CREATE OR REPLACE FUNCTION agents_tree_move(p_member bigint, p_upline bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_upline IS NOT NULL AND EXISTS (
       SELECT 1 FROM member_tree WHERE ancestor_id = p_member AND descendant_id = p_upline) THEN
    RAISE EXCEPTION 'account % cannot move under its own downline %', p_member, p_upline
      USING ERRCODE = 'check_violation';
  END IF;
  -- Cut the subtree from its old ancestors …
  DELETE FROM member_tree t
   USING member_tree sup, member_tree sub
   WHERE sup.descendant_id = p_member AND sup.depth > 0
     AND sub.ancestor_id = p_member
     AND t.ancestor_id = sup.ancestor_id AND t.descendant_id = sub.descendant_id;
  -- … and hang it under the new upline's.
  IF p_upline IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT sup.ancestor_id, sub.descendant_id, sup.depth + sub.depth + 1
      FROM member_tree sup, member_tree sub
     WHERE sup.descendant_id = p_upline AND sub.ancestor_id = p_member;
  END IF;
END;
$$;
