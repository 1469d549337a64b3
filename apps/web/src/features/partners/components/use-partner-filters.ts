import { useMemo } from 'react';
import { APPROVAL_STATUSES, type ApprovalStatus } from '@app/shared/constants';
import type { OrderingValue } from '@app/shared/schemas/list';
import type { SortProps } from '@/components/list/data-table';
import { allowedOrdering } from '@/components/list/ordering';
import { oneOf, useListParams, type ListParams } from '@/components/list/use-list-params';

const PARAMS = ['search', 'city_id', 'approval_status', 'ordering'] as const;
/** Newest first unless the URL says otherwise. */
const DEFAULT_ORDERING = '-created_at';

export interface PartnerFilters<F extends string> {
  search?: string;
  city_id?: number;
  approval_status?: ApprovalStatus;
  ordering?: OrderingValue<F>;
}

export interface PartnerFilterState<F extends string> {
  params: ListParams;
  /** The URL's filters as the API takes them (a hand-edited value it would refuse is left out). */
  filters: PartnerFilters<F>;
  /** True while a filter narrows the list. */
  filtered: boolean;
  sort: SortProps;
}

/**
 * The filters every partner list keeps in its URL (search, city, account status, sort), and
 * the list's own `extra` parameters (read from `params.values`).
 */
export function usePartnerFilters<F extends string>(orderingFields: readonly F[], extra: readonly string[] = []): PartnerFilterState<F> {
  const params = useListParams([...PARAMS, ...extra]);
  const { values } = params;
  const filters = useMemo(
    () => ({
      search: values.search,
      city_id: Number(values.city_id) || undefined,
      approval_status: oneOf(values.approval_status, APPROVAL_STATUSES),
      ordering: allowedOrdering(values.ordering, orderingFields),
    }),
    [values, orderingFields],
  );
  return {
    params,
    filters,
    filtered: !!(filters.search || filters.city_id || filters.approval_status),
    sort: { ordering: values.ordering ?? null, fallback: DEFAULT_ORDERING, onChange: (ordering) => params.set({ ordering }) },
  };
}
