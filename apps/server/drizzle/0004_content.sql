CREATE TABLE "content_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"texts" jsonb NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "content_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"language" text,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"mobile_image_url" text,
	"linkage_type" text,
	"linkage_target" text,
	"sort_order" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"slug" text NOT NULL,
	"texts" jsonb NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_help_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "content_help_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"titles" jsonb NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "content_help_menus_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "content_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"action" text DEFAULT 'none' NOT NULL,
	"texts" jsonb NOT NULL,
	"image_url" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_uploads" (
	"file_name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_help_articles" ADD CONSTRAINT "content_help_articles_menu_id_content_help_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."content_help_menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_audit_at_idx" ON "content_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "content_banners_group_idx" ON "content_banners" USING btree ("group_name","sort_order");