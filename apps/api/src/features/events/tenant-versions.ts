import type { AuthContext } from '../../auth/auth-context';
import type { LiveEvent } from './live-event';

/**
 * Per-process counters of "the orders this tenant sees changed": every order event moves
 * the counters of its store, vendor, city (while pending), drivers and "all". A cached
 * answer is filed under the counters its caller's scope read, so it is never served
 * after a change that could alter it. `epoch` moves everything at once.
 */
export class TenantVersions {
  private readonly counters = new Map<string, number>();
  private epoch = 0;

  private bump(key: string): void {
    this.counters.set(key, (this.counters.get(key) ?? 0) + 1);
  }

  /** An order event's audience moved (a write in this process may say so before its NOTIFY comes back). */
  orderChanged(event: Pick<LiveEvent, 'store_id' | 'vendor_id' | 'city_id' | 'driver_ids'>): void {
    this.bump('all');
    if (event.store_id !== null) this.bump(`s${event.store_id}`);
    if (event.vendor_id !== null) this.bump(`v${event.vendor_id}`);
    if (event.city_id !== null) this.bump(`c${event.city_id}`);
    for (const driverId of event.driver_ids ?? []) this.bump(`d${driverId}`);
  }

  /** Something changed that no event describes (a lost connection, a write in this process). */
  bumpAll(): void {
    this.epoch += 1;
  }

  /** How many times everything moved at once (tests wait on it to know a notification was heard). */
  get resets(): number {
    return this.epoch;
  }

  /** The version stamp of what this caller's order lists depend on; null: do not cache. */
  stampFor(auth: AuthContext): string | null {
    const v = (key: string) => this.counters.get(key) ?? 0;
    switch (auth.role) {
      case 'admin':
        return `${this.epoch}:a:${v('all')}`;
      case 'vendor':
        return auth.vendorId === null ? null : `${this.epoch}:v${auth.vendorId}:${v(`v${auth.vendorId}`)}`;
      case 'store':
      case 'household':
        return auth.storeId === null ? null : `${this.epoch}:s${auth.storeId}:${v(`s${auth.storeId}`)}`;
      case 'driver':
        return auth.driverId === null || auth.cityId === null
          ? null
          : `${this.epoch}:d${auth.driverId}:${v(`d${auth.driverId}`)}:c${auth.cityId}:${v(`c${auth.cityId}`)}`;
      default:
        return null;
    }
  }
}
