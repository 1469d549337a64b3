import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCompactRupees, formatCurrency, formatDateTime, formatDistance, formatDistanceMetres, formatOrderNumber, formatPickupSlot, formatSlotDay, formatWeight, padId, parseOrderNumber } from './format';

describe('formatters', () => {
  it('formats rupees en-IN with at most 2 decimals, suffixed INR', () => {
    expect(formatCurrency(1234567.891)).toBe('12,34,567.89 INR');
    expect(formatCurrency(5)).toBe('5 INR');
    expect(formatCurrency(0.5)).toBe('0.5 INR');
  });

  it('formats weights in kg with up to 3 decimals', () => {
    expect(formatWeight(12.3456)).toBe('12.346 kg');
    expect(formatWeight(1500)).toBe('1,500 kg');
  });

  it('formats straight-line km with 1 decimal, in Hindi too', () => {
    expect(formatDistance(2.449)).toBe('2.4 km');
    expect(formatDistance(0.05)).toBe('0.1 km');
    expect(formatDistance(1234.56)).toBe('1,234.6 km');
    expect(formatDistance(12, 'hi')).toBe('12 किमी');
  });

  it('formats a distance in metres under 1 km, else in km', () => {
    expect(formatDistanceMetres(0)).toBe('0 m');
    expect(formatDistanceMetres(849.6)).toBe('850 m');
    expect(formatDistanceMetres(999.5)).toBe('1 km');
    expect(formatDistanceMetres(1234)).toBe('1.2 km');
    expect(formatDistanceMetres(850, 'hi')).toBe('850 मीटर');
    expect(formatDistanceMetres(25_400, 'hi')).toBe('25.4 किमी');
  });

  it('names a slot\'s day alone as it names the slot', () => {
    expect(formatSlotDay('2026-11-30', '2026-11-30')).toBe('Today');
    expect(formatSlotDay('2026-12-01', '2026-11-30', 'hi')).toBe('कल');
    expect(formatSlotDay('2026-12-02', '2026-11-30')).toBe('02/12/2026');
  });

  it('names a pickup slot today, tomorrow (across a month end) or by its date', () => {
    const slot = (date: string) => ({ date, from: '09:00', to: '12:00' });
    expect(formatPickupSlot(slot('2026-11-30'), '2026-11-30')).toBe('Today 09:00-12:00');
    expect(formatPickupSlot(slot('2026-12-01'), '2026-11-30')).toBe('Tomorrow 09:00-12:00');
    expect(formatPickupSlot(slot('2026-12-02'), '2026-11-30')).toBe('02/12/2026 09:00-12:00');
    expect(formatPickupSlot(slot('2026-11-29'), '2026-11-30')).toBe('29/11/2026 09:00-12:00');
    expect(formatPickupSlot(slot('2027-01-01'), '2026-12-31', 'hi')).toBe('कल 09:00-12:00');
    expect(formatPickupSlot(slot('2026-12-31'), '2026-12-31', 'hi')).toBe('आज 09:00-12:00');
  });

  it('formats dates as HH:MM DD/MM/YYYY', () => {
    expect(formatDateTime(new Date(2026, 10, 5, 9, 7))).toBe('09:07 05/11/2026');
  });

  it('pads ids to 8 digits and prefixes order numbers with #', () => {
    expect(padId(42)).toBe('00000042');
    expect(padId(7, 4)).toBe('0007');
    expect(formatOrderNumber(42)).toBe('#00000042');
  });

  it('reads a display number back', () => {
    expect(parseOrderNumber('#00000042')).toBe(42);
    expect(parseOrderNumber('42')).toBe(42);
    expect(parseOrderNumber('Sharma Store')).toBeNull();
    expect(parseOrderNumber('#0')).toBeNull();
  });
});

describe('formatCompactRupees', () => {
  const intl = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

  it('writes every figure below ₹1,000 crore as Intl en-IN compact notation does', () => {
    fc.assert(
      fc.property(fc.double({ min: -9.99e9, max: 9.99e9, noNaN: true }), (value) => {
        expect(formatCompactRupees(value)).toBe(intl.format(value));
      }),
      { numRuns: 2000 },
    );
    // Where each unit ends, rounding carries into the next.
    for (const value of [0, 0.05, 999.94, 999.95, 1049, 1050, 99_949, 99_950, 1e5, 9_999_949, 9_999_950, 1.5e7, 9.99e9]) {
      expect(formatCompactRupees(value), String(value)).toBe(intl.format(value));
    }
    expect(formatCompactRupees(99_950)).toBe('1L');
    expect(formatCompactRupees(150_000)).toBe('1.5L');
  });
});
