import type { OrderStatus } from './order-status';

// How every screen shows a status, in one exhaustive table: a new status is a type error
// here until it has a label, a colour, an icon and the party that moves it on, and every
// screen reads this table instead of keeping its own (two chip maps once disagreed).

/** A theme palette name (MUI Chip `color`), kept free of any UI library. */
export type StatusTone = 'default' | 'info' | 'warning' | 'error' | 'success';

/** An icon name; the web app maps each to its glyph (an exhaustive map there too). */
export type StatusIcon = 'schedule' | 'handshake' | 'truck' | 'pin' | 'store' | 'admin' | 'scale' | 'problem' | 'done' | 'cancelled';

/** Who must act for the order to move on; null once it is over. */
export type NextActor = 'store' | 'driver' | 'admin' | null;

export interface OrderStatusDisplay {
  /** i18n key in the web app's `common` namespace. */
  labelKey: `orderStatus.${OrderStatus}`;
  tone: StatusTone;
  icon: StatusIcon;
  nextActor: NextActor;
}

export const ORDER_STATUS_DISPLAY: Record<OrderStatus, OrderStatusDisplay> = {
  pending: { labelKey: 'orderStatus.pending', tone: 'default', icon: 'schedule', nextActor: 'driver' },
  accepted: { labelKey: 'orderStatus.accepted', tone: 'info', icon: 'handshake', nextActor: 'driver' },
  moving: { labelKey: 'orderStatus.moving', tone: 'info', icon: 'truck', nextActor: 'driver' },
  arrived: { labelKey: 'orderStatus.arrived', tone: 'info', icon: 'pin', nextActor: 'driver' },
  // Waiting on a party of the deal: a warning, someone has a step to take.
  waiting_store: { labelKey: 'orderStatus.waiting_store', tone: 'warning', icon: 'store', nextActor: 'store' },
  // A disputed weighing: the admin must settle it before money can move.
  waiting_admin: { labelKey: 'orderStatus.waiting_admin', tone: 'error', icon: 'admin', nextActor: 'admin' },
  waiting_driver: { labelKey: 'orderStatus.waiting_driver', tone: 'warning', icon: 'scale', nextActor: 'driver' },
  issue: { labelKey: 'orderStatus.issue', tone: 'error', icon: 'problem', nextActor: 'admin' },
  completed: { labelKey: 'orderStatus.completed', tone: 'success', icon: 'done', nextActor: null },
  cancelled: { labelKey: 'orderStatus.cancelled', tone: 'default', icon: 'cancelled', nextActor: null },
};

/** The statuses in which `actor` holds the order (what a role's "to do" lists show). */
export function statusesAwaiting(actor: Exclude<NextActor, null>): OrderStatus[] {
  return (Object.keys(ORDER_STATUS_DISPLAY) as OrderStatus[]).filter((s) => ORDER_STATUS_DISPLAY[s].nextActor === actor);
}
