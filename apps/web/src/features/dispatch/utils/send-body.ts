import type { AdminLinesBody, Order } from '@app/shared/schemas/orders';

/**
 * The body of "Send to driver": what the admin's approval with a driver sends from the order's
 * page (PATCH /orders/waiting_driver/{id}/), its lines as they are, each keeping its id so the
 * server keeps its priced rates. Null when a line has no weight yet: the API requires one, and
 * only the order's page can add it.
 */
export function sendToDriverBody(order: Pick<Order, 'details'>, driverId: number): AdminLinesBody | null {
  if (order.details.some((line) => line.weight === null)) return null;
  return {
    details: order.details.map((line) => ({ id: line.id, material_id: line.material.id, weight: line.weight ?? 0 })),
    driver_id: driverId,
  };
}
