import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX,
  pushPublicKeySchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@app/shared/schemas/push';
import { authOf, requireAuth } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { fieldError } from '../../http/http-error';
import { isP256PublicKey } from '../../push/p256';
import { removeSubscription, saveSubscription } from './subscriptions-repository';

const tags = ['push'];
const security = [{ bearer: [] }];

/**
 * Web Push subscriptions (design.md section 15). The public key is public: it is what any
 * page must hand `pushManager.subscribe()`, and it signs nothing by itself.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowLocalHttp = app.config.APP_ENV === 'dev';

  app.get(
    '/push/public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key to subscribe with (`applicationServerKey`); anyone, signed in or not',
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ key: app.vapidKeys.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Subscribes this browser to the caller\'s notifications (the PushSubscription JSON)',
        description:
          `The same endpoint again replaces it; posted by another member it moves to that member. At most ${PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX} per member: ` +
          `a newer one replaces the least recently posted. \`endpoint\` is an https: URL of a push service host${allowLocalHttp ? ' (in dev also http://127.0.0.1 or http://localhost, any port)' : ''}; ` +
          '`keys.p256dh` an uncompressed P-256 point and `keys.auth` 16 bytes, base64url.',
        body: pushSubscriptionSchema({ allowLocalHttp }),
        response: { 201: pushSubscriptionAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      // The schema read its length and first byte; only importing it tells whether it is on the curve.
      if (!isP256PublicKey(keys.p256dh)) throw fieldError('keys.p256dh', 'This is not a point on the P-256 curve: use the key the browser gave');
      const saved = await saveSubscription(app.db, authOf(request).memberId, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return reply.code(201).send({ endpoint: saved.endpoint, created_at: saved.createdAt.toISOString() });
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Unsubscribes a browser from the caller\'s notifications',
        description: 'Removes the caller\'s own subscription of `endpoint`. 204 also when there is none (already removed, or another member\'s, which stays).',
        body: pushUnsubscribeSchema,
        response: { 204: z.undefined().describe('Removed, or there was nothing of the caller\'s to remove'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await removeSubscription(app.db, authOf(request).memberId, request.body.endpoint);
      return reply.code(204).send();
    },
  );
};
