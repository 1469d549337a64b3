-- Issue 12 (design.md sections 10 and 11): the wallet entries become a ledger, payouts,
-- GST facts on materials and vendors, the b2c rate each line was priced at, and invoices.

-- ---- Ledger --------------------------------------------------------------------------------
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet_id" integer NOT NULL,
	"vendor_id" integer,
	"driver_id" integer,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"reference" text,
	"reason" text,
	"requested_by" integer,
	"decided_by" integer,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_ck" CHECK ("amount_paise" > 0),
	CONSTRAINT "payouts_status_ck" CHECK ("status" IN ('requested', 'paid', 'rejected', 'cancelled')),
	CONSTRAINT "payouts_one_owner_ck" CHECK (("vendor_id" IS NULL) <> ("driver_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_members_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_uq" ON "payouts" USING btree ("requested_by","idempotency_key");
--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","id");
--> statement-breakpoint
CREATE INDEX "payouts_wallet_idx" ON "payouts" USING btree ("wallet_id","id");
--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "requested_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "kind" text DEFAULT 'order_credit' NOT NULL;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ALTER COLUMN "kind" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "balance_after_paise" bigint;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "payout_id" bigint;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ALTER COLUMN "order_id" DROP NOT NULL;
--> statement-breakpoint
UPDATE "wallet_entries" AS e
SET "balance_after_paise" = r."running"
FROM (
	SELECT "id", sum("amount_paise") OVER (PARTITION BY "wallet_id" ORDER BY "id" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "running"
	FROM "wallet_entries"
) AS r
WHERE r."id" = e."id";
--> statement-breakpoint
ALTER TABLE "wallet_entries" ALTER COLUMN "balance_after_paise" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_ck" CHECK ("kind" IN ('order_credit', 'payout', 'adjustment'));
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_balance_ck" CHECK ("balance_after_paise" >= 0);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_payout_uq" ON "wallet_entries" USING btree ("payout_id");
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_balance_ck" CHECK ("balance_paise" >= 0);
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_available_ck" CHECK ("requested_paise" >= 0 AND "requested_paise" <= "balance_paise");
--> statement-breakpoint

-- ---- GST facts -------------------------------------------------------------------------------
ALTER TABLE "materials" ADD COLUMN "hsn_code" text;
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "gst_rate_bp" integer DEFAULT 1800 NOT NULL;
--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_gst_rate_ck" CHECK ("gst_rate_bp" IN (0, 25, 150, 300, 500, 1200, 1800, 2800, 4000));
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "gstin" text;
--> statement-breakpoint

-- ---- The b2c rate each line was priced at ---------------------------------------------------
ALTER TABLE "order_lines" ADD COLUMN "b2c_rate_paise" integer;
--> statement-breakpoint
UPDATE "order_lines" AS l
SET "b2c_rate_paise" = coalesce(
	(SELECT r."rate_paise" FROM "city_rates" AS r JOIN "orders" AS o ON o."city_id" = r."city_id"
	 WHERE o."id" = l."order_id" AND r."material_id" = l."material_id" AND r."rate_type" = 'b2c'),
	(SELECT m."b2c_rate_paise" FROM "materials" AS m WHERE m."id" = l."material_id")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "b2c_rate_paise" SET NOT NULL;
--> statement-breakpoint

-- ---- Invoices --------------------------------------------------------------------------------
CREATE TABLE "invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_paise" bigint,
	"reverse_charge" boolean,
	"body" jsonb
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sequence_uq" ON "invoices" USING btree ("financial_year","sequence");
--> statement-breakpoint
-- Orders completed before invoices existed are numbered in order of completion, per
-- financial year (April to March, India time); their body is computed on first read.
INSERT INTO "invoices" ("order_id", "number", "financial_year", "sequence", "issued_at")
SELECT "id", 'INV/' || "fy" || '/' || lpad("seq"::text, 6, '0'), "fy", "seq", "done"
FROM (
	SELECT "id", "fy", "done", row_number() OVER (PARTITION BY "fy" ORDER BY "done", "id")::integer AS "seq"
	FROM (
		SELECT "id", coalesce("completed_at", "updated_at") AS "done",
			"y"::text || '-' || lpad((("y" + 1) % 100)::text, 2, '0') AS "fy"
		FROM (
			SELECT "id", "completed_at", "updated_at",
				(extract(year FROM (coalesce("completed_at", "updated_at") AT TIME ZONE 'Asia/Kolkata'))::integer
				 - CASE WHEN extract(month FROM (coalesce("completed_at", "updated_at") AT TIME ZONE 'Asia/Kolkata')) < 4 THEN 1 ELSE 0 END) AS "y"
			FROM "orders" WHERE "status" = 'completed'
		) AS a
	) AS b
) AS c;
--> statement-breakpoint
INSERT INTO "invoice_counters" ("financial_year", "last_number")
SELECT "financial_year", max("sequence") FROM "invoices" GROUP BY "financial_year";
