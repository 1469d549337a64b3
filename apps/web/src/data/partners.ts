import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { LIST_MAX_LIMIT } from '@app/shared/constants';
import type {
  driverListQuerySchema,
  staffListQuerySchema,
  storeListQuerySchema,
  vendorListQuerySchema} from '@app/shared/schemas/partners';
import type {
  CreateStaffRequest,
  CreateStoreRequest,
  CreateVendorRequest,
  Driver,
  Staff,
  StoreDetail,
  UpdateDriverRequest,
  UpdateStaffRequest,
  UpdateStoreInfoRequest,
  UpdateVendorRequest,
  Vendor,
} from '@app/shared/schemas/partners';
import type { GeoPoint } from '@app/shared/geo';
import type { RejectMemberRequest, Store } from '@app/shared/schemas/members';
import { api } from '@/lib/api-client';
import { DELETE } from '@/lib/api-helpers';
import { queryKeys } from '@/lib/query-keys';
import { cursorPages, getPage } from './page';

// Partners: vendors, stores, drivers and a store's staff. Lists are cursor pages; every
// change invalidates the whole partner tree (a store's vendor shows on both sides), and
// the orders too where an order shows the partner (names, a store's vendor).

type Filters<S extends z.ZodType> = Partial<Omit<z.output<S>, 'limit' | 'cursor'>>;
export type StoresQuery = Filters<typeof storeListQuerySchema> & { limit?: number };
export type VendorsQuery = Filters<typeof vendorListQuerySchema> & { limit?: number };
export type DriversQuery = Filters<typeof driverListQuerySchema>;
export type StaffQuery = Filters<typeof staffListQuerySchema>;

const PAGE = 50;

export const getStores = (query: StoresQuery, cursor?: string | null, signal?: AbortSignal) =>
  getPage<StoreDetail>('/stores', { limit: PAGE, ...query, cursor }, signal);

export const storesQuery = (query: StoresQuery = {}) =>
  infiniteQueryOptions({ queryKey: queryKeys.partners.storeList(query), queryFn: ({ pageParam, signal }) => getStores(query, pageParam, signal), ...cursorPages });

export const useStores = (query?: StoresQuery) => useInfiniteQuery(storesQuery(query));

/** The store pickers of filters: the first LIST_MAX_LIMIT (the search box covers the rest). */
export const storeChoicesQuery = (query: Pick<StoresQuery, 'vendor_id'> = {}) =>
  queryOptions({
    queryKey: queryKeys.partners.storeChoices(query),
    queryFn: async ({ signal }) => (await getStores({ ...query, limit: LIST_MAX_LIMIT }, undefined, signal)).items,
    staleTime: 5 * 60_000,
  });

export const useStoreChoices = (enabled = true, query: Pick<StoresQuery, 'vendor_id'> = {}) => useQuery({ ...storeChoicesQuery(query), enabled });

export const storeQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.partners.store(id), queryFn: ({ signal }) => api.get<StoreDetail>(`/stores/${id}`, { signal }), enabled: id > 0 });

export const useStore = (id: number | null) => useQuery({ ...storeQuery(id ?? 0), enabled: (id ?? 0) > 0 });

export const getVendors = (query: VendorsQuery, cursor?: string | null, signal?: AbortSignal) =>
  getPage<Vendor>('/vendors', { limit: PAGE, ...query, cursor }, signal);

export const vendorsQuery = (query: VendorsQuery = {}) =>
  infiniteQueryOptions({ queryKey: queryKeys.partners.vendorList(query), queryFn: ({ pageParam, signal }) => getVendors(query, pageParam, signal), ...cursorPages });

export const useVendors = (query?: VendorsQuery) => useInfiniteQuery(vendorsQuery(query));

/** Every approved vendor (up to LIST_MAX_LIMIT): the vendor pickers and filters. */
export const vendorChoicesQuery = () =>
  queryOptions({
    queryKey: queryKeys.partners.vendorChoices(),
    queryFn: async ({ signal }) => (await getVendors({ approval_status: 'approved', limit: LIST_MAX_LIMIT }, undefined, signal)).items,
    staleTime: 5 * 60_000,
  });

export const useVendorChoices = (enabled = true) => useQuery({ ...vendorChoicesQuery(), enabled });

export const vendorQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.partners.vendor(id), queryFn: ({ signal }) => api.get<Vendor>(`/vendors/${id}`, { signal }), enabled: id > 0 });

export const useVendor = (id: number) => useQuery(vendorQuery(id));

export const driversQuery = (query: DriversQuery = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.partners.driverList(query),
    queryFn: ({ pageParam, signal }) => getPage<Driver>('/drivers', { limit: PAGE, ...query, cursor: pageParam }, signal),
    ...cursorPages,
  });

export const useDrivers = (query?: DriversQuery) => useInfiniteQuery(driversQuery(query));

export const driverQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.partners.driver(id), queryFn: ({ signal }) => api.get<Driver>(`/drivers/${id}`, { signal }) });

export const useDriver = (id: number) => useQuery(driverQuery(id));

export const staffQuery = (query: StaffQuery = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.partners.staffList(query),
    queryFn: ({ pageParam, signal }) => getPage<Staff>('/staff', { limit: PAGE, ...query, cursor: pageParam }, signal),
    ...cursorPages,
  });

export const useStaff = (query?: StaffQuery) => useInfiniteQuery(staffQuery(query));

// ---- Changes ---------------------------------------------------------------------------

/** After any partner change: every partner list and detail, and the member queues and counts. */
export function invalidatePartners(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.partners.all }), queryClient.invalidateQueries({ queryKey: queryKeys.members.all })]);
}

function usePartnerMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidatePartners(queryClient) });
}

/** POST /stores/ (admin, or a vendor adding its own store): approved at once. */
export const useCreateStore = () => usePartnerMutation((body: CreateStoreRequest) => api.post<StoreDetail>('/stores/', body));

/** PATCH /stores/{id}/info (admin, its vendor, or the store itself): name, address, phone. */
export const useUpdateStoreInfo = () =>
  usePartnerMutation(({ id, body }: { id: number; body: UpdateStoreInfoRequest }) => api.patch<StoreDetail>(`/stores/${id}/info`, body));

/** PATCH /stores/{id}/ {vendor_id} (admin): the store belongs to this vendor from now on. */
export const useAssignStoreVendor = () => usePartnerMutation(({ storeId, vendorId }: { storeId: number; vendorId: number }) => api.patch(`/stores/${storeId}/`, { vendor_id: vendorId }));

/** A store's pin shows on its orders too (design.md section 18): a new pin refreshes both. */
function useStorePinMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => Promise.all([invalidatePartners(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.orders.all })]) });
}

export interface StorePinChange {
  id: number;
  /** null removes the pin. */
  location: GeoPoint | null;
}

/** PATCH /stores/{id}/info {location} (the store itself, its vendor, an admin): the store's pin. */
export const useSetStoreInfoLocation = () => useStorePinMutation(({ id, location }: StorePinChange) => api.patch<StoreDetail>(`/stores/${id}/info`, { location }));

/** PATCH /stores/{id}/ {location} (admin): the store's pin. */
export const useSetStoreLocationAsAdmin = () => useStorePinMutation(({ id, location }: StorePinChange) => api.patch<Store>(`/stores/${id}/`, { location }));

/** POST /vendors/ (admin): a vendor with its account, approved at once. */
export const useCreateVendor = () => usePartnerMutation((body: CreateVendorRequest) => api.post<Vendor>('/vendors/', body));

/** PATCH /vendors/{id}/ (admin, or the vendor itself): company name, address, phone; the vendor's own GSTIN waits for an admin. */
export const useUpdateVendor = () => usePartnerMutation(({ id, body }: { id: number; body: UpdateVendorRequest }) => api.patch<Vendor>(`/vendors/${id}/`, body));

/** A decision on a vendor's GSTIN request: a 409 means the request changed meanwhile, so the vendor is read again either way. */
function useGstinDecision<I>(mutationFn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidatePartners(queryClient) });
}

/** PATCH /vendors/{id}/gstin/approve/ (admin): `gstin` is the requested GSTIN as the admin saw it. */
export const useApproveVendorGstin = () =>
  useGstinDecision(({ id, gstin }: { id: number; gstin: string | null }) => api.patch<Vendor>(`/vendors/${id}/gstin/approve/`, { gstin }));

/** PATCH /vendors/{id}/gstin/reject/ (admin): the request goes, with an optional reason for the vendor. */
export const useRejectVendorGstin = () =>
  useGstinDecision(({ id, body }: { id: number; body: RejectMemberRequest }) => api.patch<Vendor>(`/vendors/${id}/gstin/reject/`, body));

/** PATCH /drivers/{id}/ (admin, or the driver itself): vehicle number, phone, city. */
export const useUpdateDriver = () => usePartnerMutation(({ id, body }: { id: number; body: UpdateDriverRequest }) => api.patch<Driver>(`/drivers/${id}/`, body));

/** POST /staff/ (a store adds to itself) and PATCH /staff/{id}/. */
export const useSaveStaff = () =>
  usePartnerMutation(({ id, body }: { id?: number; body: CreateStaffRequest | UpdateStaffRequest }) =>
    id ? api.patch<Staff>(`/staff/${id}/`, body) : api.post<Staff>('/staff/', body),
  );

/**
 * DELETE /staff/{id}/ through the spec's DELETE helper: it toasts the server's detail
 * ("Deleted successfully!") or "Delete failed", and answers whether it worked.
 */
export const useDeleteStaff = () => usePartnerMutation((id: number) => DELETE('/staff', id));
