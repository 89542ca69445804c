CREATE TABLE "account_devices" (
	"member_id" bigint NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_devices_member_id_device_hash_pk" PRIMARY KEY("member_id","device_hash")
);
