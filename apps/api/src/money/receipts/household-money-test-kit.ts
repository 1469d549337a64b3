// Test helpers of households' money (not a test file itself): a household (its home, a
// stores row of kind 'household', and its member), its pickups written straight to the
// tables up to `waiting_store`, and their completion through the transaction code the
// order transitions run (lock the order, mark it completed with the payment, creditWallets),
// so the receipt, the ledger and the kept sums can be tested without the booking routes.
import { eq, sql } from 'drizzle-orm';
import { lineAmountPaise } from '@app/shared/money';
import type { PaymentMethod } from '@app/shared/schemas/households';
import { signAccessToken } from '../../auth/access-tokens';
import type { Database } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { orderLines, orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { creditWallets } from '../../features/orders/credit-wallets';
import type { TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { newPhone } from '../../test/phones';

export interface TestHousehold extends TestMember {
  phone: string;
  storeId: number;
}

/** A signed-up household of `cityId`: verified, approved, its home a stores row of kind household. */
export async function createHousehold(ctx: TestContext, cityId: number, name = `Household ${Math.random().toString(16).slice(2, 8)}`): Promise<TestHousehold> {
  const phone = newPhone();
  const [home] = await ctx.db
    .insert(stores)
    .values({ kind: 'household', vendorId: null, name, cityId, address: '14 Gandhi Nagar, Pune', phone, locationLat: 18.52, locationLng: 73.85 })
    .returning({ id: stores.id });
  const [member] = await ctx.db
    .insert(members)
    .values({ loginId: phone, name, phone, role: 'household', isVerified: true, approvalStatus: 'approved', storeId: home!.id })
    .returning({ id: members.id });
  const token = await signAccessToken(ctx.keys, { memberId: member!.id, loginId: phone, role: 'household' });
  return {
    id: member!.id,
    loginId: phone,
    role: 'household',
    token,
    headers: { authorization: `Bearer ${token}` },
    vendorId: null,
    storeId: home!.id,
    driverId: null,
    cityId,
    phone,
  };
}

/** A line of a household's pickup: the material, its weight in kg and its rates in paise per kg. */
export interface HouseholdLine {
  materialId: number;
  kg: number;
  b2cRatePaise: number;
  driverRatePaise: number;
  vendorRatePaise?: number;
}

/**
 * A household's pickup weighed by `driverId` and waiting for the household's approval
 * (`waiting_store`), priced as decision 084 says: each line's amount is the b2c rate x weight.
 */
export async function householdOrder(ctx: TestContext, household: TestHousehold, driverId: number, lines: readonly HouseholdLine[]): Promise<number> {
  const priced = lines.map((l, position) => {
    const weightGrams = Math.round(l.kg * 1000);
    return {
      materialId: l.materialId,
      weightGrams,
      vendorRatePaise: l.vendorRatePaise ?? 0,
      driverRatePaise: l.driverRatePaise,
      b2cRatePaise: l.b2cRatePaise,
      amountPaise: lineAmountPaise(l.b2cRatePaise, weightGrams),
      driverAmountPaise: lineAmountPaise(l.driverRatePaise, weightGrams),
      position,
    };
  });
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        storeId: household.storeId,
        vendorId: null,
        customerKind: 'household',
        cityId: household.cityId!,
        driverId,
        status: 'waiting_store',
        createdBy: household.id,
        totalWeightGrams: priced.reduce((s, l) => s + l.weightGrams, 0),
        vendorAmountPaise: priced.reduce((s, l) => s + l.amountPaise, 0),
        driverAmountPaise: priced.reduce((s, l) => s + l.driverAmountPaise, 0),
      })
      .returning({ id: orders.id });
    await tx.insert(orderLines).values(priced.map((l) => ({ ...l, orderId: order!.id })));
    return order!.id;
  });
}

export interface Completion {
  payment?: { method: PaymentMethod; reference: string | null };
  /** completed_at (the receipt's date and financial year); else the transaction's now(). */
  at?: Date;
  /** Throws after crediting, so the transaction rolls back (a completion that failed late). */
  failAfterCredit?: boolean;
}

/**
 * Completes a household's pickup as a transition does, in one transaction: the order row
 * locked, marked completed with its payment (once: a replay finds it completed), then
 * creditWallets with the order as the transaction reads it.
 */
export async function completeHouseholdOrder(db: Database, orderId: number, completion: Completion = {}): Promise<void> {
  const payment = completion.payment ?? { method: 'cash' as const, reference: null };
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Error(`no order ${orderId}`);
    if (order.status !== 'completed') {
      await tx
        .update(orders)
        .set({
          status: 'completed',
          completedAt: completion.at ?? sql`now()`,
          updatedAt: sql`now()`,
          paymentMethod: payment.method,
          paymentReference: payment.reference,
        })
        .where(eq(orders.id, orderId));
    }
    await creditWallets(tx, {
      id: order.id,
      vendorId: order.vendorId,
      customerKind: order.customerKind,
      driverId: order.driverId,
      vendorAmountPaise: order.vendorAmountPaise,
      driverAmountPaise: order.driverAmountPaise,
    });
    if (completion.failAfterCredit) throw new Error('the completion failed after crediting');
  });
}
