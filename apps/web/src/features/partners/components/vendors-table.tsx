import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { VENDOR_ORDERING_FIELDS } from '@app/shared/list-ordering';
import type { Vendor } from '@app/shared/schemas/partners';
import type { Column } from '@/components/list/data-table';
import { paths } from '@/config/paths';
import { useVendors } from '@/data/partners';
import { cityName } from '@/lib/city-name';
import { NS } from '../i18n';
import { ApprovalChip, ContactCell, NameCell } from './list-parts';
import { PartnerList } from './partner-list';
import { usePartnerFilters } from './use-partner-filters';

/** The admin's vendors: search, city, account status and sort in the URL, server paging. */
export function VendorsTable() {
  const { t } = useTranslation(NS);
  const state = usePartnerFilters(VENDOR_ORDERING_FIELDS);
  const vendors = useVendors(state.filters);
  const columns: Column<Vendor>[] = [
    {
      id: 'company',
      header: t('vendors.company'),
      sort: { field: 'company_name' },
      wrap: true,
      cell: (vendor) => (
        <NameCell name={vendor.company_name} href={paths.admin.vendorsStore.getHref({ id: vendor.id })}>
          {cityName(vendor.city)}
        </NameCell>
      ),
    },
    { id: 'contact', header: t('vendors.contact'), hideBelow: 'md', wrap: true, cell: (vendor) => <ContactCell name={vendor.member?.name} detail={vendor.member?.login_id ?? vendor.phone} /> },
    { id: 'stores', header: t('vendors.stores'), align: 'right', hideBelow: 'sm', cell: (vendor) => vendor.store_count },
    { id: 'orders', header: t('vendors.orders'), align: 'right', hideBelow: 'sm', cell: (vendor) => vendor.order_count },
    { id: 'wallet', header: t('vendors.wallet'), align: 'right', cell: (vendor) => formatCurrency(vendor.wallet_balance) },
    { id: 'status', header: t('vendors.status'), hideBelow: 'md', cell: (vendor) => <ApprovalChip status={vendor.member?.approval_status} /> },
    { id: 'created', header: t('common.created'), hideBelow: 'lg', wrap: true, sort: { field: 'created_at', firstDescending: true }, cell: (vendor) => formatDateTime(vendor.created_at) },
  ];
  return (
    <PartnerList
      state={state}
      query={vendors}
      views="vendors"
      label={t('vendors.tabAll')}
      columns={columns}
      searchPlaceholder={t('vendors.searchPlaceholder')}
      empty={{ title: t('vendors.emptyTitle'), description: t('vendors.empty') }}
    />
  );
}
