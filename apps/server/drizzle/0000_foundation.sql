CREATE TABLE "site_settings" (
	"merchant" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"country_code" text PRIMARY KEY NOT NULL,
	"country_dialing_code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 1000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_vendors" (
	"vassalage" text PRIMARY KEY NOT NULL,
	"account_type_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"small_icon" text,
	"is_hot" smallint DEFAULT 0 NOT NULL,
	"game_type" text NOT NULL,
	"wallet_mode" text DEFAULT 'seamless' NOT NULL,
	"launch_kind" text DEFAULT 'iframe' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 1000 NOT NULL
);
