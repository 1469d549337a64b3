// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { uploadOrderImage } from '@/data/order-photos';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';
import { anOrderDetail, signInForTest } from '@/test/fixtures';
import { driverOutbox } from './driver-outbox-instance';

vi.mock('@/data/order-photos', () => ({ uploadOrderImage: vi.fn() }));

describe("the driver's outbox in the app", () => {
  afterEach(() => {
    void session.signOut('user');
    queryClient.clear();
  });

  it('counts a sent photo among the order\'s images before it leaves the outbox, so the weighing form never sees an order without one', async () => {
    signInForTest({ memberId: 9, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 3 });
    queryClient.setQueryData<OrderDetail>(queryKeys.orders.detail(7), anOrderDetail({ id: 7, images: [] }));
    vi.mocked(uploadOrderImage).mockResolvedValue({ id: 51, url: '/orders/7/images/51' });
    // Whenever the outbox stops listing the photo, the order must already hold it.
    const gaps: number[] = [];
    const stop = driverOutbox.subscribe(() => {
      const waiting = driverOutbox.getSnapshot().entries.some((entry) => entry.orderId === 7 && entry.step.kind === 'photo');
      const images = queryClient.getQueryData<OrderDetail>(queryKeys.orders.detail(7))?.images.length ?? 0;
      if (!waiting && images === 0) gaps.push(Date.now());
    });
    const result = await driverOutbox.submit(7, { kind: 'photo', blob: new Blob(['png'], { type: 'image/png' }), name: 'load.png' });
    await vi.waitFor(() => expect(driverOutbox.getSnapshot().entries).toHaveLength(0));
    stop();

    expect(result.status).toBe('sent');
    expect(queryClient.getQueryData<OrderDetail>(queryKeys.orders.detail(7))?.images).toEqual([{ id: 51, url: '/orders/7/images/51', created_at: expect.any(String) }]);
    expect(gaps).toEqual([]);
  });
});
