CREATE TABLE "journal_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reverses_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "journal_entries_reverses_entry_id_unique" UNIQUE("reverses_entry_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"owner_member_id" bigint,
	"currency" text NOT NULL,
	"precision" smallint NOT NULL,
	"balance" bigint,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_address_unique" UNIQUE("address"),
	CONSTRAINT "ledger_accounts_balance_guard" CHECK ("ledger_accounts"."allow_negative" or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_balance_cached_for_members_only" CHECK (("ledger_accounts"."owner_member_id" is null) = ("ledger_accounts"."balance" is null)),
	CONSTRAINT "ledger_accounts_members_never_negative" CHECK ("ledger_accounts"."owner_member_id" is null or not "ledger_accounts"."allow_negative"),
	CONSTRAINT "ledger_accounts_currency_iso" CHECK ("ledger_accounts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "ledger_accounts_precision_range" CHECK ("ledger_accounts"."precision" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"balance_after" bigint,
	CONSTRAINT "postings_entry_account_unique" UNIQUE("entry_id","account_id"),
	CONSTRAINT "postings_amount_not_zero" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_entry_id_journal_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_created_at_index" ON "journal_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_member_id_index" ON "ledger_accounts" USING btree ("owner_member_id");--> statement-breakpoint
CREATE INDEX "postings_account_id_index" ON "postings" USING btree ("account_id","id");