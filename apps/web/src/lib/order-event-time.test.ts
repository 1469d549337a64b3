import { describe, expect, it } from 'vitest';
import { arrivalPlace, receivedLater } from './order-event-time';

describe("a step's times", () => {
  it('says when it was received only when that is more than a minute from when it was taken', () => {
    expect(receivedLater({ occurred_at: '2026-12-06T10:00:00Z', created_at: '2026-12-06T10:01:00Z' })).toBeNull();
    expect(receivedLater({ occurred_at: '2026-12-06T10:00:00Z', created_at: '2026-12-06T10:00:59.400Z' })).toBeNull();
    const later = new Date('2026-12-06T10:42:00Z');
    const clock = `${String(later.getHours()).padStart(2, '0')}:${String(later.getMinutes()).padStart(2, '0')}`;
    expect(receivedLater({ occurred_at: '2026-12-06T10:00:00Z', created_at: later.toISOString() })).toBe(clock);
  });

  it('gives the whole date when it was received on another day', () => {
    expect(receivedLater({ occurred_at: '2026-12-01T10:00:00Z', created_at: '2026-12-06T10:00:00Z' })).toMatch(/^\d\d:\d\d 0[56]\/12\/2026$/);
  });
});

describe('where the driver arrived', () => {
  const arrived = (distance: number | null) => ({ action: 'arrived' as const, arrived_distance_m: distance });

  it('is at the store within the radius, away beyond it', () => {
    expect(arrivalPlace(arrived(300), 300)).toEqual({ at: 'store' });
    expect(arrivalPlace(arrived(301), 300)).toEqual({ at: 'away', metres: 301 });
    expect(arrivalPlace(arrived(0), 300)).toEqual({ at: 'store' });
  });

  it('says nothing without a distance, without the radius, or for another step', () => {
    expect(arrivalPlace(arrived(null), 300)).toBeNull();
    expect(arrivalPlace(arrived(5000), undefined)).toBeNull();
    expect(arrivalPlace({ action: 'moving', arrived_distance_m: 5000 }, 300)).toBeNull();
  });
});
