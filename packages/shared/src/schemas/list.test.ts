import { describe, expect, it } from 'vitest';
import { cursorOfLink, listPageQuerySchema, parseNextLink } from './list';

describe('list paging helpers', () => {
  it('reads a Link rel="next" header', () => {
    const header = '<http://localhost:3000/orders?status=pending&cursor=42&limit=2>; rel="next"';
    expect(parseNextLink(header)).toBe('http://localhost:3000/orders?status=pending&cursor=42&limit=2');
    expect(cursorOfLink(header)).toBe('42');
    expect(parseNextLink('<http://x/a?cursor=1>; rel="prev", <http://x/a?cursor=9>; rel="next"')).toBe('http://x/a?cursor=9');
    expect(parseNextLink(undefined)).toBeNull();
    expect(cursorOfLink('<http://x/a>; rel="prev"')).toBeNull();
  });

  it('defaults the limit to 50 and refuses more than 500', () => {
    expect(listPageQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(listPageQuerySchema.parse({ limit: '500', cursor: '' })).toEqual({ limit: 500 });
    expect(listPageQuerySchema.safeParse({ limit: '501' }).error?.issues[0]?.message).toBe('limit may be at most 500');
    expect(listPageQuerySchema.safeParse({ cursor: 'abc' }).success).toBe(false);
  });
});
