import { useState } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApprovalStatus } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { paths } from '@/config/paths';
import { useDrivers } from '../api/get-drivers';
import { NS } from '../i18n';
import { ApprovalChip, ApprovalFilter, CityFilter, ListFooter, SearchField, SkeletonRows, useDebounced } from './list-parts';

/** The admin's drivers: search, city, account status, paging. */
export function DriversTable() {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const [cityId, setCityId] = useState<number | null>(null);
  const [status, setStatus] = useState<ApprovalStatus | null>(null);
  const debouncedSearch = useDebounced(search.trim());
  const query = { search: debouncedSearch || undefined, city_id: cityId ?? undefined, approval_status: status ?? undefined };
  const drivers = useDrivers(query);
  const rows = drivers.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = !!(query.search || query.city_id || query.approval_status);
  return (
    <Paper variant="outlined">
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SearchField value={search} onChange={setSearch} placeholder={t('drivers.searchPlaceholder')} />
          <CityFilter value={cityId} onChange={setCityId} />
        </Stack>
        <ApprovalFilter value={status} onChange={setStatus} />
      </Stack>
      {drivers.isError ? (
        <Stack sx={{ p: 2 }}>
          <ErrorState error={drivers.error} onRetry={() => void drivers.refetch()} />
        </Stack>
      ) : !drivers.isPending && rows.length === 0 ? (
        <EmptyState icon={<LocalShippingOutlinedIcon fontSize="inherit" />} title={filtered ? undefined : t('drivers.emptyTitle')} description={filtered ? t('common.noMatch') : t('drivers.empty')} />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('drivers.driver')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('drivers.driver')}</TableCell>
                  <TableCell>{t('drivers.vehicle')}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('drivers.active')}
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('drivers.completed')}
                  </TableCell>
                  <TableCell align="right">{t('drivers.earnings')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('vendors.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {drivers.isPending ? (
                  <SkeletonRows columns={6} />
                ) : (
                  rows.map((driver) => (
                    <TableRow key={driver.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={paths.admin.driverDetail.getHref({ id: driver.id })} sx={{ fontWeight: 600 }}>
                          {driver.member?.name ?? driver.vehicle_number}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          {driver.city.name} · {driver.phone ?? driver.member?.login_id ?? ''}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{driver.vehicle_number}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {driver.active_order_count}
                      </TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {driver.completed_order_count}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatCurrency(driver.earnings_balance)}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        <ApprovalChip status={driver.member?.approval_status} />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {!drivers.isPending && (
            <ListFooter shown={rows.length} total={drivers.data?.pages[0]?.total ?? null} hasMore={!!drivers.hasNextPage} loading={drivers.isFetchingNextPage} onMore={() => void drivers.fetchNextPage()} />
          )}
        </>
      )}
    </Paper>
  );
}
