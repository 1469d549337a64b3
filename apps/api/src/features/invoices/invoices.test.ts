import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@app/shared/format';
import { orderLines, orders } from '../../db/tables/orders.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { financialYearOf } from '../../money/invoices/financial-year';
import { GSTIN_KA, GSTIN_MH, completedOrder, createTaxMaterials, createWorld, orderInStatus, setCompany, setVendorGstin, useOrdersWorld, type World } from '../../test/money-test-kit';

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

// Worked by hand for both orders: 10.5 kg x 123.45 = 1,296.225 -> 1,296.23 at 18%;
// 3 kg x 10.10 = 30.30 at 5%. Taxable 1,326.53.
// Within a state: CGST = SGST = 116.66 (9% of 1,296.23 = 116.6607) + 0.76 (2.5% of 30.30 = 0.7575) = 117.42.
// Across states: IGST = 233.32 (18% of 1,296.23 = 233.3214) + 1.52 (5% of 30.30 = 1.515, half up) = 234.84.
describe.each(TEST_DB_KINDS)('GST invoices on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let admin: TestMember;
  let materials: [number, number];
  const get = (as: TestMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: as.headers });
  const fy = () => financialYearOf(new Date());

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    admin = world.admin;
    materials = await createTaxMaterials(ctx, admin);
    await setCompany(ctx, admin, GSTIN_MH);
  });
  afterAll(async () => ctx?.close());

  it('an unregistered vendor: reverse charge, state from its city, CGST + SGST in one state; credit is the vendor amount', async () => {
    const orderId = await completedOrder(ctx, world, materials);
    const res = await get(admin, `/orders/${orderId}/invoice`);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json();
    expect(invoice).toMatchObject({
      number: `INV/${fy()}/000001`,
      order_id: orderId,
      supplier: { gstin: null, state: 'Maharashtra', state_code: '27' },
      recipient: { name: 'Kabadi Traders', gstin: GSTIN_MH, state: 'Maharashtra', state_code: '27' },
      place_of_supply: 'Maharashtra',
      reverse_charge: true,
      taxable_total: 1326.53,
      cgst_total: 117.42,
      sgst_total: 117.42,
      igst_total: 0,
      total: 1561.37,
      total_in_words: 'Rupees One Thousand Five Hundred Sixty One and Thirty Seven Paise Only',
    });
    expect(invoice.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(invoice.lines).toEqual([
      { material: expect.stringMatching(/^Test Copper/), hsn_code: '7404', weight: 10.5, rate: 123.45, taxable_value: 1296.23, gst_rate: 18, cgst: 116.66, sgst: 116.66, igst: 0, total: 1529.55 },
      { material: expect.stringMatching(/^Test Paper/), hsn_code: '470730', weight: 3, rate: 10.1, taxable_value: 30.3, gst_rate: 5, cgst: 0.76, sgst: 0.76, igst: 0, total: 31.82 },
    ]);
    const entries = (await get(world.vendor, '/wallets/transactions')).json();
    expect(entries[0]).toMatchObject({ kind: 'order_credit', order_id: orderId, amount: 1326.53 });
  });

  it('a vendor registered in another state: IGST, no reverse charge, and the wallet is credited the invoice total', async () => {
    expect((await setVendorGstin(ctx, admin, world.vendor.vendorId!, GSTIN_KA)).json()).toMatchObject({ gstin: GSTIN_KA });
    const orderId = await completedOrder(ctx, world, materials);
    const invoice = (await get(world.vendor, `/orders/${orderId}/invoice`)).json();
    expect(invoice).toMatchObject({
      number: `INV/${fy()}/000002`,
      supplier: { gstin: GSTIN_KA, state: 'Karnataka', state_code: '29' },
      reverse_charge: false,
      cgst_total: 0,
      sgst_total: 0,
      igst_total: 234.84,
      total: 1561.37,
    });
    expect(invoice.lines.map((l: { igst: number }) => l.igst)).toEqual([233.32, 1.52]);
    const entries = (await get(world.vendor, '/wallets/transactions')).json();
    expect(entries[0]).toMatchObject({ kind: 'order_credit', order_id: orderId, amount: 1561.37 });
    // The store sees the same invoice.
    expect((await get(world.store, `/orders/${orderId}/invoice`)).json().number).toBe(invoice.number);
  });

  it('a registered vendor in the company\'s state: CGST + SGST; the prefix comes from Settings', async () => {
    await setVendorGstin(ctx, admin, world.vendor.vendorId!, GSTIN_MH.toLowerCase());
    await setCompany(ctx, admin, GSTIN_MH, 'KBD');
    const orderId = await completedOrder(ctx, world, materials);
    const invoice = (await get(admin, `/orders/${orderId}/invoice`)).json();
    expect(invoice).toMatchObject({ number: `KBD/${fy()}/000003`, reverse_charge: false, cgst_total: 117.42, sgst_total: 117.42, igst_total: 0, total: 1561.37 });
    await setCompany(ctx, admin, GSTIN_MH);
  });

  it('prints the PDF with the numbers, in English and in Hindi', async () => {
    const orderId = await completedOrder(ctx, world, materials);
    const res = await get(world.vendor, `/orders/${orderId}/invoice.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    const { number, date } = (await get(admin, `/orders/${orderId}/invoice`)).json();
    for (const expected of [number, `Invoice date: ${formatDate(date)}`, 'Tax Invoice', '1,296.23', '1,326.53', '117.42', '1,561.37', GSTIN_MH, 'Rupees One Thousand Five Hundred Sixty One and Thirty Seven Paise Only']) {
      expect(text).toContain(expected);
    }
    const hindi = await get(world.vendor, `/orders/${orderId}/invoice.pdf?lang=hi`);
    expect(hindi.statusCode).toBe(200);
    const hindiText = await pdfText(hindi.rawPayload);
    expect(hindiText).toContain('1,561.37');
    expect(hindiText).toContain(number);
    expect((await get(world.vendor, `/orders/${orderId}/invoice.pdf?lang=fr`)).statusCode).toBe(400);
  });

  it('says the total in Hindi words on the Hindi PDF, and keeps the JSON in English', async () => {
    const orderId = await completedOrder(ctx, world, materials);
    const hindi = await get(world.store, `/orders/${orderId}/invoice.pdf?lang=hi`);
    expect(hindi.statusCode).toBe(200);
    const text = await pdfText(hindi.rawPayload);
    // 1,561.37: "रुपये एक हज़ार पाँच सौ इकसठ और सैंतीस पैसे मात्र". A PDF's text comes back in
    // the order its glyphs are drawn (the ि of इकसठ and रुपये's conjunct split), so the
    // check reads the words whose glyphs keep their order.
    expect(text).toContain('एक हज़ार पाँच सौ');
    expect(text).toContain('सैंतीस पैसे मात्र');
    expect(text).not.toContain('Rupees');
    expect((await get(world.store, `/orders/${orderId}/invoice`)).json().total_in_words).toBe('Rupees One Thousand Five Hundred Sixty One and Thirty Seven Paise Only');
  });

  it('shows the invoice to the admin, the order\'s vendor and store only; 409 before completion', async () => {
    const orderId = await completedOrder(ctx, world, materials);
    for (const other of [world.otherVendor, world.otherStore, world.driver, world.rivalDriver]) {
      expect((await get(other, `/orders/${orderId}/invoice`)).statusCode).toBe(404);
      expect((await get(other, `/orders/${orderId}/invoice.pdf`)).statusCode).toBe(404);
    }
    expect((await get(admin, '/orders/99999999/invoice')).statusCode).toBe(404);
    const pending = await orderInStatus(ctx, world, 'pending');
    expect((await get(world.store, `/orders/${pending}/invoice`)).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'GET', url: `/orders/${orderId}/invoice` })).statusCode).toBe(401);
  });

  it('numbers a completed order that arrived without an invoice on its first read, once', async () => {
    const [order] = await ctx.db
      .insert(orders)
      .values({ storeId: world.store.storeId!, vendorId: world.vendor.vendorId!, cityId: world.cityA, status: 'completed', completedAt: new Date(), vendorAmountPaise: 1000 })
      .returning({ id: orders.id });
    await ctx.db.insert(orderLines).values({ orderId: order!.id, materialId: materials[0], weightGrams: 1000, vendorRatePaise: 1000, driverRatePaise: 10, b2cRatePaise: 1100, amountPaise: 1000 });
    const reads = await Promise.all([0, 1, 2].map(() => get(admin, `/orders/${order!.id}/invoice`)));
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(reads.map((r) => r.json().number)).size).toBe(1);
    expect(reads[0]!.json()).toMatchObject({ taxable_total: 10, lines: [{ taxable_value: 10 }] });
  });

  it('validates a vendor\'s GSTIN and a material\'s HSN code and GST rate (400 naming the field)', async () => {
    for (const gstin of ['27AAPFU0939F1ZX', '27AAPFU0939F1Z', '99AAPFU0939F1ZV', 'hello']) {
      const res = await setVendorGstin(ctx, admin, world.vendor.vendorId!, gstin);
      expect(res.statusCode, gstin).toBe(400);
      expect(res.json().errors).toHaveProperty('gstin');
    }
    // The vendor's own change (here: to drop it) waits for an admin (design.md section 16).
    const before = (await get(admin, `/vendors/${world.vendor.vendorId}/`)).json().gstin;
    expect(before).not.toBeNull();
    const own = await ctx.app.inject({ method: 'PATCH', url: `/vendors/${world.vendor.vendorId}/`, headers: world.vendor.headers, payload: { gstin: '' } });
    expect(own.json()).toMatchObject({ gstin: before, requested_gstin: null, gstin_requested_at: expect.any(String) });
    const bad = async (payload: object, field: string) => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/materials/${materials[0]}/`, headers: admin.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    };
    await bad({ hsn_code: '12' }, 'hsn_code');
    await bad({ hsn_code: '12345' }, 'hsn_code');
    await bad({ gst_rate: 7 }, 'gst_rate');
    await bad({ gst_rate: '18' }, 'gst_rate');
    const ok = await ctx.app.inject({ method: 'PATCH', url: `/materials/${materials[1]}/`, headers: admin.headers, payload: { gst_rate: 0.25, hsn_code: '47073000' } });
    expect(ok.json()).toMatchObject({ gst_rate: 0.25, hsn_code: '47073000' });
    await ctx.app.inject({ method: 'PATCH', url: `/materials/${materials[1]}/`, headers: admin.headers, payload: { gst_rate: 5, hsn_code: '470730' } });
    const seeded = (await get(admin, '/materials')).json() as Array<{ name: string; hsn_code: string | null; gst_rate: number }>;
    expect(seeded.find((m) => m.name === 'Copper')).toMatchObject({ hsn_code: '7404', gst_rate: 18 });
    expect(seeded.find((m) => m.name === 'Newspaper')).toMatchObject({ hsn_code: '470730', gst_rate: 5 });
  });
});

// Numbers are taken under a row lock in the completing transaction: only real connections race.
describe.runIf(TEST_DB_KINDS.includes('postgres'))('invoice numbers under concurrent completions on postgres', () => {
  let ctx: TestContext;
  let world: World;

  useOrdersWorld('postgres', (made) => ({ ctx, world } = made));

  it('never skips or repeats a number, also when a completion fails', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => orderInStatus(ctx, world, 'waiting_store')));
    // Each order completed twice at once: one completion wins, the other rolls back (409).
    const answers = await Promise.all(
      orders.flatMap((id) => [0, 1].map(() => ctx.app.inject({ method: 'PATCH', url: `/orders/complete/${id}/`, headers: world.store.headers }))),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(8);
    const numbers = await Promise.all(orders.map(async (id) => (await ctx.app.inject({ method: 'GET', url: `/orders/${id}/invoice`, headers: world.admin.headers })).json().number as string));
    const sequences = numbers.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);
    expect(sequences).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
