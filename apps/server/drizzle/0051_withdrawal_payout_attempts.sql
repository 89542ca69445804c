-- Issue 37 item 4 (docs/payments.md, "Payouts by bKash B2C"): payouts sent by a provider's
-- disbursement API, one row per attempt, recorded before the provider is called; one attempt
-- sending, uncertain or paid per withdrawal at a time (a second send hits the open key), one provider
-- transaction per payout; the withdrawal keeps the paying transaction's id (bKash trxID).
CREATE TABLE "withdrawal_payout_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"receiver" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"transaction_id" text,
	"outcome" text,
	"sent_by" text NOT NULL,
	"sent_by_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stale_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_payout_attempts_reference_key" ON "withdrawal_payout_attempts" USING btree ("method","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_payout_attempts_open_key" ON "withdrawal_payout_attempts" USING btree ("withdrawal_id") WHERE "withdrawal_payout_attempts"."status" in ('sending', 'uncertain', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_payout_attempts_transaction_key" ON "withdrawal_payout_attempts" USING btree ("method","transaction_id") WHERE "withdrawal_payout_attempts"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawal_payout_attempts_withdrawal_idx" ON "withdrawal_payout_attempts" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE INDEX "withdrawal_payout_attempts_status_idx" ON "withdrawal_payout_attempts" USING btree ("status","stale_at");