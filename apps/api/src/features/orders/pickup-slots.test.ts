import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error';
import { checkPickupSlot, slotInstants, slotOfInstants } from './pickup-slots';

// The rule of design.md section 18 at fixed instants; the API tests (order-pickup-slots.test.ts)
// drive the same rule through POST /orders/ on the database's clock.

const rules = { pickup_slots: [{ from: '09:00', to: '12:00' }, { from: '14:00', to: '17:00' }], slot_days_ahead: 2 };
/** 6 Dec 2026, 13:00 India time: the morning slot has ended, the afternoon one has not begun. */
const now = new Date('2026-12-06T13:00:00+05:30');

function refusal(slot: { date: string; from: string; to: string }, at = now, withRules = rules): HttpError {
  try {
    checkPickupSlot(withRules, slot, at);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(slot)} was accepted`);
}

describe('pickup slots', () => {
  it('takes a slot of today until it ends, not only until it begins, on India\'s calendar day', () => {
    const morning = { date: '2026-12-06', from: '09:00', to: '12:00' };
    expect(checkPickupSlot(rules, morning, new Date('2026-12-06T11:59:00+05:30'))).not.toBeNull();
    expect(refusal(morning, new Date('2026-12-06T12:00:00+05:30')).errors?.pickup_slot?.[0]).toMatch(/^The slot 09:00-12:00 of 2026-12-06 has ended\./);
    // 20:00 UTC on the 5th is 01:30 on the 6th in India: the 5th is over, the 8th is offered.
    const late = new Date('2026-12-05T20:00:00Z');
    expect(refusal({ ...morning, date: '2026-12-05' }, late).statusCode).toBe(400);
    expect(checkPickupSlot(rules, { ...morning, date: '2026-12-08' }, late)).not.toBeNull();
  });

  it('keeps a slot as India-time instants that read back as the same day and times', () => {
    const slot = { date: '2026-12-31', from: '00:00', to: '23:59' };
    const { start, end } = slotInstants(slot);
    expect(start.toISOString()).toBe('2026-12-30T18:30:00.000Z');
    expect(end.toISOString()).toBe('2026-12-31T18:29:00.000Z');
    expect(slotOfInstants(start, end)).toEqual(slot);
    expect(slotOfInstants(null, null)).toBeNull();
  });

  it('accepts an offered slot and none at all', () => {
    expect(checkPickupSlot(rules, { date: '2026-12-08', from: '14:00', to: '17:00' }, now)).toEqual({
      start: new Date('2026-12-08T14:00:00+05:30'),
      end: new Date('2026-12-08T17:00:00+05:30'),
    });
    expect(checkPickupSlot(rules, null, now)).toBeNull();
    expect(checkPickupSlot(rules, undefined, now)).toBeNull();
    expect(checkPickupSlot({ ...rules, pickup_slots: [] }, null, now)).toBeNull();
  });

  it('refuses any other slot with 400 on pickup_slot, saying what is offered', () => {
    const offer = 'Choose one of the slots: 09:00-12:00, 14:00-17:00, from 2026-12-06 to 2026-12-08';
    for (const slot of [
      { date: '2026-12-07', from: '10:00', to: '12:00' },
      { date: '2026-12-07', from: '09:00', to: '17:00' },
      { date: '2026-12-05', from: '14:00', to: '17:00' },
      { date: '2026-12-09', from: '09:00', to: '12:00' },
    ]) {
      const error = refusal(slot);
      expect(error.statusCode, JSON.stringify(slot)).toBe(400);
      expect(error.errors).toEqual({ pickup_slot: [offer] });
    }
    expect(refusal({ date: '2026-12-06', from: '09:00', to: '12:00' }).errors).toEqual({ pickup_slot: [`The slot 09:00-12:00 of 2026-12-06 has ended. ${offer}`] });
    // Today's slots all over: the offer starts tomorrow.
    const evening = new Date('2026-12-06T18:00:00+05:30');
    expect(refusal({ date: '2026-12-06', from: '14:00', to: '17:00' }, evening).errors).toEqual({
      pickup_slot: ['The slot 14:00-17:00 of 2026-12-06 has ended. Choose one of the slots: 09:00-12:00, 14:00-17:00, from 2026-12-07 to 2026-12-08'],
    });
    expect(refusal({ date: '2026-12-07', from: '09:00', to: '12:00' }, new Date('2026-12-06T10:00:00+05:30'), { ...rules, slot_days_ahead: 0 }).errors).toEqual({
      pickup_slot: ['Choose one of the slots: 09:00-12:00, 14:00-17:00, on 2026-12-06'],
    });
    expect(refusal({ date: '2026-12-06', from: '14:00', to: '17:00' }, evening, { ...rules, slot_days_ahead: 0 }).errors?.pickup_slot?.[0]).toMatch(/^The slot 14:00-17:00 of 2026-12-06 has ended\. No slot is offered any more today/);
  });

  it('refuses a slot when none are configured', () => {
    const error = refusal({ date: '2026-12-06', from: '14:00', to: '17:00' }, now, { ...rules, pickup_slots: [] });
    expect(error.statusCode).toBe(400);
    expect(Object.keys(error.errors ?? {})).toEqual(['pickup_slot']);
    expect(error.detail).toMatch(/^pickup_slot: Pickups have no slots here/);
  });
});
