import { eq } from 'drizzle-orm';
import type { GeoPoint } from '@app/shared/geo';
import { HOME_PIN_KEPT } from '@app/shared/schemas/households';
import type { PickupSlot } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import type { Database } from '../../db/database';
import { conflict, fieldError, forbidden } from '../../http/http-error';
import { locationColumns } from '../../db/store-location';
import { stores } from '../../db/tables/partners.table';
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
  /** A household only (design.md section 21): where to come, replacing its home's address and pin. */
  address?: string | undefined;
  location?: GeoPoint | null | undefined;
}

const STORE_HAS_ITS_ADDRESS = 'A store\'s pickup is at the store: change its address and pin on its information page';

/**
 * POST /orders/: a store or a household asks for a pickup. The order starts pending, priced
 * at its city's rates: a store's at the vendor rate, under its vendor; a household's at the
 * b2c rate, with no vendor, at the address and pin it gives (kept as its home's) or its own.
 */
export async function createOrder(db: Database, auth: AuthContext, input: CreateOrderInput, options: { enforceRules?: boolean } = {}): Promise<number> {
  if ((auth.role !== 'store' && auth.role !== 'household') || auth.storeId === null) throw forbidden('Only a store or a household may create orders');
  const storeId = auth.storeId;
  const customer = auth.role === 'household' ? 'household' : 'store';
  if (customer === 'store') {
    if (input.address !== undefined) throw fieldError('address', STORE_HAS_ITS_ADDRESS);
    if (input.location !== undefined && input.location !== null) throw fieldError('location', STORE_HAS_ITS_ADDRESS);
  }
  if (customer === 'household' && input.location === null) throw fieldError('location', HOME_PIN_KEPT);
  return inTransaction(db, async (tx) => {
    // A household's home may move city (PATCH /households/me, which locks it for update and
    // refuses with open pickups): the booking waits for a move under way and sees its city.
    if (customer === 'household') await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('share');
    const store = await findStore(tx, storeId);
    if (!store || store.kind !== customer) throw forbidden(customer === 'store' ? 'Your account has no store' : 'Your account has no home');
    if (customer === 'store' && store.vendorId === null) {
      throw conflict('Your store is not linked to a vendor yet. Ask the admin to assign your store to a vendor before creating orders.');
    }
    if (customer === 'household' && (input.address !== undefined || input.location !== undefined)) {
      // The driver goes where the order's store is: the household's home moves with its booking.
      await tx
        .update(stores)
        .set({ ...(input.address !== undefined ? { address: input.address } : {}), ...locationColumns(input.location) })
        .where(eq(stores.id, store.id));
    }
    const lines = await resolveLines(tx, { cityId: store.cityId, inputs: input.details, existing: [], customer });
    const rules = await readOrderSettings(tx);
    if (options.enforceRules ?? true) checkMinimumWeight(rules, lines);
    // Checked even for seeded orders: an order never holds a slot that was not offered.
    const slot = input.pickup_slot ? checkPickupSlot(rules, input.pickup_slot, await databaseNow(tx)) : null;
    const order = await insertOrder(tx, {
      storeId: store.id,
      vendorId: customer === 'store' ? store.vendorId : null,
      customerKind: customer,
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
      linesAfter: snapshotLines(stored, customer),
    });
    return order.id;
  });
}
