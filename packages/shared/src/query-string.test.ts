import { describe, expect, it } from 'vitest';
import { buildQueryString } from './query-string';

describe('buildQueryString', () => {
  it('skips empty values', () => {
    expect(buildQueryString({ status: 'pending', search: '', store_id: undefined, city_id: null })).toBe('?status=pending');
  });
  it('keeps booleans, false included', () => {
    expect(buildQueryString({ include_retired: false })).toBe('?include_retired=false');
  });
  it('keeps keys containing _gt whatever their value', () => {
    expect(buildQueryString({ created_at__gt: '' })).toBe('?created_at__gt=');
  });
  it('joins lists with commas', () => {
    expect(buildQueryString({ status: ['moving', 'accepted'] })).toBe('?status=moving%2Caccepted');
  });
  it('answers nothing for nothing', () => {
    expect(buildQueryString({})).toBe('');
  });
});
