CREATE TABLE "cashback_periods" (
	"promotion_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"counted_from" timestamp with time zone NOT NULL,
	"counted_to" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"rewards" integer NOT NULL,
	"total" bigint NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_periods_promotion_id_period_key_pk" PRIMARY KEY("promotion_id","period_key"),
	CONSTRAINT "cashback_periods_counted_check" CHECK ("cashback_periods"."counted_to" > "cashback_periods"."counted_from")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_rewards_cashback_key" ON "member_rewards" USING btree ("promotion_id","member_id","detail") WHERE "member_rewards"."source" = 'cashback';