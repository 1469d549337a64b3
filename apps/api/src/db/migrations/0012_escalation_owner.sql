-- Issue 20 (design.md section 17): an escalation belongs to the vendor it was opened under,
-- and a vendor reads escalations by escalations.vendor_id alone. Until now a store's, a
-- driver's issue and the scheduler's escalations kept vendor_id null and were shown through
-- the store's current vendor, so moving a store handed its old escalations to the new vendor.
--
-- Old rows take their order's vendor (fixed when the order was made, so exact); rows about
-- no order take their store's vendor now, the best still known: a store moved before this
-- migration leaves such rows with its new vendor. A store without a vendor keeps its rows
-- ownerless: no vendor reads them.
--
-- vendor_id stays nullable: an approved store may have no vendor yet, and it can raise an
-- escalation about no order.
UPDATE "escalations" e SET "vendor_id" = o."vendor_id"
FROM "orders" o
WHERE e."vendor_id" IS NULL AND o."id" = e."order_id";
--> statement-breakpoint
UPDATE "escalations" e SET "vendor_id" = s."vendor_id"
FROM "stores" s
WHERE e."vendor_id" IS NULL AND e."order_id" IS NULL AND s."id" = e."store_id";
