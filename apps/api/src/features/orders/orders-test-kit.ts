// Test helpers of the orders feature (not a test file itself): a small world of members
// and orders driven through the real API, as the people of design.md section 1 would.
import { afterAll, beforeAll, expect } from 'vitest';
import type { CustomerKind } from '@app/shared/constants';
import type { OrderAction } from '@app/shared/order-machine';
import type { OrderStatus } from '@app/shared/order-status';
import { SETTING_DEFAULTS, type OrderSettings } from '@app/shared/schemas/settings';
import { ordersApi, type OrdersApi } from '../../test/orders-api';
import { sentSmsTo } from '../../test/phones';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestDbKind } from '../../test/test-database';
import type { TestMember } from '../../test/factories';

// The order routes live in test/orders-api.ts (other features' kits drive them too).
export { ordersApi, type OrdersApi };

/** A real 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);
/** A real 8x8 JPEG (the server decodes every photo it takes). */
export const JPEG_BYTES = Buffer.from(
  'ffd8ffdb004300140e0f120f0d14121012171514181e32211e1c1c1e3d2c2e243249404c4b47404645505a736250556d5645466488656d777b8182814e608d978c7d96737e817cffdb0043011517171e1a1e3b21213b7c5346537c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7cffc00011080008000803012200021101031101ffc4001500010100000000000000000000000000000004ffc40014100100000000000000000000000000000000ffc4001501010100000000000000000000000000000304ffc40014110100000000000000000000000000000000ffda000c03010002110311003f00a804837fffd9',
  'hex',
);

export interface World {
  cityA: number;
  cityB: number;
  admin: TestMember;
  vendor: TestMember;
  store: TestMember;
  driver: TestMember;
  /** Another driver of city A: sees pending orders there, not the ones `driver` took. */
  rivalDriver: TestMember;
  /** A driver of city B. */
  farDriver: TestMember;
  otherVendor: TestMember;
  /** A store of `otherVendor`, in city A. */
  otherStore: TestMember;
  /** A household of city A (design.md section 21), and another. */
  household: TestMember;
  otherHousehold: TestMember;
  materialIds: number[];
}

/** Settings -> Order as a test world starts: pickups all day (tests run at any hour), the rest as the defaults. */
export const ALL_DAY_ORDER_SETTINGS = {
  ...SETTING_DEFAULTS.order,
  pickup_window_start: '00:00',
  pickup_window_end: '23:59',
};

/** Replaces Settings -> Order through the API, as an admin would. */
export async function putOrderSettings(ctx: TestContext, admin: TestMember, value: Partial<OrderSettings>): Promise<void> {
  const res = await ctx.app.inject({ method: 'PUT', url: '/settings/order', headers: admin.headers, payload: { ...ALL_DAY_ORDER_SETTINGS, ...value } });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Settings -> Information as a test world starts: complete, so completed orders get their
 * invoices at once (design.md section 23); a Maharashtra GSTIN with a valid check character.
 */
export const TEST_COMPANY = { name: 'Kabadi Traders', address: '1 Market Road, Mumbai', phone: '', email: '', gstin: '27AAPFU0939F1ZV' };

/** Replaces Settings -> Information through the API, as an admin would. */
export async function putCompanyInformation(ctx: TestContext, admin: TestMember, value: Partial<typeof TEST_COMPANY> = {}): Promise<void> {
  const res = await ctx.app.inject({ method: 'PUT', url: '/settings/information', headers: admin.headers, payload: { ...TEST_COMPANY, ...value } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A multipart/form-data body with one file field. */
export function multipartFile(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----kabadi${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The driver photographs the load, as the weighing form asks before the weighed lines go out. */
export async function addLoadPhoto(ctx: TestContext, as: TestMember, orderId: number): Promise<void> {
  const body = multipartFile(PNG_BYTES, 'load.png', 'image/png');
  const res = await ctx.app.inject({ method: 'POST', url: `/orders/${orderId}/images`, headers: { ...as.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
}

export async function createWorld(ctx: TestContext): Promise<World> {
  const f = ctx.factories;
  const [cityA, cityB] = (await f.cityIds()) as [number, number];
  const vendor = await f.createMember('vendor', { cityId: cityA });
  const otherVendor = await f.createMember('vendor', { cityId: cityA });
  const admin = await f.createMember('admin');
  await putOrderSettings(ctx, admin, {});
  await putCompanyInformation(ctx, admin);
  return {
    cityA,
    cityB,
    admin,
    vendor,
    store: await f.createMember('store', { cityId: cityA, vendorId: vendor.vendorId }),
    driver: await f.createMember('driver', { cityId: cityA }),
    rivalDriver: await f.createMember('driver', { cityId: cityA }),
    farDriver: await f.createMember('driver', { cityId: cityB }),
    otherVendor,
    otherStore: await f.createMember('store', { cityId: cityA, vendorId: otherVendor.vendorId }),
    household: await f.createMember('household', { cityId: cityA }),
    otherHousehold: await f.createMember('household', { cityId: cityA }),
    materialIds: (await f.materialList()).filter((m) => m.retiredAt === null).map((m) => m.id),
  };
}

/** A test file's app with its orders world and API, opened before the suite's tests and closed after them. */
export interface OrdersWorld {
  ctx: TestContext;
  world: World;
  api: OrdersApi;
}

/** Registers the suite's beforeAll/afterAll that open and close an `OrdersWorld`; `take` receives it once open. */
export function useOrdersWorld(kind: TestDbKind, take: (made: OrdersWorld) => void): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    take({ ctx, world: await createWorld(ctx), api: ordersApi(ctx) });
  }, 120_000);
  afterAll(async () => ctx?.close());
}


/** Weighed lines for the materials of an order: `weights` in kg, in line order. */
export function weighed(order: { details: Array<{ id: number; material: { id: number } }> }, weights: Array<number | string>) {
  return { details: order.details.map((d, i) => ({ id: d.id, material_id: d.material.id, weight: weights[i] ?? 1 })) };
}

/** A household's payment at the door as a completion sends it. */
export const CASH = { payment: { method: 'cash' } } as const;

/** The handover code of the newest SMS sent to this phone (design.md section 21). */
export async function handoverCodeOf(ctx: TestContext, phone: string): Promise<string> {
  const texts = await sentSmsTo(ctx, phone);
  const code = texts.map((text) => /: (\d{6})[.।]/.exec(text)?.[1]).filter((found) => found !== undefined).at(-1);
  if (!code) throw new Error(`no handover code sent to ${phone}: ${texts.join(' | ')}`);
  return code;
}

/**
 * A new order of `world.store` (or `world.household`) with two lines, driven through the API
 * into `status`; the household approves on its phone, paid in cash.
 */
export async function orderInStatus(ctx: TestContext, world: World, status: OrderStatus, customer: CustomerKind = 'store'): Promise<number> {
  const api = ordersApi(ctx);
  const ok = async (response: Awaited<ReturnType<typeof api.act>>) => {
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const owner = customer === 'household' ? world.household : world.store;
  const completion = customer === 'household' ? CASH : undefined;
  const created = await ok(await api.create(owner, { details: [{ material_id: world.materialIds[0] }, { material_id: world.materialIds[1], weight: 2 }] }));
  const id: number = created.id;
  const path: Record<OrderStatus, Array<[TestMember, OrderAction, unknown?]>> = {
    pending: [],
    accepted: [[world.driver, 'accepted']],
    moving: [[world.driver, 'accepted'], [world.driver, 'moving']],
    arrived: [[world.driver, 'accepted'], [world.driver, 'moving'], [world.driver, 'arrived']],
    waiting_store: [[world.driver, 'accepted'], [world.driver, 'moving'], [world.driver, 'arrived'], [world.driver, 'waiting_store', weighed(created, [10.5, 3])]],
    waiting_admin: [
      [world.driver, 'accepted'], [world.driver, 'moving'], [world.driver, 'arrived'], [world.driver, 'waiting_store', weighed(created, [10.5, 3])],
      [owner, 'waiting_admin'],
    ],
    waiting_driver: [
      [world.driver, 'accepted'], [world.driver, 'moving'], [world.driver, 'arrived'], [world.driver, 'waiting_store', weighed(created, [10.5, 3])],
      [owner, 'waiting_admin'], [world.admin, 'waiting_driver', weighed(created, [10, 3])],
    ],
    issue: [[world.driver, 'accepted'], [world.driver, 'issue', { reason: 'Store closed' }]],
    completed: [[world.driver, 'accepted'], [world.driver, 'moving'], [world.driver, 'arrived'], [world.driver, 'waiting_store', weighed(created, [10.5, 3])], [owner, 'complete', completion]],
    // Taken first, so its driver still sees it.
    cancelled: [[world.driver, 'accepted'], [owner, 'cancel']],
  };
  for (const [who, action, payload] of path[status]) {
    if (action === 'waiting_store') await addLoadPhoto(ctx, who, id);
    await ok(await api.act(who, action, id, payload));
  }
  return id;
}
