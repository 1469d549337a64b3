import type { QueryClient } from '@tanstack/react-query';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@app/shared/order-status';
import type { Order, OrderCounts, OrderStats } from '@app/shared/schemas/orders';
import { SETTING_DEFAULTS } from '@app/shared/schemas/settings';
import type { VendorWallet } from '@app/shared/schemas/wallets';
import type { Page } from '@/data/page';

// Build time only (app/prerender-section-styles.tsx): made-up answers for the queries a
// signed-in page asks, so that the build renders the page as it looks with data too, and
// index.html carries the CSS of its cards, chips, tiles and chart as well as its skeletons
// (decision 057). The values only need to be of the right shape: nobody sees this render.

const material = { id: 1, name: 'Copper', vendor_rate: 400, driver_rate: 380, b2c_rate: 420 };

/** One order in each status, so that every status chip's colours are written. */
const ORDERS: Order[] = ORDER_STATUSES.map((status, index) => ({
  id: index + 1,
  display_number: `#${String(index + 1).padStart(8, '0')}`,
  status,
  status_label: ORDER_STATUS_LABELS[status],
  store: { id: 1, name: 'Shivaji Nagar Store', address: '12 FC Road', phone: '+919800000001', location: null, city_id: 1, vendor_id: 1 },
  city_id: 1,
  vendor_id: 1,
  driver: { id: 1, name: 'Ravi', phone: '+919800000002', vehicle_number: 'MH12AB1234' },
  details: [{ id: index + 1, material, weight: 10.5, rate: 400, driver_rate: 380, amount: 4200 }],
  total_weight: 10.5,
  vendor_amount: 4200,
  driver_amount: 3990,
  note: null,
  pickup_slot: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T12:00:00Z',
  image_count: 1,
}));

const page = <T>(items: T[]): Page<T> => ({ items, total: items.length, estimated: false, nextCursor: null });

const COUNTS = Object.fromEntries(ORDER_STATUSES.map((status, index) => [status, index * 7])) as OrderCounts;

/** Twelve months (or thirty days) from `since`, in the API's period form. */
function stats(query: { group?: unknown; since?: unknown; metric?: unknown }): OrderStats {
  const since = new Date(typeof query.since === 'string' ? query.since : '2026-01-01T00:00:00Z');
  const byDay = query.group === 'day';
  return Array.from({ length: byDay ? 30 : 12 }, (_, index) => {
    const at = byDay ? new Date(since.getTime() + index * 86_400_000) : new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + index, 1));
    const period = at.toISOString().slice(0, byDay ? 10 : 7);
    return { period, value: query.metric === 'vendor_amount' ? 125_000 + index * 20_000 : 3 + (index % 5) };
  });
}

const WALLETS: VendorWallet[] = [{ vendor_id: 0, balance: 125_400.5, available: 100_000, transactions: [] }];

/** A made-up answer to the query with `key` (lib/query-keys.ts), or undefined for one the build leaves unanswered (its skeleton stays). */
export function sampleAnswer(key: readonly unknown[]): unknown {
  const [resource, kind, query] = key as [string, string, Record<string, unknown> | undefined];
  const params = query ?? {};
  if (resource === 'orders' && kind === 'list') return params.pages ? { pages: [page(ORDERS)], pageParams: [undefined] } : page(ORDERS);
  if (resource === 'orders' && kind === 'counts') return COUNTS;
  if (resource === 'orders' && kind === 'stats') return stats(params);
  if (resource === 'orders' && kind === 'waiting_store') return ORDERS.find((order) => order.status === 'waiting_store');
  if (resource === 'wallets' && kind === 'list') return WALLETS;
  // The defaults lack the company's address and GSTIN: the admin's warning draws (company-info-notice.tsx).
  if (resource === 'settings' && kind === 'information') return { key: 'information', value: SETTING_DEFAULTS.information, updated_at: null };
  if (resource === 'notifications' && kind === 'unread') return { items: [], total: 3, nextCursor: null };
  return undefined;
}

/** Answers every query in `client` that has no data yet and has a sample; how many it answered. */
export function answerWithSamples(client: QueryClient): number {
  let answered = 0;
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.data !== undefined) continue;
    const data = sampleAnswer(query.queryKey);
    if (data === undefined) continue;
    client.setQueryData(query.queryKey, data);
    answered += 1;
  }
  return answered;
}
