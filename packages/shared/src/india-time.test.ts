import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { istDate, istDay } from './india-time';

describe('India time', () => {
  it("reads an instant's calendar day and clock as Intl does in Asia/Kolkata (fixed at +05:30 since 1945)", () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const instants = fc.integer({ min: Date.UTC(1950, 0, 1) / 60_000, max: Date.UTC(2200, 0, 1) / 60_000 }).map((m) => new Date(m * 60_000));
    fc.assert(
      fc.property(instants, (at) => {
        const p = Object.fromEntries(intl.formatToParts(at).map((part) => [part.type, Number(part.value)]));
        expect(istDate(at)).toEqual({ year: p.year, month: p.month! - 1, day: p.day, hour: p.hour, minute: p.minute });
        expect(istDay(at)).toBe(`${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`);
      }),
      { numRuns: 1000 },
    );
    // 18:30 UTC is the next day's midnight in India.
    expect(istDay(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
  });
});
