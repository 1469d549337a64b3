import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { STORE_POLL_INTERVAL_MS } from '@app/shared/constants';
import type { OrderAction } from '@app/shared/order-machine';
import type { OrderStatus } from '@app/shared/order-status';
import type {
  orderListQuerySchema,
  orderStatsQuerySchema} from '@app/shared/schemas/orders';
import type {
  AdminLinesBody,
  ArrivalBody,
  CallAdminBody,
  CancelBody,
  CreateOrderBody,
  IssueBody,
  Order,
  OrderCounts,
  OrderDetail,
  OrderStats,
  StepBody,
  WeighedLinesBody,
} from '@app/shared/schemas/orders';
import type { CompletionBody } from '@app/shared/schemas/households';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency-key';
import { queryKeys } from '@/lib/query-keys';
import { cursorPages, getPage, wireQuery, type Page } from './page';

// Orders: every fetcher, key, invalidation and cache update of the resource, for every
// role's screens (lists, tabs, charts, detail, the store's pop-up, the driver's board).
// Request types are the shared schemas' own; a change there is a type error here.

/** What a list of orders is narrowed and sorted by: the wire query minus the paging. */
export type OrdersQuery = Omit<z.output<typeof orderListQuerySchema>, 'limit' | 'cursor' | 'near'> & {
  /** "LAT,LNG": nearest first, each order with its `distance_km` (design.md section 18). */
  near?: string;
};
/** The counts (status tabs) take the list's filters except the status itself (and no sort or distance). */
export type OrderCountsQuery = Omit<OrdersQuery, 'status' | 'ordering' | 'near'>;
/** The charts: buckets (`group`), what they add up (`metric`), from `since`, with the list's filters. */
export type OrderStatsQuery = z.output<typeof orderStatsQuerySchema>;

export function getOrders(query: OrdersQuery, page: { limit?: number; cursor?: string | null } = {}, signal?: AbortSignal): Promise<Page<Order>> {
  return getPage<Order>('/orders', { ...query, limit: page.limit, cursor: page.cursor ?? undefined }, signal);
}

/** One page (dashboards' short lists, pickers). */
export const ordersQuery = (query: OrdersQuery = {}, limit = 50) =>
  queryOptions({
    queryKey: queryKeys.orders.list({ ...query, limit }),
    queryFn: ({ signal }) => getOrders(query, { limit }, signal),
  });

/** How a screen keeps a query: page size, polling (a driver's board), whether to ask at all. */
export interface QueryUse {
  limit?: number;
  refetchInterval?: number;
  enabled?: boolean;
}

export const useOrders = (query: OrdersQuery = {}, { limit = 50, refetchInterval, enabled }: QueryUse = {}) => useQuery({ ...ordersQuery(query, limit), refetchInterval, enabled });

/** Cursor pages with "Load more" (the lists). */
export const orderPagesQuery = (query: OrdersQuery = {}, limit = 25) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.list({ ...query, limit, pages: true }),
    queryFn: ({ signal, pageParam }) => getOrders(query, { limit, cursor: pageParam }, signal),
    ...cursorPages,
  });

/** Keeps the previous rows on screen while a new filter or sort loads. */
export const useOrderPages = (query: OrdersQuery = {}, limit = 25) => useInfiniteQuery({ ...orderPagesQuery(query, limit), placeholderData: keepPreviousData });

export const orderCountsQuery = (query: OrderCountsQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.orders.counts(query),
    queryFn: ({ signal }): Promise<OrderCounts> => api.get<OrderCounts>('/orders/counts', { query: wireQuery(query), signal }),
  });

export const useOrderCounts = (query: OrderCountsQuery = {}, { refetchInterval, enabled }: QueryUse = {}) => useQuery({ ...orderCountsQuery(query), refetchInterval, enabled });

export const orderStatsQuery = (query: OrderStatsQuery) =>
  queryOptions({
    queryKey: queryKeys.orders.stats(query),
    queryFn: ({ signal }): Promise<OrderStats> => api.get<OrderStats>('/orders/stats', { query: wireQuery(query), signal }),
    staleTime: 60_000,
  });

export const useOrderStats = (query: OrderStatsQuery) => useQuery({ ...orderStatsQuery(query), placeholderData: keepPreviousData });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }): Promise<OrderDetail> => api.get<OrderDetail>(`/orders/${id}/`, { signal }),
  });

export const useOrder = (id: number | null, { refetchInterval }: QueryUse = {}) => useQuery({ ...orderQuery(id ?? 0), enabled: id !== null, refetchInterval });

/**
 * An order as a cached list shows it, as a detail without history or photos: what a phone
 * without signal can show of a pickup it listed but never opened.
 */
export function orderFromCachedLists(queryClient: QueryClient, id: number): OrderDetail | undefined {
  for (const [, data] of queryClient.getQueriesData<Page<Order> | { pages: Page<Order>[] }>({ queryKey: queryKeys.orders.all })) {
    const pages = data && 'pages' in data ? data.pages : data && 'items' in data ? [data] : [];
    const order = pages.flatMap((page) => page.items).find((item) => item.id === id);
    if (order) return { ...order, events: [], images: [] };
  }
  return undefined;
}

/** One order on a phone: the detail, or while it has never loaded, what a cached list knows of it. */
export function useOrderOrListed(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({ ...orderQuery(id ?? 0), enabled: id !== null, placeholderData: () => (id === null ? undefined : orderFromCachedLists(queryClient, id)) });
}

/**
 * product-spec.md section 4: store users poll GET /orders?status=waiting_store every 5 s
 * and the first order is shown. The list answers ETag and honours If-None-Match, so an
 * unchanged poll is a 304.
 */
export const waitingStoreOrderQuery = () =>
  queryOptions({
    queryKey: queryKeys.orders.waitingStore(),
    queryFn: async ({ signal }): Promise<Order | null> => (await getOrders({ status: ['waiting_store'] }, { limit: 1 }, signal)).items[0] ?? null,
    refetchInterval: STORE_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

export const useWaitingStoreOrder = (enabled: boolean) => useQuery({ ...waitingStoreOrderQuery(), enabled });

/** Orders an issue may be about (the escalation form's picker). */
export const orderChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.orders.escalationChoices(search),
    queryFn: ({ signal }) => getOrders({ search: search || undefined }, { limit: 20 }, signal),
  });

export const useOrderChoices = (search: string) => useQuery(orderChoicesQuery(search));

// ---- Changes ---------------------------------------------------------------------------

/** Every orders query refetches: lists, tabs, charts, details, the store's poll, the driver's board. */
export function invalidateOrders(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderBody): Promise<OrderDetail> => api.post<OrderDetail>('/orders/', body),
    onSuccess: () => void invalidateOrders(queryClient),
  });
}

/** The body each action of the shared transition table reads (design.md section 7). */
interface ActionBodies {
  accepted: StepBody;
  moving: StepBody;
  arrived: ArrivalBody;
  waiting_store: WeighedLinesBody;
  /** A household's pickup also says how it was paid, and the driver for it the handover code (design.md section 21). */
  complete: CompletionBody;
  waiting_admin: CallAdminBody;
  waiting_driver: AdminLinesBody;
  issue: IssueBody;
  cancel: CancelBody;
}

/** One transition: `{action, id}` plus the body its action reads (optional where it may be left out). */
export type TransitionInput = {
  [A in OrderAction]: undefined extends ActionBodies[A] ? { action: A; id: number; body?: ActionBodies[A] } : { action: A; id: number; body: ActionBodies[A] };
}[OrderAction];

/**
 * PATCH /orders/{action}/{id}/. With an Idempotency-Key (the driver's outbox) a repeat is
 * answered with the first answer, so a lost answer never makes a second transition.
 */
export function transitionOrder(input: TransitionInput, { idempotencyKey }: { idempotencyKey?: string } = {}): Promise<OrderDetail> {
  const body = 'body' in input ? (input.body ?? {}) : undefined;
  return api.patch<OrderDetail>(`/orders/${input.action}/${input.id}/`, body, {
    ...(idempotencyKey ? { headers: idempotencyHeader(idempotencyKey) } : {}),
  });
}

/**
 * Runs a transition. The answer is the order afterwards: its detail is updated at once
 * (no flash of the old status), then every orders query, the money views and what the
 * dispatch view says each driver holds refetch.
 */
export function useTransitionOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransitionInput) => transitionOrder(input),
    onSuccess: (order) => queryClient.setQueryData(queryKeys.orders.detail(order.id), order),
    // Not awaited: the caller's own callbacks (toasts) run before the refetch unmounts them.
    onSettled: () => {
      void invalidateOrders(queryClient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dispatch.all });
    },
  });
}

/** The statuses a driver's "active" tab shows: the driver holds the order. */
export const DRIVER_ACTIVE_STATUSES = ['accepted', 'moving', 'arrived', 'waiting_store', 'waiting_admin', 'waiting_driver', 'issue'] as const satisfies readonly OrderStatus[];
