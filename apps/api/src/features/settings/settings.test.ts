import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '@app/shared/schemas/settings';
import { settings } from '../../db/tables/settings.table';
import { TEST_DB_KINDS } from '../../test/test-database';
import { useTestWorld } from '../../test/test-world';
import type { TestMember } from '../../test/factories';

describe.each(TEST_DB_KINDS)('settings on %s', (kind) => {
  const ctx = useTestWorld(kind, { admin: 'admin', store: 'store', vendor: 'vendor', unverified: ['vendor', { verified: false }] });

  const get = (url: string, who?: TestMember) => ctx.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });
  const put = (url: string, who: TestMember, payload: object) => ctx.app.inject({ method: 'PUT', url, headers: who.headers, payload });
  const orderRules = {
    auto_cancel_after_hours: 12,
    min_order_weight_kg: 2.5,
    pickup_window_start: '08:30',
    pickup_window_end: '19:00',
    escalate_after_hours: 6,
    weighing_photo_required: false,
    pickup_slots: [{ from: '09:00', to: '12:00' }, { from: '14:00', to: '17:00' }],
    slot_days_ahead: 3,
    arrival_radius_m: 500,
  };

  it('answers the defaults before anything is saved', async () => {
    const res = await get('/settings/order', ctx.store);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'order', value: SETTING_DEFAULTS.order, updated_at: null });
  });

  it('lets an admin replace the order rules, and everyone signed in read them', async () => {
    const saved = await put('/settings/order/', ctx.admin, orderRules);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ key: 'order', value: orderRules });
    expect(Date.parse(saved.json().updated_at)).not.toBeNaN();
    expect((await get('/settings/order', ctx.vendor)).json().value).toEqual(orderRules);
    expect((await get('/settings/order')).statusCode).toBe(401);
  });

  it('refuses bad order rules naming the field, and keeps the saved ones', async () => {
    const cases: Array<[string, object]> = [
      ['pickup_window_end', { ...orderRules, pickup_window_end: '07:00' }],
      ['pickup_window_start', { ...orderRules, pickup_window_start: '25:00' }],
      ['min_order_weight_kg', { ...orderRules, min_order_weight_kg: 1.2345 }],
      ['auto_cancel_after_hours', { ...orderRules, auto_cancel_after_hours: -1 }],
      ['escalate_after_hours', { ...orderRules, escalate_after_hours: 1.5 }],
      ['weighing_photo_required', { ...orderRules, weighing_photo_required: 'yes' }],
    ];
    for (const [field, payload] of cases) {
      const res = await put('/settings/order', ctx.admin, payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors), field).toEqual([field]);
    }
    const { pickup_window_end: _dropped, ...partial } = orderRules;
    const missing = await put('/settings/order', ctx.admin, partial);
    expect(Object.keys(missing.json().errors)).toEqual(['pickup_window_end']);
    expect((await get('/settings/order', ctx.admin)).json().value).toEqual(orderRules);
  });

  it('stores the defaults of the rules a form leaves out (escalate after 4 hours, photo required, no slots, 2 days ahead, 300 m)', async () => {
    const { escalate_after_hours: _e, weighing_photo_required: _w, pickup_slots: _s, slot_days_ahead: _d, arrival_radius_m: _r, ...older } = orderRules;
    const saved = await put('/settings/order', ctx.admin, older);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toEqual({ ...older, escalate_after_hours: 4, weighing_photo_required: true, pickup_slots: [], slot_days_ahead: 2, arrival_radius_m: 300 });
    await put('/settings/order', ctx.admin, orderRules);
  });

  it('refuses writes from anyone but an admin (403)', async () => {
    expect((await put('/settings/order', ctx.store, orderRules)).statusCode).toBe(403);
    expect((await put('/settings/terms', ctx.vendor, { title: 'T', body: 'B' })).statusCode).toBe(403);
  });

  it('validates the company information, normalising what people type', async () => {
    const good = { name: 'Kabadi Traders', address: '1 Ring Road', phone: '+91 20 1234 5678', email: 'Office@Kabadi.IN', gstin: '27aapfu0939f1zv' };
    const saved = await put('/settings/information', ctx.admin, good);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().value).toEqual({ ...good, phone: '+912012345678', email: 'office@kabadi.in', gstin: '27AAPFU0939F1ZV', invoice_prefix: 'INV' });
    const badGstin = await put('/settings/information', ctx.admin, { ...good, gstin: '12345' });
    expect(badGstin.statusCode).toBe(400);
    expect(Object.keys(badGstin.json().errors)).toEqual(['gstin']);
    const badEmail = await put('/settings/information', ctx.admin, { ...good, email: 'nope' });
    expect(Object.keys(badEmail.json().errors)).toEqual(['email']);
    // Empty optional fields are allowed: a business may not have a GSTIN yet.
    expect((await put('/settings/information', ctx.admin, { ...good, gstin: '', email: '' })).statusCode).toBe(200);
    expect((await get('/settings/information', ctx.store)).json().value.name).toBe('Kabadi Traders');
  });

  it('serves privacy and terms to everyone, signed in or not, even before approval', async () => {
    const saved = await put('/settings/privacy', ctx.admin, { title: 'Privacy Policy', body: 'We keep your data safe.\nLine two.' });
    expect(saved.statusCode).toBe(200);
    const anonymous = await get('/settings/privacy');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().value).toEqual({ title: 'Privacy Policy', body: 'We keep your data safe.\nLine two.' });
    expect((await get('/settings/terms')).json().value).toEqual(SETTING_DEFAULTS.terms);
    expect((await get('/settings/terms', ctx.unverified)).statusCode).toBe(200);
    expect((await get('/settings/information', ctx.unverified)).statusCode).toBe(403);
    const blank = await put('/settings/terms', ctx.admin, { title: '', body: 'x' });
    expect(Object.keys(blank.json().errors)).toEqual(['title']);
  });

  it('answers an unknown key 404', async () => {
    expect((await get('/settings/colours', ctx.admin)).statusCode).toBe(404);
    expect((await put('/settings/colours', ctx.admin, { a: 1 })).statusCode).toBe(404);
    expect((await get('/settings/notification', ctx.admin)).statusCode).toBe(404);
  });

  it('keeps notification preferences per member', async () => {
    expect((await get('/settings/notification/me', ctx.store)).json()).toEqual({
      key: 'notification',
      value: { email_order_updates: true, email_escalations: true, in_app: true, push: true, whatsapp_order_updates: false, language: 'en' },
      updated_at: null,
    });
    const saved = await put('/settings/notification/me', ctx.store, { email_order_updates: false, email_escalations: true, in_app: false });
    expect(saved.statusCode).toBe(200);
    // A client that does not know `push` yet leaves it on; WhatsApp stays off until opted in.
    expect((await get('/settings/notification/me', ctx.store)).json().value).toEqual({ email_order_updates: false, email_escalations: true, in_app: false, push: true, whatsapp_order_updates: false, language: 'en' });
    const quiet = await put('/settings/notification/me', ctx.store, { email_order_updates: false, email_escalations: true, in_app: false, push: false });
    expect(quiet.json().value.push).toBe(false);
    expect((await get('/settings/notification/me', ctx.store)).json().value.push).toBe(false);
    expect((await put('/settings/notification/me', ctx.store, { email_order_updates: false, email_escalations: true, in_app: false, push: 'no' })).json().errors).toEqual({ push: [expect.any(String)] });
    expect((await get('/settings/notification/me', ctx.vendor)).json().value.in_app).toBe(true);
    const [row] = await ctx.db.select().from(settings).where(eq(settings.key, `notification:${ctx.store.id}`));
    expect(row!.updatedBy).toBe(ctx.store.id);
    const bad = await put('/settings/notification/me', ctx.store, { email_order_updates: 'no', email_escalations: true, in_app: true });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['email_order_updates']);
  });

  it('keeps each member\'s language (en or hi) with its notification choices', async () => {
    const choices = { email_order_updates: true, email_escalations: false, in_app: true };
    expect((await put('/settings/notification/me', ctx.vendor, { ...choices, language: 'hi' })).json().value).toEqual({ ...choices, push: true, whatsapp_order_updates: false, language: 'hi' });
    expect((await get('/settings/notification/me', ctx.vendor)).json().value.language).toBe('hi');
    expect((await get('/settings/notification/me', ctx.store)).json().value.language).toBe('en');
    for (const language of ['fr', 'HI', '', 1]) {
      const bad = await put('/settings/notification/me', ctx.vendor, { ...choices, language });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['language']);
    }
    expect((await get('/settings/notification/me', ctx.vendor)).json().value.language).toBe('hi');
  });

  it('documents every settings route in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of ['/settings/order', '/settings/information', '/settings/privacy', '/settings/terms', '/settings/notification/me']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
