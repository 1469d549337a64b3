import type { Benchmark } from '../bench-kit';

/**
 * The store's 5-second poll (product-spec.md section 4): GET /orders?status=waiting_store
 * as the store, once as a client without a cache and once as the web app polls, sending
 * back the ETag it got (304 while nothing changed).
 */
export const benchmark: Benchmark = {
  name: 'orders polling',
  async run(ctx) {
    const path = '/orders?status=waiting_store';
    const { store } = ctx.members;
    const first = await fetch(`${ctx.apiUrl}${path}`, { headers: store.headers });
    if (first.status !== 200) throw new Error(`the poll answered ${first.status}: ${await first.text()}`);
    const etag = first.headers.get('etag');
    const rows = ((await first.json()) as unknown[]).length;
    const full = await ctx.measure(`GET ${path} as the store (${rows} orders, ${first.headers.get('x-total-count')} total)`, path, { headers: store.headers });
    const cached = await ctx.measure(`GET ${path} as the store with If-None-Match (304)`, path, {
      headers: { ...store.headers, 'if-none-match': etag ?? '' },
    });
    // design.md section 16: at the default log level, the poll >= 0.5x and its 304 >= 0.7x of the bare route.
    return [{ ...full, targetRatio: 0.5 }, { ...cached, targetRatio: 0.7 }];
  },
};
