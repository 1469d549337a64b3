import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { APPROVAL_STATUSES } from '@app/shared/constants';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { VENDOR_ORDERING_FIELDS, type Vendor } from '@app/shared/schemas/partners';
import { DataTable, type Column } from '@/components/list/data-table';
import { FilterBar, SearchFilter } from '@/components/list/filters';
import { ListResults } from '@/components/list/list-results';
import { allowedOrdering } from '@/components/list/ordering';
import { SavedViews } from '@/components/list/saved-views';
import { oneOf, useListParams } from '@/components/list/use-list-params';
import { paths } from '@/config/paths';
import { useVendors, type VendorsQuery } from '@/data/partners';
import { NS } from '../i18n';
import { ApprovalChip, ApprovalFilter, CityFilter } from './list-parts';

const PARAMS = ['search', 'city_id', 'approval_status', 'ordering'] as const;
const DEFAULT_ORDERING = '-created_at';

/** The admin's vendors: search, city, account status and sort in the URL, server paging. */
export function VendorsTable() {
  const { t } = useTranslation(NS);
  const params = useListParams(PARAMS);
  const { values } = params;
  const query: VendorsQuery = useMemo(
    () => ({
      search: values.search,
      city_id: Number(values.city_id) || undefined,
      approval_status: oneOf(values.approval_status, APPROVAL_STATUSES),
      ordering: allowedOrdering(values.ordering, VENDOR_ORDERING_FIELDS),
    }),
    [values],
  );
  const vendors = useVendors(query);
  const columns: Column<Vendor>[] = [
    {
      id: 'company',
      header: t('vendors.company'),
      sort: { field: 'company_name' },
      cell: (vendor) => (
        <>
          <Link component={RouterLink} to={paths.admin.vendorsStore.getHref({ id: vendor.id })} sx={{ fontWeight: 600 }}>
            {vendor.company_name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {vendor.city.name}, {vendor.city.state.name}
          </Typography>
        </>
      ),
    },
    {
      id: 'contact',
      header: t('vendors.contact'),
      hideBelow: 'md',
      cell: (vendor) => (
        <>
          <Typography variant="body2">{vendor.member?.name ?? '—'}</Typography>
          <Typography variant="body2" color="text.secondary">
            {vendor.member?.login_id ?? vendor.phone ?? ''}
          </Typography>
        </>
      ),
    },
    { id: 'stores', header: t('vendors.stores'), align: 'right', hideBelow: 'sm', cell: (vendor) => vendor.store_count },
    { id: 'orders', header: t('vendors.orders'), align: 'right', hideBelow: 'sm', cell: (vendor) => vendor.order_count },
    { id: 'wallet', header: t('vendors.wallet'), align: 'right', cell: (vendor) => formatCurrency(vendor.wallet_balance) },
    { id: 'status', header: t('vendors.status'), hideBelow: 'md', cell: (vendor) => <ApprovalChip status={vendor.member?.approval_status} /> },
    { id: 'created', header: t('common.created'), hideBelow: 'lg', sort: { field: 'created_at', firstDescending: true }, cell: (vendor) => formatDateTime(vendor.created_at) },
  ];

  return (
    <Box>
      <FilterBar>
        <SearchFilter value={values.search ?? ''} onChange={(search) => params.set({ search })} placeholder={t('vendors.searchPlaceholder')} />
        <CityFilter value={params.getId('city_id')} onChange={(id) => params.set({ city_id: id })} />
        <Box sx={{ flex: 1 }} />
        <SavedViews list="vendors" params={params} />
      </FilterBar>
      <Stack sx={{ mb: 2 }}>
        <ApprovalFilter value={query.approval_status ?? null} onChange={(status) => params.set({ approval_status: status })} />
      </Stack>
      <ListResults query={vendors} filtered={!!(query.search || query.city_id || query.approval_status)} empty={{ title: t('vendors.emptyTitle'), description: t('vendors.empty') }}>
        {(rows) => (
          <DataTable
            label={t('vendors.tabAll')}
            columns={columns}
            rows={rows}
            rowKey={(vendor) => vendor.id}
            sort={{ ordering: values.ordering ?? null, fallback: DEFAULT_ORDERING, onChange: (ordering) => params.set({ ordering }) }}
          />
        )}
      </ListResults>
    </Box>
  );
}
