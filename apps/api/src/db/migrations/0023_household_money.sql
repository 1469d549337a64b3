-- Households sell their scrap (design.md section 21, decision 084): a household's pickup has
-- no vendor (orders.vendor_id null, migration 0022), but the kept counts and money sums are
-- keyed by vendor in primary keys that cannot hold a null. A null vendor is keyed as 0, the
-- households' bucket: the order charts and tab counts (migration 0005), the reconciliation
-- sums and what completed orders owe (migration 0010) all count a household's pickup there,
-- so the reconciliation report reads the households' purchases from vendor 0's rows and the
-- vendor side leaves them out, and the ledger check holds without a second set of tables.
--
-- The functions below are the ones every path writes those rows through (the triggers of
-- 0005 and 0010 call them, so the triggers themselves need no change): the null is turned
-- into 0 where a row is written, whoever passes it.
--
-- What a completed household pickup owes stays completed_order_owes (migration 0010): with
-- no invoice (a household is not a registered supplier) it is the vendor amount, here the
-- b2c amount the driver paid the household (credited to the driver as household_payment),
-- plus the driver amount (the driver's order_credit).

-- Migration 0005's rollups, with the households' bucket.
CREATE OR REPLACE FUNCTION "order_rollups_add"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_daily_rollups" AS r ("day", "store_id", "vendor_id", "city_id", "status", "order_count", "total_weight_grams", "vendor_amount_paise", "driver_amount_paise")
	VALUES ((o."created_at" AT TIME ZONE 'Asia/Kolkata')::date, o."store_id", coalesce(o."vendor_id", 0), o."city_id", o."status",
		sign, sign * o."total_weight_grams", sign * o."vendor_amount_paise", sign * o."driver_amount_paise")
	ON CONFLICT ("day", "store_id", "vendor_id", "city_id", "status") DO UPDATE SET
		"order_count" = r."order_count" + EXCLUDED."order_count",
		"total_weight_grams" = r."total_weight_grams" + EXCLUDED."total_weight_grams",
		"vendor_amount_paise" = r."vendor_amount_paise" + EXCLUDED."vendor_amount_paise",
		"driver_amount_paise" = r."driver_amount_paise" + EXCLUDED."driver_amount_paise";
	INSERT INTO "order_monthly_rollups" AS r ("month", "store_id", "vendor_id", "city_id", "status", "order_count", "total_weight_grams", "vendor_amount_paise", "driver_amount_paise")
	VALUES (date_trunc('month', o."created_at" AT TIME ZONE 'Asia/Kolkata')::date, o."store_id", coalesce(o."vendor_id", 0), o."city_id", o."status",
		sign, sign * o."total_weight_grams", sign * o."vendor_amount_paise", sign * o."driver_amount_paise")
	ON CONFLICT ("month", "store_id", "vendor_id", "city_id", "status") DO UPDATE SET
		"order_count" = r."order_count" + EXCLUDED."order_count",
		"total_weight_grams" = r."total_weight_grams" + EXCLUDED."total_weight_grams",
		"vendor_amount_paise" = r."vendor_amount_paise" + EXCLUDED."vendor_amount_paise",
		"driver_amount_paise" = r."driver_amount_paise" + EXCLUDED."driver_amount_paise";
	INSERT INTO "order_status_counts" AS c ("store_id", "vendor_id", "city_id", "status", "order_count")
	VALUES (o."store_id", coalesce(o."vendor_id", 0), o."city_id", o."status", sign)
	ON CONFLICT ("store_id", "vendor_id", "city_id", "status") DO UPDATE SET "order_count" = c."order_count" + EXCLUDED."order_count";
END $$;
--> statement-breakpoint
-- Migration 0010's writer of the reconciliation sums: every change (a completion, lines
-- written to a counted order, a counted order deleted or moved) comes through here, so the
-- households' bucket is made here once. Grouping is by the bucket, so a statement's changes
-- of one household order still write each row once, in key order.
CREATE OR REPLACE FUNCTION "reconciliation_apply"(changes "reconciliation_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF changes IS NULL OR cardinality(changes) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO "reconciliation_material_days" AS r ("day", "city_id", "vendor_id", "material_id", "order_count", "weight_grams", "vendor_amount_paise", "driver_amount_paise", "b2c_value_paise")
	SELECT c."day", c."city_id", coalesce(c."vendor_id", 0), c."material_id", sum(c."order_count"), sum(c."weight_grams"), sum(c."vendor_amount_paise"), sum(c."driver_amount_paise"), sum(c."b2c_value_paise")
	FROM unnest(changes) c WHERE c."material_id" IS NOT NULL
	GROUP BY 1, 2, 3, 4
	HAVING sum(c."order_count") <> 0 OR sum(c."weight_grams") <> 0 OR sum(c."vendor_amount_paise") <> 0 OR sum(c."driver_amount_paise") <> 0 OR sum(c."b2c_value_paise") <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ("day", "city_id", "vendor_id", "material_id") DO UPDATE SET
		"order_count" = r."order_count" + EXCLUDED."order_count",
		"weight_grams" = r."weight_grams" + EXCLUDED."weight_grams",
		"vendor_amount_paise" = r."vendor_amount_paise" + EXCLUDED."vendor_amount_paise",
		"driver_amount_paise" = r."driver_amount_paise" + EXCLUDED."driver_amount_paise",
		"b2c_value_paise" = r."b2c_value_paise" + EXCLUDED."b2c_value_paise";
	INSERT INTO "reconciliation_order_days" AS r ("day", "city_id", "vendor_id", "order_count")
	SELECT c."day", c."city_id", coalesce(c."vendor_id", 0), sum(c."order_count")
	FROM unnest(changes) c WHERE c."material_id" IS NULL
	GROUP BY 1, 2, 3
	HAVING sum(c."order_count") <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT ("day", "city_id", "vendor_id") DO UPDATE SET "order_count" = r."order_count" + EXCLUDED."order_count";
	INSERT INTO "reconciliation_material_months" AS r ("month", "city_id", "vendor_id", "material_id", "order_count", "weight_grams", "vendor_amount_paise", "driver_amount_paise", "b2c_value_paise")
	SELECT date_trunc('month', c."day"::timestamp)::date, c."city_id", coalesce(c."vendor_id", 0), c."material_id", sum(c."order_count"), sum(c."weight_grams"), sum(c."vendor_amount_paise"), sum(c."driver_amount_paise"), sum(c."b2c_value_paise")
	FROM unnest(changes) c WHERE c."material_id" IS NOT NULL
	GROUP BY 1, 2, 3, 4
	HAVING sum(c."order_count") <> 0 OR sum(c."weight_grams") <> 0 OR sum(c."vendor_amount_paise") <> 0 OR sum(c."driver_amount_paise") <> 0 OR sum(c."b2c_value_paise") <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ("month", "city_id", "vendor_id", "material_id") DO UPDATE SET
		"order_count" = r."order_count" + EXCLUDED."order_count",
		"weight_grams" = r."weight_grams" + EXCLUDED."weight_grams",
		"vendor_amount_paise" = r."vendor_amount_paise" + EXCLUDED."vendor_amount_paise",
		"driver_amount_paise" = r."driver_amount_paise" + EXCLUDED."driver_amount_paise",
		"b2c_value_paise" = r."b2c_value_paise" + EXCLUDED."b2c_value_paise";
	INSERT INTO "reconciliation_order_months" AS r ("month", "city_id", "vendor_id", "order_count")
	SELECT date_trunc('month', c."day"::timestamp)::date, c."city_id", coalesce(c."vendor_id", 0), sum(c."order_count")
	FROM unnest(changes) c WHERE c."material_id" IS NULL
	GROUP BY 1, 2, 3
	HAVING sum(c."order_count") <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT ("month", "city_id", "vendor_id") DO UPDATE SET "order_count" = r."order_count" + EXCLUDED."order_count";
END $$;
--> statement-breakpoint
-- Migration 0010's writer of what completed orders owe (orders_keep_money_sums and
-- invoices_keep_owed call it): household pickups owe under vendor 0.
CREATE OR REPLACE FUNCTION "completed_order_owed_add"(vendor_ids integer[], amounts bigint[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "completed_order_owed" AS t ("vendor_id", "owed_paise")
	SELECT coalesce(c."vendor_id", 0), sum(c."amount") FROM unnest(vendor_ids, amounts) AS c("vendor_id", "amount")
	GROUP BY 1 HAVING sum(c."amount") <> 0 ORDER BY 1
	ON CONFLICT ("vendor_id") DO UPDATE SET "owed_paise" = t."owed_paise" + EXCLUDED."owed_paise"
$$;
--> statement-breakpoint
-- Migration 0015's rebuild of every kept money sum, with the households' bucket.
CREATE OR REPLACE FUNCTION "money_sums_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "reconciliation_material_days";
	DELETE FROM "reconciliation_material_months";
	DELETE FROM "reconciliation_order_days";
	DELETE FROM "reconciliation_order_months";
	DELETE FROM "completed_order_owed";
	DELETE FROM "wallet_entry_sums";
	INSERT INTO "reconciliation_material_days" ("day", "city_id", "vendor_id", "material_id", "order_count", "weight_grams", "vendor_amount_paise", "driver_amount_paise", "b2c_value_paise")
	SELECT "day", "city_id", "vendor_id", "material_id", count(*), sum(w), sum(v), sum(d), sum(b) FROM (
		SELECT (o."completed_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", o."city_id", coalesce(o."vendor_id", 0) AS "vendor_id", l."material_id",
			sum(coalesce(l."weight_grams", 0)) AS w, sum(l."amount_paise") AS v, sum(l."driver_amount_paise") AS d,
			sum(coalesce((l."b2c_rate_paise"::bigint * l."weight_grams" + 500) / 1000, 0)) AS b
		FROM "orders" o JOIN "order_lines" l ON l."order_id" = o."id"
		WHERE o."status" = 'completed' AND o."completed_at" IS NOT NULL
		GROUP BY o."id", l."material_id"
	) per_order GROUP BY 1, 2, 3, 4;
	INSERT INTO "reconciliation_order_days" ("day", "city_id", "vendor_id", "order_count")
	SELECT (o."completed_at" AT TIME ZONE 'Asia/Kolkata')::date, o."city_id", coalesce(o."vendor_id", 0), count(*)
	FROM "orders" o
	WHERE o."status" = 'completed' AND o."completed_at" IS NOT NULL AND EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id")
	GROUP BY 1, 2, 3;
	INSERT INTO "reconciliation_material_months" ("month", "city_id", "vendor_id", "material_id", "order_count", "weight_grams", "vendor_amount_paise", "driver_amount_paise", "b2c_value_paise")
	SELECT date_trunc('month', "day"::timestamp)::date, "city_id", "vendor_id", "material_id", sum("order_count"), sum("weight_grams"), sum("vendor_amount_paise"), sum("driver_amount_paise"), sum("b2c_value_paise")
	FROM "reconciliation_material_days" GROUP BY 1, 2, 3, 4;
	INSERT INTO "reconciliation_order_months" ("month", "city_id", "vendor_id", "order_count")
	SELECT date_trunc('month', "day"::timestamp)::date, "city_id", "vendor_id", sum("order_count")
	FROM "reconciliation_order_days" GROUP BY 1, 2, 3;
	INSERT INTO "completed_order_owed" ("vendor_id", "owed_paise")
	SELECT coalesce(o."vendor_id", 0), sum("completed_order_owes"(o."vendor_amount_paise", o."driver_id", o."driver_amount_paise", i."reverse_charge", i."total_paise"))
	FROM "orders" o LEFT JOIN "invoices" i ON i."order_id" = o."id"
	WHERE o."status" = 'completed'
	GROUP BY 1;
	INSERT INTO "wallet_entry_sums" ("wallet_id", "kind", "amount_paise", "entry_count")
	SELECT "wallet_id", "kind", sum("amount_paise"), count(*) FROM "wallet_entries" GROUP BY 1, 2;
	PERFORM "wallet_day_sums_rebuild"();
END $$;
