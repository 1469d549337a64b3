import { eq, sql } from 'drizzle-orm';
import { RATE_TYPES } from '@app/shared/constants';
import type { RateCardMaterial, NamedRef } from '@app/shared/schemas/catalog';
import type { Database } from '../../db/database';
import { materials } from '../../db/tables/materials.table';
import { conflict, notFound } from '../../http/http-error';
import { findCity } from './geography';
import { loadRateCard } from './rate-card-query';
import { lockCells, writeCells, type CellChange } from './rate-cells';
import { ratePaise } from './rate-paise';

export interface RateCellInput {
  vendor_rate?: number | undefined;
  driver_rate?: number | undefined;
  b2c_rate?: number | undefined;
}

/** Sets some rate types of one city and material; only real changes are written and kept in the history. */
export async function updateRateCell(
  db: Database,
  cityId: number,
  materialId: number,
  input: RateCellInput,
  actorId: number,
): Promise<RateCardMaterial & { city: NamedRef; state: NamedRef }> {
  const city = await findCity(db, cityId);
  if (!city) throw notFound(`City ${cityId} not found`);
  const [material] = await db.select().from(materials).where(eq(materials.id, materialId));
  if (!material) throw notFound(`Material ${materialId} not found`);
  if (material.retiredAt) throw conflict(`${material.name} is retired; restore it before changing its rates`);

  return db.transaction(async (tx) => {
    const locked = await lockCells(tx, () => sql`c.id = ${cityId}::int and m.id = ${materialId}::int`);
    const changes: CellChange[] = [];
    for (const rateType of RATE_TYPES) {
      const rupees = input[`${rateType}_rate`];
      if (rupees === undefined) continue;
      const previous = locked.find((c) => c.rateType === rateType)?.ratePaise ?? null;
      changes.push({ cityId, materialId, rateType, previousPaise: previous, ratePaise: ratePaise(rupees) });
    }
    await writeCells(tx, changes, actorId);
    const { rows } = await loadRateCard(tx, { cityId, materialIds: [materialId] });
    const cells = rows[0]?.rates[0];
    if (!cells) throw new Error('the rate cell vanished inside its own transaction');
    return { ...cells, city: { id: city.id, name: city.name }, state: city.state };
  });
}
