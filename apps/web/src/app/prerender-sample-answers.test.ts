import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ORDER_STATUSES } from '@app/shared/order-status';
import { orderCountsSchema, orderSchema, orderStatsSchema } from '@app/shared/schemas/orders';
import { missingCompanyDetails } from '@app/shared/company-details';
import { informationSettingsSchema } from '@app/shared/schemas/settings';
import { vendorWalletSchema } from '@app/shared/schemas/wallets';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/data/page';
import { answerWithSamples, sampleAnswer } from './prerender-sample-answers';

// The build renders the signed-in pages with these answers for their CSS (decision 057): an
// answer of the wrong shape would break the build's render or write rules of a state the app
// never shows.

describe("the build's sample answers", () => {
  it('are answers the API could give: every order, count, period and wallet passes its wire schema', () => {
    const orders = (sampleAnswer(queryKeys.orders.list({ limit: 5 })) as Page<unknown>).items;
    expect(z.array(orderSchema).parse(orders).map((order) => order.status)).toEqual([...ORDER_STATUSES]);
    const pages = sampleAnswer(queryKeys.orders.list({ limit: 25, pages: true })) as { pages: Page<unknown>[]; pageParams: unknown[] };
    expect(z.array(orderSchema).parse(pages.pages[0]?.items)).toHaveLength(ORDER_STATUSES.length);
    expect(pages.pageParams).toHaveLength(1);
    expect(orderCountsSchema.parse(sampleAnswer(queryKeys.orders.counts({})))).toBeTruthy();
    expect(orderSchema.parse(sampleAnswer(queryKeys.orders.waitingStore())).status).toBe('waiting_store');
    expect(z.array(vendorWalletSchema).parse(sampleAnswer(queryKeys.wallets.list({ transactions_limit: 0 })))).toHaveLength(1);
    // The company's details as a new install has them: the admin's warning draws.
    const information = sampleAnswer(queryKeys.settings.setting('information')) as { value: unknown };
    expect(missingCompanyDetails(informationSettingsSchema.parse(information.value)).length).toBeGreaterThan(0);
  });

  it('give a chart twelve months from its first, or thirty days', () => {
    const months = orderStatsSchema.parse(sampleAnswer(queryKeys.orders.stats({ group: 'month', metric: 'count', since: '2025-12-01T00:00:00.000Z' })));
    expect(months.map((bucket) => bucket.period)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    const days = orderStatsSchema.parse(sampleAnswer(queryKeys.orders.stats({ group: 'day', metric: 'vendor_amount', since: '2026-11-01T00:00:00.000Z' })));
    expect(days).toHaveLength(30);
    expect(days[0]).toMatchObject({ period: '2026-11-01' });
    expect(days.at(-1)).toMatchObject({ period: '2026-11-30' });
    expect(days.every((bucket) => bucket.value > 1000)).toBe(true);
  });

  it('answer only the queries still waiting that they have a sample for', () => {
    const client = new QueryClient();
    const cache = client.getQueryCache();
    for (const queryKey of [queryKeys.orders.counts({}), queryKeys.orders.list({ limit: 5 }), queryKeys.catalog.cities()]) cache.build(client, { queryKey });
    client.setQueryData(queryKeys.orders.list({ limit: 5 }), { items: [], total: 0, estimated: false, nextCursor: null });
    expect(answerWithSamples(client)).toBe(1);
    expect(client.getQueryData(queryKeys.orders.counts({}))).toEqual(sampleAnswer(queryKeys.orders.counts({})));
    expect(client.getQueryData<Page<unknown>>(queryKeys.orders.list({ limit: 5 }))?.items).toEqual([]);
    expect(client.getQueryData(queryKeys.catalog.cities())).toBeUndefined();
  });
});
