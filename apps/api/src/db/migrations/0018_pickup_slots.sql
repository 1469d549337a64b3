-- Design.md section 18: a store chooses the pickup's slot, one of Settings -> Order's
-- `pickup_slots` on a day. The slot is kept as the instants it begins and ends (India time
-- has no daylight saving, so its day and times of day read back exactly): the day filter is
-- a range on the start, and the auto-cancel counts from the end.
ALTER TABLE "orders" ADD COLUMN "pickup_slot_start" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_slot_end" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_slot_ck" CHECK (("pickup_slot_start" IS NULL) = ("pickup_slot_end" IS NULL) AND ("pickup_slot_start" IS NULL OR "pickup_slot_start" < "pickup_slot_end"));
--> statement-breakpoint
-- Serves `pickup_date` (a day's slots, within a driver's city or any), only orders with a slot.
CREATE INDEX "orders_pickup_slot_idx" ON "orders" USING btree ("pickup_slot_start","city_id") WHERE "pickup_slot_start" IS NOT NULL;
--> statement-breakpoint
-- The auto-cancel counts from the slot's end when there is one, else from the creation: its
-- index holds that instant, so the scheduler still reads only the pending orders that are due.
DROP INDEX IF EXISTS "orders_pending_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_pending_cancel_from_idx" ON "orders" USING btree (coalesce("pickup_slot_end", "created_at"),"id") WHERE status = 'pending';
