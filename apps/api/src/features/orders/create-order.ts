import type { PickupSlot } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import type { Database } from '../../db/database';
import { conflict, forbidden } from '../../http/http-error';
import { readOrderSettings } from '../../settings/order-settings';
import { resolveLines, type LineInput } from './order-lines';
import { checkMinimumWeight } from './order-rules';
import { snapshotLines } from './order-serializer';
import { inTransaction } from './order-transaction';
import { databaseNow, findStore, insertEvent, insertLines, insertOrder, loadLines, updateOrder } from './orders-repository';
import { checkPickupSlot } from './pickup-slots';
import { orderTotals } from './pricing';

export interface CreateOrderInput {
  details: readonly LineInput[];
  note?: string | null | undefined;
  /** One of the slots offered now; absent or null: any time in the pickup window. */
  pickup_slot?: PickupSlot | null | undefined;
}

/** POST /orders/: a store asks for a pickup. The order starts pending, priced at its city's rates. */
export async function createOrder(db: Database, auth: AuthContext, input: CreateOrderInput, options: { enforceRules?: boolean } = {}): Promise<number> {
  if (auth.role !== 'store' || auth.storeId === null) throw forbidden('Only a store may create orders');
  const storeId = auth.storeId;
  return inTransaction(db, async (tx) => {
    const store = await findStore(tx, storeId);
    if (!store) throw forbidden('Your account has no store');
    if (store.vendorId === null) {
      throw conflict('Your store is not linked to a vendor yet. Ask the admin to assign your store to a vendor before creating orders.');
    }
    const lines = await resolveLines(tx, { cityId: store.cityId, inputs: input.details, existing: [] });
    const rules = await readOrderSettings(tx);
    if (options.enforceRules ?? true) checkMinimumWeight(rules, lines);
    // Checked even for seeded orders: an order never holds a slot that was not offered.
    const slot = input.pickup_slot ? checkPickupSlot(rules, input.pickup_slot, await databaseNow(tx)) : null;
    const order = await insertOrder(tx, {
      storeId: store.id,
      vendorId: store.vendorId,
      cityId: store.cityId,
      status: 'pending',
      note: input.note?.trim() || null,
      pickupSlotStart: slot?.start ?? null,
      pickupSlotEnd: slot?.end ?? null,
      createdBy: auth.memberId,
    });
    await insertLines(
      tx,
      lines.map((l, position) => ({
        orderId: order.id,
        materialId: l.materialId,
        weightGrams: l.weightGrams,
        vendorRatePaise: l.vendorRatePaise,
        driverRatePaise: l.driverRatePaise,
        b2cRatePaise: l.b2cRatePaise,
        amountPaise: l.amountPaise,
        driverAmountPaise: l.driverAmountPaise,
        position,
      })),
    );
    // Totals from the stored lines, so they are the sum of exactly what the order shows.
    const stored = await loadLines(tx, [order.id]);
    await updateOrder(tx, order.id, orderTotals(stored));
    await insertEvent(tx, {
      orderId: order.id,
      actorId: auth.memberId,
      action: 'create',
      fromStatus: null,
      toStatus: 'pending',
      linesAfter: snapshotLines(stored),
    });
    return order.id;
  });
}
