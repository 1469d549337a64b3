CREATE TABLE "wallet_day_sums" (
	"wallet_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"entry_count" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"weight_grams" bigint DEFAULT 0 NOT NULL,
	"min_id" bigint NOT NULL,
	"max_id" bigint NOT NULL,
	CONSTRAINT "wallet_day_sums_pk" PRIMARY KEY("wallet_id","day","kind")
);
--> statement-breakpoint
-- Issue 19 (design.md section 16): a statement's summary, its X-Total-Count and the ids its
-- pages walk between come from per-wallet, per-India-day, per-kind sums kept in the
-- transaction of every entry written by any path, so a statement reads about three rows per
-- day of the wallet's history instead of every entry (a driver of the bench has 770,000).
-- The day is the India day of created_at: statements are India days, so a period is a whole
-- number of these rows and lines up exactly with its entries' times.
--
-- Inserts add deltas: counts and sums add, the id bounds take the least and greatest, so
-- concurrent inserts commute and need no lock beyond the rows they write (in key order, as
-- migration 0010 writes). An order credit's weight is its order's total_weight_grams read
-- here: a completed order's weight no longer changes.
--
-- Updates and deletes (never made by the application; tests and the demo seed's backdating
-- make them by SQL) cannot take an id bound back, so the days and kinds they touch are
-- counted afresh from the entries. That reads what is committed, so it first takes the rows
-- of the wallets concerned, as every writer of a ledger does (src/money/ledger.ts): no entry
-- of theirs can be in flight while it counts. Vendors' wallets before drivers', each in id
-- order, as an order's completion takes them, so the two never wait on each other in a cycle.
-- A day and kind left without entries loses its row.
--
-- Not covered: an order's total_weight_grams changed by SQL after its credit (the credit
-- keeps the weight it was written with until its day is counted afresh); an insert made
-- without its wallet's lock (bulk SQL only) while another transaction updates or deletes
-- entries of the same wallet, day and kind.

-- The days and kinds given (parallel arrays) counted afresh from the entries.
CREATE FUNCTION "wallet_day_sums_recount"(wallet_ids integer[], days date[], kinds text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	fresh "wallet_day_sums"[];
BEGIN
	IF wallet_ids IS NULL OR cardinality(wallet_ids) = 0 THEN
		RETURN;
	END IF;
	PERFORM 1 FROM "wallets" w WHERE w."id" = ANY (wallet_ids) ORDER BY w."owner_type" = 'driver', w."id" FOR NO KEY UPDATE;
	fresh := ARRAY(
		SELECT ROW(c."wallet_id", c."day", c."kind", c."entry_count", c."amount_paise", c."weight_grams", c."min_id", c."max_id")::"wallet_day_sums"
		FROM (
			SELECT e."wallet_id", (e."created_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", e."kind", count(*)::integer AS "entry_count",
				sum(e."amount_paise") AS "amount_paise", coalesce(sum(o."total_weight_grams"), 0) AS "weight_grams", min(e."id") AS "min_id", max(e."id") AS "max_id"
			FROM "wallet_entries" e
			LEFT JOIN "orders" o ON e."kind" = 'order_credit' AND o."id" = e."order_id"
			WHERE e."wallet_id" = ANY (wallet_ids)
				AND e."created_at" >= (SELECT min(d) FROM unnest(days) d)::timestamp AT TIME ZONE 'Asia/Kolkata'
				AND e."created_at" < ((SELECT max(d) FROM unnest(days) d) + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'
				AND ((e."created_at" AT TIME ZONE 'Asia/Kolkata')::date, e."wallet_id", e."kind") IN (SELECT k."day", k."wallet_id", k."kind" FROM unnest(wallet_ids, days, kinds) AS k("wallet_id", "day", "kind"))
			GROUP BY 1, 2, 3
		) c
	);
	INSERT INTO "wallet_day_sums" AS s ("wallet_id", "day", "kind", "entry_count", "amount_paise", "weight_grams", "min_id", "max_id")
	SELECT f."wallet_id", f."day", f."kind", f."entry_count", f."amount_paise", f."weight_grams", f."min_id", f."max_id"
	FROM unnest(fresh) f ORDER BY 1, 2, 3
	ON CONFLICT ("wallet_id", "day", "kind") DO UPDATE SET
		"entry_count" = EXCLUDED."entry_count", "amount_paise" = EXCLUDED."amount_paise", "weight_grams" = EXCLUDED."weight_grams",
		"min_id" = EXCLUDED."min_id", "max_id" = EXCLUDED."max_id"
	WHERE (s."entry_count", s."amount_paise", s."weight_grams", s."min_id", s."max_id")
		IS DISTINCT FROM (EXCLUDED."entry_count", EXCLUDED."amount_paise", EXCLUDED."weight_grams", EXCLUDED."min_id", EXCLUDED."max_id");
	DELETE FROM "wallet_day_sums" s
	USING unnest(wallet_ids, days, kinds) AS k("wallet_id", "day", "kind")
	WHERE s."wallet_id" = k."wallet_id" AND s."day" = k."day" AND s."kind" = k."kind"
		AND NOT EXISTS (SELECT 1 FROM unnest(fresh) f WHERE f."wallet_id" = k."wallet_id" AND f."day" = k."day" AND f."kind" = k."kind");
END $$;
--> statement-breakpoint
CREATE FUNCTION "wallet_entries_keep_day_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	wallet_ids integer[];
	days date[];
	kinds text[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "wallet_day_sums" AS s ("wallet_id", "day", "kind", "entry_count", "amount_paise", "weight_grams", "min_id", "max_id")
		SELECT n."wallet_id", (n."created_at" AT TIME ZONE 'Asia/Kolkata')::date, n."kind", count(*), sum(n."amount_paise"),
			coalesce(sum(o."total_weight_grams"), 0), min(n."id"), max(n."id")
		FROM new_rows n
		LEFT JOIN "orders" o ON n."kind" = 'order_credit' AND o."id" = n."order_id"
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("wallet_id", "day", "kind") DO UPDATE SET
			"entry_count" = s."entry_count" + EXCLUDED."entry_count",
			"amount_paise" = s."amount_paise" + EXCLUDED."amount_paise",
			"weight_grams" = s."weight_grams" + EXCLUDED."weight_grams",
			"min_id" = least(s."min_id", EXCLUDED."min_id"),
			"max_id" = greatest(s."max_id", EXCLUDED."max_id");
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		SELECT array_agg(k."wallet_id"), array_agg(k."day"), array_agg(k."kind") INTO wallet_ids, days, kinds
		FROM (SELECT DISTINCT "wallet_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", "kind" FROM old_rows) k;
	ELSE
		-- The days and kinds an entry left or entered; an update of other columns (balance_after) touches none.
		WITH before AS (
			SELECT "id", "wallet_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", "kind", "amount_paise", "order_id" FROM old_rows
		),
		after AS (
			SELECT "id", "wallet_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", "kind", "amount_paise", "order_id" FROM new_rows
		),
		moved AS (
			(SELECT * FROM before EXCEPT SELECT * FROM after)
			UNION
			(SELECT * FROM after EXCEPT SELECT * FROM before)
		)
		SELECT array_agg(k."wallet_id"), array_agg(k."day"), array_agg(k."kind") INTO wallet_ids, days, kinds
		FROM (SELECT DISTINCT "wallet_id", "day", "kind" FROM moved) k;
	END IF;
	PERFORM "wallet_day_sums_recount"(wallet_ids, days, kinds);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wallet_entries_keep_day_sums_insert_tr" AFTER INSERT ON "wallet_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "wallet_entries_keep_day_sums"();
--> statement-breakpoint
CREATE TRIGGER "wallet_entries_keep_day_sums_update_tr" AFTER UPDATE ON "wallet_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "wallet_entries_keep_day_sums"();
--> statement-breakpoint
CREATE TRIGGER "wallet_entries_keep_day_sums_delete_tr" AFTER DELETE ON "wallet_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "wallet_entries_keep_day_sums"();
--> statement-breakpoint
-- Every wallet's day sums counted afresh from the entries (not for use while others write).
CREATE FUNCTION "wallet_day_sums_rebuild"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM "wallet_day_sums";
	INSERT INTO "wallet_day_sums" ("wallet_id", "day", "kind", "entry_count", "amount_paise", "weight_grams", "min_id", "max_id")
	SELECT e."wallet_id", (e."created_at" AT TIME ZONE 'Asia/Kolkata')::date, e."kind", count(*), sum(e."amount_paise"),
		coalesce(sum(o."total_weight_grams"), 0), min(e."id"), max(e."id")
	FROM "wallet_entries" e
	LEFT JOIN "orders" o ON e."kind" = 'order_credit' AND o."id" = e."order_id"
	GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
-- Migration 0010's rebuild of every kept money sum (the bench's bulk load, a TRUNCATE of
-- orders, lines, invoices or entries), now with the wallets' day sums too.
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
		SELECT (o."completed_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", o."city_id", o."vendor_id", l."material_id",
			sum(coalesce(l."weight_grams", 0)) AS w, sum(l."amount_paise") AS v, sum(l."driver_amount_paise") AS d,
			sum(coalesce((l."b2c_rate_paise"::bigint * l."weight_grams" + 500) / 1000, 0)) AS b
		FROM "orders" o JOIN "order_lines" l ON l."order_id" = o."id"
		WHERE o."status" = 'completed' AND o."completed_at" IS NOT NULL
		GROUP BY o."id", l."material_id"
	) per_order GROUP BY 1, 2, 3, 4;
	INSERT INTO "reconciliation_order_days" ("day", "city_id", "vendor_id", "order_count")
	SELECT (o."completed_at" AT TIME ZONE 'Asia/Kolkata')::date, o."city_id", o."vendor_id", count(*)
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
	SELECT o."vendor_id", sum("completed_order_owes"(o."vendor_amount_paise", o."driver_id", o."driver_amount_paise", i."reverse_charge", i."total_paise"))
	FROM "orders" o LEFT JOIN "invoices" i ON i."order_id" = o."id"
	WHERE o."status" = 'completed'
	GROUP BY 1;
	INSERT INTO "wallet_entry_sums" ("wallet_id", "kind", "amount_paise")
	SELECT "wallet_id", "kind", sum("amount_paise") FROM "wallet_entries" GROUP BY 1, 2;
	PERFORM "wallet_day_sums_rebuild"();
END $$;
--> statement-breakpoint
SELECT "wallet_day_sums_rebuild"();
