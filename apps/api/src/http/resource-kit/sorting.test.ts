import { describe, expect, it } from 'vitest';
import { stores } from '../../db/tables/partners.table';
import { newestFirst } from './sorting';

describe('newestFirst', () => {
  it('sorts by creation time, newest first by default, or by the text columns named', () => {
    expect(newestFirst(stores.createdAt, { name: stores.name })).toEqual({
      keys: { created_at: { expr: stores.createdAt, type: 'timestamptz' }, name: { expr: stores.name, type: 'text' } },
      fallback: '-created_at',
    });
  });
});
