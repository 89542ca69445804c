CREATE TABLE "known_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "platform_session_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "known_devices_token_key" ON "known_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "known_devices_member_idx" ON "known_devices" USING btree ("member_id","last_used_at");--> statement-breakpoint
CREATE INDEX "game_sessions_member_live_idx" ON "game_sessions" USING btree ("member_id","expires_at");