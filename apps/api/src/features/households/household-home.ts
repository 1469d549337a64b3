import { and, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { HOME_CITY_WITH_OPEN_PICKUPS, type Household, type householdUpdateSchema } from '@app/shared/schemas/households';
import type { AuthContext } from '../../auth/auth-context';
import type { Database, DbOrTx } from '../../db/database';
import { locationColumns, storeLocation } from '../../db/store-location';
import { cities } from '../../db/tables/geography.table';
import { members } from '../../db/tables/members.table';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { fieldError, forbidden } from '../../http/http-error';

// A household's home (design.md section 21): a stores row of kind 'household', where its
// pickups are collected. Its name is the household's, kept on the member as well.

export type HouseholdChanges = z.output<typeof householdUpdateSchema>;

const UNKNOWN_CITY = 'Unknown city: choose one from the list';

/** The caller's home, or 403 when the caller is no household (the route lets only households in). */
function homeIdOf(auth: AuthContext): number {
  if (auth.role !== 'household' || auth.storeId === null) throw forbidden('Only a household has a home');
  return auth.storeId;
}

/** GET /households/me. */
export async function readHousehold(db: DbOrTx, auth: AuthContext): Promise<Household> {
  const homeId = homeIdOf(auth);
  const [row] = await db
    .select({ id: stores.id, name: stores.name, cityId: stores.cityId, address: stores.address, homePhone: stores.phone, memberPhone: members.phone, locationLat: stores.locationLat, locationLng: stores.locationLng })
    .from(stores)
    .leftJoin(members, eq(members.id, auth.memberId))
    .where(and(eq(stores.id, homeId), eq(stores.kind, 'household')))
    .limit(1);
  if (!row) throw forbidden('Your account has no home');
  return { id: row.id, name: row.name, phone: row.memberPhone ?? row.homePhone, city_id: row.cityId, address: row.address, location: storeLocation(row) };
}

/** PATCH /households/me: the name (the member's too), city, address and pin; an unknown city is 400 naming `city_id`. */
export async function updateHousehold(db: Database, auth: AuthContext, changes: HouseholdChanges): Promise<Household> {
  const homeId = homeIdOf(auth);
  await db.transaction(async (tx) => {
    // The home's row first: a booking racing with a move waits for it, and is then judged by it.
    const [current] = await tx.select({ cityId: stores.cityId }).from(stores).where(eq(stores.id, homeId)).for('update');
    if (changes.city_id !== undefined && changes.city_id !== current?.cityId) {
      const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, changes.city_id)).limit(1);
      if (!city) throw fieldError('city_id', UNKNOWN_CITY);
      // An open pickup stays in its city's lists (orders keep the city they were booked in).
      const [open] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.storeId, homeId), notInArray(orders.status, ['completed', 'cancelled'])))
        .limit(1);
      if (open) throw fieldError('city_id', HOME_CITY_WITH_OPEN_PICKUPS);
    }
    const home = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.city_id !== undefined ? { cityId: changes.city_id } : {}),
      ...(changes.address !== undefined ? { address: changes.address } : {}),
      ...locationColumns(changes.location),
    };
    if (Object.keys(home).length > 0) await tx.update(stores).set(home).where(and(eq(stores.id, homeId), eq(stores.kind, 'household')));
    if (changes.name !== undefined) await tx.update(members).set({ name: changes.name }).where(eq(members.id, auth.memberId));
  });
  return readHousehold(db, auth);
}
