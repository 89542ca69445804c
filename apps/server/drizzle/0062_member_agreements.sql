CREATE TABLE "member_agreements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"minimum_age" smallint NOT NULL,
	"terms_version" text NOT NULL,
	"source" text NOT NULL,
	"ip" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_agreements" ADD CONSTRAINT "member_agreements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_agreements_member_idx" ON "member_agreements" USING btree ("member_id","accepted_at");