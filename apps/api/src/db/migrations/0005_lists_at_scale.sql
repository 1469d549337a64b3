-- Issue 13 (design.md section 13): lists that scale to a million orders. Saved views per
-- member; counts kept as orders change (per day or month, store, vendor, city and status
-- for the charts, and per store and status for the tabs), maintained by a trigger in the
-- transaction of every change, so no route has to remember it; indexes for each sort.

CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Serves GET /saved-views (a member's views, newest first) and keeps names unique per list.
CREATE UNIQUE INDEX "saved_views_member_list_name_idx" ON "saved_views" USING btree ("member_id","list","name");
--> statement-breakpoint
CREATE TABLE "order_daily_rollups" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"status" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_weight_grams" bigint DEFAULT 0 NOT NULL,
	"vendor_amount_paise" bigint DEFAULT 0 NOT NULL,
	"driver_amount_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_rollups_pk" PRIMARY KEY ("day","store_id","vendor_id","city_id","status")
);
--> statement-breakpoint
-- Serves a vendor's charts (GET /orders/stats as a vendor, or with vendor_id).
CREATE INDEX "order_daily_rollups_vendor_idx" ON "order_daily_rollups" USING btree ("vendor_id","day");
--> statement-breakpoint
-- Serves a store's charts (GET /orders/stats as a store, or with store_id).
CREATE INDEX "order_daily_rollups_store_idx" ON "order_daily_rollups" USING btree ("store_id","day");
--> statement-breakpoint
-- The same per India month: the 12-month charts read 12 x stores x statuses rows, not 365 x.
CREATE TABLE "order_monthly_rollups" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"status" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_weight_grams" bigint DEFAULT 0 NOT NULL,
	"vendor_amount_paise" bigint DEFAULT 0 NOT NULL,
	"driver_amount_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_monthly_rollups_pk" PRIMARY KEY ("month","store_id","vendor_id","city_id","status")
);
--> statement-breakpoint
-- Serves a vendor's 12-month charts.
CREATE INDEX "order_monthly_rollups_vendor_idx" ON "order_monthly_rollups" USING btree ("vendor_id","month");
--> statement-breakpoint
-- Serves a store's 12-month charts.
CREATE INDEX "order_monthly_rollups_store_idx" ON "order_monthly_rollups" USING btree ("store_id","month");
--> statement-breakpoint
CREATE TABLE "order_status_counts" (
	"store_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"status" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_pk" PRIMARY KEY ("store_id","vendor_id","city_id","status")
);
--> statement-breakpoint
CREATE FUNCTION "order_rollups_add"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_daily_rollups" AS r ("day", "store_id", "vendor_id", "city_id", "status", "order_count", "total_weight_grams", "vendor_amount_paise", "driver_amount_paise")
	VALUES ((o."created_at" AT TIME ZONE 'Asia/Kolkata')::date, o."store_id", o."vendor_id", o."city_id", o."status",
		sign, sign * o."total_weight_grams", sign * o."vendor_amount_paise", sign * o."driver_amount_paise")
	ON CONFLICT ("day", "store_id", "vendor_id", "city_id", "status") DO UPDATE SET
		"order_count" = r."order_count" + EXCLUDED."order_count",
		"total_weight_grams" = r."total_weight_grams" + EXCLUDED."total_weight_grams",
		"vendor_amount_paise" = r."vendor_amount_paise" + EXCLUDED."vendor_amount_paise",
		"driver_amount_paise" = r."driver_amount_paise" + EXCLUDED."driver_amount_paise";
	INSERT INTO "order_monthly_rollups" AS r ("month", "store_id", "vendor_id", "city_id", "status", "order_count", "total_weight_grams", "vendor_amount_paise", "driver_amount_paise")
	VALUES (date_trunc('month', o."created_at" AT TIME ZONE 'Asia/Kolkata')::date, o."store_id", o."vendor_id", o."city_id", o."status",
		sign, sign * o."total_weight_grams", sign * o."vendor_amount_paise", sign * o."driver_amount_paise")
	ON CONFLICT ("month", "store_id", "vendor_id", "city_id", "status") DO UPDATE SET
		"order_count" = r."order_count" + EXCLUDED."order_count",
		"total_weight_grams" = r."total_weight_grams" + EXCLUDED."total_weight_grams",
		"vendor_amount_paise" = r."vendor_amount_paise" + EXCLUDED."vendor_amount_paise",
		"driver_amount_paise" = r."driver_amount_paise" + EXCLUDED."driver_amount_paise";
	INSERT INTO "order_status_counts" AS c ("store_id", "vendor_id", "city_id", "status", "order_count")
	VALUES (o."store_id", o."vendor_id", o."city_id", o."status", sign)
	ON CONFLICT ("store_id", "vendor_id", "city_id", "status") DO UPDATE SET "order_count" = c."order_count" + EXCLUDED."order_count";
END $$;
--> statement-breakpoint
-- Takes the old row out and puts the new one in. Of the two keys, the smaller is written
-- first, so two transitions of one store never wait on each other's rows in a cycle.
CREATE FUNCTION "orders_keep_rollups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "order_rollups_add"(NEW, 1);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "order_rollups_add"(OLD, -1);
	ELSIF (OLD."status", OLD."store_id", OLD."vendor_id", OLD."city_id", OLD."created_at", OLD."total_weight_grams", OLD."vendor_amount_paise", OLD."driver_amount_paise")
		IS DISTINCT FROM (NEW."status", NEW."store_id", NEW."vendor_id", NEW."city_id", NEW."created_at", NEW."total_weight_grams", NEW."vendor_amount_paise", NEW."driver_amount_paise") THEN
		IF (OLD."store_id", OLD."status") <= (NEW."store_id", NEW."status") THEN
			PERFORM "order_rollups_add"(OLD, -1);
			PERFORM "order_rollups_add"(NEW, 1);
		ELSE
			PERFORM "order_rollups_add"(NEW, 1);
			PERFORM "order_rollups_add"(OLD, -1);
		END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_keep_rollups_tr" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_keep_rollups"();
--> statement-breakpoint
INSERT INTO "order_daily_rollups" ("day", "store_id", "vendor_id", "city_id", "status", "order_count", "total_weight_grams", "vendor_amount_paise", "driver_amount_paise")
SELECT ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, "store_id", "vendor_id", "city_id", "status", count(*), sum("total_weight_grams"), sum("vendor_amount_paise"), sum("driver_amount_paise")
FROM "orders" GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "order_monthly_rollups" ("month", "store_id", "vendor_id", "city_id", "status", "order_count", "total_weight_grams", "vendor_amount_paise", "driver_amount_paise")
SELECT date_trunc('month', "created_at" AT TIME ZONE 'Asia/Kolkata')::date, "store_id", "vendor_id", "city_id", "status", count(*), sum("total_weight_grams"), sum("vendor_amount_paise"), sum("driver_amount_paise")
FROM "orders" GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "order_status_counts" ("store_id", "vendor_id", "city_id", "status", "order_count")
SELECT "store_id", "vendor_id", "city_id", "status", count(*) FROM "orders" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The default sort of GET /orders (-created_at) for the admin, and date filters; replaces
-- the index on created_at alone.
DROP INDEX "orders_created_at_idx";
--> statement-breakpoint
CREATE INDEX "orders_created_at_id_idx" ON "orders" USING btree ("created_at","id");
--> statement-breakpoint
-- GET /orders?ordering=[-]updated_at.
CREATE INDEX "orders_updated_at_id_idx" ON "orders" USING btree ("updated_at","id");
--> statement-breakpoint
-- GET /orders?ordering=[-]vendor_amount.
CREATE INDEX "orders_vendor_amount_id_idx" ON "orders" USING btree ("vendor_amount_paise","id");
--> statement-breakpoint
-- GET /orders?ordering=[-]driver_amount.
CREATE INDEX "orders_driver_amount_id_idx" ON "orders" USING btree ("driver_amount_paise","id");
--> statement-breakpoint
-- GET /orders?ordering=[-]total_weight.
CREATE INDEX "orders_total_weight_id_idx" ON "orders" USING btree ("total_weight_grams","id");
--> statement-breakpoint
-- A vendor's GET /orders in its default sort (-created_at).
CREATE INDEX "orders_vendor_created_idx" ON "orders" USING btree ("vendor_id","created_at","id");
--> statement-breakpoint
-- A store's GET /orders in its default sort (-created_at), the 5-second poll included.
CREATE INDEX "orders_store_created_idx" ON "orders" USING btree ("store_id","created_at","id");
--> statement-breakpoint
-- GET /stores?ordering=[-]name, and the stores in name order for GET /orders?ordering=[-]store.
CREATE INDEX "stores_name_idx" ON "stores" USING btree ("name","id");
