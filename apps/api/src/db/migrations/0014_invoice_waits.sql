-- Issue 39 (design.md section 23): a completed order waits for its invoice while Settings ->
-- Information lacks the company's name, address, state or GSTIN; completing the information
-- issues the waiting invoices in completion order.
CREATE TABLE "invoice_waits" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"supplier_gstin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_waits" ADD CONSTRAINT "invoice_waits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Serves issuing the waiting invoices, and the admin's list of them, in completion order.
CREATE INDEX "invoice_waits_completed_idx" ON "invoice_waits" USING btree ("completed_at","order_id");
--> statement-breakpoint
-- Serves closing an order's open system escalations on each of its transitions: only those rows.
CREATE INDEX "escalations_open_system_idx" ON "escalations" USING btree ("order_id") WHERE "created_by" IS NULL AND "status" <> 'resolved';
