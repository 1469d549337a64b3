CREATE TABLE "completed_order_owed" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"owed_paise" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_material_days" (
	"day" date NOT NULL,
	"city_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"weight_grams" bigint DEFAULT 0 NOT NULL,
	"vendor_amount_paise" bigint DEFAULT 0 NOT NULL,
	"driver_amount_paise" bigint DEFAULT 0 NOT NULL,
	"b2c_value_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reconciliation_material_days_pk" PRIMARY KEY("day","city_id","vendor_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_material_months" (
	"month" date NOT NULL,
	"city_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"weight_grams" bigint DEFAULT 0 NOT NULL,
	"vendor_amount_paise" bigint DEFAULT 0 NOT NULL,
	"driver_amount_paise" bigint DEFAULT 0 NOT NULL,
	"b2c_value_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reconciliation_material_months_pk" PRIMARY KEY("month","city_id","vendor_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_order_days" (
	"day" date NOT NULL,
	"city_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reconciliation_order_days_pk" PRIMARY KEY("day","city_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_order_months" (
	"month" date NOT NULL,
	"city_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reconciliation_order_months_pk" PRIMARY KEY("month","city_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_entry_sums" (
	"wallet_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_entry_sums_pk" PRIMARY KEY("wallet_id","kind")
);
--> statement-breakpoint
-- Issue 19 (design.md section 16): the reconciliation report and the ledger check read sums
-- kept by the database instead of every order, line and entry. Triggers keep them in the
-- transaction of every change, whatever path made it (the API, plain SQL, a backfill), as
-- migration 0005 does for the order charts; money_sums_rebuild() computes them afresh (the
-- backfill below, the bench's bulk load, and after a TRUNCATE).
--
-- A line counts in the report while its order is completed with a completed_at, on the
-- India day of that completed_at, under the order's city and vendor. So the sums move when
-- lines are written to such an order (triggers on order_lines) and when an order enters or
-- leaves that state or changes day, city or vendor (triggers on orders: all of the order's
-- lines move at once). A deleted order is taken out before its lines cascade away, since
-- afterwards nothing says where they were counted.
--
-- Both sides lock the order row before they read the other side: a completion and a line
-- written at once by two transactions take turns, and the second sees the first's rows.
-- Statement-level triggers with transition tables turn a bulk statement into one grouped
-- write per table instead of one per row.
--
-- Not covered: a single statement that changes an order's counted state and its lines (or
-- its invoice) together through data-modifying CTEs would count the new lines twice.

-- One change to the report's sums: the day, city, vendor and material with the number of
-- orders having that material and the sums to add (negative to take away); with
-- material_id null, the change in the number of orders having lines.
CREATE TYPE "reconciliation_delta" AS (
	"day" date,
	"city_id" integer,
	"vendor_id" integer,
	"material_id" integer,
	"order_count" integer,
	"weight_grams" bigint,
	"vendor_amount_paise" bigint,
	"driver_amount_paise" bigint,
	"b2c_value_paise" bigint
);
--> statement-breakpoint
-- What a statement did to the lines of one order and one material (removals negative).
CREATE TYPE "order_line_change" AS (
	"order_id" bigint,
	"material_id" integer,
	"line_count" integer,
	"weight_grams" bigint,
	"vendor_amount_paise" bigint,
	"driver_amount_paise" bigint,
	"b2c_value_paise" bigint
);
--> statement-breakpoint
-- Applies changes to the day and month rows. Each table is written in key order, and the
-- tables always in this order, so two transactions touching the same rows take them in the
-- same order and never wait on each other in a cycle (migration 0005's rule, for sets of
-- rows). Changes that cancel out write nothing.
CREATE FUNCTION "reconciliation_apply"(changes "reconciliation_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF changes IS NULL OR cardinality(changes) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO "reconciliation_material_days" AS r ("day", "city_id", "vendor_id", "material_id", "order_count", "weight_grams", "vendor_amount_paise", "driver_amount_paise", "b2c_value_paise")
	SELECT c."day", c."city_id", c."vendor_id", c."material_id", sum(c."order_count"), sum(c."weight_grams"), sum(c."vendor_amount_paise"), sum(c."driver_amount_paise"), sum(c."b2c_value_paise")
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
	SELECT c."day", c."city_id", c."vendor_id", sum(c."order_count")
	FROM unnest(changes) c WHERE c."material_id" IS NULL
	GROUP BY 1, 2, 3
	HAVING sum(c."order_count") <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT ("day", "city_id", "vendor_id") DO UPDATE SET "order_count" = r."order_count" + EXCLUDED."order_count";
	INSERT INTO "reconciliation_material_months" AS r ("month", "city_id", "vendor_id", "material_id", "order_count", "weight_grams", "vendor_amount_paise", "driver_amount_paise", "b2c_value_paise")
	SELECT date_trunc('month', c."day"::timestamp)::date, c."city_id", c."vendor_id", c."material_id", sum(c."order_count"), sum(c."weight_grams"), sum(c."vendor_amount_paise"), sum(c."driver_amount_paise"), sum(c."b2c_value_paise")
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
	SELECT date_trunc('month', c."day"::timestamp)::date, c."city_id", c."vendor_id", sum(c."order_count")
	FROM unnest(changes) c WHERE c."material_id" IS NULL
	GROUP BY 1, 2, 3
	HAVING sum(c."order_count") <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT ("month", "city_id", "vendor_id") DO UPDATE SET "order_count" = r."order_count" + EXCLUDED."order_count";
END $$;
--> statement-breakpoint
-- All of an order's lines under one key (sign -1 takes them away): per material, and the
-- order itself when it has lines. A line's b2c value rounds half up to the paisa, as the
-- report always did; a line not weighed counts as 0 g.
CREATE FUNCTION "reconciliation_order_lines"(p_order_id bigint, p_day date, p_city_id integer, p_vendor_id integer, p_sign integer)
RETURNS SETOF "reconciliation_delta" LANGUAGE sql STABLE AS $$
	SELECT p_day, p_city_id, p_vendor_id, l."material_id", p_sign,
		(p_sign * sum(coalesce(l."weight_grams", 0)))::bigint,
		(p_sign * sum(l."amount_paise"))::bigint,
		(p_sign * sum(l."driver_amount_paise"))::bigint,
		(p_sign * sum(coalesce((l."b2c_rate_paise"::bigint * l."weight_grams" + 500) / 1000, 0)))::bigint
	FROM "order_lines" l WHERE l."order_id" = p_order_id GROUP BY l."material_id"
	UNION ALL
	SELECT p_day, p_city_id, p_vendor_id, NULL::integer, p_sign, 0::bigint, 0::bigint, 0::bigint, 0::bigint
	WHERE EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = p_order_id)
$$;
--> statement-breakpoint
-- What one completed order owes the wallets, as the ledger check always reckoned it: the
-- vendor credit (the invoice total when the invoice is not reverse charge, else the vendor
-- amount) plus the driver amount when a driver took it.
CREATE FUNCTION "completed_order_owes"(vendor_amount bigint, driver_id integer, driver_amount bigint, reverse_charge boolean, invoice_total bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(CASE WHEN reverse_charge = false THEN invoice_total ELSE vendor_amount END + CASE WHEN driver_id IS NULL THEN 0 ELSE driver_amount END, 0)
$$;
--> statement-breakpoint
-- Adds to what completed orders owe, per vendor, in vendor order (one row per vendor, so
-- completions of different vendors never wait on each other here).
CREATE FUNCTION "completed_order_owed_add"(vendor_ids integer[], amounts bigint[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "completed_order_owed" AS t ("vendor_id", "owed_paise")
	SELECT c."vendor_id", sum(c."amount") FROM unnest(vendor_ids, amounts) AS c("vendor_id", "amount")
	GROUP BY 1 HAVING sum(c."amount") <> 0 ORDER BY 1
	ON CONFLICT ("vendor_id") DO UPDATE SET "owed_paise" = t."owed_paise" + EXCLUDED."owed_paise"
$$;
--> statement-breakpoint
-- Orders written: what completed orders owe (against their invoices as they stand), and
-- on UPDATE the report's sums of every order whose counted day, city or vendor changed. On
-- INSERT the lines come later (or in the same statement) and are counted by their own
-- trigger; on DELETE the lines were taken out by orders_uncount_deleted.
CREATE FUNCTION "orders_keep_money_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	vendor_ids integer[];
	amounts bigint[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(n."vendor_id"), array_agg("completed_order_owes"(n."vendor_amount_paise", n."driver_id", n."driver_amount_paise", i."reverse_charge", i."total_paise"))
		INTO vendor_ids, amounts
		FROM new_rows n LEFT JOIN "invoices" i ON i."order_id" = n."id" WHERE n."status" = 'completed';
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(o."vendor_id"), array_agg(-"completed_order_owes"(o."vendor_amount_paise", o."driver_id", o."driver_amount_paise", i."reverse_charge", i."total_paise"))
		INTO vendor_ids, amounts
		FROM old_rows o LEFT JOIN "invoices" i ON i."order_id" = o."id" WHERE o."status" = 'completed';
	ELSE
		IF NOT EXISTS (SELECT 1 FROM new_rows WHERE "status" = 'completed') AND NOT EXISTS (SELECT 1 FROM old_rows WHERE "status" = 'completed') THEN
			RETURN NULL;
		END IF;
		PERFORM "reconciliation_apply"(ARRAY(
			WITH moved AS (
				SELECT o."id" AS old_id, (o."completed_at" AT TIME ZONE 'Asia/Kolkata')::date AS old_day, o."city_id" AS old_city, o."vendor_id" AS old_vendor,
					n."id" AS new_id, (n."completed_at" AT TIME ZONE 'Asia/Kolkata')::date AS new_day, n."city_id" AS new_city, n."vendor_id" AS new_vendor
				FROM (SELECT * FROM old_rows WHERE "status" = 'completed' AND "completed_at" IS NOT NULL) o
				FULL JOIN (SELECT * FROM new_rows WHERE "status" = 'completed' AND "completed_at" IS NOT NULL) n ON n."id" = o."id"
				WHERE (o."completed_at" AT TIME ZONE 'Asia/Kolkata')::date IS DISTINCT FROM (n."completed_at" AT TIME ZONE 'Asia/Kolkata')::date
					OR o."city_id" IS DISTINCT FROM n."city_id" OR o."vendor_id" IS DISTINCT FROM n."vendor_id"
			)
			SELECT c FROM moved m, "reconciliation_order_lines"(m.old_id, m.old_day, m.old_city, m.old_vendor, -1) c WHERE m.old_id IS NOT NULL
			UNION ALL
			SELECT c FROM moved m, "reconciliation_order_lines"(m.new_id, m.new_day, m.new_city, m.new_vendor, 1) c WHERE m.new_id IS NOT NULL
		));
		SELECT array_agg(c."vendor_id"), array_agg(c."amount") INTO vendor_ids, amounts FROM (
			SELECT n."vendor_id", "completed_order_owes"(n."vendor_amount_paise", n."driver_id", n."driver_amount_paise", i."reverse_charge", i."total_paise") AS "amount"
			FROM new_rows n LEFT JOIN "invoices" i ON i."order_id" = n."id" WHERE n."status" = 'completed'
			UNION ALL
			SELECT o."vendor_id", -"completed_order_owes"(o."vendor_amount_paise", o."driver_id", o."driver_amount_paise", i."reverse_charge", i."total_paise")
			FROM old_rows o LEFT JOIN "invoices" i ON i."order_id" = o."id" WHERE o."status" = 'completed'
		) c;
	END IF;
	IF vendor_ids IS NOT NULL THEN
		PERFORM "completed_order_owed_add"(vendor_ids, amounts);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_keep_money_sums_insert_tr" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_keep_money_sums"();
--> statement-breakpoint
CREATE TRIGGER "orders_keep_money_sums_update_tr" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_keep_money_sums"();
--> statement-breakpoint
CREATE TRIGGER "orders_keep_money_sums_delete_tr" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_keep_money_sums"();
--> statement-breakpoint
-- Before a counted order goes, while its lines are still there to say what it counted.
CREATE FUNCTION "orders_uncount_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "reconciliation_apply"(ARRAY(
		SELECT c FROM "reconciliation_order_lines"(OLD."id", (OLD."completed_at" AT TIME ZONE 'Asia/Kolkata')::date, OLD."city_id", OLD."vendor_id", -1) c
	));
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_uncount_deleted_tr" BEFORE DELETE ON "orders" FOR EACH ROW
WHEN (OLD."status" = 'completed' AND OLD."completed_at" IS NOT NULL) EXECUTE FUNCTION "orders_uncount_deleted"();
--> statement-breakpoint
-- Lines written: the changes of the statement per order and material, applied to the
-- orders that are counted. Whether an order (or an order's material) starts or stops
-- counting is read from the lines it has now against what the statement changed, so a
-- statement writing several lines of one order counts the order once.
CREATE FUNCTION "order_lines_keep_money_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changes "order_line_change"[];
	counted bigint[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(c) INTO changes FROM (
			SELECT "order_id", "material_id", count(*)::integer, sum(coalesce("weight_grams", 0))::bigint, sum("amount_paise")::bigint, sum("driver_amount_paise")::bigint,
				sum(coalesce(("b2c_rate_paise"::bigint * "weight_grams" + 500) / 1000, 0))::bigint
			FROM new_rows GROUP BY 1, 2
		) c;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(c) INTO changes FROM (
			SELECT "order_id", "material_id", -count(*)::integer, -sum(coalesce("weight_grams", 0))::bigint, -sum("amount_paise")::bigint, -sum("driver_amount_paise")::bigint,
				-sum(coalesce(("b2c_rate_paise"::bigint * "weight_grams" + 500) / 1000, 0))::bigint
			FROM old_rows GROUP BY 1, 2
		) c;
	ELSE
		SELECT array_agg(c) INTO changes FROM (
			SELECT "order_id", "material_id", sum(n)::integer, sum(w)::bigint, sum(v)::bigint, sum(d)::bigint, sum(b)::bigint FROM (
				SELECT "order_id", "material_id", 1 AS n, coalesce("weight_grams", 0) AS w, "amount_paise" AS v, "driver_amount_paise" AS d,
					coalesce(("b2c_rate_paise"::bigint * "weight_grams" + 500) / 1000, 0) AS b
				FROM new_rows
				UNION ALL
				SELECT "order_id", "material_id", -1, -coalesce("weight_grams", 0), -"amount_paise", -"driver_amount_paise",
					-coalesce(("b2c_rate_paise"::bigint * "weight_grams" + 500) / 1000, 0)
				FROM old_rows
			) x GROUP BY 1, 2
		) c;
	END IF;
	IF changes IS NULL THEN
		RETURN NULL;
	END IF;
	-- Locked in id order before their state is read: a completion racing this statement
	-- either waits for it and then sees its lines, or is seen here as completed. Every
	-- order of the statement is locked, in a statement of its own: a filter on the status
	-- beside the lock would let the planner skip the rows it must wait for, and the next
	-- statement's snapshot sees what the transaction waited for.
	PERFORM 1 FROM "orders" WHERE "id" IN (SELECT c."order_id" FROM unnest(changes) c) ORDER BY "id" FOR NO KEY UPDATE;
	SELECT array_agg("id") INTO counted FROM "orders"
	WHERE "id" IN (SELECT c."order_id" FROM unnest(changes) c) AND "status" = 'completed' AND "completed_at" IS NOT NULL;
	IF counted IS NULL THEN
		RETURN NULL;
	END IF;
	PERFORM "reconciliation_apply"(ARRAY(
		WITH o AS (
			SELECT "id", ("completed_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", "city_id", "vendor_id" FROM "orders" WHERE "id" = ANY (counted)
		),
		now_lines AS (
			SELECT l."order_id", l."material_id", count(*) AS n FROM "order_lines" l WHERE l."order_id" = ANY (counted) GROUP BY 1, 2
		),
		per_material AS (
			SELECT c.*, coalesce(x.n, 0) AS after_count FROM unnest(changes) c
			LEFT JOIN now_lines x ON x."order_id" = c."order_id" AND x."material_id" = c."material_id"
			WHERE c."order_id" = ANY (counted)
		),
		per_order AS (
			SELECT p."order_id", sum(p."line_count") AS line_count,
				(SELECT coalesce(sum(x.n), 0) FROM now_lines x WHERE x."order_id" = p."order_id") AS after_count
			FROM per_material p GROUP BY 1
		)
		SELECT ROW(o."day", o."city_id", o."vendor_id", p."material_id", (p.after_count > 0)::integer - (p.after_count - p."line_count" > 0)::integer,
			p."weight_grams", p."vendor_amount_paise", p."driver_amount_paise", p."b2c_value_paise")::"reconciliation_delta"
		FROM per_material p JOIN o ON o."id" = p."order_id"
		UNION ALL
		SELECT ROW(o."day", o."city_id", o."vendor_id", NULL, (p.after_count > 0)::integer - (p.after_count - p."line_count" > 0)::integer, 0, 0, 0, 0)::"reconciliation_delta"
		FROM per_order p JOIN o ON o."id" = p."order_id"
	));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_keep_money_sums_insert_tr" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_keep_money_sums"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_keep_money_sums_update_tr" AFTER UPDATE ON "order_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_keep_money_sums"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_keep_money_sums_delete_tr" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_keep_money_sums"();
--> statement-breakpoint
-- An invoice written, changed or removed changes what its completed order owes. The order
-- is locked before it is read, as for lines: the completing transaction writes the invoice
-- after the order, and holds the lock already. Row by row: invoices come one per completion.
CREATE FUNCTION "invoices_keep_owed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	o "orders";
BEGIN
	IF TG_OP = 'UPDATE' AND (OLD."order_id", OLD."reverse_charge", OLD."total_paise") IS NOT DISTINCT FROM (NEW."order_id", NEW."reverse_charge", NEW."total_paise") THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT * INTO o FROM "orders" WHERE "id" = OLD."order_id" FOR NO KEY UPDATE;
		IF o."status" = 'completed' THEN
			PERFORM "completed_order_owed_add"(ARRAY[o."vendor_id"], ARRAY[
				"completed_order_owes"(o."vendor_amount_paise", o."driver_id", o."driver_amount_paise", NULL, NULL)
				- "completed_order_owes"(o."vendor_amount_paise", o."driver_id", o."driver_amount_paise", OLD."reverse_charge", OLD."total_paise")]);
		END IF;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		SELECT * INTO o FROM "orders" WHERE "id" = NEW."order_id" FOR NO KEY UPDATE;
		IF o."status" = 'completed' THEN
			PERFORM "completed_order_owed_add"(ARRAY[o."vendor_id"], ARRAY[
				"completed_order_owes"(o."vendor_amount_paise", o."driver_id", o."driver_amount_paise", NEW."reverse_charge", NEW."total_paise")
				- "completed_order_owes"(o."vendor_amount_paise", o."driver_id", o."driver_amount_paise", NULL, NULL)]);
		END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_keep_owed_tr" AFTER INSERT OR DELETE OR UPDATE OF "order_id", "reverse_charge", "total_paise" ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_keep_owed"();
--> statement-breakpoint
-- Entries summed per wallet and kind. A wallet's row is locked by every entry written to
-- it, so these rows add no waiting; in (wallet, kind) order for bulk statements.
CREATE FUNCTION "wallet_entries_keep_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "wallet_entry_sums" AS s ("wallet_id", "kind", "amount_paise")
		SELECT "wallet_id", "kind", sum("amount_paise") FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("wallet_id", "kind") DO UPDATE SET "amount_paise" = s."amount_paise" + EXCLUDED."amount_paise";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "wallet_entry_sums" AS s ("wallet_id", "kind", "amount_paise")
		SELECT "wallet_id", "kind", -sum("amount_paise") FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("wallet_id", "kind") DO UPDATE SET "amount_paise" = s."amount_paise" + EXCLUDED."amount_paise";
	ELSE
		INSERT INTO "wallet_entry_sums" AS s ("wallet_id", "kind", "amount_paise")
		SELECT "wallet_id", "kind", sum("amount_paise") FROM (
			SELECT "wallet_id", "kind", "amount_paise" FROM new_rows
			UNION ALL
			SELECT "wallet_id", "kind", -"amount_paise" FROM old_rows
		) c GROUP BY 1, 2 HAVING sum("amount_paise") <> 0 ORDER BY 1, 2
		ON CONFLICT ("wallet_id", "kind") DO UPDATE SET "amount_paise" = s."amount_paise" + EXCLUDED."amount_paise";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wallet_entries_keep_sums_insert_tr" AFTER INSERT ON "wallet_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "wallet_entries_keep_sums"();
--> statement-breakpoint
CREATE TRIGGER "wallet_entries_keep_sums_update_tr" AFTER UPDATE ON "wallet_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "wallet_entries_keep_sums"();
--> statement-breakpoint
CREATE TRIGGER "wallet_entries_keep_sums_delete_tr" AFTER DELETE ON "wallet_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "wallet_entries_keep_sums"();
--> statement-breakpoint
-- Every kept sum computed afresh from the rows: the backfill, a bulk load that ran with the
-- triggers off (the bench), a TRUNCATE (which fires no row or statement triggers of the
-- kind above). Not for use while others write.
CREATE FUNCTION "money_sums_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE FUNCTION "money_sums_rebuild_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "money_sums_rebuild"();
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_money_sums_truncate_tr" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "money_sums_rebuild_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_money_sums_truncate_tr" AFTER TRUNCATE ON "order_lines" FOR EACH STATEMENT EXECUTE FUNCTION "money_sums_rebuild_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "invoices_money_sums_truncate_tr" AFTER TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "money_sums_rebuild_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "wallet_entries_money_sums_truncate_tr" AFTER TRUNCATE ON "wallet_entries" FOR EACH STATEMENT EXECUTE FUNCTION "money_sums_rebuild_after_truncate"();
--> statement-breakpoint
SELECT "money_sums_rebuild"();
