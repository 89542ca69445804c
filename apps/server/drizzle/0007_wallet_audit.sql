CREATE TABLE "wallet_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"member_id" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"before" bigint NOT NULL,
	"after" bigint NOT NULL,
	"reason" text NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "wallet_audit_member_idx" ON "wallet_audit" USING btree ("member_id","at");