// Test helpers of the driver-positions feature (not a test file itself): stores of two
// vendors, a driver, pickups all day, and the order routes the tests drive, through the real API.
import { beforeAll, expect } from 'vitest';
import { SETTING_DEFAULTS } from '@app/shared/schemas/settings';
import { ordersApi, type OrdersApi } from '../../test/orders-api';
import type { TestContext, TestAppOptions } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import type { TestDbKind } from '../../test/test-database';
import { useTestWorld } from '../../test/test-world';

export type { OrdersApi };

export interface PositionsWorld {
  cityA: number;
  cityB: number;
  admin: TestMember;
  vendor: TestMember;
  /** A store of `vendor`, in city A. */
  store: TestMember;
  otherVendor: TestMember;
  /** A store of `otherVendor`, in city A. */
  otherStore: TestMember;
  /** A driver of city A. */
  driver: TestMember;
  materialIds: number[];
}


/** The suite's app and world, opened before its tests and closed after them; `take` receives them once open. */
export function usePositionsWorld(kind: TestDbKind, take: (made: { ctx: TestContext; world: PositionsWorld; api: OrdersApi }) => void, options?: TestAppOptions): void {
  const app = useTestWorld(
    kind,
    {
      admin: 'admin',
      vendor: 'vendor',
      otherVendor: 'vendor',
      store: ['store', (w) => ({ vendorId: w.vendor.vendorId })],
      otherStore: ['store', (w) => ({ vendorId: w.otherVendor.vendorId })],
      driver: 'driver',
    },
    options,
  );
  beforeAll(async () => {
    // Pickups all day: the tests run at any hour, and a driver accepts only inside the window.
    const settings = await app.app.inject({
      method: 'PUT',
      url: '/settings/order',
      headers: app.admin.headers,
      payload: { ...SETTING_DEFAULTS.order, pickup_window_start: '00:00', pickup_window_end: '23:59' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const materialIds = (await app.factories.materialList()).filter((m) => m.retiredAt === null).map((m) => m.id);
    const [cityA, cityB] = app.cityIds as [number, number];
    const { admin, vendor, otherVendor, store, otherStore, driver } = app;
    take({ ctx: app, world: { cityA, cityB, admin, vendor, otherVendor, store, otherStore, driver, materialIds }, api: ordersApi(app) });
  }, 120_000);
}
