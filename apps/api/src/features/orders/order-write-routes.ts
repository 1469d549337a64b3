import { ORDER_ACTIONS, TRANSITIONS, type OrderAction, type TransitionBody } from '@app/shared/order-machine';
import { createOrderBodySchema, orderDetailSchema, orderIdParamsSchema, TRANSITION_BODY_SCHEMAS } from '@app/shared/schemas/orders';
import { authOf, requireAuth } from '../../auth/guards';
import { tenancyOf } from '../../auth/tenancy';
import { IDEMPOTENCY_DESCRIPTION, idempotencyHeaders, idempotent, usedKey } from '../../idempotency/idempotent';
import { createOrder } from './create-order';
import { getOrderDetail } from './order-views';
import { orderNotFound } from './order-scope';
import { precheckTransition, transitionOrder, type TransitionInput } from './transition-order';
import { configuredChannels } from '../../notifications/channels';
import { kickSms } from '../../sms/sms-runner';
import { bearer, errorResponses, type OrdersApp } from './orders-route-kit';

/**
 * The body kind of an action: every rule of one action reads the same body (the table is built
 * so), but for `complete`, whose `completion` (a household's payment, the driver's handover
 * code, design.md section 21) holds everything a store's `step` may send; the transition
 * answers 400 naming a field its order does not take.
 */
function bodyOf(action: OrderAction): TransitionBody {
  const kinds = new Set(TRANSITIONS.filter((t) => t.action === action).map((t) => t.body));
  if (kinds.size === 2 && kinds.has('step') && kinds.has('completion')) kinds.delete('step');
  const [kind] = kinds;
  if (kinds.size !== 1 || !kind) throw new Error(`the transition table gives "${action}" ${kinds.size} body kinds`);
  return kind;
}

/** The body kinds that may say when the step was taken (design.md section 18). */
const TIMED_BODIES: ReadonlySet<TransitionBody> = new Set(['step', 'arrival', 'weighed_lines', 'reason', 'completion']);
const STEP_TIME_DESCRIPTION =
  ' `occurred_at`: when the step was taken (default: when it is received); 400 naming it when it is more than 2 minutes after the server\'s time or before the order\'s previous step.';
const ARRIVAL_DESCRIPTION =
  ' `position`: where the phone was; the history event keeps `arrived_distance_m` to the store\'s pin, and beyond Settings -> Order\'s `arrival_radius_m` the admins are notified. Never refused for the distance.';

const COMPLETION_DESCRIPTION =
  " A household's pickup (design.md section 21) needs `payment` `{method: cash|upi, reference?}` (UPI: the 12-digit reference); its driver completing from waiting_store also the household's `handover_code` (6 digits, from its SMS; 5 wrong tries end it). A store's pickup takes neither: 400 naming the field.";

function describeRules(action: OrderAction): string {
  return TRANSITIONS.filter((t) => t.action === action)
    .map((t) => `${t.role} (${t.relation}): ${t.from.join(', ')} -> ${t.to}`)
    .join('; ');
}

export function registerOrderWriteRoutes(app: OrdersApp): void {
  app.post(
    '/orders',
    {
      onRequest: requireAuth({ roles: ['store', 'household'] }),
      schema: {
        tags: ['orders'],
        summary: 'A store or a household asks for a pickup',
        description:
          "The order starts pending; the server prices every line at the vendor rate of the store's city (a household's: the b2c rate, no vendor). 409 while the store has no vendor. " +
          "`address` and `location`: a household's only (they replace its home's); a store's is 400 naming it. " +
          IDEMPOTENCY_DESCRIPTION,
        security: bearer,
        headers: idempotencyHeaders,
        body: createOrderBodySchema,
        response: { 201: orderDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      idempotent(app.db, request, reply, {}, async () => {
        const auth = authOf(request);
        const id = await createOrder(app.db, auth, request.body);
        return { status: 201, body: (await getOrderDetail(app.db, tenancyOf(auth), id))! };
      }),
  );

  for (const action of ORDER_ACTIONS) {
    const kind = bodyOf(action);
    const body = TRANSITION_BODY_SCHEMAS[kind];
    const bodyDescription =
      (TIMED_BODIES.has(kind) ? STEP_TIME_DESCRIPTION : '') + (kind === 'arrival' ? ARRIVAL_DESCRIPTION : '') + (kind === 'completion' ? COMPLETION_DESCRIPTION : '');
    app.patch(
      `/orders/${action}/:id`,
      {
        onRequest: requireAuth(),
        // Before the body is validated: another tenant's order is 404 and a role that never
        // takes this action is 403, whatever the body says. A repeat of an Idempotency-Key
        // skips it: its first answer stands, whatever the order became since.
        preValidation: async (request) => {
          const params = orderIdParamsSchema.safeParse(request.params);
          if (params.success && !(await usedKey(app.db, request))) await precheckTransition(app.db, authOf(request), action, params.data.id);
        },
        schema: {
          tags: ['orders'],
          summary: `Transition "${action}"`,
          description: `${describeRules(action)}.${bodyDescription} 404: not the caller's order; 403: the role never does this; 409: the status does not allow it (any more). ${IDEMPOTENCY_DESCRIPTION}`,
          security: bearer,
          headers: idempotencyHeaders,
          params: orderIdParamsSchema,
          ...(body ? { body } : {}),
          response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        idempotent(app.db, request, reply, {}, async () => {
          const auth = authOf(request);
          const id = (request.params as { id: number }).id;
          await transitionOrder(app.db, auth, action, id, (request.body ?? {}) as TransitionInput, { channels: configuredChannels(app.config), keys: app.signingKeys });
          const order = await getOrderDetail(app.db, tenancyOf(auth), id);
          // Every actor still sees the order afterwards (a driver who accepted it is now its driver).
          if (!order) throw orderNotFound(id);
          // A household waits at the door for its handover code or receipt: the SMS leave now, not at the scheduler's next tick.
          if (order.customer_kind === 'household' && (action === 'waiting_store' || action === 'complete')) kickSms(app);
          return { status: 200, body: order };
        }),
    );
  }
}
