import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { GSTIN_MH, completedOrder, createTaxMaterials, createWorld, setCompany, type World } from '../../test/money-test-kit';

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

const BURST = 30;

// design.md section 23: first builds run in a bounded worker pool, so a burst of them keeps
// the API answering; Hindi PDFs name materials in Hindi.
describe.each(TEST_DB_KINDS)('invoice PDFs built by workers on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let materials: [number, number];
  const pdf = (as: TestMember, orderId: number, lang: 'en' | 'hi') => ctx.app.inject({ method: 'GET', url: `/orders/${orderId}/invoice.pdf?lang=${lang}`, headers: as.headers });

  beforeAll(async () => {
    // One thread, as on a machine of two cores; the member's export limit is the default's 30, in a
    // window so long that the burst cannot straddle two of its fixed windows (it did once in CI).
    ctx = await createTestApp(kind, { config: { PDF_WORKERS: '1', PDF_QUEUE: String(BURST), RATE_LIMITS: `export.member=${BURST}/10000000` } });
    world = await createWorld(ctx);
    materials = await createTaxMaterials(ctx, world.admin);
    // Words whose glyphs a PDF's text gives back in order (no matra before its consonant, no conjunct).
    for (const [id, nameHi] of [[materials[0], 'पीतल'], [materials[1], 'लोहा']] as const) {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/materials/${id}`, headers: world.admin.headers, payload: { name_hi: nameHi } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await setCompany(ctx, world.admin, GSTIN_MH);
  }, 120_000);
  afterAll(async () => ctx?.close());

  // The review's case is a server's (PostgreSQL); on PGlite the same pool only repeats it at twice the suite's time.
  it.runIf(kind === 'postgres')(`keeps /healthz answering within 500 ms while ${BURST} first PDFs build at once`, async () => {
    const orderIds: number[] = [];
    for (let i = 0; i < BURST / 2; i += 1) orderIds.push(await completedOrder(ctx, world, materials));
    await ctx.app.inject({ method: 'GET', url: '/healthz' });

    let bursting = true;
    const healthTimes: number[] = [];
    const probe = (async () => {
      while (bursting) {
        const started = performance.now();
        const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
        healthTimes.push(performance.now() - started);
        expect(res.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    // Every order in both languages: 30 first builds by one member, all at once.
    const answers = await Promise.all(orderIds.flatMap((id) => [pdf(world.store, id, 'hi'), pdf(world.store, id, 'en')]));
    const burstMs = performance.now() - started;
    bursting = false;
    await probe;

    expect(answers.map((r) => r.statusCode)).toEqual(Array(BURST).fill(200));
    expect(answers.every((r) => r.rawPayload.subarray(0, 5).toString() === '%PDF-')).toBe(true);
    // The burst took long enough to be measured during it, and /healthz never waited behind it.
    expect(healthTimes.length, `${healthTimes.length} health checks in ${Math.round(burstMs)} ms`).toBeGreaterThanOrEqual(5);
    expect(Math.max(...healthTimes), healthTimes.map(Math.round).join(', ')).toBeLessThan(500);

    // The thirty first builds were the member's thirty exports of the window; kept copies still come.
    const more = await completedOrder(ctx, world, materials);
    const refused = await pdf(world.store, more, 'hi');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await pdf(world.store, orderIds[0]!, 'hi')).statusCode).toBe(200);
  }, 180_000);

  it('prints the materials\' Hindi names on the Hindi PDF and the English names on the English one', async () => {
    const orderId = await completedOrder(ctx, world, materials);
    const hindi = await pdf(world.vendor, orderId, 'hi');
    expect(hindi.statusCode, hindi.body).toBe(200);
    const hindiText = await pdfText(hindi.rawPayload);
    expect(hindiText).toContain('पीतल');
    expect(hindiText).toContain('लोहा');
    expect(hindiText).not.toMatch(/Test Copper|Test Paper/);

    const english = await pdf(world.vendor, orderId, 'en');
    const englishText = await pdfText(english.rawPayload);
    expect(englishText).toMatch(/Test Copper/);
    expect(englishText).not.toContain('पीतल');
  }, 60_000);

  it('answers 503 with Retry-After when the queue is full, and does not spend the member\'s export', async () => {
    const narrow = await createTestApp(kind, { config: { PDF_WORKERS: '1', PDF_QUEUE: '0', RATE_LIMITS: 'export.member=3/10000000' } });
    try {
      const w = await createWorld(narrow);
      const m = await createTaxMaterials(narrow, w.admin);
      await setCompany(narrow, w.admin, GSTIN_MH);
      const ids = [await completedOrder(narrow, w, m), await completedOrder(narrow, w, m)];
      const get = (id: number, lang: string) => narrow.app.inject({ method: 'GET', url: `/orders/${id}/invoice.pdf?lang=${lang}`, headers: w.store.headers });
      // One thread, no queue: while the first builds, the others are turned away.
      const answers = await Promise.all([get(ids[0]!, 'hi'), get(ids[0]!, 'en'), get(ids[1]!, 'hi')]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const r of busy) {
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(r.json().detail).toMatch(/try again/);
      }
      // Refused builds were given back: of the three exports, only the builds that ran are spent.
      const built = new Set(answers.flatMap((r, i) => (r.statusCode === 200 ? [['0hi', '0en', '1hi'][i]!] : [])));
      const rest = (['0hi', '0en', '1hi', '1en'] as const).filter((k) => !built.has(k));
      const codesAfter: number[] = [];
      for (const k of rest) codesAfter.push((await get(ids[Number(k[0])]!, k.slice(1))).statusCode);
      const left = 3 - built.size;
      expect(codesAfter).toEqual(rest.map((_, i) => (i < left ? 200 : 429)));
    } finally {
      await narrow.close();
    }
  }, 120_000);
});
