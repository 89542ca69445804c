CREATE TABLE "deposit_wallet_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"number" text NOT NULL,
	"label" text,
	"daily_cap" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_shown_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_wallet_transfers" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"number_id" integer NOT NULL,
	"receiving_number" text NOT NULL,
	"sender_number" text NOT NULL,
	"trx_id" text NOT NULL,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "wallet_provider" text;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_wallet_numbers_key" ON "deposit_wallet_numbers" USING btree ("provider","number");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_wallet_transfers_trx_key" ON "deposit_wallet_transfers" USING btree ("provider","trx_id") WHERE "deposit_wallet_transfers"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "deposit_wallet_transfers_number_idx" ON "deposit_wallet_transfers" USING btree ("number_id","created_at");
--> statement-breakpoint
-- E-wallets bound before the provider list (issue 37, item 4): a free-text name that reads as one
-- of the four providers (any case, spaces, dashes or dots; English or Bengali) is mapped to it and
-- spelled as the provider spells itself. Others stay as they were (wallet_provider null): still
-- paid out, shown with their old name, and the member binds a listed one next time.
UPDATE "payout_accounts" AS a
   SET "wallet_provider" = m.provider,
       "provider_name" = m.name
  FROM (VALUES ('bkash', 'bkash', 'bKash'), ('বিকাশ', 'bkash', 'bKash'),
               ('nagad', 'nagad', 'Nagad'), ('নগদ', 'nagad', 'Nagad'),
               ('rocket', 'rocket', 'Rocket'), ('রকেট', 'rocket', 'Rocket'),
               ('dbblrocket', 'rocket', 'Rocket'), ('dutchbanglarocket', 'rocket', 'Rocket'),
               ('upay', 'upay', 'Upay'), ('উপায়', 'upay', 'Upay'), ('উপায়', 'upay', 'Upay'))
       AS m(spelling, provider, name)
 WHERE a."kind" = 'ewallet'
   AND a."wallet_provider" IS NULL
   AND lower(regexp_replace(a."provider_name", '[[:space:]._-]+', '', 'g')) = m.spelling;
