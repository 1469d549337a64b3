import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { OrderAction } from '@app/shared/order-machine';
import { loadAuthContext, type AuthContext } from '../auth/auth-context';
import type { Database } from '../db/database';
import { invoiceCounters, invoices } from '../db/tables/invoices.table';
import { materials } from '../db/tables/materials.table';
import { orderEvents, orderLines, orders } from '../db/tables/orders.table';
import { walletEntries } from '../db/tables/wallets.table';
import { createOrder } from '../features/orders/create-order';
import { issueInvoice } from '../money/invoices/issue-invoice';
import { transitionOrder, type TransitionInput } from '../features/orders/transition-order';
import { DEMO_ACCOUNTS, type DemoIds } from './demo-accounts';

type Actor = 'store' | 'driver' | 'admin';
type Step = [Actor, OrderAction, ('weigh' | 'correct' | TransitionInput)?];

interface DemoOrder {
  daysAgo: number;
  /** Material name and estimated kg (null: no estimate). */
  lines: Array<[string, number | null]>;
  /** The weighed kg, line by line (the driver's scale). */
  weighed: number[];
  steps: Step[];
  note?: string;
}

const TO_STORE: Step[] = [['driver', 'accepted'], ['driver', 'moving'], ['driver', 'arrived'], ['driver', 'waiting_store', 'weigh']];

// Oldest first, so ids grow with time as they do in real use; spread over six months for the charts.
const DEMO_ORDERS: DemoOrder[] = [
  { daysAgo: 170, lines: [['Copper', 12], ['Iron', 150]], weighed: [12.5, 140.25], steps: [...TO_STORE, ['store', 'complete']] },
  { daysAgo: 140, lines: [['Newspaper', 80], ['Cardboard', null]], weighed: [85.4, 60], steps: [...TO_STORE, ['store', 'complete']] },
  {
    daysAgo: 110,
    lines: [['PET Bottles', 30], ['Hard Plastic', 20]],
    weighed: [34, 22.5],
    steps: [...TO_STORE, ['store', 'waiting_admin'], ['admin', 'waiting_driver', 'correct'], ['driver', 'complete']],
    note: 'Weigh the plastic separately, please',
  },
  { daysAgo: 80, lines: [['Books', 40]], weighed: [], steps: [['store', 'cancel', { reason: 'Moved the pickup to next week' }]] },
  { daysAgo: 50, lines: [['Aluminium', 18], ['Steel', 70]], weighed: [18.2, 75.125], steps: [...TO_STORE, ['store', 'complete']] },
  { daysAgo: 20, lines: [['Copper', 5], ['Brass', 9]], weighed: [4.75, 9.3], steps: [...TO_STORE, ['store', 'complete']] },
  { daysAgo: 6, lines: [['E-waste', 25]], weighed: [], steps: [['driver', 'accepted'], ['driver', 'issue', { reason: 'Store was closed when I arrived' }]] },
  {
    daysAgo: 4,
    lines: [['Iron', 200], ['Glass Bottles', 50]],
    weighed: [212, 48.5],
    steps: [...TO_STORE, ['store', 'waiting_admin'], ['admin', 'waiting_driver', 'correct']],
  },
  { daysAgo: 3, lines: [['Office Paper', 35]], weighed: [31.6], steps: [...TO_STORE, ['store', 'waiting_admin']] },
  { daysAgo: 2, lines: [['Batteries', 15]], weighed: [], steps: [['driver', 'accepted'], ['driver', 'moving'], ['driver', 'arrived']] },
  { daysAgo: 1, lines: [['Cardboard', 90], ['Newspaper', 40]], weighed: [], steps: [['driver', 'accepted'], ['driver', 'moving']] },
  { daysAgo: 0.5, lines: [['Steel', 60]], weighed: [], steps: [['driver', 'accepted']] },
  { daysAgo: 0.2, lines: [['Copper', 8], ['Aluminium', 12]], weighed: [7.85, 12.4], steps: TO_STORE },
  { daysAgo: 0.1, lines: [['PET Bottles', null], ['Books', 25]], weighed: [], steps: [], note: 'Gate 2, after 4 pm' },
  { daysAgo: 0, lines: [['Iron', 120]], weighed: [], steps: [] },
];

/** The lines as a weighing or a correction sends them: the same lines, new weights (an admin's a little lower). */
async function linesWithWeights(db: Database, orderId: number, kg: number[], factor: number) {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position);
  return lines.map((line, i) => ({ id: line.id, material_id: line.materialId, weight: (Math.round((kg[i] ?? 1) * factor * 1000) / 1000).toFixed(3) }));
}

/** Moves one order's history back in time, keeping its inner order. */
async function backdate(db: Database, orderId: number, daysAgo: number) {
  const shift = sql`${`${Math.round(daysAgo * 24 * 60)} minutes`}::interval`;
  await db
    .update(orders)
    .set({ createdAt: sql`${orders.createdAt} - ${shift}`, updatedAt: sql`${orders.updatedAt} - ${shift}`, completedAt: sql`${orders.completedAt} - ${shift}` })
    .where(eq(orders.id, orderId));
  await db.update(orderEvents).set({ createdAt: sql`${orderEvents.createdAt} - ${shift}`, occurredAt: sql`${orderEvents.occurredAt} - ${shift}` }).where(eq(orderEvents.orderId, orderId));
  await db.update(walletEntries).set({ createdAt: sql`${walletEntries.createdAt} - ${shift}` }).where(eq(walletEntries.orderId, orderId));
  await reissueInvoice(db, orderId);
}

/**
 * A completed demo order's invoice was issued today; issued again with the order's moved
 * completion date, it carries that date and that date's financial year. It was the newest
 * number of its year (demo orders are made one after another), so the year's counter steps
 * back with it and the numbers stay gap-free.
 */
async function reissueInvoice(db: Database, orderId: number) {
  await db.transaction(async (tx) => {
    const [issued] = await tx
      .delete(invoices)
      .where(eq(invoices.orderId, orderId))
      .returning({ financialYear: invoices.financialYear, sequence: invoices.sequence });
    if (!issued) return;
    await tx
      .update(invoiceCounters)
      .set({ lastNumber: sql`${invoiceCounters.lastNumber} - 1` })
      .where(and(eq(invoiceCounters.financialYear, issued.financialYear), eq(invoiceCounters.lastNumber, issued.sequence)));
    await issueInvoice(tx, orderId);
  });
}

/**
 * Demo orders across the whole life cycle for the demo accounts, made through the same
 * use cases the API runs (so prices, events and wallet credits are real). Only when the
 * demo store has no orders yet: a restart never adds more.
 */
export async function ensureDemoOrders(db: Database, ids: DemoIds): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(orders).where(eq(orders.storeId, ids.storeId));
  if ((existing?.n ?? 0) > 0) return;

  const actors = {} as Record<Actor, AuthContext>;
  for (const role of ['store', 'driver', 'admin'] as const) {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
    const auth = await loadAuthContext(db, account.loginId);
    if (!auth) throw new Error(`demo account ${account.loginId} is missing`);
    actors[role] = auth;
  }
  const names = [...new Set(DEMO_ORDERS.flatMap((o) => o.lines.map(([name]) => name)))];
  const rows = await db.select({ id: materials.id, name: materials.name, retiredAt: materials.retiredAt }).from(materials).where(inArray(materials.name, names));
  const materialId = new Map(rows.filter((m) => m.retiredAt === null).map((m) => [m.name, m.id]));

  for (const demo of DEMO_ORDERS) {
    const details = demo.lines.flatMap(([name, kg]) => {
      const id = materialId.get(name);
      return id === undefined ? [] : [{ material_id: id, ...(kg === null ? {} : { weight: kg }) }];
    });
    // An admin may have retired a material: its lines are left out, an empty order is skipped.
    if (details.length === 0) continue;
    // History as it happened: the rules of Settings -> Order (window, photos, minimum) judge live requests, not the demo's past.
    const orderId = await createOrder(db, actors.store, { details, note: demo.note ?? null }, { enforceRules: false });
    for (const [actor, action, body] of demo.steps) {
      const input =
        body === 'weigh'
          ? { details: await linesWithWeights(db, orderId, demo.weighed, 1) }
          : body === 'correct'
            ? { details: await linesWithWeights(db, orderId, demo.weighed, 0.97) }
            : (body ?? {});
      await transitionOrder(db, actors[actor], action, orderId, input, { enforceRules: false });
    }
    await backdate(db, orderId, demo.daysAgo);
  }
}
