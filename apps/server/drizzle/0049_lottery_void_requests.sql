-- Issue 36 (docs/lottery.md "Settlement and voiding"): a void after the lock waits for a second
-- operator as a row of lottery_void_requests (four eyes, as the odds above the ceiling), which the
-- back office lists and an operator may reject; the numero's own void columns are written when it
-- is carried out.
CREATE TABLE "lottery_void_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"numero_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "lottery_void_requests_second_approver" CHECK ("lottery_void_requests"."status" <> 'approved' or "lottery_void_requests"."decided_by_id" <> "lottery_void_requests"."requested_by_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_void_requests_pending_key" ON "lottery_void_requests" USING btree ("numero_id") WHERE "lottery_void_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "lottery_void_requests_status_idx" ON "lottery_void_requests" USING btree ("status","id");
--> statement-breakpoint
-- The voids already waiting (kept on their numero until now) become requests, under the requester's
-- account; their numero keeps no trace of them until a second operator carries one out.
INSERT INTO lottery_void_requests (numero_id, reason, requested_by_id, requested_by, requested_at)
SELECT n.id, coalesce(n.void_reason, ''), n.void_requested_by,
       coalesce(o.account, 'operator ' || n.void_requested_by), coalesce(n.void_requested_at, now())
  FROM lottery_numeros n
  LEFT JOIN operators o ON o.id = n.void_requested_by
 WHERE n.void_requested_by IS NOT NULL AND n.void_approved_by IS NULL
   AND n.status IN ('open', 'locked', 'drawn');--> statement-breakpoint
UPDATE lottery_numeros
   SET void_requested_by = NULL, void_requested_at = NULL, void_reason = NULL
 WHERE void_requested_by IS NOT NULL AND void_approved_by IS NULL
   AND status IN ('open', 'locked', 'drawn');
