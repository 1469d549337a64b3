import { useEffect, useSyncExternalStore } from 'react';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { invalidateOrders, transitionOrder } from '@/data/orders';
import { uploadOrderImage } from '@/data/order-photos';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { isOnline, subscribeOnline } from '@/lib/network-status';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { indexedDbOutboxStore, memoryOutboxStore } from './outbox-db';
import { transitionRequest } from './outbox-request';
import { createOutbox, type OutboxSnapshot } from './outbox';
import type { OutboxEntry } from './outbox-types';

export type { SubmitResult } from './outbox';

// The driver's outbox, wired to the app: IndexedDB, the API client, the session, the
// network state and the query cache. Started by the first driver screen that reads it.

const CHANNEL = 'kabadi-driver-outbox';

function send(entry: OutboxEntry, onProgress: (fraction: number) => void): Promise<unknown> {
  const { step, orderId, key } = entry;
  if (step.kind === 'photo') return uploadOrderImage(orderId, step.blob, { name: step.name, onProgress, idempotencyKey: key });
  return transitionOrder(transitionRequest(orderId, step, entry.takenAt), { idempotencyKey: key });
}

const withPhoto =
  (photo: { id: number; url: string }) =>
  (order: OrderDetail | undefined): OrderDetail | undefined =>
    order && !order.images.some((image) => image.id === photo.id) ? { ...order, images: [...order.images, { ...photo, created_at: new Date().toISOString() }] } : order;

function broadcast() {
  // Not outside a browser: Node has the class too, and an open channel would keep the build's
  // prerender (vite-prerender-login.ts) from ever exiting.
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(CHANNEL);
  return {
    post: () => channel.postMessage('changed'),
    listen(listener: () => void) {
      channel.addEventListener('message', listener);
      return () => channel.removeEventListener('message', listener);
    },
  };
}

export const driverOutbox = createOutbox({
  store: typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbOutboxStore(),
  send,
  isOnline,
  subscribeOnline,
  currentMember: () => {
    const user = session.getState().user;
    return user?.role === 'driver' ? user.memberId : null;
  },
  subscribeMember: (listener) => {
    let last = session.getState().user?.memberId ?? null;
    return session.subscribe(() => {
      const current = session.getState().user?.memberId ?? null;
      if (current !== last) {
        last = current;
        listener();
      }
    });
  },
  onSettled(entry, outcome, answer) {
    if (outcome === 'wait') return;
    // The phone's clock was refused: the step counts from when it reached the server.
    if (outcome === 'sent' && entry.retimed && entry.step.kind !== 'photo') notify.warning(i18n.t('driver:outbox.retimed', { step: i18n.t(`driver:steps.${entry.step.kind}`) }));
    // The order as the server has it now: no flash of the old status before the refetch.
    if (outcome === 'sent' && entry.step.kind !== 'photo') queryClient.setQueryData(queryKeys.orders.detail(entry.orderId), answer as OrderDetail);
    // A sent photo leaves the outbox before the refetch brings it back among the order's
    // images: counted there at once, the weighing form never sees the order without a photo.
    if (outcome === 'sent' && entry.step.kind === 'photo') queryClient.setQueryData(queryKeys.orders.detail(entry.orderId), withPhoto(answer as { id: number; url: string }));
    void invalidateOrders(queryClient);
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallets.all });
  },
  newKey: newIdempotencyKey,
  lock: (task) => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(CHANNEL, task) : task()),
  channel: broadcast(),
});

let started = false;

function startOnce() {
  if (started) return;
  started = true;
  driverOutbox.start();
  // Ask the browser not to evict what waits to be sent when the phone runs low on space.
  void navigator.storage?.persist?.().catch(() => false);
}

/** The outbox in React: this member's entries and upload progress; starts the outbox once. */
export function useDriverOutbox(): OutboxSnapshot {
  useEffect(startOnce, []);
  return useSyncExternalStore(driverOutbox.subscribe, driverOutbox.getSnapshot, driverOutbox.getSnapshot);
}
