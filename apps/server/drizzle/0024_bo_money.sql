CREATE TABLE "ledger_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"took_ms" integer NOT NULL,
	"checks" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"username" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"request_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"entry_id" bigint,
	CONSTRAINT "money_adjustments_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "money_adjustments_amount_not_zero" CHECK ("money_adjustments"."amount" <> 0),
	CONSTRAINT "money_adjustments_second_approver" CHECK ("money_adjustments"."decided_by_id" is null or "money_adjustments"."decided_by_id" <> "money_adjustments"."requested_by_id")
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_proof_type" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_proof" "bytea";--> statement-breakpoint
CREATE INDEX "money_adjustments_status_index" ON "money_adjustments" USING btree ("status","id");