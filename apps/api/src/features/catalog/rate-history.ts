import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { RateType } from '@app/shared/constants';
import { paiseToRupees } from '@app/shared/money';
import type { RateHistoryResponse } from '@app/shared/schemas/catalog';
import type { DbOrTx } from '../../db/database';
import { cities } from '../../db/tables/geography.table';
import { cityRates, materials, rateHistory } from '../../db/tables/materials.table';
import { members } from '../../db/tables/members.table';
import { notFound } from '../../http/http-error';
import { defaultRateColumn } from './rate-columns';

export interface RateHistoryQuery {
  materialId: number;
  /** Null: the material's default rate. */
  cityId: number | null;
  rateType: RateType;
  /** Null: now. */
  at: Date | null;
  limit: number;
}

/**
 * One rate's story: the rate in force at a time and its changes, newest first.
 *
 * The rate at a time is the last change at or before it; before the first change it is
 * that change's previous value (reference data enters without history). Times on the
 * wire have milliseconds and the database has microseconds, so "at or before" reads
 * "before at + 1 ms": a client that asks at a change's own changed_at sees that change.
 */
export async function loadRateHistory(db: DbOrTx, q: RateHistoryQuery): Promise<RateHistoryResponse> {
  const [material] = await db.select().from(materials).where(eq(materials.id, q.materialId));
  if (!material) throw notFound(`Material ${q.materialId} not found`);
  let city: { id: number; name: string } | null = null;
  if (q.cityId !== null) {
    [city = null] = await db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.id, q.cityId));
    if (!city) throw notFound(`City ${q.cityId} not found`);
  }

  const cell: SQL = and(
    eq(rateHistory.materialId, material.id),
    city ? eq(rateHistory.cityId, city.id) : isNull(rateHistory.cityId),
    eq(rateHistory.rateType, q.rateType),
  )!;

  const changes = await db
    .select({
      id: rateHistory.id,
      ratePaise: rateHistory.ratePaise,
      previousPaise: rateHistory.previousPaise,
      changedAt: rateHistory.changedAt,
      changedById: members.id,
      changedByName: members.name,
    })
    .from(rateHistory)
    .leftJoin(members, eq(members.id, rateHistory.changedBy))
    .where(cell)
    .orderBy(desc(rateHistory.changedAt), desc(rateHistory.id))
    .limit(q.limit);

  let ratePaise: number | null;
  if (q.at === null) {
    ratePaise = await currentRate(db, material, city?.id ?? null, q.rateType);
  } else {
    const upTo = sql`${q.at.toISOString()}::timestamptz + interval '1 millisecond'`;
    const [before] = await db
      .select({ ratePaise: rateHistory.ratePaise })
      .from(rateHistory)
      .where(and(cell, lt(rateHistory.changedAt, upTo)))
      .orderBy(desc(rateHistory.changedAt), desc(rateHistory.id))
      .limit(1);
    if (before) {
      ratePaise = before.ratePaise;
    } else {
      const [after] = await db
        .select({ previousPaise: rateHistory.previousPaise })
        .from(rateHistory)
        .where(and(cell, gte(rateHistory.changedAt, upTo)))
        .orderBy(asc(rateHistory.changedAt), asc(rateHistory.id))
        .limit(1);
      if (after) ratePaise = after.previousPaise;
      else if (q.at < material.createdAt) ratePaise = null;
      else ratePaise = await currentRate(db, material, city?.id ?? null, q.rateType);
    }
  }

  return {
    city,
    material: { id: material.id, name: material.name },
    rate_type: q.rateType,
    at: (q.at ?? new Date()).toISOString(),
    rate: ratePaise === null ? null : paiseToRupees(ratePaise),
    changes: changes.map((c) => ({
      id: c.id,
      rate: paiseToRupees(c.ratePaise),
      previous_rate: c.previousPaise === null ? null : paiseToRupees(c.previousPaise),
      changed_at: c.changedAt.toISOString(),
      changed_by: c.changedById === null ? null : { id: c.changedById, name: c.changedByName ?? '' },
    })),
  };
}

async function currentRate(db: DbOrTx, material: typeof materials.$inferSelect, cityId: number | null, type: RateType): Promise<number> {
  const fallback = material[({ vendor: 'vendorRatePaise', driver: 'driverRatePaise', b2c: 'b2cRatePaise' } as const)[type]];
  if (cityId === null) return fallback;
  const [row] = await db
    .select({ ratePaise: sql<number>`coalesce(${cityRates.ratePaise}, ${defaultRateColumn(type)})` })
    .from(materials)
    .leftJoin(cityRates, and(eq(cityRates.materialId, materials.id), eq(cityRates.cityId, cityId), eq(cityRates.rateType, type)))
    .where(eq(materials.id, material.id));
  return row?.ratePaise ?? fallback;
}

