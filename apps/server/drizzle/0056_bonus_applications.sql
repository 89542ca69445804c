CREATE TABLE "bonus_application_images" (
	"application_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_application_images_application_id_position_pk" PRIMARY KEY("application_id","position")
);
--> statement-breakpoint
CREATE TABLE "bonus_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"state" text DEFAULT 'applying' NOT NULL,
	"currency" text NOT NULL,
	"rule" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"comment" text,
	"image_count" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_approved_by_id" integer,
	"first_approved_by" text,
	"first_approved_at" timestamp with time zone,
	"decided_by_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"bonus_claim_id" bigint,
	CONSTRAINT "bonus_applications_amount_check" CHECK ("bonus_applications"."amount" > 0),
	CONSTRAINT "bonus_applications_images_check" CHECK ("bonus_applications"."image_count" between 1 and 3),
	CONSTRAINT "bonus_applications_second_approver" CHECK ("bonus_applications"."state" <> 'approved' or "bonus_applications"."first_approved_by_id" is null or "bonus_applications"."decided_by_id" <> "bonus_applications"."first_approved_by_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_applications_rule_period_key" ON "bonus_applications" USING btree ("promotion_id","member_id","period_key");--> statement-breakpoint
CREATE INDEX "bonus_applications_waiting_idx" ON "bonus_applications" USING btree ("submitted_at") WHERE "bonus_applications"."state" = 'applying';--> statement-breakpoint
CREATE INDEX "bonus_applications_submitted_idx" ON "bonus_applications" USING btree ("submitted_at");