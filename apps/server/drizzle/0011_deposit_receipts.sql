CREATE TABLE "deposit_receipts" (
	"order_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_receipts_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "receipt_count" integer DEFAULT 0 NOT NULL;