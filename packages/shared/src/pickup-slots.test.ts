import { describe, expect, it } from 'vitest';
import { offeredSlots } from './pickup-slots';

const rules = { pickup_slots: [{ from: '09:00', to: '12:00' }, { from: '14:00', to: '17:00' }], slot_days_ahead: 1 };

describe('the pickup slots offered', () => {
  it('are today through the days ahead, India time, less the slots of today that have ended', () => {
    // 12:30 in India: the morning slot has ended, the afternoon one is offered.
    expect(offeredSlots(rules, new Date('2026-12-06T07:00:00Z'))).toEqual([
      { date: '2026-12-06', from: '14:00', to: '17:00' },
      { date: '2026-12-07', from: '09:00', to: '12:00' },
      { date: '2026-12-07', from: '14:00', to: '17:00' },
    ]);
  });

  it('keep a slot that has begun but not ended', () => {
    expect(offeredSlots({ ...rules, slot_days_ahead: 0 }, new Date('2026-12-06T05:00:00Z'))).toEqual([
      { date: '2026-12-06', from: '09:00', to: '12:00' },
      { date: '2026-12-06', from: '14:00', to: '17:00' },
    ]);
  });

  it('count days in India: 23:30 UTC is already the next day there', () => {
    expect(offeredSlots({ ...rules, slot_days_ahead: 0 }, new Date('2026-12-31T23:30:00Z'))[0]).toEqual({ date: '2027-01-01', from: '09:00', to: '12:00' });
  });

  it('are none without slots', () => {
    expect(offeredSlots({ pickup_slots: [], slot_days_ahead: 2 }, new Date())).toEqual([]);
  });
});
