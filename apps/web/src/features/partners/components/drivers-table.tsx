import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@app/shared/format';
import { DRIVER_ORDERING_FIELDS } from '@app/shared/list-ordering';
import type { Driver } from '@app/shared/schemas/partners';
import type { Column } from '@/components/list/data-table';
import { paths } from '@/config/paths';
import { useDrivers } from '@/data/partners';
import { NS } from '../i18n';
import { ApprovalChip, NameCell } from './list-parts';
import { PartnerList } from './partner-list';
import { usePartnerFilters } from './use-partner-filters';

/** The admin's drivers: search, city, account status and sort in the URL, server paging. */
export function DriversTable() {
  const { t } = useTranslation(NS);
  const state = usePartnerFilters(DRIVER_ORDERING_FIELDS);
  const drivers = useDrivers(state.filters);
  const columns: Column<Driver>[] = [
    {
      id: 'driver',
      header: t('drivers.driver'),
      wrap: true,
      cell: (driver) => (
        <NameCell name={driver.member?.name ?? driver.vehicle_number} href={paths.admin.driverDetail.getHref({ id: driver.id })}>
          {driver.city.name} · {driver.phone ?? driver.member?.login_id ?? ''}
        </NameCell>
      ),
    },
    { id: 'vehicle', header: t('drivers.vehicle'), sort: { field: 'vehicle_number' }, cell: (driver) => driver.vehicle_number },
    { id: 'active', header: t('drivers.active'), align: 'right', hideBelow: 'sm', cell: (driver) => driver.active_order_count },
    { id: 'completed', header: t('drivers.completed'), align: 'right', hideBelow: 'sm', cell: (driver) => driver.completed_order_count },
    { id: 'earnings', header: t('drivers.earnings'), align: 'right', cell: (driver) => formatCurrency(driver.earnings_balance) },
    { id: 'status', header: t('vendors.status'), hideBelow: 'md', cell: (driver) => <ApprovalChip status={driver.member?.approval_status} /> },
  ];
  return (
    <PartnerList
      state={state}
      query={drivers}
      views="drivers"
      label={t('drivers.driver')}
      columns={columns}
      searchPlaceholder={t('drivers.searchPlaceholder')}
      empty={{ title: t('drivers.emptyTitle'), description: t('drivers.empty'), icon: <LocalShippingOutlinedIcon fontSize="inherit" /> }}
    />
  );
}
