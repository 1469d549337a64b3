-- Design.md section 18: a store's pin on the map, WGS84 degrees (6 decimals, about 11 cm),
-- null until the store or an admin sets it. Two plain columns rather than PostGIS: the
-- only question asked of them is the straight-line distance from a driver, which
-- GET /orders?near= computes for a city's stores (a few hundred), not for every order
-- (decision 068). The API keeps pins inside India; the table only refuses a half pin or
-- a point that is not on Earth.
ALTER TABLE "stores" ADD COLUMN "location_lat" double precision;
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "location_lng" double precision;
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_location_ck" CHECK (
	("location_lat" IS NULL) = ("location_lng" IS NULL)
	AND ("location_lat" IS NULL OR ("location_lat" BETWEEN -90 AND 90 AND "location_lng" BETWEEN -180 AND 180))
);
