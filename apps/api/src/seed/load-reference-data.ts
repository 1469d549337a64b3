import { and, eq, isNull, sql } from 'drizzle-orm';
import { parseRupees } from '@app/shared/money';
import type { Database } from '../db/database';
import { cities, states } from '../db/tables/geography.table';
import { materials } from '../db/tables/materials.table';
import { MATERIALS, STATES_AND_CITIES } from './reference-data';
import { bumpRatesVersion } from '../features/catalog/rates-version';
import { gstRateToBp } from '../money/invoices/gst-rate';

function paise(rupees: string): number {
  const parsed = parseRupees(rupees);
  if (!parsed.ok) throw new Error(`bad reference rate ${rupees}`);
  return parsed.value;
}

/** Idempotent: adds what is missing and never overwrites what an admin changed. */
export async function loadReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(states).values(STATES_AND_CITIES.map(({ name, code }) => ({ name, code }))).onConflictDoNothing();
    const stateRows = await tx.select({ id: states.id, name: states.name }).from(states);
    const stateId = new Map(stateRows.map((s) => [s.name, s.id]));
    await tx
      .insert(cities)
      .values(STATES_AND_CITIES.flatMap((s) => s.cities.map((name) => ({ name, stateId: stateId.get(s.name)! }))))
      .onConflictDoNothing();
    // Materials only on the first start: admins rename and retire them (PATCH /materials),
    // and a loader matching by name would bring a renamed "Books" back beside "Old Books".
    const [anyMaterial] = await tx.select({ id: materials.id }).from(materials).limit(1);
    if (!anyMaterial) {
      await tx.insert(materials).values(
        MATERIALS.map((m) => ({ name: m.name, nameHi: m.nameHi, vendorRatePaise: paise(m.vendor), driverRatePaise: paise(m.driver), b2cRatePaise: paise(m.b2c) })),
      );
    }
    // Materials seeded before invoices existed get their HSN heading and GST rate once;
    // a material whose HSN code an admin has set keeps it.
    for (const m of MATERIALS) {
      await tx
        .update(materials)
        .set({ hsnCode: m.hsn, gstRateBp: gstRateToBp(m.gst) })
        .where(and(isNull(materials.hsnCode), eq(sql`lower(${materials.name})`, m.name.toLowerCase())));
    }
    // Every city gets every rate type of every material: the default moved by up to +-4 %,
    // so that the card really differs by city, as it does in the trade.
    await tx.execute(sql`
      insert into city_rates (city_id, material_id, rate_type, rate_paise)
      select c.id, m.id, t.rate_type,
        round(
          (case t.rate_type when 'vendor' then m.vendor_rate_paise when 'driver' then m.driver_rate_paise else m.b2c_rate_paise end)
          * (100 + ((c.id * 7 + m.id * 3) % 9) - 4) / 100.0
        )::int
      from cities c
      cross join materials m
      cross join (values ('vendor'), ('driver'), ('b2c')) as t(rate_type)
      where m.retired_at is null
      on conflict do nothing`);
    await bumpRatesVersion(tx);
  });
}
