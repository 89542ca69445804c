CREATE TABLE "raffle_entries" (
	"raffle_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"masked" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tickets" integer,
	"position" integer,
	"ticket_from" integer,
	"place" integer,
	"won_ticket" integer,
	"reward_id" bigint,
	CONSTRAINT "raffle_entries_raffle_id_member_id_pk" PRIMARY KEY("raffle_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"currency" text NOT NULL,
	"rule" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"locked_at" timestamp with time zone,
	"digest" text,
	"entry_count" integer,
	"ticket_total" integer,
	"beacon_round" integer,
	"beacon_randomness" text,
	"beacon_signature" text,
	"drawn_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffles_promotion_id_unique" UNIQUE("promotion_id"),
	CONSTRAINT "raffles_period_check" CHECK ("raffles"."ends_at" > "raffles"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "raffle_entries_position_idx" ON "raffle_entries" USING btree ("raffle_id","position");--> statement-breakpoint
CREATE INDEX "raffles_state_idx" ON "raffles" USING btree ("state","ends_at");