import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings } from '../../db/tables/settings.table';
import { TEST_DB_KINDS } from '../../test/test-database';
import { useTestWorld } from '../../test/test-world';

// Settings -> Order's pickup slots (design.md section 18): validated on PUT, each problem
// named by its place in the list; values saved before the slots existed still read.

describe.each(TEST_DB_KINDS)('pickup slot settings on %s', (kind) => {
  const ctx = useTestWorld(kind, { admin: 'admin', store: 'store' });

  const rules = {
    auto_cancel_after_hours: 24,
    min_order_weight_kg: 0,
    pickup_window_start: '08:00',
    pickup_window_end: '18:00',
    pickup_slots: [{ from: '09:00', to: '12:00' }, { from: '14:00', to: '17:00' }],
    slot_days_ahead: 2,
  };
  const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/settings/order', headers: ctx.admin.headers, payload });
  const read = async () => (await ctx.app.inject({ method: 'GET', url: '/settings/order', headers: ctx.store.headers })).json();

  it('saves slots inside the window, in order, and the days a store may choose ahead', async () => {
    const saved = await put(rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read()).value).toMatchObject({ pickup_slots: rules.pickup_slots, slot_days_ahead: 2 });
    // Touching slots (one ends as the next begins) and a window's very edges are fine.
    const edges = [{ from: '08:00', to: '12:00' }, { from: '12:00', to: '18:00' }];
    expect((await put({ ...rules, pickup_slots: edges, slot_days_ahead: 0 })).statusCode).toBe(200);
    expect((await read()).value).toMatchObject({ pickup_slots: edges, slot_days_ahead: 0 });
  });

  it('refuses bad slots with 400 naming each one, and keeps the saved rules', async () => {
    await put(rules);
    const slot = (from: string, to: string) => ({ from, to });
    const cases: Array<[string[], object, RegExp?]> = [
      [['pickup_slots.0.to'], { pickup_slots: [slot('12:00', '09:00')] }, /end after it starts/],
      [['pickup_slots.0.to'], { pickup_slots: [slot('09:00', '09:00')] }],
      [['pickup_slots.0.from'], { pickup_slots: [slot('9:00', '12:00')] }, /24-hour time/],
      [['pickup_slots.1.to'], { pickup_slots: [slot('09:00', '12:00'), slot('14:00', '24:00')] }],
      [['pickup_slots.0'], { pickup_slots: [slot('07:00', '09:00')] }, /^Keep the slot inside the pickup window \(08:00-18:00\)$/],
      [['pickup_slots.1'], { pickup_slots: [slot('09:00', '12:00'), slot('17:00', '18:30')] }, /inside the pickup window/],
      [['pickup_slots.1'], { pickup_slots: [slot('09:00', '12:00'), slot('11:00', '13:00')] }, /without overlaps/],
      [['pickup_slots.1'], { pickup_slots: [slot('14:00', '17:00'), slot('09:00', '12:00')] }, /from the earliest/],
      [['pickup_slots.0'], { pickup_slots: [{ ...slot('09:00', '12:00'), label: 'Morning' }] }],
      [['pickup_slots.0'], { pickup_slots: ['09:00-12:00'] }, /A slot is \{"from": "HH:MM", "to": "HH:MM"\}/],
      [['pickup_slots'], { pickup_slots: '09:00-12:00' }],
      [['pickup_slots'], { pickup_slots: Array.from({ length: 13 }, (_, i) => slot(`${String(i + 8).padStart(2, '0')}:00`, `${String(i + 8).padStart(2, '0')}:30`)), pickup_window_start: '00:00', pickup_window_end: '23:59' }, /at most 12 slots/],
      [['slot_days_ahead'], { slot_days_ahead: 15 }, /at most 14 days/],
      [['slot_days_ahead'], { slot_days_ahead: -1 }],
      [['slot_days_ahead'], { slot_days_ahead: 1.5 }, /whole days/],
      [['slot_days_ahead'], { slot_days_ahead: '2' }],
      // A wrong window has its own message; the slots are not also measured against it.
      [['pickup_window_end'], { pickup_window_end: '07:00' }],
    ];
    for (const [fields, change, message] of cases) {
      const why = JSON.stringify(change);
      const res = await put({ ...rules, ...change });
      expect(res.statusCode, why).toBe(400);
      const errors = res.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), why).toEqual(fields);
      if (message) expect(errors[fields[0]!]![0], why).toMatch(message);
    }
    expect((await read()).value).toMatchObject({ pickup_slots: rules.pickup_slots, slot_days_ahead: 2 });
  });

  it('reads rules saved before the slots existed with their defaults: no slots, 2 days ahead', async () => {
    const older = { auto_cancel_after_hours: 12, min_order_weight_kg: 0, pickup_window_start: '08:00', pickup_window_end: '18:00', escalate_after_hours: 4, weighing_photo_required: true };
    await ctx.db.update(settings).set({ value: older }).where(eq(settings.key, 'order'));
    const res = await read();
    expect(res.value).toEqual({ ...older, pickup_slots: [], slot_days_ahead: 2, arrival_radius_m: 300 });
    // Slots the window no longer holds (the row edited by hand) read as none, not as a failed screen.
    await ctx.db.update(settings).set({ value: { ...older, pickup_slots: [{ from: '06:00', to: '07:00' }], slot_days_ahead: 3 } }).where(eq(settings.key, 'order'));
    expect((await read()).value).toMatchObject({ auto_cancel_after_hours: 12, pickup_slots: [], slot_days_ahead: 3 });
  });
});
