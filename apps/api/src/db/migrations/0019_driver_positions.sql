-- Design.md section 19, "Where the driver is, live": the last position of each driver on
-- the way (one row per driver, replaced by each POST /drivers/me/position), and the ETA of
-- each moving order computed from it when it was posted, so order lists read it by key
-- instead of computing it per row (decision 078).
--
-- Positions are personal data: kept while the driver holds an order in `moving` or
-- `arrived`; the scheduler notes when it stops holding one (`released_at`) and deletes the
-- row 24 hours later. `received_at` is the server's time of the last accepted post: the
-- upsert takes a new one only 5 seconds after it, so the limit holds across API processes.
CREATE TABLE "driver_positions" (
	"driver_id" integer PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy_m" double precision,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "driver_positions_point_ck" CHECK ("lat" BETWEEN -90 AND 90 AND "lng" BETWEEN -180 AND 180)
);
--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Serves the retention job's deletion: only released positions, by when.
CREATE INDEX "driver_positions_released_idx" ON "driver_positions" USING btree ("released_at") WHERE "released_at" IS NOT NULL;
--> statement-breakpoint
-- An order's ETA while it is moving: road km, whole minutes, and the time of the position it
-- comes from. Answers show it only while the order is moving, with the same driver, and its
-- store has a pin; the retention job deletes the rest.
CREATE TABLE "order_etas" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"distance_km" double precision NOT NULL,
	"minutes" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_etas_source_ck" CHECK ("source" IN ('formula', 'routing'))
);
--> statement-breakpoint
ALTER TABLE "order_etas" ADD CONSTRAINT "order_etas_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_etas" ADD CONSTRAINT "order_etas_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Serves what a driver holds: its moving orders for a position (409 without one), whether it
-- still holds one on the way (retention), and the dispatch read's orders per driver. Only
-- held orders, a small part of the table, so a driver's thousands of finished orders are never read.
CREATE INDEX "orders_driver_held_idx" ON "orders" USING btree ("driver_id","status","id") WHERE "status" IN ('accepted', 'moving', 'arrived', 'waiting_store', 'waiting_admin', 'waiting_driver', 'issue');
