import { useMemo, useState } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApprovalStatus } from '@app/shared/constants';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import type { Vendor } from '@app/shared/schemas/partners';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { paths } from '@/config/paths';
import { useVendors } from '../api/get-vendors';
import { NS } from '../i18n';
import { ApprovalChip, ApprovalFilter, CityFilter, ListFooter, SearchField, SkeletonRows, useDebounced } from './list-parts';

type SortKey = 'company' | 'stores' | 'orders' | 'wallet' | 'created';
const SORTERS: Record<SortKey, (a: Vendor, b: Vendor) => number> = {
  company: (a, b) => a.company_name.localeCompare(b.company_name),
  stores: (a, b) => a.store_count - b.store_count,
  orders: (a, b) => a.order_count - b.order_count,
  wallet: (a, b) => a.wallet_balance - b.wallet_balance,
  created: (a, b) => a.created_at.localeCompare(b.created_at),
};

/** The admin's vendors: search, city, account status, sortable columns, paging. */
export function VendorsTable() {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const [cityId, setCityId] = useState<number | null>(null);
  const [status, setStatus] = useState<ApprovalStatus | null>(null);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'created', desc: true });
  const debouncedSearch = useDebounced(search.trim());
  const query = { search: debouncedSearch || undefined, city_id: cityId ?? undefined, approval_status: status ?? undefined };
  const vendors = useVendors(query);
  const filtered = !!(query.search || query.city_id || query.approval_status);

  const rows = useMemo(() => {
    const all = vendors.data?.pages.flatMap((page) => page.items) ?? [];
    const sorted = [...all].sort(SORTERS[sort.key]);
    return sort.desc ? sorted.reverse() : sorted;
  }, [vendors.data, sort]);
  const total = vendors.data?.pages[0]?.total ?? null;

  const header = (key: SortKey, label: string, align: 'left' | 'right' = 'left', hideOnPhone = false) => (
    <TableCell align={align} sx={hideOnPhone ? { display: { xs: 'none', sm: 'table-cell' } } : undefined} sortDirection={sort.key === key ? (sort.desc ? 'desc' : 'asc') : false}>
      <TableSortLabel active={sort.key === key} direction={sort.key === key && sort.desc ? 'desc' : 'asc'} onClick={() => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'company' }))}>
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Paper variant="outlined">
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
          <SearchField value={search} onChange={setSearch} placeholder={t('vendors.searchPlaceholder')} />
          <CityFilter value={cityId} onChange={setCityId} />
        </Stack>
        <ApprovalFilter value={status} onChange={setStatus} />
      </Stack>
      {vendors.isError ? (
        <Stack sx={{ p: 2 }}>
          <ErrorState error={vendors.error} onRetry={() => void vendors.refetch()} />
        </Stack>
      ) : !vendors.isPending && rows.length === 0 ? (
        <EmptyState title={filtered ? undefined : t('vendors.emptyTitle')} description={filtered ? t('common.noMatch') : t('vendors.empty')} />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('vendors.tabAll')}>
              <TableHead>
                <TableRow>
                  {header('company', t('vendors.company'))}
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('vendors.contact')}</TableCell>
                  {header('stores', t('vendors.stores'), 'right', true)}
                  {header('orders', t('vendors.orders'), 'right', true)}
                  {header('wallet', t('vendors.wallet'), 'right')}
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('vendors.status')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }} sortDirection={sort.key === 'created' ? (sort.desc ? 'desc' : 'asc') : false}>
                    <TableSortLabel active={sort.key === 'created'} direction={sort.key === 'created' && sort.desc ? 'desc' : 'asc'} onClick={() => setSort((s) => ({ key: 'created', desc: s.key === 'created' ? !s.desc : true }))}>
                      {t('common.created')}
                    </TableSortLabel>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {vendors.isPending ? (
                  <SkeletonRows columns={7} />
                ) : (
                  rows.map((vendor) => (
                    <TableRow key={vendor.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={paths.admin.vendorsStore.getHref({ id: vendor.id })} sx={{ fontWeight: 600 }}>
                          {vendor.company_name}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          {vendor.city.name}, {vendor.city.state.name}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        <Typography variant="body2">{vendor.member?.name ?? '—'}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {vendor.member?.login_id ?? vendor.phone ?? ''}
                        </Typography>
                      </TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {vendor.store_count}
                      </TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {vendor.order_count}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatCurrency(vendor.wallet_balance)}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        <ApprovalChip status={vendor.member?.approval_status} />
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDateTime(vendor.created_at)}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {!vendors.isPending && (
            <ListFooter shown={rows.length} total={total} hasMore={!!vendors.hasNextPage} loading={vendors.isFetchingNextPage} onMore={() => void vendors.fetchNextPage()} />
          )}
        </>
      )}
    </Paper>
  );
}
