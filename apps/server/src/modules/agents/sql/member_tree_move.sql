CREATE OR REPLACE FUNCTION member_tree_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.upline_id IS NOT DISTINCT FROM OLD.upline_id THEN
    RETURN NULL;
  END IF;
  IF NEW.upline_id IS NOT NULL AND EXISTS (
       SELECT 1 FROM member_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id) THEN
    RAISE EXCEPTION 'account % cannot move under its own downline %', NEW.id, NEW.upline_id
      USING ERRCODE = 'check_violation';
  END IF;
  -- Cut the subtree from its old ancestors …
  DELETE FROM member_tree t
   USING member_tree sup, member_tree sub
   WHERE sup.descendant_id = NEW.id AND sup.depth > 0
     AND sub.ancestor_id = NEW.id
     AND t.ancestor_id = sup.ancestor_id AND t.descendant_id = sub.descendant_id;
  -- … and hang it under the new upline's.
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT sup.ancestor_id, sub.descendant_id, sup.depth + sub.depth + 1
      FROM member_tree sup, member_tree sub
     WHERE sup.descendant_id = NEW.upline_id AND sub.ancestor_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER members_tree_move AFTER UPDATE OF upline_id ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_move();
