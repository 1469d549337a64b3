import type { Material } from '@app/shared/schemas/catalog';
import type { Order, OrderDetail } from '@app/shared/schemas/orders';
import type { StoreDetail } from '@app/shared/schemas/partners';
import { session, type SessionUser } from '@/lib/session';

// Wire-format records for component tests, valid against the shared answer schemas.

export const copper: Material = { id: 1, name: 'Copper', name_hi: 'तांबा', vendor_rate: 400, driver_rate: 380, b2c_rate: 420, hsn_code: '7404', gst_rate: 18 };
export const iron: Material = { id: 2, name: 'Iron', name_hi: null, vendor_rate: 30, driver_rate: 28, b2c_rate: 32, hsn_code: '7204', gst_rate: 18 };

const plain = ({ hsn_code: _h, gst_rate: _g, retired_at: _r, name_hi: _n, ...material }: Material) => material;

export function anOrder(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? 42;
  return {
    id,
    display_number: `#${String(id).padStart(8, '0')}`,
    status: 'waiting_store',
    status_label: 'Waiting store',
    customer_kind: 'store',
    store: { id: 7, name: 'Shivaji Nagar Store', address: '12 FC Road', phone: null, location: null, city_id: 3, vendor_id: 5 },
    city_id: 3,
    vendor_id: 5,
    driver: { id: 9, name: 'Ravi', phone: null, vehicle_number: 'MH12AB1234' },
    details: [
      { id: 101, material: plain(copper), weight: 10.5, rate: 375.27, driver_rate: 360, amount: 3940.34 },
      { id: 102, material: plain(iron), weight: 42.25, rate: 30, driver_rate: 28, amount: 1267.5 },
    ],
    total_weight: 52.75,
    vendor_amount: 5207.84,
    driver_amount: 4963,
    note: null,
    pickup_slot: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T12:00:00Z',
    image_count: 0,
    payment: null,
    receipt: null,
    ...overrides,
  };
}

export function anOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return { ...anOrder(overrides), events: [], images: [], ...overrides };
}

/** GET /stores/7: Sharma Traders of Pune, with its vendor. */
export function aStoreDetail(overrides: Partial<StoreDetail> = {}): StoreDetail {
  return {
    id: 7,
    name: 'Sharma Traders',
    city: { id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } },
    address: 'MG Road',
    phone: null,
    location: null,
    vendor: { id: 2, company_name: 'Green Metals' },
    member: null,
    order_count: 0,
    staff_count: 0,
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** The store member of store 7 (aStoreDetail), as the session keeps them. */
export const STORE_MEMBER: SessionUser = { memberId: 4, loginId: 'store@example.com', name: 'Sharma', role: 'store', storeId: 7, vendorId: null, driverId: null };

/** Signs `user` in for a component test, with an access token good for an hour. */
export function signInForTest(user: SessionUser): void {
  session.setTokens({ accessToken: `${user.role}-token`, idToken: null, refreshToken: null, expiresAt: Date.now() + 3_600_000 });
  session.setUser(user);
}
