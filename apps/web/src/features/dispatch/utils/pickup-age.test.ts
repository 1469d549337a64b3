import { describe, expect, it } from 'vitest';
import { pickupAge } from './pickup-age';

const asked = '2026-12-06T07:00:00.000Z';
const after = (ms: number) => Date.parse(asked) + ms;

describe('how long a pickup has waited', () => {
  it.each([
    [0, { unit: 'now' }],
    [59_999, { unit: 'now' }],
    [60_000, { unit: 'minutes', count: 1 }],
    [59 * 60_000 + 59_999, { unit: 'minutes', count: 59 }],
    [60 * 60_000, { unit: 'hours', count: 1 }],
    [47 * 3_600_000 + 59 * 60_000, { unit: 'hours', count: 47 }],
    [48 * 3_600_000, { unit: 'days', count: 2 }],
    [10 * 86_400_000 + 5, { unit: 'days', count: 10 }],
  ])('after %i ms: %o', (ms, age) => {
    expect(pickupAge(asked, after(ms))).toEqual(age);
  });

  it('says "now" for a clock a little behind the server, or a time it cannot read', () => {
    expect(pickupAge(asked, after(-30_000))).toEqual({ unit: 'now' });
    expect(pickupAge('not a time', after(0))).toEqual({ unit: 'now' });
  });
});
