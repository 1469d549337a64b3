import { describe, expect, it } from 'vitest';
import { BoundedCache, ENTRY_OVERHEAD_BYTES, textBytes } from './bounded-cache';

// design.md section 17: an in-memory cache is bounded in bytes and drops expired entries.

function clock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

const ENTRY = 1_000;
const counted = ENTRY + ENTRY_OVERHEAD_BYTES;

describe('BoundedCache', () => {
  it('keeps its entries within the byte budget by dropping the oldest written', () => {
    const cache = new BoundedCache<string, number>({ maxBytes: 3 * counted, ttlMs: 60_000 });
    for (let i = 0; i < 10; i += 1) {
      cache.set(`k${i}`, i, { bytes: ENTRY });
      expect(cache.bytes).toBeLessThanOrEqual(3 * counted);
    }
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * counted);
    expect([cache.get('k6'), cache.get('k7'), cache.get('k8'), cache.get('k9')]).toEqual([undefined, 7, 8, 9]);
  });

  it('evicts by the order written, not by the order read', () => {
    const cache = new BoundedCache<string, number>({ maxBytes: 2 * counted, ttlMs: 60_000 });
    cache.set('a', 1, { bytes: ENTRY });
    cache.set('b', 2, { bytes: ENTRY });
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3, { bytes: ENTRY });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
  });

  it('counts a key set again at its new size, once, as the newest entry', () => {
    const cache = new BoundedCache<string, string>({ maxBytes: 10 * counted, ttlMs: 60_000 });
    cache.set('a', 'small', { bytes: 10 });
    cache.set('b', 'other', { bytes: 10 });
    cache.set('a', 'large', { bytes: 5_000 });
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(5_010 + 2 * ENTRY_OVERHEAD_BYTES);
    expect(cache.get('a')).toBe('large');
    // Rewritten, 'a' is newer than 'b': one byte over the budget drops 'b', not 'a'.
    cache.set('c', 'filler', { bytes: 10 * counted - 5_010 - 3 * ENTRY_OVERHEAD_BYTES + 1 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('large');
  });

  it('never returns an expired entry, and drops it when read', () => {
    const time = clock();
    const cache = new BoundedCache<string, number>({ maxBytes: 100 * counted, ttlMs: 1_000, now: time.now });
    cache.set('a', 1, { bytes: ENTRY });
    cache.set('short', 2, { bytes: ENTRY, ttlMs: 100 });
    time.advance(100);
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    time.advance(900);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('drops every expired entry on a write once a TTL has passed, without reads', () => {
    const time = clock();
    const cache = new BoundedCache<string, number>({ maxBytes: 1_000 * counted, ttlMs: 1_000, now: time.now });
    for (let i = 0; i < 100; i += 1) cache.set(`old${i}`, i, { bytes: ENTRY });
    cache.set('lasting', 0, { bytes: ENTRY, ttlMs: 10_000 });
    time.advance(1_000);
    cache.set('new', 1, { bytes: ENTRY });
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2 * counted);
    expect(cache.get('lasting')).toBe(0);
  });

  it('sweep() drops the expired entries and keeps the live ones', () => {
    const time = clock();
    const cache = new BoundedCache<string, number>({ maxBytes: 100 * counted, ttlMs: 1_000, now: time.now });
    cache.set('early', 1, { bytes: ENTRY });
    time.advance(500);
    cache.set('late', 2, { bytes: ENTRY });
    time.advance(600);
    cache.sweep();
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(counted);
    expect(cache.get('late')).toBe(2);
  });

  it("holds one group to its share, dropping that group's oldest, not another's", () => {
    const cache = new BoundedCache<string, number>({ maxBytes: 100 * counted, maxBytesPerGroup: 3 * counted, ttlMs: 60_000 });
    cache.set('other', 0, { bytes: ENTRY, group: 2 });
    for (let i = 0; i < 50; i += 1) cache.set(`flood${i}`, i, { bytes: ENTRY, group: 1 });
    expect(cache.groupBytes(1)).toBe(3 * counted);
    expect(cache.groupBytes(2)).toBe(counted);
    expect(cache.get('other')).toBe(0);
    expect(cache.get('flood46')).toBeUndefined();
    expect(cache.get('flood49')).toBe(49);
    expect(cache.bytes).toBe(4 * counted);
    // A key filed again under another group leaves the first group's tally.
    cache.set('flood49', 49, { bytes: ENTRY, group: 2 });
    expect([cache.groupBytes(1), cache.groupBytes(2)]).toEqual([2 * counted, 2 * counted]);
  });

  it('does not keep an entry larger than the budget, and forgets the value it replaced', () => {
    const cache = new BoundedCache<string, string>({ maxBytes: 10_000, maxBytesPerGroup: 2_000, ttlMs: 60_000 });
    cache.set('kept', 'x', { bytes: 10 });
    cache.set('a', 'small', { bytes: 10 });
    cache.set('a', 'huge', { bytes: 20_000 });
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 'too big for one member', { bytes: 5_000, group: 7 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('kept')).toBe('x');
    expect(cache.bytes).toBe(10 + ENTRY_OVERHEAD_BYTES);
  });

  it('clear() forgets everything, tallies included', () => {
    const cache = new BoundedCache<string, number>({ maxBytes: 100 * counted, maxBytesPerGroup: 10 * counted, ttlMs: 60_000 });
    cache.set('a', 1, { bytes: ENTRY, group: 1 });
    cache.clear();
    expect([cache.size, cache.bytes, cache.groupBytes(1), cache.get('a')]).toEqual([0, 0, 0, undefined]);
  });

  it('counts text at two bytes a character, the most V8 spends on it', () => {
    expect(textBytes('abc', 'नमस्ते')).toBe(2 * (3 + 6));
  });
});
