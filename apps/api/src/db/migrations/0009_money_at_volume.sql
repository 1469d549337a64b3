CREATE TABLE "invoice_pdfs" (
	"order_id" bigint NOT NULL,
	"language" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_pdfs_pk" PRIMARY KEY("order_id","language")
);
--> statement-breakpoint
CREATE TABLE "order_stays" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"status" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"escalated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "requested_gstin" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "gstin_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_pdfs" ADD CONSTRAINT "invoice_pdfs_order_id_invoices_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."invoices"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stays" ADD CONSTRAINT "order_stays_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_stays_due_idx" ON "order_stays" USING btree ("since") WHERE not escalated and status in ('waiting_store', 'waiting_admin', 'issue');--> statement-breakpoint
CREATE INDEX "orders_pending_created_idx" ON "orders" USING btree ("created_at","id") WHERE status = 'pending';--> statement-breakpoint
-- An order's stay is its newest event. Kept in the transaction of every event written, by
-- any path, so the scheduler's query reads an index of the few stays that are due.
CREATE FUNCTION "order_events_keep_stay"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "order_stays" AS s ("order_id", "event_id", "status", "since", "escalated")
		VALUES (NEW."order_id", NEW."id", NEW."to_status", NEW."created_at",
			EXISTS (SELECT 1 FROM "escalations" x WHERE x."order_event_id" = NEW."id"))
		ON CONFLICT ("order_id") DO UPDATE SET
			"event_id" = EXCLUDED."event_id", "status" = EXCLUDED."status", "since" = EXCLUDED."since", "escalated" = EXCLUDED."escalated"
		WHERE s."event_id" < EXCLUDED."event_id";
	ELSIF TG_OP = 'UPDATE' THEN
		UPDATE "order_stays" SET "status" = NEW."to_status", "since" = NEW."created_at"
		WHERE "order_id" = NEW."order_id" AND "event_id" = NEW."id";
	ELSE
		DELETE FROM "order_stays" WHERE "order_id" = OLD."order_id" AND "event_id" = OLD."id";
		INSERT INTO "order_stays" ("order_id", "event_id", "status", "since", "escalated")
		SELECT e."order_id", e."id", e."to_status", e."created_at", EXISTS (SELECT 1 FROM "escalations" x WHERE x."order_event_id" = e."id")
		FROM "order_events" e JOIN "orders" o ON o."id" = e."order_id"
		WHERE e."order_id" = OLD."order_id" ORDER BY e."id" DESC LIMIT 1
		ON CONFLICT ("order_id") DO NOTHING;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_events_keep_stay_tr" AFTER INSERT OR DELETE OR UPDATE OF "created_at", "to_status" ON "order_events" FOR EACH ROW EXECUTE FUNCTION "order_events_keep_stay"();
--> statement-breakpoint
CREATE FUNCTION "escalations_mark_stay"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "order_stays" SET "escalated" = true WHERE "event_id" = NEW."order_event_id" AND "order_id" = NEW."order_id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "escalations_mark_stay_tr" AFTER INSERT ON "escalations" FOR EACH ROW WHEN (NEW."order_event_id" IS NOT NULL) EXECUTE FUNCTION "escalations_mark_stay"();
--> statement-breakpoint
INSERT INTO "order_stays" ("order_id", "event_id", "status", "since", "escalated")
SELECT DISTINCT ON (e."order_id") e."order_id", e."id", e."to_status", e."created_at",
	EXISTS (SELECT 1 FROM "escalations" x WHERE x."order_event_id" = e."id")
FROM "order_events" e ORDER BY e."order_id", e."id" DESC;
