import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { paiseToRupees } from '@app/shared/money';
import type { Material } from '@app/shared/schemas/catalog';
import type { Database, DbOrTx, Tx } from '../../db/database';
import { rateHistory, materials } from '../../db/tables/materials.table';
import { conflict, notFound } from '../../http/http-error';
import { isUniqueViolation } from '../../db/sql-rows';
import { ratePaise } from './rate-paise';
import { defaultRateSql, RATE_TYPES_RELATION } from './rate-columns';
import { bumpRatesVersion } from './rates-version';
import { gstRateFromBp, gstRateToBp } from '../../money/invoices/gst-rate';

type MaterialRow = typeof materials.$inferSelect;

export function toMaterial(row: MaterialRow, withRetiredAt: boolean): Material {
  return {
    id: row.id,
    name: row.name,
    name_hi: row.nameHi,
    vendor_rate: paiseToRupees(row.vendorRatePaise),
    driver_rate: paiseToRupees(row.driverRatePaise),
    b2c_rate: paiseToRupees(row.b2cRatePaise),
    hsn_code: row.hsnCode,
    gst_rate: gstRateFromBp(row.gstRateBp),
    ...(withRetiredAt ? { retired_at: row.retiredAt?.toISOString() ?? null } : {}),
  };
}

export async function listMaterials(db: DbOrTx, includeRetired: boolean): Promise<Material[]> {
  const rows = await db
    .select()
    .from(materials)
    .where(includeRetired ? undefined : isNull(materials.retiredAt))
    .orderBy(asc(materials.name), asc(materials.id));
  return rows.map((row) => toMaterial(row, includeRetired));
}

const duplicateName = (name: string) => conflict(`A material called "${name}" already exists`);

/** Locked for the caller's transaction; 404 when absent. */
async function lockMaterial(tx: Tx, id: number): Promise<MaterialRow> {
  const [row] = await tx.select().from(materials).where(eq(materials.id, id)).for('update');
  if (!row) throw notFound(`Material ${id} not found`);
  return row;
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(sql`lower(${materials.name})`, name.toLowerCase()), exceptId === undefined ? undefined : ne(materials.id, exceptId)))
    .limit(1);
  if (taken) throw duplicateName(name);
}

/** Runs a material write; a unique violation from a concurrent twin is the same 409 as the check's. */
async function withNameGuard<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

export interface MaterialInput {
  name: string;
  /** Undefined: unchanged (or none, on create); null clears it. */
  name_hi?: string | null | undefined;
  vendor_rate: number;
  driver_rate: number;
  b2c_rate: number;
  /** Undefined: unchanged (or none, on create); null clears it. */
  hsn_code?: string | null | undefined;
  gst_rate?: number | undefined;
}

/**
 * A new material gets a rate in every city from its defaults (so the card has no holes),
 * and its defaults enter the history as their first values.
 */
export async function createMaterial(db: Database, input: MaterialInput, actorId: number): Promise<Material> {
  return withNameGuard(input.name, () =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, input.name);
      const [row] = await tx
        .insert(materials)
        .values({
          name: input.name,
          nameHi: input.name_hi ?? null,
          vendorRatePaise: ratePaise(input.vendor_rate),
          driverRatePaise: ratePaise(input.driver_rate),
          b2cRatePaise: ratePaise(input.b2c_rate),
          hsnCode: input.hsn_code ?? null,
          ...(input.gst_rate === undefined ? {} : { gstRateBp: gstRateToBp(input.gst_rate) }),
        })
        .returning();
      const material = row!;
      await tx.insert(rateHistory).values([
        { cityId: null, materialId: material.id, rateType: 'vendor', ratePaise: material.vendorRatePaise, previousPaise: null, changedBy: actorId },
        { cityId: null, materialId: material.id, rateType: 'driver', ratePaise: material.driverRatePaise, previousPaise: null, changedBy: actorId },
        { cityId: null, materialId: material.id, rateType: 'b2c', ratePaise: material.b2cRatePaise, previousPaise: null, changedBy: actorId },
      ]);
      await fillCityRates(tx, material.id, actorId);
      await bumpRatesVersion(tx);
      return toMaterial(material, true);
    }),
  );
}

/** Gives every city that lacks one a rate of this material from its defaults. */
async function fillCityRates(tx: Tx, materialId: number, actorId: number | null): Promise<void> {
  await tx.execute(sql`
    insert into city_rates (city_id, material_id, rate_type, rate_paise, updated_by)
    select c.id, m.id, t.rate_type, ${defaultRateSql(sql`t.rate_type`)}, ${actorId}::int
    from cities c
    cross join materials m
    cross join ${RATE_TYPES_RELATION}
    where m.id = ${materialId}
    on conflict do nothing`);
}

/**
 * Renames a material or changes its defaults. A default applies to new cities and to
 * cities without a rate of their own; the cities' own rates stay as they are.
 */
export async function updateMaterial(db: Database, id: number, input: Partial<MaterialInput>, actorId: number): Promise<Material> {
  return withNameGuard(input.name, () =>
    db.transaction(async (tx) => {
      const before = await lockMaterial(tx, id);
      if (input.name !== undefined && input.name.toLowerCase() !== before.name.toLowerCase()) await assertNameFree(tx, input.name, id);
      const next = {
        name: input.name ?? before.name,
        nameHi: input.name_hi === undefined ? before.nameHi : input.name_hi,
        vendorRatePaise: input.vendor_rate === undefined ? before.vendorRatePaise : ratePaise(input.vendor_rate),
        driverRatePaise: input.driver_rate === undefined ? before.driverRatePaise : ratePaise(input.driver_rate),
        b2cRatePaise: input.b2c_rate === undefined ? before.b2cRatePaise : ratePaise(input.b2c_rate),
        hsnCode: input.hsn_code === undefined ? before.hsnCode : input.hsn_code,
        gstRateBp: input.gst_rate === undefined ? before.gstRateBp : gstRateToBp(input.gst_rate),
      };
      const history = (
        [
          ['vendor', before.vendorRatePaise, next.vendorRatePaise],
          ['driver', before.driverRatePaise, next.driverRatePaise],
          ['b2c', before.b2cRatePaise, next.b2cRatePaise],
        ] as const
      )
        .filter(([, previous, rate]) => previous !== rate)
        .map(([rateType, previous, rate]) => ({ cityId: null, materialId: id, rateType, ratePaise: rate, previousPaise: previous, changedBy: actorId }));
      if (history.length > 0) await tx.insert(rateHistory).values(history);
      const unchanged = history.length === 0 && next.name === before.name && next.nameHi === before.nameHi && next.hsnCode === before.hsnCode && next.gstRateBp === before.gstRateBp;
      if (unchanged) return toMaterial(before, true);
      const [row] = await tx
        .update(materials)
        .set({ ...next, updatedAt: sql`now()` })
        .where(eq(materials.id, id))
        .returning();
      await bumpRatesVersion(tx);
      return toMaterial(row!, true);
    }),
  );
}

/**
 * Retiring takes a material off GET /materials, GET /rates and the rate card; orders
 * that carry it keep it (they reference it by id). Asking twice answers the same.
 */
export async function setRetired(db: Database, id: number, retired: boolean): Promise<Material> {
  return db.transaction(async (tx) => {
    const before = await lockMaterial(tx, id);
    if ((before.retiredAt !== null) === retired) return toMaterial(before, true);
    const [row] = await tx
      .update(materials)
      .set({ retiredAt: retired ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(materials.id, id))
      .returning();
    // Cities added while it was retired get their rates on the way back.
    if (!retired) await fillCityRates(tx, id, null);
    await bumpRatesVersion(tx);
    return toMaterial(row!, true);
  });
}
