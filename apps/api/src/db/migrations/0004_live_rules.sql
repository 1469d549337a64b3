-- Issue 11 (design.md section 12): the change feed, the mail queue, escalations the system
-- opens by itself. Triggers write every feed event in the transaction of the change and
-- NOTIFY it, so PostgreSQL delivers it to every API process exactly when it commits.

CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"store_id" integer,
	"vendor_id" integer,
	"city_id" integer,
	"driver_ids" integer[],
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_kind_ck" CHECK ("kind" IN ('order', 'notification', 'rates'))
);
--> statement-breakpoint
-- Serves the scheduler's pruning of events older than the replay window.
CREATE INDEX "live_events_created_at_idx" ON "live_events" USING btree ("created_at");
--> statement-breakpoint
CREATE FUNCTION "live_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('kabadi_live', json_build_object(
		'id', NEW.id, 'kind', NEW.kind, 'data', NEW.data, 'store_id', NEW.store_id, 'vendor_id', NEW.vendor_id,
		'city_id', NEW.city_id, 'driver_ids', NEW.driver_ids, 'member_id', NEW.member_id)::text);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "live_events_notify_tr" AFTER INSERT ON "live_events" FOR EACH ROW EXECUTE FUNCTION "live_events_notify"();
--> statement-breakpoint
-- An order event reaches who may see the order before or after the change: city_id is set
-- while the order is (or was) pending, for the city's drivers; driver_ids holds its driver
-- before and after.
CREATE FUNCTION "live_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	pending_city integer := NULL;
	old_driver integer := NULL;
BEGIN
	IF NEW.status = 'pending' THEN pending_city := NEW.city_id; END IF;
	IF TG_OP = 'UPDATE' THEN
		IF OLD.status = 'pending' THEN pending_city := NEW.city_id; END IF;
		old_driver := OLD.driver_id;
	END IF;
	INSERT INTO live_events (kind, data, store_id, vendor_id, city_id, driver_ids)
	VALUES ('order',
		jsonb_build_object('id', NEW.id, 'status', NEW.status,
			'updated_at', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
		NEW.store_id, NEW.vendor_id, pending_city,
		array_remove(ARRAY[NEW.driver_id, old_driver]::integer[], NULL));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Totals written right after creation set neither column: one event per creation.
CREATE TRIGGER "live_order_insert_tr" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "live_order_event"();
--> statement-breakpoint
CREATE TRIGGER "live_order_update_tr" AFTER UPDATE OF "status", "updated_at", "driver_id" ON "orders" FOR EACH ROW EXECUTE FUNCTION "live_order_event"();
--> statement-breakpoint
CREATE FUNCTION "live_notification_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO live_events (kind, data, member_id) VALUES ('notification', jsonb_build_object('id', NEW.id), NEW.member_id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "live_notification_tr" AFTER INSERT ON "notifications" FOR EACH ROW EXECUTE FUNCTION "live_notification_event"();
--> statement-breakpoint
CREATE FUNCTION "live_rates_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.key = 'rates_version' THEN
		INSERT INTO live_events (kind, data) VALUES ('rates', jsonb_build_object('version', (NEW.value #>> '{}')::bigint));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "live_rates_tr" AFTER INSERT OR UPDATE ON "settings" FOR EACH ROW EXECUTE FUNCTION "live_rates_event"();
--> statement-breakpoint
-- Who a member is (role, approval, password, store, vendor, city) changed: every API
-- process drops its cached sign-in checks, so a revoked member is refused at once.
CREATE FUNCTION "live_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('kabadi_auth', TG_TABLE_NAME);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "live_auth_members_tr" AFTER UPDATE OR DELETE ON "members" FOR EACH STATEMENT EXECUTE FUNCTION "live_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "live_auth_identities_tr" AFTER UPDATE OR DELETE ON "identities" FOR EACH STATEMENT EXECUTE FUNCTION "live_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "live_auth_stores_tr" AFTER UPDATE OR DELETE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION "live_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "live_auth_drivers_tr" AFTER UPDATE OR DELETE ON "drivers" FOR EACH STATEMENT EXECUTE FUNCTION "live_auth_changed"();
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Serves the scheduler's next mails to send.
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "escalations" ALTER COLUMN "created_by" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "escalations" ADD COLUMN "order_event_id" bigint;
--> statement-breakpoint
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_order_event_id_order_events_id_fk" FOREIGN KEY ("order_event_id") REFERENCES "public"."order_events"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- One escalation per stay of an order in a status: the event that began the stay.
CREATE UNIQUE INDEX "escalations_order_event_uq" ON "escalations" USING btree ("order_event_id");
