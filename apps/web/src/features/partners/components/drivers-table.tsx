import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { APPROVAL_STATUSES } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import { DRIVER_ORDERING_FIELDS, type Driver } from '@app/shared/schemas/partners';
import { DataTable, type Column } from '@/components/list/data-table';
import { FilterBar, SearchFilter } from '@/components/list/filters';
import { ListResults } from '@/components/list/list-results';
import { allowedOrdering } from '@/components/list/ordering';
import { SavedViews } from '@/components/list/saved-views';
import { oneOf, useListParams } from '@/components/list/use-list-params';
import { paths } from '@/config/paths';
import { useDrivers, type DriversQuery } from '@/data/partners';
import { NS } from '../i18n';
import { ApprovalChip, ApprovalFilter, CityFilter } from './list-parts';

const PARAMS = ['search', 'city_id', 'approval_status', 'ordering'] as const;
const DEFAULT_ORDERING = '-created_at';

/** The admin's drivers: search, city, account status and sort in the URL, server paging. */
export function DriversTable() {
  const { t } = useTranslation(NS);
  const params = useListParams(PARAMS);
  const { values } = params;
  const query: DriversQuery = useMemo(
    () => ({
      search: values.search,
      city_id: Number(values.city_id) || undefined,
      approval_status: oneOf(values.approval_status, APPROVAL_STATUSES),
      ordering: allowedOrdering(values.ordering, DRIVER_ORDERING_FIELDS),
    }),
    [values],
  );
  const drivers = useDrivers(query);
  const columns: Column<Driver>[] = [
    {
      id: 'driver',
      header: t('drivers.driver'),
      cell: (driver) => (
        <>
          <Link component={RouterLink} to={paths.admin.driverDetail.getHref({ id: driver.id })} sx={{ fontWeight: 600 }}>
            {driver.member?.name ?? driver.vehicle_number}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {driver.city.name} · {driver.phone ?? driver.member?.login_id ?? ''}
          </Typography>
        </>
      ),
    },
    { id: 'vehicle', header: t('drivers.vehicle'), sort: { field: 'vehicle_number' }, cell: (driver) => driver.vehicle_number },
    { id: 'active', header: t('drivers.active'), align: 'right', hideBelow: 'sm', cell: (driver) => driver.active_order_count },
    { id: 'completed', header: t('drivers.completed'), align: 'right', hideBelow: 'sm', cell: (driver) => driver.completed_order_count },
    { id: 'earnings', header: t('drivers.earnings'), align: 'right', cell: (driver) => formatCurrency(driver.earnings_balance) },
    { id: 'status', header: t('vendors.status'), hideBelow: 'md', cell: (driver) => <ApprovalChip status={driver.member?.approval_status} /> },
  ];

  return (
    <Box>
      <FilterBar>
        <SearchFilter value={values.search ?? ''} onChange={(search) => params.set({ search })} placeholder={t('drivers.searchPlaceholder')} />
        <CityFilter value={params.getId('city_id')} onChange={(id) => params.set({ city_id: id })} />
        <Box sx={{ flex: 1 }} />
        <SavedViews list="drivers" params={params} />
      </FilterBar>
      <Stack sx={{ mb: 2 }}>
        <ApprovalFilter value={query.approval_status ?? null} onChange={(status) => params.set({ approval_status: status })} />
      </Stack>
      <ListResults query={drivers} filtered={!!(query.search || query.city_id || query.approval_status)} empty={{ title: t('drivers.emptyTitle'), description: t('drivers.empty'), icon: <LocalShippingOutlinedIcon fontSize="inherit" /> }}>
        {(rows) => (
          <DataTable
            label={t('drivers.driver')}
            columns={columns}
            rows={rows}
            rowKey={(driver) => driver.id}
            sort={{ ordering: values.ordering ?? null, fallback: DEFAULT_ORDERING, onChange: (ordering) => params.set({ ordering }) }}
          />
        )}
      </ListResults>
    </Box>
  );
}
