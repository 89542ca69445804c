-- Issue 37 item 6 (docs/payments.md, "Reconciliation with bKash and Nagad"): what the daily
-- reconciliation of gateway deposits with the providers' records found, one row per order and kind;
-- deposit_orders by kind and creation time, for reading one provider's brand day.
CREATE TABLE "deposit_reconciliation_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_day" text NOT NULL,
	"provider" text NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_status" text NOT NULL,
	"order_amount" bigint NOT NULL,
	"provider_status" text NOT NULL,
	"provider_amount" bigint,
	"provider_transaction_id" text,
	"state" text NOT NULL,
	"entry_id" bigint,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"note" text,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_reconciliation_items_order_kind_key" ON "deposit_reconciliation_items" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "deposit_reconciliation_items_state_idx" ON "deposit_reconciliation_items" USING btree ("state","business_day");--> statement-breakpoint
CREATE INDEX "deposit_orders_kind_created_idx" ON "deposit_orders" USING btree ("kind","created_at");