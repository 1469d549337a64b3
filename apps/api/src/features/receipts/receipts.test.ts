import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '@app/shared/india-time';
import { receiptSchema } from '@app/shared/schemas/households';
import { reconciliationSchema } from '@app/shared/schemas/money';
import { receiptPdfs, receipts } from '../../db/tables/receipts.table';
import { completeHouseholdOrder, createHousehold, householdOrder, type HouseholdLine, type TestHousehold } from '../../money/receipts/household-money-test-kit';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { completedOrder, createTaxMaterials, createWorld, type World } from '../../test/money-test-kit';

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

// Windows far longer than a test, so no window boundary falls inside one.
const EXPORTS = 3;

// design.md section 21: a household's receipt, to the household, admins and the order's driver
// only; its PDF in English and Hindi, built once, counted as an export; household purchases in
// the reconciliation report beside the vendor side; the driver's ledger shows what it paid.
const COMPANY = { name: 'Kabadi Traders', address: '1 Market Road, Mumbai', phone: '+912012345678', gstin: '27AAPFU0939F1ZV' };

describe.each(TEST_DB_KINDS)('household receipts, books and ledgers on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let materials: [number, number];
  let homeA: TestHousehold;
  let homeB: TestHousehold;
  let lines: HouseholdLine[];
  const orders: Record<'a1' | 'a2' | 'a3' | 'b1' | 'store', number> = { a1: 0, a2: 0, a3: 0, b1: 0, store: 0 };
  const get = (as: TestMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: as.headers });
  const today = istDay(new Date());

  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { RATE_LIMITS: `export.member=${EXPORTS}/10000000` } });
    world = await createWorld(ctx);
    materials = await createTaxMaterials(ctx, world.admin);
    // A Hindi name whose glyphs a PDF's text gives back in order (no matra before its consonant, no conjunct).
    const named = await ctx.app.inject({ method: 'PATCH', url: `/materials/${materials[0]}`, headers: world.admin.headers, payload: { name_hi: 'पीतल' } });
    expect(named.statusCode, named.body).toBe(200);
    // The buyer each receipt names, as Settings -> Information says when it is issued.
    const company = await ctx.app.inject({ method: 'PUT', url: '/settings/information', headers: world.admin.headers, payload: { ...COMPANY, email: '' } });
    expect(company.statusCode, company.body).toBe(200);
    homeA = await createHousehold(ctx, world.cityA, 'Asha Devi');
    homeB = await createHousehold(ctx, world.cityA, 'Bina Rao');
    // 10 kg at 40.00 = 400.00 (driver 3.00/kg = 30.00) and 2.5 kg at 14.00 = 35.00 (driver 1.00/kg = 2.50).
    lines = [
      { materialId: materials[0], kg: 10, b2cRatePaise: 4000, driverRatePaise: 300 },
      { materialId: materials[1], kg: 2.5, b2cRatePaise: 1400, driverRatePaise: 100 },
    ];
    orders.a1 = await householdOrder(ctx, homeA, world.driver.driverId!, lines);
    await completeHouseholdOrder(ctx.db, orders.a1, { payment: { method: 'cash', reference: null } });
    orders.a2 = await householdOrder(ctx, homeA, world.driver.driverId!, lines);
    orders.a3 = await householdOrder(ctx, homeA, world.driver.driverId!, lines.slice(0, 1));
    await completeHouseholdOrder(ctx.db, orders.a3);
    orders.b1 = await householdOrder(ctx, homeB, world.driver.driverId!, lines.slice(1));
    await completeHouseholdOrder(ctx.db, orders.b1, { payment: { method: 'upi', reference: '998877665544' } });
    // A store's pickup of the same day: the vendor side of the books (10.5 kg and 3 kg).
    orders.store = await completedOrder(ctx, world, materials);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('answers the receipt to the household, the order\'s driver and admins', async () => {
    const own = await get(homeA, `/orders/${orders.a1}/receipt`);
    expect(own.statusCode, own.body).toBe(200);
    const receipt = receiptSchema.parse(own.json());
    expect(receipt).toMatchObject({
      number: expect.stringMatching(/^RCPT\/\d{4}-\d{2}\/000001$/),
      order_id: orders.a1,
      display_number: `#${String(orders.a1).padStart(8, '0')}`,
      household: { name: 'Asha Devi', phone: homeA.phone, address: '14 Gandhi Nagar, Pune' },
      company: COMPANY,
      lines: [
        { material: { id: materials[0], name: expect.stringMatching(/^Test Copper/), name_hi: 'पीतल' }, weight: 10, rate: 40, amount: 400 },
        { material: { id: materials[1], name_hi: null }, weight: 2.5, rate: 14, amount: 35 },
      ],
      total_weight: 12.5,
      total: 435,
      payment: { method: 'cash', reference: null },
    });
    for (const reader of [world.driver, world.admin]) {
      const res = await get(reader, `/orders/${orders.a1}/receipt`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(own.json());
    }
    expect((await get(homeB, `/orders/${orders.b1}/receipt`)).json()).toMatchObject({ total: 35, payment: { method: 'upi', reference: '998877665544' } });
  });

  it('is 404 to another household, stores, vendors and other drivers, and while there is no receipt', async () => {
    for (const stranger of [homeB, world.store, world.vendor, world.rivalDriver]) {
      expect((await get(stranger, `/orders/${orders.a1}/receipt`)).statusCode).toBe(404);
      expect((await get(stranger, `/orders/${orders.a1}/receipt.pdf?lang=en`)).statusCode).toBe(404);
    }
    // A pickup not yet completed, and a store's order, have none.
    expect((await get(homeA, `/orders/${orders.a2}/receipt`)).statusCode).toBe(404);
    expect((await get(world.admin, `/orders/${orders.store}/receipt`)).statusCode).toBe(404);
    expect((await get(homeA, `/orders/${orders.store}/receipt`)).statusCode).toBe(404);
    expect((await get(world.admin, '/orders/99999999/receipt')).statusCode).toBe(404);
    // And a household's pickup has no GST invoice.
    expect((await get(world.admin, `/orders/${orders.a1}/invoice`)).statusCode).toBe(404);
    expect((await get(world.admin, `/orders/${orders.a1}/invoice.pdf`)).statusCode).toBe(404);
    expect((await get(homeA, `/orders/${orders.a1}/receipt.pdf?lang=fr`)).json().errors).toHaveProperty('lang');
  });

  it('prints the receipt as a PDF in English and Hindi, builds each once and counts first builds as exports', async () => {
    const en = await get(homeA, `/orders/${orders.a1}/receipt.pdf?lang=en`);
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toMatch(/filename="receipt-RCPT-\d{4}-\d{2}-000001\.pdf"/);
    expect(en.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const hi = await get(homeA, `/orders/${orders.a1}/receipt.pdf?lang=hi`);
    expect(hi.statusCode, hi.body).toBe(200);
    expect(hi.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const enText = await pdfText(en.rawPayload);
    expect(enText).toContain('Receipt');
    expect(enText).toContain('Asha Devi');
    expect(enText).toMatch(/Bought by\s+Kabadi Traders\s+1 Market Road, Mumbai\s+Phone: \+91 20123 45678/);
    expect(enText).toContain(`GSTIN: ${COMPANY.gstin}`);
    expect(enText).toMatch(/RCPT\/\d{4}-\d{2}\/000001/);
    expect(enText).toContain('Rupees Four Hundred Thirty Five Only');
    expect(await pdfText(hi.rawPayload)).toContain('पीतल');
    const kept = await ctx.db.select({ language: receiptPdfs.language, pdf: receiptPdfs.pdf }).from(receiptPdfs).where(eq(receiptPdfs.orderId, orders.a1));
    expect(kept.map((k) => k.language).sort()).toEqual(['en', 'hi']);
    expect(kept.find((k) => k.language === 'hi')!.pdf.equals(hi.rawPayload)).toBe(true);
    // A kept copy is a read, not an export: the same bytes, whoever asks (the driver too).
    const again = await get(world.driver, `/orders/${orders.a1}/receipt.pdf?lang=en`);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(en.rawPayload)).toBe(true);
    // The household's third first build is its last within the limit; the fourth is refused, a kept one still served.
    expect((await get(homeA, `/orders/${orders.a3}/receipt.pdf?lang=en`)).statusCode).toBe(200);
    expect((await get(homeA, `/orders/${orders.a3}/receipt.pdf?lang=hi`)).statusCode).toBe(429);
    expect((await get(homeA, `/orders/${orders.a1}/receipt.pdf?lang=hi`)).statusCode).toBe(200);
  });

  it('keeps the company as it stood at issue, and answers a receipt issued before it was recorded without one', async () => {
    const renamed = await ctx.app.inject({ method: 'PUT', url: '/settings/information', headers: world.admin.headers, payload: { ...COMPANY, name: 'Kabadi Traders Renamed', email: '' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(homeA, `/orders/${orders.a1}/receipt`)).json().company).toEqual(COMPANY);
    // A receipt issued before receipts recorded the company: its stored body has none.
    await ctx.db.update(receipts).set({ body: sql`${receipts.body} - 'company'` }).where(eq(receipts.orderId, orders.b1));
    const old = await get(homeB, `/orders/${orders.b1}/receipt`);
    expect(old.statusCode, old.body).toBe(200);
    expect(receiptSchema.parse(old.json()).company).toBeNull();
    const pdf = await get(homeB, `/orders/${orders.b1}/receipt.pdf?lang=en`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Bina Rao');
    expect(text).not.toContain('Bought by');
  });

  it('reports household purchases per city and material beside the vendor side, which leaves them out', async () => {
    const res = await get(world.admin, `/reports/reconciliation?from=${today}&to=${today}&group=city`);
    expect(res.statusCode, res.body).toBe(200);
    const report = reconciliationSchema.parse(res.json());
    // Only the store's pickup on the vendor side: 10.5 kg and 3 kg.
    expect(report.totals).toMatchObject({ orders: 1, weight: 13.5 });
    expect(report.rows.map((r) => r.key)).toEqual([world.cityA]);
    const byVendor = (await get(world.admin, `/reports/reconciliation?from=${today}&to=${today}&group=vendor`)).json();
    expect(byVendor.rows.map((r: { key: number }) => r.key)).toEqual([world.vendor.vendorId]);
    expect(byVendor.households).toEqual(report.households);
    // a1: 10 kg (400.00) + 2.5 kg (35.00); a3: 10 kg (400.00); b1: 2.5 kg (35.00).
    const city = { id: world.cityA, name: expect.any(String) };
    expect(report.households.rows).toEqual(
      expect.arrayContaining([
        { city, material: { id: materials[0], name: expect.stringMatching(/^Test Copper/) }, orders: 2, weight: 20, b2c_amount: 800 },
        { city, material: { id: materials[1], name: expect.stringMatching(/^Test Paper/) }, orders: 2, weight: 5, b2c_amount: 70 },
      ]),
    );
    expect(report.households.rows).toHaveLength(2);
    expect(report.households.totals).toEqual({ orders: 3, weight: 25, b2c_amount: 870 });
    expect(report.ledger.balanced).toBe(true);
    const tomorrow = istDay(new Date(Date.now() + 86_400_000));
    expect((await get(world.admin, `/reports/reconciliation?from=${tomorrow}`)).json().households).toEqual({ rows: [], totals: { orders: 0, weight: 0, b2c_amount: 0 } });
  });

  it('shows the driver what it paid households, in its transactions and statement, and lets payouts repay it', async () => {
    const entries = (await get(world.driver, '/wallets/transactions?limit=100')).json() as Array<{ kind: string; amount: number; order_id: number | null }>;
    const ofHouseholds = entries.filter((e) => e.order_id !== null && e.order_id !== orders.store);
    expect(ofHouseholds.filter((e) => e.kind === 'household_payment').map((e) => [e.order_id, e.amount]).sort()).toEqual(
      [
        [orders.a1, 435],
        [orders.a3, 400],
        [orders.b1, 35],
      ].sort(),
    );
    expect(ofHouseholds.filter((e) => e.kind === 'order_credit').map((e) => [e.order_id, e.amount]).sort()).toEqual(
      [
        [orders.a1, 32.5],
        [orders.a3, 30],
        [orders.b1, 2.5],
      ].sort(),
    );
    const csv = await get(world.driver, '/wallets/transactions.csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\r\n').filter((l) => l.includes(',household_payment,'))).toHaveLength(3);

    const statement = (await get(world.driver, `/statements/?from=${today}&to=${today}`)).json();
    const storeDriverAmount = entries.find((e) => e.order_id === orders.store && e.kind === 'order_credit')!.amount;
    const credits = 870 + 65 + storeDriverAmount;
    expect(statement).toMatchObject({ opening_balance: 0, credits, payouts: 0, adjustments: 0, closing_balance: credits, orders: 4 });
    const wallet = (await get(world.driver, '/wallets/driver-earnings')).json()[0];
    expect(wallet.balance).toBe(credits);
    const payout = await ctx.app.inject({ method: 'POST', url: '/payouts/', headers: world.driver.headers, payload: { amount: credits } });
    expect(payout.statusCode, payout.body).toBe(201);
    const statementCsv = await get(world.driver, `/statements.csv?from=${today}&to=${today}`);
    expect(statementCsv.body).toContain(`,household_payment,#${String(orders.a1).padStart(8, '0')},,435,`);
  });
});
