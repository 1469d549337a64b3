import type { DispatchDriver } from '@app/shared/schemas/dispatch';
import type { DbOrTx } from '../../db/database';
import { notFound } from '../../http/http-error';
import { cityExists, selectCityDrivers, selectHeldOrders } from './positions-repository';

/**
 * GET /drivers/positions?city_id=N (design.md section 19, "Dispatch"): the city's drivers,
 * each with its last position while it holds an order in `moving` or `arrived` (null
 * otherwise) and the orders it holds. Admins only (the route's guard). An unknown city is
 * 404, as the rates of an unknown city are.
 */
export async function readDispatch(db: DbOrTx, cityId: number): Promise<DispatchDriver[]> {
  const drivers = await selectCityDrivers(db, cityId);
  if (drivers.length === 0 && !(await cityExists(db, cityId))) throw notFound(`City ${cityId} not found`);
  const held = await selectHeldOrders(db, drivers.map((d) => d.driver_id));
  const byDriver = new Map<number, DispatchDriver['orders']>();
  for (const order of held) {
    const list = byDriver.get(order.driver_id) ?? [];
    list.push({ id: order.id, status: order.status });
    byDriver.set(order.driver_id, list);
  }
  return drivers.map((d) => ({
    driver_id: d.driver_id,
    name: d.name ?? `Driver ${d.driver_id}`,
    position:
      d.lat !== null && d.lng !== null && d.at_ms !== null
        ? { lat: d.lat, lng: d.lng, accuracy_m: d.accuracy_m, at: new Date(Number(d.at_ms)).toISOString() }
        : null,
    orders: byDriver.get(d.driver_id) ?? [],
  }));
}
