CREATE TABLE "loyalty_point_days" (
	"day" text NOT NULL,
	"counted_from" timestamp with time zone NOT NULL,
	"counted_to" timestamp with time zone NOT NULL,
	"members" integer NOT NULL,
	"points" bigint NOT NULL,
	"credited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_point_days_day_pk" PRIMARY KEY("day")
);
--> statement-breakpoint
CREATE TABLE "points_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"owner_member_id" integer,
	"balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_address_unique" UNIQUE("address"),
	CONSTRAINT "points_accounts_owner_unique" UNIQUE("owner_member_id"),
	CONSTRAINT "points_accounts_balance_guard" CHECK ("points_accounts"."balance" >= 0),
	CONSTRAINT "points_accounts_balance_cached_for_members_only" CHECK (("points_accounts"."owner_member_id" is null) = ("points_accounts"."balance" is null)),
	CONSTRAINT "points_accounts_address_shape" CHECK ("points_accounts"."address" ~ '^(member:[0-9]+|system:(issued|converted))$')
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text GENERATED ALWAYS AS ('PT' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "points_entries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "points_entries_request_hash_shape" CHECK ("points_entries"."request_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "points_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	CONSTRAINT "points_postings_entry_account_unique" UNIQUE("entry_id","account_id"),
	CONSTRAINT "points_postings_amount_not_zero" CHECK ("points_postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "points_postings" ADD CONSTRAINT "points_postings_entry_id_points_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."points_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_postings" ADD CONSTRAINT "points_postings_account_id_points_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."points_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_postings_account_index" ON "points_postings" USING btree ("account_id","id");