import { describe, expect, it } from 'vitest';
import { presetOf, presetSince } from './date-presets';

describe('date presets', () => {
  // 2026-03-31 20:00 UTC is already 1 April in India.
  const now = new Date('2026-03-31T20:00:00Z');

  it('counts back from India\'s today', () => {
    expect(presetSince('1m', now)).toBe('2026-03-02');
    expect(presetSince('all', now)).toBeNull();
  });

  it('recognises a preset\'s date, and nothing else', () => {
    expect(presetOf('2026-03-02', now)).toBe('1m');
    expect(presetOf(null, now)).toBe('all');
    expect(presetOf('2025-01-01', now)).toBeNull();
  });
});
