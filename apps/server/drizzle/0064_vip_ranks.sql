CREATE TABLE "vip_config" (
	"id" smallint PRIMARY KEY NOT NULL,
	"period_days" integer NOT NULL,
	"scanned_to" timestamp with time zone,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "vip_config_one_row" CHECK ("vip_config"."id" = 1),
	CONSTRAINT "vip_config_period_check" CHECK ("vip_config"."period_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"level" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"turnover" bigint NOT NULL,
	"deposits" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"wagering_multiple" integer NOT NULL,
	"daily_withdrawal_limit" bigint,
	CONSTRAINT "vip_levels_level_check" CHECK ("vip_levels"."level" >= 0),
	CONSTRAINT "vip_levels_amounts_check" CHECK ("vip_levels"."turnover" >= 0 and "vip_levels"."deposits" >= 0 and "vip_levels"."reward" >= 0),
	CONSTRAINT "vip_levels_daily_withdrawal_check" CHECK ("vip_levels"."daily_withdrawal_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "vip_member_ranks" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"level" smallint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_at" timestamp with time zone,
	CONSTRAINT "vip_member_ranks_level_check" CHECK ("vip_member_ranks"."level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_rank_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"from_level" smallint NOT NULL,
	"to_level" smallint NOT NULL,
	"reason" text NOT NULL,
	"turnover" bigint NOT NULL,
	"deposits" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_rank_changes_moved_check" CHECK ("vip_rank_changes"."from_level" <> "vip_rank_changes"."to_level")
);
--> statement-breakpoint
CREATE INDEX "vip_member_ranks_review_idx" ON "vip_member_ranks" USING btree ("review_at");--> statement-breakpoint
CREATE INDEX "vip_rank_changes_member_idx" ON "vip_rank_changes" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_rewards_vip_key" ON "member_rewards" USING btree ("member_id","detail") WHERE "member_rewards"."source" = 'vip';--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "rank_level";