CREATE TABLE "rebate_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"currency" text NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_claims_period_check" CHECK ("rebate_claims"."period_to" > "rebate_claims"."period_from"),
	CONSTRAINT "rebate_claims_amount_check" CHECK ("rebate_claims"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_claims_member_period_key" ON "rebate_claims" USING btree ("member_id","period_from");