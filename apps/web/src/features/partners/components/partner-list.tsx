import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { SavedViewList } from '@app/shared/schemas/saved-views';
import { CityFilter } from '@/components/list/city-filter';
import { DataTable, type Column } from '@/components/list/data-table';
import { FilterBar, SearchFilter } from '@/components/list/filters';
import { ListResults, type ListResultsProps, type PagedQuery } from '@/components/list/list-results';
import { SavedViews } from '@/components/list/saved-views';
import { NS } from '../i18n';
import { ApprovalFilter } from './list-parts';
import type { PartnerFilterState } from './use-partner-filters';

export interface PartnerListProps<T extends { id: number }, F extends string> {
  /** From usePartnerFilters: the URL's filters, which the list's query was made from. */
  state: PartnerFilterState<F>;
  query: PagedQuery<T>;
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  searchPlaceholder: string;
  empty: ListResultsProps<T>['empty'];
  /** True while the list's own filters narrow it too. */
  filtered?: boolean;
  /** Its saved views; none without. */
  views?: SavedViewList;
  /** The account-status chips (and `moreFilters` beside them). */
  statusFilter?: boolean;
  moreFilters?: ReactNode;
  /** Only the table (a section of a detail page): no filters. */
  compact?: boolean;
}

/** A list of vendors, stores or drivers: search, city, account status and sort in the URL, server paging. */
export function PartnerList<T extends { id: number }, F extends string>({ state, query, label, columns, searchPlaceholder, empty, filtered, views, statusFilter = true, moreFilters, compact }: PartnerListProps<T, F>) {
  const { t } = useTranslation(NS);
  const { params, filters, sort } = state;
  return (
    <Box>
      {!compact && (
        <>
          <FilterBar>
            <SearchFilter value={params.values.search ?? ''} onChange={(search) => params.set({ search })} placeholder={searchPlaceholder} />
            <CityFilter label={t('fields.city')} placeholder={t('common.cityAll')} value={params.getId('city_id')} onChange={(id) => params.set({ city_id: id })} />
            <Box sx={{ flex: 1 }} />
            {views && <SavedViews list={views} params={params} />}
          </FilterBar>
          {statusFilter && (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <ApprovalFilter value={filters.approval_status ?? null} onChange={(status) => params.set({ approval_status: status })} />
              {moreFilters}
            </Stack>
          )}
        </>
      )}
      <ListResults query={query} filtered={!compact && (state.filtered || !!filtered)} empty={empty}>
        {(rows) => <DataTable label={label} columns={columns} rows={rows} rowKey={(row) => row.id} sort={sort} />}
      </ListResults>
    </Box>
  );
}
