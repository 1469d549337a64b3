-- Issue 17 (design.md section 15): the first answer to each member's Idempotency-Key on
-- POST /orders/, PATCH /orders/{action}/{id}/, POST /orders/{id}/images and POST
-- /escalations/, in the database so every API process answers a repeat alike.
-- (meta/0006_snapshot.json is the schema as it stood before this one: 0003 to 0006 were
-- written by hand, and drizzle-kit diffs against the newest snapshot.)

CREATE TABLE "idempotency_keys" (
	"member_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"claim_token" uuid NOT NULL,
	"status_code" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("member_id","key"),
	CONSTRAINT "idempotency_keys_state_ck" CHECK ("idempotency_keys"."state" IN ('running', 'done')),
	CONSTRAINT "idempotency_keys_answer_ck" CHECK ("idempotency_keys"."state" = 'running' OR "idempotency_keys"."status_code" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Serves the scheduler's pruning of keys older than 48 hours.
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");
