-- A new account is placed in the agents' upline tree (agents_tree_place, the agents' published
-- hook) by a trigger on accounts' own table, so no code path that opens an account can forget it.
CREATE OR REPLACE FUNCTION accounts_members_placed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agents_tree_place(NEW.id, NEW.upline_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER members_upline_placed AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION accounts_members_placed();
