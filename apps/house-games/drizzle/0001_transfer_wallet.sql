CREATE TABLE "hg_wallet_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"player_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"balance_after" bigint,
	"request_hash" text,
	"refusal" jsonb,
	"round_id" text,
	"reference_transaction_id" text,
	"final" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hg_wallets" (
	"player_id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hg_wallets_balance_check" CHECK ("hg_wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "hg_pending_calls" ADD COLUMN "wallet_mode" text DEFAULT 'seamless' NOT NULL;--> statement-breakpoint
ALTER TABLE "hg_rounds" ADD COLUMN "wallet_mode" text DEFAULT 'seamless' NOT NULL;--> statement-breakpoint
ALTER TABLE "hg_sessions" ADD COLUMN "wallet_mode" text DEFAULT 'seamless' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "hg_wallet_moves_transaction_key" ON "hg_wallet_moves" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "hg_wallet_moves_round_idx" ON "hg_wallet_moves" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "hg_wallet_moves_player_idx" ON "hg_wallet_moves" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "hg_sessions_platform_session_idx" ON "hg_sessions" USING btree ("platform_session_id");