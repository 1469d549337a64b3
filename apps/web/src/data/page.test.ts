import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('@/lib/api-client', () => ({ api: { request: (...args: unknown[]) => request(...args) } }));

const { getAllPages, getPage } = await import('./page');

const answer = (data: unknown[], headers: Record<string, string>) => ({ data, headers: new Headers(headers) });

describe('list pages', () => {
  beforeEach(() => request.mockReset());

  it('reads a page: items, X-Total-Count, whether it is an estimate, and the next cursor; empty parameters are not sent', async () => {
    request.mockResolvedValueOnce(answer([{ id: 3 }], { 'x-total-count': '120', 'x-total-count-estimated': 'true', link: '<http://api.test/orders?limit=50&cursor=77>; rel="next"' }));
    expect(await getPage('/orders', { limit: 50, cursor: null, search: '', status: [] })).toEqual({ items: [{ id: 3 }], total: 120, estimated: true, nextCursor: '77' });
    expect(request).toHaveBeenCalledWith('/orders', { query: { limit: 50 }, signal: undefined });
  });

  it('follows the cursor to the last page, keeping the first total', async () => {
    request
      .mockResolvedValueOnce(answer([{ id: 1 }, { id: 2 }], { 'x-total-count': '3', link: '</payouts/?cursor=2>; rel="next"' }))
      .mockResolvedValueOnce(answer([{ id: 3 }], { 'x-total-count': '3' }));
    expect(await getAllPages('/payouts/', { status: 'requested' }, 2)).toEqual({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 3 });
    expect(request.mock.calls.map(([, options]) => (options as { query: unknown }).query)).toEqual([
      { status: 'requested', limit: 2 },
      { status: 'requested', limit: 2, cursor: '2' },
    ]);
  });
});
