CREATE INDEX "members_vendor_idx" ON "members" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "members_store_idx" ON "members" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "members_driver_idx" ON "members" USING btree ("driver_id");