-- Design.md section 18, "Steps keep the time they were done" and "Arrival where the store
-- is": an order's history event keeps when the step was taken (`occurred_at`, the driver's
-- time for a step its phone's outbox sends late; else when it was received) beside
-- `created_at` (when the server received it), and an arrival keeps where the phone was and
-- how far that was from the store's pin.
--
-- Old events were taken when they were received. The backfill writes only occurred_at, so
-- the order stays' trigger (UPDATE OF created_at, to_status) does not fire.
ALTER TABLE "order_events" ADD COLUMN "occurred_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "order_events" SET "occurred_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "order_events" ALTER COLUMN "occurred_at" SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE "order_events" ALTER COLUMN "occurred_at" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "arrived_lat" double precision;
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "arrived_lng" double precision;
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "arrived_accuracy_m" double precision;
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "arrived_distance_m" integer;
