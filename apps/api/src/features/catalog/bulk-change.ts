import { eq, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import type { RateType } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import { paiseToRupees, parseRupees } from '@app/shared/money';
import { RATE_MAX_PAISE, RATE_MAX_RUPEES, type BulkRateChangeResponse } from '@app/shared/schemas/catalog';
import type { Database } from '../../db/database';
import { states } from '../../db/tables/geography.table';
import { materials } from '../../db/tables/materials.table';
import { badRequest, conflict, fieldError, notFound } from '../../http/http-error';
import { missingCityIds } from './geography';
import { lockCells, writeCells, type CellChange, type LockedCell } from './rate-cells';
import { signedPaise } from './rate-paise';

export interface BulkChangeInput {
  rateType: RateType;
  scope: { stateId?: number | undefined; materialId?: number | undefined; cityIds?: readonly number[] | undefined };
  change: { percent?: number | undefined; amount?: number | undefined };
  dryRun: boolean;
}

/** At most this many out-of-range rates are named in a refusal; the count names them all. */
const MAX_NAMED_PROBLEMS = 20;

/**
 * The new rate in paise. Percent: basis points in integers, rounded half up to the paisa
 * (rate <= 10^7 paise and factor <= 110000 keep the product exact below 2^53).
 */
export function changedRate(previousPaise: number, change: BulkChangeInput['change']): number {
  if (change.percent !== undefined) {
    const factor = 10_000 + Math.round(change.percent * 100);
    return Math.floor((previousPaise * factor + 5_000) / 10_000);
  }
  return previousPaise + signedPaise(change.amount ?? 0);
}

/**
 * A change must move every rate by at least a paisa or a basis point. The schema says so
 * too; this is the last line before money arithmetic, where an amount such as 1e-10 that
 * slipped through would otherwise fail as a 500.
 */
function assertChangeMoves(change: BulkChangeInput['change']): void {
  if (change.percent !== undefined && (!Number.isFinite(change.percent) || Math.round(change.percent * 100) === 0)) {
    throw fieldError('change.percent', 'A percent change must be at least 0.01');
  }
  if (change.amount !== undefined && !parseRupees(Math.abs(change.amount)).ok) {
    throw fieldError('change.amount', 'An amount must be at least 0.01 rupees, with at most 2 decimals');
  }
}

/**
 * Raises or lowers one rate type over a scope (a state, a material, some cities; all
 * given ones must hold). A dry run does exactly the same work, under the same locks, and
 * then rolls back: the preview cannot differ from the real thing.
 */
export async function applyBulkChange(db: Database, input: BulkChangeInput, actorId: number): Promise<BulkRateChangeResponse> {
  assertChangeMoves(input.change);
  const { scope } = input;
  const conditions: SQL[] = [sql`m.retired_at is null`];
  if (scope.stateId !== undefined) {
    const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, scope.stateId));
    if (!state) throw notFound(`State ${scope.stateId} (scope.state_id) not found`);
    conditions.push(sql`s.id = ${scope.stateId}`);
  }
  if (scope.materialId !== undefined) {
    const [material] = await db.select().from(materials).where(eq(materials.id, scope.materialId));
    if (!material) throw notFound(`Material ${scope.materialId} (scope.material_id) not found`);
    if (material.retiredAt) throw conflict(`${material.name} is retired; restore it before changing its rates`);
    conditions.push(sql`m.id = ${scope.materialId}`);
  }
  if (scope.cityIds !== undefined) {
    const missing = await missingCityIds(db, scope.cityIds);
    if (missing.length > 0) throw notFound(`Cities not found (scope.city_ids): ${missing.join(', ')}`);
    conditions.push(sql`c.id in (${sql.join([...new Set(scope.cityIds)].map((id) => sql`${id}::int`), sql`, `)})`);
  }

  let answer: BulkRateChangeResponse | null = null;
  try {
    await db.transaction(async (tx) => {
      const cells = await lockCells(tx, (rateType) => sql.join([...conditions, sql`${rateType} = ${input.rateType}`], sql` and `));
      const planned = cells.map((cell) => ({ cell, ratePaise: changedRate(cell.ratePaise, input.change) }));
      const outOfRange = planned.filter((p) => p.ratePaise <= 0 || p.ratePaise > RATE_MAX_PAISE);
      if (outOfRange.length > 0) {
        throw badRequest(`change: the change would take ${outOfRange.length} rate(s) to 0 or less, or above ${RATE_MAX_RUPEES} rupees`, {
          change: outOfRange.slice(0, MAX_NAMED_PROBLEMS).map((p) => `${p.cell.materialName} in ${p.cell.cityName}: ${formatCurrency(paiseToRupees(p.cell.ratePaise), 'en')} would become ${formatCurrency(paiseToRupees(p.ratePaise), 'en')}`),
        });
      }
      const changes: CellChange[] = planned.map((p) => ({ ...key(p.cell), previousPaise: p.cell.ratePaise, ratePaise: p.ratePaise }));
      const updated = await writeCells(tx, changes, actorId);
      answer = {
        dry_run: input.dryRun,
        rate_type: input.rateType,
        matched: cells.length,
        updated,
        changes: planned
          .filter((p) => p.ratePaise !== p.cell.ratePaise)
          .map((p) => ({
            city: { id: p.cell.cityId, name: p.cell.cityName },
            state: { id: p.cell.stateId, name: p.cell.stateName },
            material: { id: p.cell.materialId, name: p.cell.materialName },
            previous_rate: paiseToRupees(p.cell.ratePaise),
            rate: paiseToRupees(p.ratePaise),
          })),
      };
      if (input.dryRun) tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  if (!answer) throw new Error('bulk change ended without an answer');
  return answer;
}

const key = (cell: LockedCell) => ({ cityId: cell.cityId, materialId: cell.materialId, rateType: cell.rateType });
