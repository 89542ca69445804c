CREATE TABLE "vendor_record_cursors" (
	"vendor_code" text PRIMARY KEY NOT NULL,
	"cursor" text,
	"pulled_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
