CREATE TABLE "game_favourites" (
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favourites_member_id_node_id_pk" PRIMARY KEY("member_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_code" text NOT NULL,
	"round_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"vassalage" text NOT NULL,
	"currency" text NOT NULL,
	"wallet_kind" text NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"win_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"detail" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"vendor_code" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"wallet_kind" text NOT NULL,
	"language" text NOT NULL,
	"launched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"authenticated_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"node_id" serial PRIMARY KEY NOT NULL,
	"vassalage" text NOT NULL,
	"vendor_code" text NOT NULL,
	"game_code" text NOT NULL,
	"game_type" text NOT NULL,
	"classify" text,
	"names" jsonb NOT NULL,
	"icon" text,
	"min_bet" bigint NOT NULL,
	"line_num" integer DEFAULT 0 NOT NULL,
	"is_hot" smallint DEFAULT 0 NOT NULL,
	"default_play_type" text,
	"rtp_basis_points" integer,
	"launch_flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 1000 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_connections" (
	"vendor_code" text PRIMARY KEY NOT NULL,
	"api_base_url" text NOT NULL,
	"wallet_secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text
);
--> statement-breakpoint
CREATE TABLE "vendor_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_code" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"round_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reference_transaction_id" text,
	"request_hash" text NOT NULL,
	"entry_id" bigint,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_vendors" ADD COLUMN "vendor_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_vendor_round_key" ON "game_rounds" USING btree ("vendor_code","round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_member_idx" ON "game_rounds" USING btree ("member_id","started_at");--> statement-breakpoint
CREATE INDEX "game_rounds_settled_idx" ON "game_rounds" USING btree ("settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token_key" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_recent_idx" ON "game_sessions" USING btree ("member_id","launched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code_key" ON "games" USING btree ("vendor_code","game_code");--> statement-breakpoint
CREATE INDEX "games_lobby_idx" ON "games" USING btree ("game_type","vassalage","enabled","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transactions_key" ON "vendor_transactions" USING btree ("vendor_code","transaction_id");--> statement-breakpoint
CREATE INDEX "vendor_transactions_round_idx" ON "vendor_transactions" USING btree ("vendor_code","round_id");