import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/tables/payouts.table';
import { walletEntries, wallets } from '../../db/tables/wallets.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { fundWallet, moneyApi } from '../../test/money-test-kit';
import { ledgerCheck } from '../../money/ledger-check';

// design.md section 10, as a property: whatever sequence of credits, payout requests,
// approvals, rejections and cancellations happens, every balance is the sum of its
// entries and never below zero, each entry's balance_after is the running sum, and
// available (balance minus requested payouts) never goes below zero.

type Op =
  | { kind: 'credit'; paise: number }
  | { kind: 'request'; paise: number }
  | { kind: 'approve' | 'reject' | 'cancel'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), paise: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('request' as const), paise: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const, 'cancel' as const), pick: fc.nat() }),
);

describe('the ledger invariant on pglite', () => {
  let ctx: TestContext;
  let admin: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    admin = await ctx.factories.createMember('admin');
  });
  afterAll(async () => ctx?.close());

  it('holds for any sequence of credits, requests and decisions', async () => {
    const api = moneyApi(ctx);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const vendor = await ctx.factories.createMember('vendor');
        const ids: number[] = [];
        for (const o of ops) {
          if (o.kind === 'credit') await fundWallet(ctx, 'vendor', vendor.vendorId!, o.paise);
          else if (o.kind === 'request') {
            const res = await api.request(vendor, { amount: o.paise / 100 });
            expect([201, 400]).toContain(res.statusCode);
            if (res.statusCode === 201) ids.push(res.json().id);
          } else if (ids.length > 0) {
            const id = ids[o.pick % ids.length]!;
            const body = o.kind === 'approve' ? { reference: 'UTR1' } : o.kind === 'reject' ? { reason: 'No' } : {};
            const res = await api.decide(o.kind === 'cancel' ? vendor : admin, id, o.kind, body);
            expect([200, 409]).toContain(res.statusCode);
          }
        }
        const [wallet] = await ctx.db.select().from(wallets).where(eq(wallets.ownerId, vendor.vendorId!));
        if (!wallet) return;
        const entries = await ctx.db.select().from(walletEntries).where(eq(walletEntries.walletId, wallet.id)).orderBy(walletEntries.id);
        let running = 0;
        for (const e of entries) {
          running += e.amountPaise;
          expect(e.balanceAfterPaise).toBe(running);
          expect(running).toBeGreaterThanOrEqual(0);
        }
        expect(wallet.balancePaise).toBe(running);
        const requested = (await ctx.db.select().from(payouts).where(eq(payouts.walletId, wallet.id)))
          .filter((p) => p.status === 'requested')
          .reduce((sum, p) => sum + p.amountPaise, 0);
        expect(wallet.requestedPaise).toBe(requested);
        expect(wallet.balancePaise - wallet.requestedPaise).toBeGreaterThanOrEqual(0);
        const wire = await api.wallet(vendor);
        expect(Math.round(wire.available * 100)).toBe(wallet.balancePaise - requested);
      }),
      { numRuns: 20 },
    );
    expect((await ledgerCheck(ctx.db)).balanced).toBe(true);
  }, 120_000);
});
