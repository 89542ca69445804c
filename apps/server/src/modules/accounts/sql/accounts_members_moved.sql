-- A change of an account's upline moves its subtree in the agents' tree (agents_tree_move, the
-- agents' published hook), by a trigger on accounts' own table.
CREATE OR REPLACE FUNCTION accounts_members_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.upline_id IS NOT DISTINCT FROM OLD.upline_id THEN
    RETURN NULL;
  END IF;
  PERFORM agents_tree_move(NEW.id, NEW.upline_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER members_upline_moved AFTER UPDATE OF upline_id ON members
  FOR EACH ROW EXECUTE FUNCTION accounts_members_moved();
