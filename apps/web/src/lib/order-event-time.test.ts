import { describe, expect, it } from 'vitest';
import { arrivalPlace, receivedLater } from './order-event-time';

describe("a step's times", () => {
  it('says when it was received only when that is more than a minute from when it was taken', () => {
    expect(receivedLater({ occurred_at: '2026-12-06T10:00:00Z', created_at: '2026-12-06T10:01:00Z' })).toBeNull();
    expect(receivedLater({ occurred_at: '2026-12-06T10:00:00Z', created_at: '2026-12-06T10:00:59.400Z' })).toBeNull();
    // 10:42 UTC is 16:12 in India.
    expect(receivedLater({ occurred_at: '2026-12-06T10:00:00Z', created_at: '2026-12-06T10:42:00Z' })).toBe('16:12');
  });

  it('gives the whole date when it was received on another day', () => {
    expect(receivedLater({ occurred_at: '2026-12-01T10:00:00Z', created_at: '2026-12-06T10:00:00Z' })).toBe('15:30 06/12/2026');
    // 18:25 and 18:31 UTC fall on two days in India.
    expect(receivedLater({ occurred_at: '2026-12-06T18:25:00Z', created_at: '2026-12-06T18:31:00Z' })).toBe('00:01 07/12/2026');
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
