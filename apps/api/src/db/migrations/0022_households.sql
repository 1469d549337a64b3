-- Households sell their scrap (design.md section 21, decision 084): a household's home is a
-- stores row of kind 'household' with no vendor; its orders have no vendor; payment at the
-- door, the handover code, receipts numbered per financial year, and the driver's
-- household_payment entry (a second entry of one order in one wallet, so "once" is per kind).
ALTER TABLE "stores" ADD COLUMN "kind" text DEFAULT 'store' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_kind_ck" CHECK ("stores"."kind" IN ('store', 'household'));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "vendor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_kind" text DEFAULT 'store' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover_code_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_kind_ck" CHECK ("orders"."customer_kind" IN ('store', 'household') AND ("orders"."customer_kind" = 'household') = ("orders"."vendor_id" IS NULL));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_ck" CHECK ("orders"."payment_method" IS NULL OR "orders"."payment_method" IN ('cash', 'upi'));--> statement-breakpoint
CREATE INDEX "orders_household_idx" ON "orders" USING btree ("id") WHERE customer_kind = 'household';--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_paise" bigint NOT NULL,
	"body" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_pdfs" (
	"order_id" bigint NOT NULL,
	"language" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_pdfs_pk" PRIMARY KEY("order_id","language")
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_pdfs" ADD CONSTRAINT "receipt_pdfs_order_id_receipts_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."receipts"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_uq" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_sequence_uq" ON "receipts" USING btree ("financial_year","sequence");--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_ck";--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_ck" CHECK ("wallet_entries"."kind" IN ('order_credit', 'payout', 'adjustment', 'household_payment'));--> statement-breakpoint
DROP INDEX "wallet_entries_once_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_once_uq" ON "wallet_entries" USING btree ("wallet_id","order_id","kind");
