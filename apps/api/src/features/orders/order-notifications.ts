import { sql } from 'drizzle-orm';
import { formatCurrency, formatOrderNumber } from '@app/shared/format';
import { paiseToRupees } from '@app/shared/money';
import type { OrderStatus } from '@app/shared/order-status';
import type { DbOrTx } from '../../db/database';
import { deliver, loadRecipients, type Audience, type NewNotification, type Recipient } from '../../notifications/notify';
import { BUILT_IN_CHANNELS, type ConfiguredChannels, type MemberNotificationKind } from '../../notifications/channels';
import type { MailTexts, NoteText } from '../../mail/templates/en';
import { queryRow } from '../../db/sql-rows';

/** Where each role opens an order in the web app. */
export function orderLink(role: string, orderId: number): string | null {
  switch (role) {
    case 'admin':
      return `/Admin/Orders/OrderDetail?id=${orderId}`;
    case 'vendor':
      return `/Vendor/Orders/OrderDetail?id=${orderId}`;
    case 'driver':
      return `/Driver/Orders/OrderDetail?id=${orderId}`;
    case 'store':
      return `/Store/Orders?id=${orderId}`;
    case 'household':
      return `/Household/Orders/OrderDetail?id=${orderId}`;
    default:
      return null;
  }
}

export interface NotifiedOrder {
  id: number;
  storeId: number;
  /** Null for a household's pickup: no vendor hears of it. */
  vendorId: number | null;
  driverId: number | null;
  storeName: string;
}

/** One message to one audience about one order; its kind names the channels it may use (notifications/channels.ts). */
interface Announcement {
  audience: Audience;
  kind: MemberNotificationKind;
  text: (t: MailTexts) => NoteText;
}

async function announce(tx: DbOrTx, order: NotifiedOrder, items: readonly Announcement[], exceptMemberId: number | null, configured: ConfiguredChannels): Promise<void> {
  const orderNumber = formatOrderNumber(order.id);
  for (const item of items) {
    const recipients = (await loadRecipients(tx, item.audience)).filter((r) => r.memberId !== exceptMemberId);
    const compose = (t: MailTexts, r: Recipient): NewNotification => ({ ...item.text(t), link: orderLink(r.role, order.id), orderNumber });
    await deliver(tx, recipients, compose, item.kind, configured);
  }
}

async function vendorCreditPaise(tx: DbOrTx, order: NotifiedOrder, vendorId: number): Promise<number> {
  const row = await queryRow<{ amount: number | string }>(
    tx,
    sql`
    select e.amount_paise as amount from wallet_entries e join wallets w on w.id = e.wallet_id
    where e.order_id = ${order.id} and w.owner_type = 'vendor' and w.owner_id = ${vendorId}
    limit 1`,
  );
  return row ? Number(row.amount) : 0;
}

/**
 * design.md section 12, who hears what, in the transition's transaction: the store (or household) when
 * its order is weighed, corrected, completed or cancelled; the admins when the store
 * calls them (with what the store says is wrong, when it says it) or the driver reports
 * an issue; the driver when the admin corrected the order (it is ready to confirm); the
 * vendor when its wallet is credited. Whoever acted is not told what it just did. Order
 * updates also go on WhatsApp when this process has it (`configured`) and the member opted in.
 */
export async function notifyTransition(
  tx: DbOrTx,
  order: NotifiedOrder,
  change: { to: OrderStatus; actorMemberId: number | null; reason: string | null },
  configured: ConfiguredChannels,
): Promise<void> {
  const n = formatOrderNumber(order.id);
  const store: Audience = { kind: 'store', storeId: order.storeId };
  const items: Announcement[] = [];
  switch (change.to) {
    case 'waiting_store':
      items.push({ audience: store, kind: 'order_update', text: (t) => t.order.weighed(n) });
      break;
    case 'waiting_driver':
      items.push({ audience: store, kind: 'order_update', text: (t) => t.order.correctedForStore(n) });
      if (order.driverId !== null) items.push({ audience: { kind: 'driver', driverId: order.driverId }, kind: 'order_update', text: (t) => t.order.correctedForDriver(n) });
      break;
    case 'completed': {
      items.push({ audience: store, kind: 'order_update', text: (t) => t.order.completed(n) });
      if (order.vendorId !== null) {
        const vendorId = order.vendorId;
        const amount = formatCurrency(paiseToRupees(await vendorCreditPaise(tx, order, vendorId)));
        items.push({ audience: { kind: 'vendor', vendorId }, kind: 'order_update', text: (t) => t.order.credited(n, amount) });
      }
      break;
    }
    case 'cancelled':
      items.push({ audience: store, kind: 'order_update', text: (t) => t.order.cancelled(n, change.reason) });
      break;
    case 'waiting_admin':
      items.push({ audience: { kind: 'admins' }, kind: 'escalation', text: (t) => t.order.called(n, order.storeName, change.reason) });
      break;
    case 'issue':
      items.push({ audience: { kind: 'admins' }, kind: 'escalation', text: (t) => t.order.issueReported(n, change.reason ?? '') });
      break;
    default:
      return;
  }
  await announce(tx, order, items, change.actorMemberId, configured);
}

/**
 * The store hears that the scheduler cancelled its pending order (design.md section 12),
 * each member in its language: the event's reason is English word for word, so the
 * notification is worded from the hours, not from that reason.
 */
export async function notifyAutoCancelled(tx: DbOrTx, order: NotifiedOrder, hours: number, configured: ConfiguredChannels): Promise<void> {
  const n = formatOrderNumber(order.id);
  await announce(tx, order, [{ audience: { kind: 'store', storeId: order.storeId }, kind: 'order_update', text: (t) => t.order.autoCancelled(n, hours) }], null, configured);
}

/**
 * The admins hear that a driver marked an arrival farther from the store's pin than
 * Settings -> Order's `arrival_radius_m` (design.md section 18): in-app, push, and the
 * escalations e-mail, as for an issue the driver reports.
 */
export async function notifyFarArrival(tx: DbOrTx, order: NotifiedOrder, arrival: { driverName: string; metres: number; radiusMetres: number }): Promise<void> {
  const n = formatOrderNumber(order.id);
  const text = (t: MailTexts) => t.order.arrivedFar(n, arrival.driverName, order.storeName, arrival.metres, arrival.radiusMetres);
  await announce(tx, order, [{ audience: { kind: 'admins' }, kind: 'escalation', text }], null, BUILT_IN_CHANNELS);
}

/** The admins hear that an order has stood too long in a status (the scheduler's escalation). */
export async function notifyEscalated(tx: DbOrTx, order: NotifiedOrder, statusLabel: string, hours: number): Promise<void> {
  const n = formatOrderNumber(order.id);
  await announce(tx, order, [{ audience: { kind: 'admins' }, kind: 'escalation', text: (t) => t.order.escalated(n, statusLabel.toLowerCase(), hours) }], null, BUILT_IN_CHANNELS);
}
