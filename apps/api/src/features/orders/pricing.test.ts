import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineAmountPaise, paiseToRupees, parseWeightKg, rupeesToPaise } from '@app/shared/money';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { createWorld, ordersApi, type World } from './orders-test-kit';
import { orderTotals, priceLine, rateFor } from './pricing';

const rate = fc.integer({ min: 1, max: 10_000_000 }); // up to 1,00,000 rupees per kg
const grams = fc.integer({ min: 1, max: 100_000_000 }); // up to 100000 kg
const line = fc.record({ vendor: rate, driver: rate, grams: fc.option(grams, { nil: null }) });

describe('pricing', () => {
  it('rounds each line half up to the paisa, exactly', () => {
    fc.assert(
      fc.property(rate, grams, (r, g) => {
        const priced = priceLine({ vendorRatePaise: r, driverRatePaise: r }, g);
        // amount x 1000 lies within half a paisa of rate x grams, ties going up.
        const diff = BigInt(priced.amountPaise) * 1000n - BigInt(r) * BigInt(g);
        expect(diff >= -499n && diff <= 500n).toBe(true);
        expect(Number.isSafeInteger(priced.amountPaise)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(priceLine({ vendorRatePaise: 1, driverRatePaise: 1 }, 500).amountPaise).toBe(1); // 0.5 paisa -> 1
    expect(priceLine({ vendorRatePaise: 1, driverRatePaise: 1 }, 499).amountPaise).toBe(0);
    expect(priceLine({ vendorRatePaise: 3333, driverRatePaise: 1 }, 12_345).amountPaise).toBe(41_146); // 411.45885 rupees
  });

  it('prices an unweighed line at 0 and keeps its rates', () => {
    expect(priceLine({ vendorRatePaise: 62000, driverRatePaise: 2500 }, null)).toEqual({
      vendorRatePaise: 62000,
      driverRatePaise: 2500,
      weightGrams: null,
      amountPaise: 0,
      driverAmountPaise: 0,
    });
  });

  it('makes the totals exactly the sums of the lines, over many lines', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 0, maxLength: 200 }), (specs) => {
        const lines = specs.map((s) => priceLine({ vendorRatePaise: s.vendor, driverRatePaise: s.driver }, s.grams));
        const totals = orderTotals(lines);
        const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((acc, l) => acc + BigInt(pick(l)), 0n);
        expect(BigInt(totals.vendorAmountPaise)).toBe(sum((l) => l.amountPaise));
        expect(BigInt(totals.driverAmountPaise)).toBe(sum((l) => l.driverAmountPaise));
        expect(BigInt(totals.totalWeightGrams)).toBe(sum((l) => l.weightGrams ?? 0));
      }),
      { numRuns: 500 },
    );
  });

  it('never drifts a paisa between the lines shown in rupees and the total shown in rupees', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 500 }), (specs) => {
        const lines = specs.map((s) => priceLine({ vendorRatePaise: s.vendor, driverRatePaise: s.driver }, s.grams));
        const totals = orderTotals(lines);
        // What a client reads: rupee numbers. Each converts back to the very same paise...
        for (const l of lines) expect(rupeesToPaise(paiseToRupees(l.amountPaise))).toBe(l.amountPaise);
        expect(rupeesToPaise(paiseToRupees(totals.vendorAmountPaise))).toBe(totals.vendorAmountPaise);
        // ...so adding the lines up in paise gives the total to the paisa, however many there are.
        const fromJson = lines.reduce((acc, l) => acc + rupeesToPaise(paiseToRupees(l.amountPaise)), 0);
        expect(fromJson).toBe(totals.vendorAmountPaise);
      }),
      { numRuns: 300 },
    );
  });

  it('takes the city\'s rate when it has one, else the default', () => {
    expect(rateFor(1234, 1000)).toBe(1234);
    expect(rateFor(undefined, 1000)).toBe(1000);
  });
});

describe.each(TEST_DB_KINDS)('pricing through the API on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const weight = fc.oneof(
    fc.integer({ min: 1, max: 100_000_000 }).map((g) => (g / 1000).toFixed(3)),
    fc.integer({ min: 1, max: 100_000 }),
    fc.integer({ min: 1, max: 99_999_999 }).map((g) => g / 1000),
  );

  it('answers totals that are the sums of the lines it priced', async () => {
    const api = ordersApi(ctx);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...world.materialIds), { minLength: 1, maxLength: 8 }),
        fc.array(weight, { minLength: 8, maxLength: 8 }),
        async (materialIds, weights) => {
          const res = await api.create(world.store, { details: materialIds.map((id, i) => ({ material_id: id, weight: weights[i] })) });
          expect(res.statusCode, res.body).toBe(201);
          const order = res.json();
          let vendor = 0;
          let grams = 0;
          order.details.forEach((d: { weight: number; rate: number; amount: number }, i: number) => {
            const g = (parseWeightKg(weights[i]) as { value: number }).value;
            expect(rupeesToPaise(d.amount)).toBe(lineAmountPaise(rupeesToPaise(d.rate), g));
            vendor += rupeesToPaise(d.amount);
            grams += g;
          });
          expect(rupeesToPaise(order.vendor_amount)).toBe(vendor);
          expect(Math.round(order.total_weight * 1000)).toBe(grams);
        },
      ),
      { numRuns: 25 },
    );
  });
});
