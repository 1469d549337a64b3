import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { pushPublicKeySchema, pushSubscriptionAnswerSchema, PushSubscriptionBody, PushUnsubscribeBody } from '@app/shared/schemas/push';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// Web Push (design.md section 15): the API's public key and this browser's subscription for
// the signed-in member. The browser's side (permission, pushManager) is lib/push-device.ts.

/** GET /push/public-key: `{key}`, the VAPID key to subscribe with (base64url). */
export const pushPublicKeyQuery = () =>
  queryOptions({ queryKey: queryKeys.push.publicKey(), queryFn: ({ signal }) => api.get<z.output<typeof pushPublicKeySchema>>('/push/public-key', { signal }) });

/** POST /push/subscriptions: 201; the same endpoint again replaces it (and moves it to the caller). */
export const sendPushSubscription = (subscription: PushSubscriptionBody) => api.post<z.output<typeof pushSubscriptionAnswerSchema>>('/push/subscriptions', subscription);

/**
 * DELETE /push/subscriptions: 204, also when the API had none. `accessToken` sends a token
 * read before the session ended (sign-out tells the API after the session is gone here).
 */
export function deletePushSubscription(endpoint: string, { accessToken }: { accessToken?: string } = {}): Promise<unknown> {
  const body: PushUnsubscribeBody = { endpoint };
  return api.delete('/push/subscriptions', { body, ...(accessToken ? { auth: false, headers: { authorization: `Bearer ${accessToken}` } } : {}) });
}
