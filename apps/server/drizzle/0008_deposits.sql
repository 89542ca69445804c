CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_order" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"callback_url" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deposit_limits" (
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_limits_member_id_period_pk" PRIMARY KEY("member_id","period")
);
--> statement-breakpoint
CREATE TABLE "deposit_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"method_code" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"request_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"gateway_payment_id" text,
	"pay_url" text,
	"entry_id" bigint,
	"reason" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sandbox_payments_due_idx" ON "sandbox_payments" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_member_request_key" ON "deposit_orders" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_gateway_payment_key" ON "deposit_orders" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE INDEX "deposit_orders_member_idx" ON "deposit_orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_status_idx" ON "deposit_orders" USING btree ("status","expires_at");