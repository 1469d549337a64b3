import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@app/shared/schemas/settings';
import { deletePushSubscription, pushPublicKeyQuery, sendPushSubscription } from '@/data/push';
import { useSaveNotificationPreferences } from '@/data/settings';
import {
  deviceSubscription,
  notificationPermission,
  pushSupport,
  requestNotificationPermission,
  subscribeDevice,
  subscriptionBody,
  writePushRecord,
  type PushSupport,
} from '@/lib/push-device';
import { useSession } from '@/lib/session';

// The "Push notifications on this phone" switch (design.md section 15): what this browser
// can do and has, and turning pushes on or off for it. On: the browser's permission, a
// subscription with the API's key, sent to the API, and the member's `push` preference on.
// Off: the API forgets this phone, the browser ends the subscription, `push` off.

export interface PushDeviceState {
  support: PushSupport;
  permission: NotificationPermission;
  /** This browser has a subscription (and may show notifications). */
  subscribed: boolean;
}

async function readDevice(): Promise<PushDeviceState> {
  const support = pushSupport();
  if (support !== 'supported') return { support, permission: 'default', subscribed: false };
  const permission = notificationPermission();
  const subscription = permission === 'granted' ? await deviceSubscription().catch(() => null) : null;
  return { support, permission, subscribed: !!subscription };
}

/** The person did not allow notifications: 'denied' (blocked) or 'default' (closed the question). */
export class PushPermissionRefused extends Error {
  override name = 'PushPermissionRefused';
  constructor(readonly permission: NotificationPermission) {
    super(`Notification permission: ${permission}`);
  }
}

/**
 * The browser has the Push API but no push service to subscribe with (a Chromium built
 * without one, a private window): its own refusal, not the network's, so nothing to retry.
 */
export class PushServiceMissing extends Error {
  override name = 'PushServiceMissing';
}

/** The browser's refusals of `pushManager.subscribe` that no retry mends (DOMExceptions, never an API answer). */
const NO_PUSH_SERVICE = new Set(['AbortError', 'NotSupportedError', 'InvalidStateError']);

async function subscribeHere(key: string): Promise<PushSubscription> {
  try {
    return await subscribeDevice(key);
  } catch (error) {
    if (error instanceof DOMException && NO_PUSH_SERVICE.has(error.name)) throw new PushServiceMissing(error.message);
    throw error;
  }
}

export function usePushSwitch(prefs: NotificationPreferences) {
  const queryClient = useQueryClient();
  const memberId = useSession().user?.memberId;
  const save = useSaveNotificationPreferences();
  /** Null while the browser is being asked. */
  const [device, setDevice] = useState<PushDeviceState | null>(null);

  useEffect(() => {
    let mounted = true;
    const look = () => void readDevice().then((state) => mounted && setDevice(state));
    look();
    // Back from the browser's site settings (where a blocked permission is changed): look again.
    window.addEventListener('focus', look);
    return () => {
      mounted = false;
      window.removeEventListener('focus', look);
    };
  }, []);

  async function turnOn() {
    // Asked first, while the tap still counts as the person's gesture.
    const permission = notificationPermission() === 'granted' ? 'granted' : await requestNotificationPermission();
    if (permission !== 'granted') throw new PushPermissionRefused(permission);
    const { key } = await queryClient.fetchQuery(pushPublicKeyQuery());
    const subscription = await subscribeHere(key);
    try {
      await sendPushSubscription(subscriptionBody(subscription));
    } catch (error) {
      // The API does not have it: the browser keeps none, so the switch tells the truth.
      await subscription.unsubscribe().catch(() => false);
      throw error;
    }
    if (memberId !== undefined) writePushRecord({ memberId, endpoint: subscription.endpoint });
    if (!prefs.push) await save.mutateAsync({ ...prefs, push: true });
  }

  async function turnOff() {
    const subscription = await deviceSubscription();
    if (subscription) {
      await deletePushSubscription(subscription.endpoint);
      await subscription.unsubscribe();
    }
    writePushRecord(null);
    if (prefs.push) await save.mutateAsync({ ...prefs, push: false });
  }

  const change = useMutation({
    // Browser work first; the API calls fail on their own when there is no network.
    networkMode: 'always',
    mutationFn: (on: boolean) => (on ? turnOn() : turnOff()),
    onSettled: async () => setDevice(await readDevice()),
  });

  return {
    device,
    /** On: this browser is subscribed and the member wants pushes. */
    on: !!device?.subscribed && prefs.push,
    change,
  };
}
