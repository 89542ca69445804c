CREATE TABLE "operator_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"operator_id" bigint NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"password_change_required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigint PRIMARY KEY DEFAULT nextval('members_id_seq') NOT NULL,
	"account" text NOT NULL,
	"nickname" text NOT NULL,
	"operator_role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"password_hash" text,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"locked_until" timestamp with time zone,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_time_step" integer,
	"last_login_at" timestamp with time zone,
	"previous_login_at" timestamp with time zone,
	"register_method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_hash_key" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_account_key" ON "operators" USING btree (lower("account"));--> statement-breakpoint
-- Operators move out of "members" (issue 34, item 7), with the same id, credentials, second step
-- and role: the ids stored before (operator_audit.operator_id, the four-eyes approvals, the notes'
-- authors, recovery codes and known devices keyed by the account's id) keep naming the same person.
-- New operators take their ids from the same sequence, so an id never names a member and an operator.
INSERT INTO "operators" ("id", "account", "nickname", "operator_role", "status", "status_reason",
	"status_changed_at", "password_hash", "password_changed_at", "must_change_password", "locked_until",
	"totp_secret", "totp_pending_secret", "totp_last_time_step", "last_login_at", "previous_login_at",
	"register_method", "created_at")
SELECT "id", "account", "nickname", COALESCE("operator_role", 'readonly'),
	CASE WHEN "status" = 'active' THEN 'active' ELSE 'disabled' END, "status_reason",
	"status_changed_at", "password_hash", "password_changed_at", "must_change_password", "locked_until",
	"totp_secret", "totp_pending_secret", "totp_last_time_step", "last_login_at", "previous_login_at",
	"register_method", "created_at"
FROM "members" WHERE "role" = 'operator';--> statement-breakpoint
-- Their sessions in the members' table end: operators log in again, into operator_sessions.
UPDATE "sessions" SET "revoked_at" = now()
WHERE "revoked_at" IS NULL
	AND ("site" = 'operator' OR "member_id" IN (SELECT "id" FROM "members" WHERE "role" = 'operator'));--> statement-breakpoint
-- The member rows stay (their ids may be named by ledger accounts member:<id>:..., the upline tree
-- and the audit's targets; the name stays taken for players), disabled and without any credential,
-- still marked role 'operator': no member login, reset or session accepts such a row.
UPDATE "members" SET "status" = 'disabled',
	"status_reason" = 'moved to the operators table (migration 0031)', "status_changed_at" = now(),
	"password_hash" = NULL, "payment_password_hash" = NULL, "must_change_password" = false,
	"totp_secret" = NULL, "totp_pending_secret" = NULL
WHERE "role" = 'operator';
