import type { LiveEventName } from '@app/shared/constants';
import type { AuthContext } from '../../auth/auth-context';

/**
 * One event of the change feed as a trigger wrote it (migration 0004) and NOTIFY carries
 * it: what it says (`data`) and who may hear it (the audience columns).
 */
export interface LiveEvent {
  id: number;
  kind: LiveEventName;
  data: Record<string, unknown>;
  store_id: number | null;
  vendor_id: number | null;
  /** Set while the order is or was pending: the city whose drivers could see it. */
  city_id: number | null;
  /** The order's driver before and after the change. */
  driver_ids: number[] | null;
  member_id: number | null;
}

/** The NOTIFY payload, checked: a malformed one is dropped rather than sent to anyone. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.id !== 'number' || (value.kind !== 'order' && value.kind !== 'notification' && value.kind !== 'rates')) return null;
    if (typeof value.data !== 'object' || value.data === null) return null;
    return {
      id: value.id,
      kind: value.kind,
      data: value.data,
      store_id: value.store_id ?? null,
      vendor_id: value.vendor_id ?? null,
      city_id: value.city_id ?? null,
      driver_ids: value.driver_ids ?? null,
      member_id: value.member_id ?? null,
    };
  } catch {
    return null;
  }
}

/**
 * design.md section 12: an order event to whoever may see the order (order-scope.ts, the
 * rule of GET /orders/{id}) before or after the change; a notification to its member;
 * rates to everyone. An unverified or disabled member never holds a stream.
 */
export function mayReceive(auth: AuthContext, event: LiveEvent): boolean {
  switch (event.kind) {
    case 'rates':
      return true;
    case 'notification':
      return event.member_id === auth.memberId;
    case 'order':
      switch (auth.role) {
        case 'admin':
          return true;
        case 'vendor':
          return auth.vendorId !== null && event.vendor_id === auth.vendorId;
        case 'store':
        case 'household':
          return auth.storeId !== null && event.store_id === auth.storeId;
        case 'driver':
          if (auth.driverId === null) return false;
          return (event.driver_ids ?? []).includes(auth.driverId) || (auth.cityId !== null && event.city_id === auth.cityId);
        default:
          return false;
      }
  }
}

/** One event in the SSE wire format: id, name, one line of JSON data. */
export function formatSse(event: Pick<LiveEvent, 'id' | 'kind' | 'data'>): string {
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
