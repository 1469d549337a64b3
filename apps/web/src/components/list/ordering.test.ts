import { describe, expect, it } from 'vitest';
import { nextOrdering, sortState } from './ordering';

describe('nextOrdering', () => {
  const fallback = '-created_at';

  it('sorts a new column in its first direction, flips it, then returns to the default', () => {
    expect(nextOrdering(null, fallback, 'vendor_amount', true)).toBe('-vendor_amount');
    expect(nextOrdering('-vendor_amount', fallback, 'vendor_amount', true)).toBe('vendor_amount');
    expect(nextOrdering('vendor_amount', fallback, 'vendor_amount', true)).toBeNull();
    expect(nextOrdering(null, fallback, 'store', false)).toBe('store');
  });

  it('leaves the default out of the URL', () => {
    expect(nextOrdering('created_at', fallback, 'created_at', true)).toBe(null);
    expect(nextOrdering(null, fallback, 'created_at', true)).toBe('created_at');
    expect(sortState(null, fallback)).toEqual({ field: 'created_at', descending: true });
  });
});
