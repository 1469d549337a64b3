import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { deletePushSubscription, pushPublicKeyQuery, sendPushSubscription } from '@/data/push';
import { deviceSubscription, notificationPermission, pushSupport, readPushRecord, subscribeDevice, subscriptionBody, writePushRecord } from '@/lib/push-device';
import { PUSH_SUBSCRIPTION_CHANGED } from '@/lib/push-message';
import { useSession } from '@/lib/session';

// This phone's push subscription follows who is signed in (design.md section 15). The device
// notes which member it sent the subscription for (lib/push-device.ts). A phone may be shared:
// - signing out tells the API and ends the subscription here (forgetPushDevice, user menu);
// - a section that opens for another member than the note names (the last one's session
//   ended without a sign-out here) ends that subscription: the push service then refuses the
//   API's next push, and the API drops it. That member turns pushes on again on their phone;
// - a subscription the browser renewed or dropped (the worker's `pushsubscriptionchange`,
//   src/sw-push.ts) is sent again for the member who turned pushes on, now or at the next start.
// The settings switch (features/settings) turns pushes on and off for this phone.

const warn = (what: string) => (error: unknown) => console.warn(`Push: ${what}`, error);

/** Brings this phone's subscription in step with the signed-in member (see above). */
export async function syncPushDevice(memberId: number, publicKey: () => Promise<string>): Promise<void> {
  if (pushSupport() !== 'supported') return;
  const record = readPushRecord();
  const subscription = await deviceSubscription();
  if (record?.memberId !== memberId) {
    if (subscription) await subscription.unsubscribe();
    if (record) writePushRecord(null);
    return;
  }
  if (subscription?.endpoint === record.endpoint) return;
  const current = subscription ?? (notificationPermission() === 'granted' ? await subscribeDevice(await publicKey()) : null);
  if (current) {
    await sendPushSubscription(subscriptionBody(current));
    writePushRecord({ memberId, endpoint: current.endpoint });
  } else {
    writePushRecord(null);
  }
  if (current?.endpoint !== record.endpoint) void deletePushSubscription(record.endpoint).catch(warn('the old subscription could not be removed'));
}

/**
 * At sign-out: the API forgets this phone's subscription and the browser ends it, so the next
 * person on this phone gets none of the member's notifications. Best effort, never awaited by
 * the sign-out: `accessToken` is the member's, read before the session ended.
 */
export async function forgetPushDevice(accessToken: string | null): Promise<void> {
  writePushRecord(null);
  const subscription = await deviceSubscription();
  if (!subscription) return;
  await Promise.all([
    accessToken ? deletePushSubscription(subscription.endpoint, { accessToken }).catch(warn('the API could not be told at sign-out')) : null,
    subscription.unsubscribe().catch(warn('the subscription could not be ended at sign-out')),
  ]);
}

/** Keeps the subscription in step once per section start and when the worker asks. Renders nothing. */
export function PushDeviceSync() {
  const { user } = useSession();
  const memberId = user?.memberId;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (memberId === undefined || pushSupport() !== 'supported') return;
    const publicKey = async () => (await queryClient.fetchQuery(pushPublicKeyQuery())).key;
    // One at a time: a renewal message may come while the start's check runs.
    let queue = Promise.resolve();
    const sync = () => {
      queue = queue.then(() => syncPushDevice(memberId, publicKey)).catch(warn('this phone\'s subscription could not be brought up to date'));
    };
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === PUSH_SUBSCRIPTION_CHANGED) sync();
    };
    sync();
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [memberId, queryClient]);
  return null;
}
