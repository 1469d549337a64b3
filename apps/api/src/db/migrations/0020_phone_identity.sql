-- Design.md section 20, "A phone number is an identity; messages reach phones" (decision
-- draft h5): phones in E.164, one member per number, sign-in codes by SMS, and SMS riding the
-- mail queue.
--
-- Existing phones are normalised as libphonenumber-js would read Indian ones: spaces, dashes,
-- dots and brackets dropped, then a bare 10-digit number, or one after 0, 91, 0091 or +91, is
-- +91 and those 10 digits; an E.164-shaped number of another country stays as it is.
-- A member's phone is an identity: one that is no Indian mobile number (10 digits from 6)
-- nor E.164 is set to null, since it cannot receive a code; the same number on the member's
-- store, vendor or driver record keeps what was typed. Of two members with one number the
-- earlier keeps it. On those records, staff and the company settings, a number that cannot be
-- read is left as it was typed: it is contact text for people, and the next edit replaces it.
UPDATE "members" SET "phone" = CASE
	WHEN regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^(\+91|0091|91|0)?[6-9][0-9]{9}$'
		THEN '+91' || right(regexp_replace("phone", '[[:space:]().-]', '', 'g'), 10)
	WHEN regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^\+[1-9][0-9]{6,14}$'
		THEN regexp_replace("phone", '[[:space:]().-]', '', 'g')
	ELSE NULL
END
WHERE "phone" IS NOT NULL;
--> statement-breakpoint
UPDATE "members" AS m SET "phone" = NULL
WHERE m."phone" IS NOT NULL AND EXISTS (SELECT 1 FROM "members" AS o WHERE o."phone" = m."phone" AND o."id" < m."id");
--> statement-breakpoint
UPDATE "vendors" SET "phone" = '+91' || right(regexp_replace("phone", '[[:space:]().-]', '', 'g'), 10)
WHERE regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^(\+91|0091|91|0)?[2-9][0-9]{9}$';
--> statement-breakpoint
UPDATE "stores" SET "phone" = '+91' || right(regexp_replace("phone", '[[:space:]().-]', '', 'g'), 10)
WHERE regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^(\+91|0091|91|0)?[2-9][0-9]{9}$';
--> statement-breakpoint
UPDATE "drivers" SET "phone" = '+91' || right(regexp_replace("phone", '[[:space:]().-]', '', 'g'), 10)
WHERE regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^(\+91|0091|91|0)?[2-9][0-9]{9}$';
--> statement-breakpoint
UPDATE "staff" SET "phone" = '+91' || right(regexp_replace("phone", '[[:space:]().-]', '', 'g'), 10)
WHERE regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^(\+91|0091|91|0)?[2-9][0-9]{9}$';
--> statement-breakpoint
UPDATE "settings" SET "value" = jsonb_set("value", '{phone}', to_jsonb('+91' || right(regexp_replace("value"->>'phone', '[[:space:]().-]', '', 'g'), 10)))
WHERE "key" = 'information' AND jsonb_typeof("value"->'phone') = 'string'
	AND regexp_replace("value"->>'phone', '[[:space:]().-]', '', 'g') ~ '^(\+91|0091|91|0)?[2-9][0-9]{9}$';
--> statement-breakpoint
-- Serves sign-in with a code (the member of a number), and keeps one member per number.
CREATE UNIQUE INDEX "members_phone_uq" ON "members" USING btree ("phone") WHERE phone is not null;
--> statement-breakpoint
-- One row per number asked for, a member's or not, so both are answered alike: `phone_key` is
-- a keyed HMAC of the number (a stranger's number is never kept), `code_hash` a keyed HMAC of
-- the code. A new request replaces the row's code; `requested_at` keeps the next request 30
-- seconds away whichever API process takes it.
CREATE TABLE "sign_in_codes" (
	"phone_key" text PRIMARY KEY NOT NULL,
	"member_id" integer,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD CONSTRAINT "sign_in_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Serves the scheduler's deletion of rows whose code is over.
CREATE INDEX "sign_in_codes_expires_idx" ON "sign_in_codes" USING btree ("expires_at");
--> statement-breakpoint
-- One queue, many channels (design.md section 20): SMS rows ride the mail queue's rules.
ALTER TABLE "mail_queue" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_channel_ck" CHECK ("mail_queue"."channel" IN ('mail', 'sms'));
--> statement-breakpoint
-- A sign-in code is worth sending for 5 minutes only: past this a row is given up unsent.
ALTER TABLE "mail_queue" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
DROP INDEX "mail_queue_due_idx";
--> statement-breakpoint
-- Serves each channel's next messages to send.
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("channel","next_attempt_at") WHERE sent_at is null and failed_at is null;
