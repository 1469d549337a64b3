-- Issue 39 item 5 (design.md section 23): a wallet's X-Total-Count (GET
-- /wallets/transactions and its CSV) from a kept count instead of counting every entry of
-- the wallet on each request (the bench's driver has 770,000). The count lives beside the
-- kept sums of migration 0010, per wallet and kind, and is kept by the same statement
-- trigger, so every path that writes entries (the ledger, bulk SQL, tests' tampering) keeps
-- it, in the transaction of the write: a wallet's total is the sum of at most three rows.
--
-- Entries are held still while the column is added and filled: a writer whose trigger ran
-- the old function after the count below read the entries would leave its entry uncounted.
-- SHARE ROW EXCLUSIVE waits for the writers in flight and keeps new ones out until commit;
-- the entries' table is taken before the sums', in the order every writer takes them.
LOCK TABLE "wallet_entries" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "wallet_entry_sums" ADD COLUMN "entry_count" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "wallet_entry_sums" s SET "entry_count" = c."n"
FROM (SELECT "wallet_id", "kind", count(*) AS "n" FROM "wallet_entries" GROUP BY 1, 2) c
WHERE s."wallet_id" = c."wallet_id" AND s."kind" = c."kind";
--> statement-breakpoint
-- Migration 0010's trigger function, now counting too. An update that moves an entry to
-- another wallet or kind moves its count; one that changes nothing counted (balance_after)
-- writes no row.
CREATE OR REPLACE FUNCTION "wallet_entries_keep_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "wallet_entry_sums" AS s ("wallet_id", "kind", "amount_paise", "entry_count")
		SELECT "wallet_id", "kind", sum("amount_paise"), count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("wallet_id", "kind") DO UPDATE SET
			"amount_paise" = s."amount_paise" + EXCLUDED."amount_paise", "entry_count" = s."entry_count" + EXCLUDED."entry_count";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "wallet_entry_sums" AS s ("wallet_id", "kind", "amount_paise", "entry_count")
		SELECT "wallet_id", "kind", -sum("amount_paise"), -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("wallet_id", "kind") DO UPDATE SET
			"amount_paise" = s."amount_paise" + EXCLUDED."amount_paise", "entry_count" = s."entry_count" + EXCLUDED."entry_count";
	ELSE
		INSERT INTO "wallet_entry_sums" AS s ("wallet_id", "kind", "amount_paise", "entry_count")
		SELECT "wallet_id", "kind", sum("amount_paise"), sum("n") FROM (
			SELECT "wallet_id", "kind", "amount_paise", 1 AS "n" FROM new_rows
			UNION ALL
			SELECT "wallet_id", "kind", -"amount_paise", -1 FROM old_rows
		) c GROUP BY 1, 2 HAVING sum("amount_paise") <> 0 OR sum("n") <> 0 ORDER BY 1, 2
		ON CONFLICT ("wallet_id", "kind") DO UPDATE SET
			"amount_paise" = s."amount_paise" + EXCLUDED."amount_paise", "entry_count" = s."entry_count" + EXCLUDED."entry_count";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Migration 0011's rebuild of every kept money sum, now with the entry counts.
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
	INSERT INTO "wallet_entry_sums" ("wallet_id", "kind", "amount_paise", "entry_count")
	SELECT "wallet_id", "kind", sum("amount_paise"), count(*) FROM "wallet_entries" GROUP BY 1, 2;
	PERFORM "wallet_day_sums_rebuild"();
END $$;
