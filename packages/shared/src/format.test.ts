import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDateTime, formatOrderNumber, formatWeight, padId, parseOrderNumber } from './format';

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
