ALTER TABLE "money_adjustments" ADD COLUMN "held_because" text;--> statement-breakpoint
CREATE INDEX "money_adjustments_member_index" ON "money_adjustments" USING btree ("member_id","requested_at");--> statement-breakpoint
CREATE INDEX "money_adjustments_requester_index" ON "money_adjustments" USING btree ("requested_by_id","requested_at");