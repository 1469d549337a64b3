import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { APPROVAL_STATUSES, DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatDateTime } from '@app/shared/format';
import { STORE_ORDERING_FIELDS, type StoreDetail } from '@app/shared/schemas/partners';
import { DataTable, type Column } from '@/components/list/data-table';
import { FilterBar, SearchFilter } from '@/components/list/filters';
import { ListResults } from '@/components/list/list-results';
import { allowedOrdering } from '@/components/list/ordering';
import { SavedViews } from '@/components/list/saved-views';
import { oneOf, useListParams } from '@/components/list/use-list-params';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAssignStoreVendor, useStores, type StoresQuery } from '@/data/partners';
import { NS } from '../i18n';
import { ApprovalChip, ApprovalFilter, CityFilter } from './list-parts';
import { VendorPicker } from './vendor-picker';

const PARAMS = ['search', 'city_id', 'approval_status', 'unassigned', 'ordering'] as const;
const DEFAULT_ORDERING = '-created_at';
const ASSIGNMENTS = ['all', 'unassigned', 'assigned'] as const;

export interface StoresTableProps {
  /** admin: every store, assigning vendors; vendor: its own stores, linking to their info and orders. */
  scope: 'admin' | 'vendor';
  /** Only this vendor's stores (the admin's vendor pages). */
  vendorId?: number;
  /** Fewer controls (a section of a detail page). */
  compact?: boolean;
  emptyAction?: React.ReactNode;
}

type StoreColumn = (t: TFunction<typeof NS>, assign: (store: StoreDetail) => void) => Column<StoreDetail>;

const nameColumn =
  (linked: boolean): StoreColumn =>
  (t) => ({
    id: 'name',
    header: t('stores.store'),
    sort: { field: 'name' },
    cell: (store) => (
      <>
        {linked ? (
          <Link component={RouterLink} to={paths.vendor.storeStoreInfo.getHref({ id: store.id })} sx={{ fontWeight: 600 }}>
            {store.name}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{store.name}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {store.city.name} · {store.address}
        </Typography>
      </>
    ),
  });

const vendorColumn: StoreColumn = (t) => ({
  id: 'vendor',
  header: t('stores.vendor'),
  cell: (store) =>
    store.vendor ? (
      <Link component={RouterLink} to={paths.admin.vendorsStore.getHref({ id: store.vendor.id })}>
        {store.vendor.company_name}
      </Link>
    ) : (
      <Chip size="small" color="warning" label={t('stores.noVendor')} />
    ),
});

const contactColumn: StoreColumn = (t) => ({
  id: 'contact',
  header: t('fields.contactName'),
  hideBelow: 'md',
  cell: (store) => (
    <>
      <Typography variant="body2">{store.member?.name ?? '—'}</Typography>
      <Typography variant="body2" color="text.secondary">
        {store.phone ?? store.member?.login_id ?? ''}
      </Typography>
    </>
  ),
});

const ordersColumn: StoreColumn = (t) => ({ id: 'orders', header: t('stores.orders'), align: 'right', cell: (store) => store.order_count });
const staffColumn: StoreColumn = (t) => ({ id: 'staff', header: t('stores.staff'), align: 'right', hideBelow: 'sm', cell: (store) => store.staff_count });
const statusColumn: StoreColumn = (t) => ({ id: 'status', header: t('stores.status'), cell: (store) => <ApprovalChip status={store.member?.approval_status} /> });
const createdColumn: StoreColumn = (t) => ({ id: 'created', header: t('common.created'), hideBelow: 'lg', sort: { field: 'created_at', firstDescending: true }, cell: (store) => formatDateTime(store.created_at) });

const viewOrdersColumn: StoreColumn = (t) => ({
  id: 'actions',
  header: t('common.actions'),
  align: 'right',
  cell: (store) => (
    <Button size="small" component={RouterLink} to={paths.vendor.storeOrders.getHref({ id: store.id })} nativeButton={false}>
      {t('stores.viewOrders')}
    </Button>
  ),
});

const assignColumn: StoreColumn = (t, assign) => ({
  id: 'actions',
  header: t('common.actions'),
  align: 'right',
  cell: (store) =>
    !store.vendor && (
      <Button size="small" variant="outlined" onClick={() => assign(store)}>
        {t('stores.assign')}
      </Button>
    ),
});

/** The columns of each use: the admin's list of all stores, a vendor's stores on the admin's pages, a vendor's own. */
const COLUMNS = {
  adminAll: [nameColumn(false), vendorColumn, contactColumn, ordersColumn, staffColumn, statusColumn, createdColumn, assignColumn],
  adminOfVendor: [nameColumn(false), contactColumn, ordersColumn, staffColumn, statusColumn, createdColumn],
  vendorOwn: [nameColumn(true), contactColumn, ordersColumn, staffColumn, createdColumn, viewOrdersColumn],
} satisfies Record<string, StoreColumn[]>;

/** Stores with search, city, account status, vendor assignment and sort in the URL, server paging. */
export function StoresTable({ scope, vendorId, compact, emptyAction }: StoresTableProps) {
  const { t } = useTranslation([NS, 'common']);
  const params = useListParams(PARAMS);
  const { values } = params;
  const [assigning, setAssigning] = useState<StoreDetail | null>(null);
  const use = scope === 'vendor' ? 'vendorOwn' : vendorId === undefined ? 'adminAll' : 'adminOfVendor';
  const assignment = values.unassigned === 'true' ? 'unassigned' : values.unassigned === 'false' ? 'assigned' : 'all';
  const query: StoresQuery = useMemo(
    () => ({
      search: compact ? undefined : values.search,
      city_id: compact ? undefined : Number(values.city_id) || undefined,
      approval_status: compact ? undefined : oneOf(values.approval_status, APPROVAL_STATUSES),
      unassigned: compact || values.unassigned === undefined ? undefined : values.unassigned === 'true',
      vendor_id: vendorId,
      ordering: allowedOrdering(values.ordering, STORE_ORDERING_FIELDS),
    }),
    [values, vendorId, compact],
  );
  const stores = useStores(query);
  const filtered = !!(query.search || query.city_id || query.approval_status || query.unassigned !== undefined);
  const emptyText = vendorId !== undefined ? t('stores.emptyVendor') : scope === 'vendor' ? t('stores.emptyVendorOwn') : t('stores.empty');
  const columns = COLUMNS[use].map((column) => column(t, setAssigning));

  return (
    <Box>
      {!compact && (
        <>
          <FilterBar>
            <SearchFilter value={values.search ?? ''} onChange={(search) => params.set({ search })} placeholder={t('stores.searchPlaceholder')} />
            <CityFilter value={params.getId('city_id')} onChange={(id) => params.set({ city_id: id })} />
            <Box sx={{ flex: 1 }} />
            {scope === 'admin' && <SavedViews list="stores" params={params} />}
          </FilterBar>
          {scope === 'admin' && (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <ApprovalFilter value={query.approval_status ?? null} onChange={(status) => params.set({ approval_status: status })} />
              {use === 'adminAll' && (
                <Stack direction="row" spacing={1} role="group" aria-label={t('stores.assignment')} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  {ASSIGNMENTS.map((option) => (
                    <Chip
                      key={option}
                      label={t(option === 'all' ? 'stores.assignmentAll' : option === 'unassigned' ? 'stores.assignmentNone' : 'stores.assignmentSome')}
                      color={assignment === option ? 'secondary' : 'default'}
                      variant={assignment === option ? 'filled' : 'outlined'}
                      onClick={() => params.set({ unassigned: option === 'all' ? null : String(option === 'unassigned') })}
                      aria-pressed={assignment === option}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          )}
        </>
      )}
      <ListResults
        query={stores}
        filtered={filtered}
        empty={{ title: t('stores.emptyTitle'), description: emptyText, action: emptyAction, icon: <StorefrontOutlinedIcon fontSize="inherit" /> }}
      >
        {(rows) => (
          <DataTable
            label={t('stores.store')}
            columns={columns}
            rows={rows}
            rowKey={(store) => store.id}
            sort={{ ordering: values.ordering ?? null, fallback: DEFAULT_ORDERING, onChange: (ordering) => params.set({ ordering }) }}
          />
        )}
      </ListResults>
      {assigning && <AssignVendorDialog store={assigning} onClose={() => setAssigning(null)} />}
    </Box>
  );
}

function AssignVendorDialog({ store, onClose }: { store: StoreDetail; onClose: () => void }) {
  const { t } = useTranslation([NS, 'common']);
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
