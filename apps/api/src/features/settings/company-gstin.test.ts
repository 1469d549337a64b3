import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/tables/settings.table';
import { companyInformation } from '../../money/invoices/invoice-source';
import { gstinCheckCharacter } from '@app/shared/gst';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import type { TestMember } from '../../test/factories';

// design.md section 16: the company's GSTIN in Settings -> Information is validated like a
// vendor's, by format, state code and check character.

const MH = `27AAPFU0939F1Z${gstinCheckCharacter('27AAPFU0939F1Z')}`;
const MH_TYPO = `${MH.slice(0, 14)}${MH[14] === 'A' ? 'B' : 'A'}`;

describe.each(TEST_DB_KINDS)('the company\'s GSTIN on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  const company = { name: 'Kabadi Traders', address: '1 Market Road, Mumbai', phone: '', email: '', invoice_prefix: 'KT' };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
  });
  afterAll(async () => ctx?.close());

  const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/settings/information', headers: admin.headers, payload });
  const stored = async () => (await ctx.app.inject({ method: 'GET', url: '/settings/information', headers: admin.headers })).json().value;

  it('refuses a wrong check character or state code (400 naming gstin) and keeps what was saved', async () => {
    expect((await put({ ...company, gstin: MH.toLowerCase() })).statusCode).toBe(200);
    for (const gstin of [MH_TYPO, `99${MH.slice(2)}`, '27AAPFU0939F1Z']) {
      const res = await put({ ...company, name: 'Changed Name', gstin });
      expect(res.statusCode, gstin).toBe(400);
      expect(Object.keys(res.json().errors), gstin).toEqual(['gstin']);
    }
    expect(await stored()).toEqual({ ...company, gstin: MH });
  });

  it('reads a GSTIN saved before the check as missing, and keeps the rest of the company for screens and invoices', async () => {
    await ctx.db.update(settings).set({ value: { ...company, gstin: MH_TYPO } }).where(eq(settings.key, 'information'));
    expect(await stored()).toEqual({ ...company, gstin: '' });
    expect(await companyInformation(ctx.db)).toMatchObject({ name: company.name, address: company.address, invoice_prefix: 'KT', gstin: '' });
  });

  it('still takes an empty GSTIN: a company not registered yet', async () => {
    const res = await put({ ...company, gstin: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.gstin).toBe('');
  });
});
