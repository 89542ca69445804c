CREATE TABLE "vendor_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"vendor_code" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"request_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_code" text,
	"vendor_balance_after" bigint,
	"attempts" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "vendor_connections" ADD COLUMN "wallet_mode" text DEFAULT 'seamless' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_transfer_key" ON "vendor_transfers" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_request_key" ON "vendor_transfers" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_one_pending" ON "vendor_transfers" USING btree ("member_id","vendor_code") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "vendor_transfers_due_idx" ON "vendor_transfers" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "vendor_transfers_member_idx" ON "vendor_transfers" USING btree ("member_id","id");