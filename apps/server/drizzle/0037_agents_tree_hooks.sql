-- The upline tree is the agents' own table and accounts' members are accounts' own (ARCHITECTURE.md,
-- Server layout): the triggers on members move from agents' SQL to accounts' (accounts_members_placed
-- and accounts_members_moved), which call the agents' published hooks (agents_tree_place and
-- agents_tree_move). The old triggers and their functions go first; the SQL sources then create
-- the new ones in this same transaction (db/migrate.ts), so no account is opened between them.
DROP TRIGGER IF EXISTS members_tree_insert ON members;
--> statement-breakpoint
DROP TRIGGER IF EXISTS members_tree_move ON members;
--> statement-breakpoint
DROP FUNCTION IF EXISTS member_tree_insert();
--> statement-breakpoint
DROP FUNCTION IF EXISTS member_tree_move();
