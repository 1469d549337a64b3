import type { CustomerKind } from '@app/shared/constants';
import { parseWeightKg } from '@app/shared/money';
import type { DbOrTx } from '../../db/database';
import { badRequest } from '../../http/http-error';
import { deleteLines, insertLines, loadCityRates, loadMaterials, updateLine, type LineRow } from './orders-repository';
import { priceLine, rateFor, type PricedLine } from './pricing';

/** A line as a request gives it (the shapes of the shared body schemas). */
export interface LineInput {
  id?: number | undefined;
  material_id: number;
  weight?: unknown;
}

/** A line priced by the server, ready to write; `id` null: a new line. */
export interface ResolvedLine extends PricedLine {
  id: number | null;
  materialId: number;
  materialName: string;
  b2cRatePaise: number;
}

/**
 * Checks what the schema cannot (the material exists and is traded, the line belongs to
 * this order) and prices every line from the city's rates: a store's amounts at the vendor
 * rate, a household's at the b2c rate (design.md section 21). Every problem is named by its
 * line (`details.2.material_id`); one problem and nothing is written.
 */
export async function resolveLines(
  db: DbOrTx,
  { cityId, inputs, existing, customer }: { cityId: number; inputs: readonly LineInput[]; existing: readonly LineRow[]; customer: CustomerKind },
): Promise<ResolvedLine[]> {
  const materialRows = await loadMaterials(db, inputs.map((i) => i.material_id));
  const materialById = new Map(materialRows.map((m) => [m.id, m]));
  const rateRows = await loadCityRates(db, cityId, materialRows.map((m) => m.id));
  const cityRate = new Map(rateRows.map((r) => [`${r.rateType}:${r.materialId}`, r.ratePaise]));
  const existingIds = new Set(existing.map((l) => l.id));
  const existingById = new Map(existing.map((l) => [l.id, l]));
  // A material retired since it was put on this order may stay on it; it may not be added anew.
  const materialsOnOrder = new Set(existing.map((l) => l.materialId));

  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  const resolved: ResolvedLine[] = [];
  inputs.forEach((input, index) => {
    const material = materialById.get(input.material_id);
    if (!material) problem(`details.${index}.material_id`, `There is no material with id ${input.material_id}`);
    else if (material.retiredAt && !materialsOnOrder.has(material.id)) problem(`details.${index}.material_id`, `${material.name} is no longer traded`);
    if (input.id !== undefined && !existingIds.has(input.id)) problem(`details.${index}.id`, `Line ${input.id} is not a line of this order`);
    let grams: number | null = null;
    if (input.weight !== undefined) {
      const parsed = parseWeightKg(input.weight);
      if (parsed.ok) grams = parsed.value;
      else problem(`details.${index}.weight`, parsed.message);
    }
    if (!material) return;
    const kept = input.id === undefined ? undefined : existingById.get(input.id);
    // design.md section 7: a line keeps the rates it was priced at (vendor, driver and b2c)
    // until its material or weight changes; an admin's approval reprices only what it edited.
    const unchanged = kept !== undefined && kept.materialId === material.id && kept.weightGrams === grams;
    const rates = unchanged
      ? { vendorRatePaise: kept.vendorRatePaise, driverRatePaise: kept.driverRatePaise }
      : {
          vendorRatePaise: rateFor(cityRate.get(`vendor:${material.id}`), material.vendorRatePaise),
          driverRatePaise: rateFor(cityRate.get(`driver:${material.id}`), material.driverRatePaise),
        };
    // A store's pickup: kept so the reconciliation's margins use the rate of the day. A household's: its amount's rate.
    const b2cRatePaise = unchanged ? kept.b2cRatePaise : rateFor(cityRate.get(`b2c:${material.id}`), material.b2cRatePaise);
    resolved.push({ id: input.id ?? null, materialId: material.id, materialName: material.name, ...priceLine({ ...rates, b2cRatePaise }, grams, customer), b2cRatePaise });
  });

  const first = Object.entries(errors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1][0]}`, errors);
  return resolved;
}

/** The given lines become the order's lines: kept ids are updated, new ones inserted, the rest removed. */
export async function replaceLines(tx: DbOrTx, orderId: number, existing: readonly LineRow[], lines: readonly ResolvedLine[]): Promise<void> {
  const kept = new Set(lines.flatMap((l) => (l.id === null ? [] : [l.id])));
  await deleteLines(tx, orderId, existing.filter((l) => !kept.has(l.id)).map((l) => l.id));
  const row = (l: ResolvedLine, position: number) => ({
    materialId: l.materialId,
    weightGrams: l.weightGrams,
    vendorRatePaise: l.vendorRatePaise,
    driverRatePaise: l.driverRatePaise,
    b2cRatePaise: l.b2cRatePaise,
    amountPaise: l.amountPaise,
    driverAmountPaise: l.driverAmountPaise,
    position,
  });
  const inserts = [];
  for (const [position, line] of lines.entries()) {
    if (line.id === null) inserts.push({ orderId, ...row(line, position) });
    else await updateLine(tx, orderId, line.id, row(line, position));
  }
  await insertLines(tx, inserts);
}
