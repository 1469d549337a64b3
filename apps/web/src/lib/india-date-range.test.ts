import { describe, expect, it } from 'vitest';
import { indiaToday, presetRange, validDate } from './india-date-range';

describe('date ranges in India time', () => {
  it('takes the day of India, not of UTC', () => {
    // 20:00 UTC on 31 March is 01:30 on 1 April in India.
    expect(indiaToday(new Date('2026-03-31T20:00:00Z'))).toBe('2026-04-01');
  });

  it('starts the financial year in April', () => {
    const now = new Date('2026-02-10T06:00:00Z');
    expect(presetRange('financialYear', now)).toEqual({ from: '2025-04-01', to: '2026-02-10' });
    expect(presetRange('lastFinancialYear', now)).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    expect(presetRange('financialYear', new Date('2026-04-01T06:00:00Z')).from).toBe('2026-04-01');
  });

  it('knows month lengths across the year end', () => {
    expect(presetRange('lastMonth', new Date('2026-01-15T06:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', new Date('2028-03-15T06:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('thisMonth', new Date('2026-11-23T06:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-23' });
  });

  it('refuses days that do not exist', () => {
    expect(validDate('2026-02-30')).toBeNull();
    expect(validDate('2026-2-3')).toBeNull();
    expect(validDate('2026-02-28')).toBe('2026-02-28');
  });
});
