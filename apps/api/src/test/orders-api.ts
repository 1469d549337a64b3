import type { OrderAction } from '@app/shared/order-machine';
import type { TestMember } from './factories';
import type { TestContext } from './test-app';

// The order routes as the test kits drive them, through the app's real handlers.

export type OrdersApi = ReturnType<typeof ordersApi>;

export function ordersApi(ctx: TestContext) {
  return {
    create: (as: TestMember, payload: unknown) => ctx.app.inject({ method: 'POST', url: '/orders/', headers: as.headers, payload: payload as object }),
    act: (as: TestMember, action: OrderAction, id: number, payload?: unknown) =>
      ctx.app.inject({ method: 'PATCH', url: `/orders/${action}/${id}/`, headers: as.headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
    get: (as: TestMember, id: number) => ctx.app.inject({ method: 'GET', url: `/orders/${id}/`, headers: as.headers }),
    list: (as: TestMember, query = '', headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `/orders${query}`, headers: { ...as.headers, ...headers } }),
  };
}
