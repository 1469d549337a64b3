import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoicePdfs } from '../../db/tables/invoices.table';
import { THROUGH_NGINX } from '../../test/through-nginx';
import type * as invoicePdfPool from './invoice-pdf-pool';
import type { RenderInvoicePdf } from './invoice-pdf-pool';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { GSTIN_MH, completedOrder, createTaxMaterials, createWorld, setCompany, type World } from '../../test/money-test-kit';
import { queryRows } from '../../db/sql-rows';

// The pool as it is, with a way in: one test makes another process keep its build first.
const nextRender = vi.hoisted(() => ({ once: null as RenderInvoicePdf | null }));
vi.mock('./invoice-pdf-pool', async (importOriginal) => {
  const actual = await importOriginal<typeof invoicePdfPool>();
  return {
    ...actual,
    createInvoicePdfPool: (config: Parameters<typeof actual.createInvoicePdfPool>[0]) => {
      const pool = actual.createInvoicePdfPool(config);
      const render: RenderInvoicePdf = (...args) => {
        const once = nextRender.once;
        nextRender.once = null;
        return once ? once(...args) : pool.render(...args);
      };
      return { ...pool, render };
    },
  };
});

// Windows far longer than a test, so no window boundary falls inside one.
const EXPORTS = 6;

describe.each(TEST_DB_KINDS)('invoice PDFs kept and counted on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let materials: [number, number];
  const pdf = (as: TestMember, orderId: number, lang: 'en' | 'hi') => ctx.app.inject({ method: 'GET', url: `/orders/${orderId}/invoice.pdf?lang=${lang}`, headers: as.headers });
  const kept = (orderId: number) => ctx.db.select({ language: invoicePdfs.language, pdf: invoicePdfs.pdf }).from(invoicePdfs).where(eq(invoicePdfs.orderId, orderId));

  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { RATE_LIMITS: `export.member=${EXPORTS}/10000000` } });
    world = await createWorld(ctx);
    materials = await createTaxMaterials(ctx, world.admin);
    await setCompany(ctx, world.admin, GSTIN_MH);
  });
  afterAll(async () => ctx?.close());

  it('builds each language once, even for requests at the same moment, and answers later requests from the kept copy', async () => {
    const orderId = await completedOrder(ctx, world, materials);
    const first = await Promise.all([0, 1, 2].map(() => pdf(world.store, orderId, 'hi')));
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(first.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    let rows = await kept(orderId);
    expect(rows.map((r) => r.language)).toEqual(['hi']);
    expect(rows[0]!.pdf.equals(first[0]!.rawPayload)).toBe(true);

    // A repeat is a read: what is kept is what is sent, not a fresh build.
    const marked = Buffer.concat([first[0]!.rawPayload, Buffer.from('\n%kept\n')]);
    await ctx.db.update(invoicePdfs).set({ pdf: marked }).where(and(eq(invoicePdfs.orderId, orderId), eq(invoicePdfs.language, 'hi')));
    const again = await pdf(world.admin, orderId, 'hi');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(marked)).toBe(true);

    // English is its own document.
    const english = await pdf(world.vendor, orderId, 'en');
    expect(english.statusCode).toBe(200);
    expect(english.rawPayload.equals(marked)).toBe(false);
    rows = await kept(orderId);
    expect(rows.map((r) => r.language).sort()).toEqual(['en', 'hi']);
    const counted = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from invoice_pdfs where order_id = ${orderId}`);
    expect(counted[0]?.n).toBe(2);
  });

  it('counts first PDF builds and the ledger CSVs toward the member\'s export limit, and not a kept PDF served again', async () => {
    const orders = [await completedOrder(ctx, world, materials), await completedOrder(ctx, world, materials)];
    const vendor = world.vendor;
    // Each a first build: a language of an order nobody has asked for yet.
    const firstBuilds = [() => pdf(vendor, orders[0]!, 'en'), () => pdf(vendor, orders[0]!, 'hi'), () => pdf(vendor, orders[1]!, 'en'), () => pdf(vendor, orders[1]!, 'hi')];
    const csvs = [() => ctx.app.inject({ method: 'GET', url: '/wallets/transactions.csv', headers: vendor.headers }), () => ctx.app.inject({ method: 'GET', url: '/statements.csv', headers: vendor.headers })];
    // The earlier test spent one of the vendor's exports (its English first build): five are left.
    const codes: number[] = [];
    for (const call of [firstBuilds[0]!, csvs[0]!, firstBuilds[1]!, csvs[1]!, firstBuilds[2]!]) codes.push((await call()).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200]);
    // Kept copies served again cost nothing, however often.
    for (let i = 0; i < EXPORTS + 2; i += 1) expect((await pdf(vendor, orders[0]!, 'hi')).statusCode).toBe(200);
    // The seventh export of the window: a first build is refused, a kept copy still served.
    for (const call of [firstBuilds[3]!, ...csvs]) {
      const limited = await call();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
    expect((await kept(orders[1]!)).map((row) => row.language)).toEqual(['en']);
    expect((await pdf(vendor, orders[1]!, 'en')).statusCode).toBe(200);
    // Another member's limit is its own.
    expect((await pdf(world.store, orders[1]!, 'hi')).statusCode).toBe(200);
  });

  // In this process only: behind nginx the builds run in the API processes.
  it.skipIf(THROUGH_NGINX)('answers with the copy another process kept first, not with its own build', async () => {
    const orderId = await completedOrder(ctx, world, materials);
    nextRender.once = async (_invoice, language) => {
      // While this process builds, another one finishes and keeps its own build.
      await ctx.db.insert(invoicePdfs).values({ orderId, language, pdf: Buffer.from('%PDF-1.7 kept by another process') });
      return Buffer.from('%PDF-1.7 built here');
    };
    const res = await pdf(world.store, orderId, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString()).toBe('%PDF-1.7 kept by another process');
    expect((await kept(orderId)).map((row) => row.pdf.toString())).toEqual(['%PDF-1.7 kept by another process']);
  });
});
