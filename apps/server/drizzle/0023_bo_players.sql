CREATE TABLE "member_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"operator_id" bigint,
	"operator" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","id");--> statement-breakpoint
-- The back office's player search (custom, not in the drizzle schema): a username prefix in any
-- case, and an address among registrations and sessions, without scanning the tables.
CREATE INDEX IF NOT EXISTS "members_account_prefix_idx" ON "members" (lower("account") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_register_ip_idx" ON "members" ("register_ip");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_ip_idx" ON "sessions" ("ip");
