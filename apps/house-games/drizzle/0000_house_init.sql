CREATE TABLE "hg_pending_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"action" text NOT NULL,
	"round_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hg_players" (
	"player_id" text PRIMARY KEY NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seed_created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hg_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"player_id" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"detail" jsonb,
	"state" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"server_seed" text,
	"platform_session_id" text NOT NULL,
	"debit_transaction_id" text NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hg_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"platform_session_id" text NOT NULL,
	"player_id" text NOT NULL,
	"nickname" text NOT NULL,
	"currency" text NOT NULL,
	"language" text NOT NULL,
	"game_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "hg_pending_calls_transaction_key" ON "hg_pending_calls" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "hg_pending_calls_due_idx" ON "hg_pending_calls" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hg_rounds_round_key" ON "hg_rounds" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "hg_rounds_player_game_idx" ON "hg_rounds" USING btree ("player_id","game_code","id");--> statement-breakpoint
CREATE INDEX "hg_rounds_seed_idx" ON "hg_rounds" USING btree ("player_id","server_seed_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "hg_sessions_token_key" ON "hg_sessions" USING btree ("token_hash");