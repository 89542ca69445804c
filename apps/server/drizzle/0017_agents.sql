CREATE TABLE "agent_contract_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" bigint NOT NULL,
	"upline_id" bigint,
	"status" text NOT NULL,
	"terms" jsonb NOT NULL,
	"max_rate_bp" integer NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "agent_contracts_rate_range" CHECK ("agent_contracts"."max_rate_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "agent_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_wage_parts" (
	"wage_id" bigint NOT NULL,
	"numero_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"numero" text NOT NULL,
	"win_stake" bigint NOT NULL,
	"loss_stake" bigint NOT NULL,
	"win_wage" bigint NOT NULL,
	"loss_wage" bigint NOT NULL,
	CONSTRAINT "agent_wage_parts_wage_id_numero_id_pk" PRIMARY KEY("wage_id","numero_id")
);
--> statement-breakpoint
CREATE TABLE "agent_wage_runs" (
	"kind" text PRIMARY KEY NOT NULL,
	"settled_to" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_wages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"contract_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"payer_id" bigint,
	"currency" text NOT NULL,
	"team_bet" bigint DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"win_stake" bigint DEFAULT 0 NOT NULL,
	"loss_stake" bigint DEFAULT 0 NOT NULL,
	"basis_amount" bigint DEFAULT 0 NOT NULL,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"win_rate_bp" integer,
	"loss_rate_bp" integer,
	"win_wage" bigint DEFAULT 0 NOT NULL,
	"loss_wage" bigint DEFAULT 0 NOT NULL,
	"due" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_wages_paid_range" CHECK ("agent_wages"."paid" >= 0 AND "agent_wages"."paid" <= "agent_wages"."due")
);
--> statement-breakpoint
CREATE TABLE "member_tree" (
	"ancestor_id" bigint NOT NULL,
	"descendant_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "member_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_requests_one_pending" ON "agent_contract_requests" USING btree ("contract_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "agent_contract_requests_contract_idx" ON "agent_contract_requests" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_active" ON "agent_contracts" USING btree ("member_id","kind") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_pending" ON "agent_contracts" USING btree ("member_id","kind") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_request_key" ON "agent_contracts" USING btree ("upline_id","request_id");--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","id");--> statement-breakpoint
CREATE INDEX "agent_contracts_member_idx" ON "agent_contracts" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_links_code_key" ON "agent_links" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "agent_links_agent_idx" ON "agent_links" USING btree ("agent_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_wages_period_key" ON "agent_wages" USING btree ("member_id","kind","period_key");--> statement-breakpoint
CREATE INDEX "agent_wages_member_idx" ON "agent_wages" USING btree ("member_id","kind","id");--> statement-breakpoint
CREATE INDEX "agent_wages_payer_idx" ON "agent_wages" USING btree ("payer_id","kind","id");--> statement-breakpoint
CREATE INDEX "member_tree_descendant_idx" ON "member_tree" USING btree ("descendant_id","depth");