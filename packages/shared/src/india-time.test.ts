import { describe, expect, it } from 'vitest';
import { istReadableTime } from './india-time';

describe('istReadableTime', () => {
  it('prints India time as people read it, in English and Hindi', () => {
    // 09:34 UTC is 3:04 pm in India.
    expect(istReadableTime(new Date('2026-12-06T09:34:00Z'))).toBe('6 Dec 2026, 3:04 pm');
    expect(istReadableTime(new Date('2026-12-06T09:34:00Z'), 'hi')).toBe('6 दिसंबर 2026, 3:04 pm');
  });

  it('turns the day at India midnight, and writes 12 for noon and midnight', () => {
    expect(istReadableTime(new Date('2026-03-31T18:30:00Z'))).toBe('1 Apr 2026, 12:00 am');
    expect(istReadableTime(new Date('2026-04-01T06:30:00Z'))).toBe('1 Apr 2026, 12:00 pm');
    expect(istReadableTime(new Date('2026-04-01T06:29:00Z'))).toBe('1 Apr 2026, 11:59 am');
  });
});
