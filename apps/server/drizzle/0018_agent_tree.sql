-- The upline tree as a closure table (agents.tables.ts memberTree): every account is its own
-- ancestor at depth 0; its upline's ancestors are its ancestors one level further. Triggers keep it
-- on every insert into members and on a change of upline_id (the whole subtree moves; an account
-- can never move under its own downline). The existing accounts are filled in here.
INSERT INTO member_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
  SELECT id, id, 0 FROM members
  UNION ALL
  SELECT up.descendant_id, m.upline_id, up.depth + 1
    FROM up JOIN members m ON m.id = up.ancestor_id
   WHERE m.upline_id IS NOT NULL AND up.depth < 64
)
SELECT ancestor_id, descendant_id, depth FROM up
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_tree_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM member_tree t WHERE t.descendant_id = NEW.upline_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER members_tree_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_insert();
--> statement-breakpoint
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
CREATE TRIGGER members_tree_move AFTER UPDATE OF upline_id ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_move();
