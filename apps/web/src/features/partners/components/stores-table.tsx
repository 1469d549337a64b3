import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
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
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DIALOG_MAX_WIDTH_PX, type ApprovalStatus } from '@app/shared/constants';
import { formatDateTime } from '@app/shared/format';
import type { StoreDetail } from '@app/shared/schemas/partners';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAssignStoreVendor } from '../api/assign-store-vendor';
import { useStores } from '../api/get-stores';
import { NS } from '../i18n';
import { ApprovalChip, ApprovalFilter, CityFilter, ListFooter, SearchField, SkeletonRows, useDebounced } from './list-parts';
import { VendorPicker } from './vendor-picker';

type Assignment = 'all' | 'unassigned' | 'assigned';

export interface StoresTableProps {
  /** admin: every store, assigning vendors; vendor: its own stores, linking to their info and orders. */
  scope: 'admin' | 'vendor';
  /** Only this vendor's stores (the admin's vendor pages). */
  vendorId?: number;
  initialUnassigned?: boolean;
  /** Fewer controls (a section of a detail page). */
  compact?: boolean;
  emptyAction?: React.ReactNode;
}

export function StoresTable({ scope, vendorId, initialUnassigned, compact, emptyAction }: StoresTableProps) {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const [cityId, setCityId] = useState<number | null>(null);
  const [status, setStatus] = useState<ApprovalStatus | null>(null);
  const [assignment, setAssignment] = useState<Assignment>(initialUnassigned ? 'unassigned' : 'all');
  const [assigning, setAssigning] = useState<StoreDetail | null>(null);
  const debouncedSearch = useDebounced(search.trim());
  const query = {
    search: debouncedSearch || undefined,
    city_id: cityId ?? undefined,
    approval_status: status ?? undefined,
    vendor_id: vendorId,
    unassigned: assignment === 'all' ? undefined : assignment === 'unassigned',
  };
  const stores = useStores(query);
  const rows = stores.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = !!(query.search || query.city_id || query.approval_status || query.unassigned !== undefined);
  const showVendor = scope === 'admin' && vendorId === undefined;
  const emptyText = vendorId !== undefined ? t('stores.emptyVendor') : scope === 'vendor' ? t('stores.emptyVendorOwn') : t('stores.empty');

  return (
    <Paper variant="outlined">
      {!compact && (
        <Stack spacing={2} sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
            <SearchField value={search} onChange={setSearch} placeholder={t('stores.searchPlaceholder')} />
            <CityFilter value={cityId} onChange={setCityId} />
          </Stack>
          {scope === 'admin' && (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <ApprovalFilter value={status} onChange={setStatus} />
              {showVendor && (
                <Stack direction="row" spacing={1} role="group" aria-label={t('stores.assignment')} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  {(['all', 'unassigned', 'assigned'] as const).map((option) => (
                    <Chip
                      key={option}
                      label={t(option === 'all' ? 'stores.assignmentAll' : option === 'unassigned' ? 'stores.assignmentNone' : 'stores.assignmentSome')}
                      color={assignment === option ? 'secondary' : 'default'}
                      variant={assignment === option ? 'filled' : 'outlined'}
                      onClick={() => setAssignment(option)}
                      aria-pressed={assignment === option}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          )}
        </Stack>
      )}
      {stores.isError ? (
        <Stack sx={{ p: 2 }}>
          <ErrorState error={stores.error} onRetry={() => void stores.refetch()} />
        </Stack>
      ) : !stores.isPending && rows.length === 0 ? (
        <EmptyState
          icon={<StorefrontOutlinedIcon fontSize="inherit" />}
          title={filtered ? undefined : t('stores.emptyTitle')}
          description={filtered ? t('common.noMatch') : emptyText}
          action={filtered ? undefined : emptyAction}
        />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('stores.store')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('stores.store')}</TableCell>
                  {showVendor && <TableCell>{t('stores.vendor')}</TableCell>}
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('fields.contactName')}</TableCell>
                  <TableCell align="right">{t('stores.orders')}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('stores.staff')}
                  </TableCell>
                  {scope === 'admin' && <TableCell>{t('stores.status')}</TableCell>}
                  <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('common.created')}</TableCell>
                  {(scope === 'vendor' || showVendor) && <TableCell align="right">{t('common.actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {stores.isPending ? (
                  <SkeletonRows columns={6} />
                ) : (
                  rows.map((store) => (
                    <TableRow key={store.id} hover>
                      <TableCell>
                        {scope === 'vendor' ? (
                          <Link component={RouterLink} to={paths.vendor.storeStoreInfo.getHref({ id: store.id })} sx={{ fontWeight: 600 }}>
                            {store.name}
                          </Link>
                        ) : (
                          <Typography sx={{ fontWeight: 600 }}>{store.name}</Typography>
                        )}
                        <Typography variant="body2" color="text.secondary">
                          {store.city.name} · {store.address}
                        </Typography>
                      </TableCell>
                      {showVendor && (
                        <TableCell>
                          {store.vendor ? (
                            <Link component={RouterLink} to={paths.admin.vendorsStore.getHref({ id: store.vendor.id })}>
                              {store.vendor.company_name}
                            </Link>
                          ) : (
                            <Chip size="small" color="warning" label={t('stores.noVendor')} />
                          )}
                        </TableCell>
                      )}
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        <Typography variant="body2">{store.member?.name ?? '—'}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {store.phone ?? store.member?.login_id ?? ''}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{store.order_count}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {store.staff_count}
                      </TableCell>
                      {scope === 'admin' && (
                        <TableCell>
                          <ApprovalChip status={store.member?.approval_status} />
                        </TableCell>
                      )}
                      <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDateTime(store.created_at)}</TableCell>
                      {scope === 'vendor' && (
                        <TableCell align="right">
                          <Button size="small" component={RouterLink} to={paths.vendor.storeOrders.getHref({ id: store.id })}>
                            {t('stores.viewOrders')}
                          </Button>
                        </TableCell>
                      )}
                      {showVendor && (
                        <TableCell align="right">
                          {!store.vendor && (
                            <Button size="small" variant="outlined" onClick={() => setAssigning(store)}>
                              {t('stores.assign')}
                            </Button>
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {!stores.isPending && (
            <ListFooter shown={rows.length} total={stores.data?.pages[0]?.total ?? null} hasMore={!!stores.hasNextPage} loading={stores.isFetchingNextPage} onMore={() => void stores.fetchNextPage()} />
          )}
        </>
      )}
      {assigning && <AssignVendorDialog store={assigning} onClose={() => setAssigning(null)} />}
    </Paper>
  );
}

function AssignVendorDialog({ store, onClose }: { store: StoreDetail; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const assign = useAssignStoreVendor();
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (!vendorId) {
      setMissing(true);
      return;
    }
    assign.mutate(
      { storeId: store.id, vendorId },
      {
        onSuccess: () => {
          notify.success(t('common:messages.updateSuccess'));
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={assign.isPending ? undefined : onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="assign-title">
      <DialogTitle id="assign-title">{t('stores.assignTitle', { name: store.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('stores.assignIntro')}</DialogContentText>
          {assign.isError && (
            <Alert severity="error" role="alert">
              {assign.error instanceof ApiError ? assign.error.detail : t('common:messages.haveAnError')}
            </Alert>
          )}
          <VendorPicker value={vendorId} onChange={(id) => { setVendorId(id); setMissing(false); }} required autoFocus error={missing ? t('stores.chooseVendor') : undefined} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={assign.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={assign.isPending}>
          {t('stores.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
