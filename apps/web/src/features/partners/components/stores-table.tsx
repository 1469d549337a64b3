import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@app/shared/format';
import { STORE_ORDERING_FIELDS } from '@app/shared/list-ordering';
import type { StoreDetail } from '@app/shared/schemas/partners';
import type { Column } from '@/components/list/data-table';
import type { ListParams } from '@/components/list/use-list-params';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useAssignStoreVendor, useSetStoreLocationAsAdmin, useStores, type StoresQuery } from '@/data/partners';
import { NS } from '../i18n';
import { ApprovalChip, ContactCell, NameCell } from './list-parts';
import { PartnerList } from './partner-list';
import { StoreLocationDialog } from './store-location';
import { usePartnerFilters } from './use-partner-filters';
import { VendorChoiceDialog } from './vendor-choice-dialog';

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

/** What a row's buttons open: the vendor assignment, the store's pin. */
interface RowActions {
  assign: (store: StoreDetail) => void;
  pin: (store: StoreDetail) => void;
}

type StoreColumn = (t: TFunction<typeof NS>, actions: RowActions) => Column<StoreDetail>;

const nameColumn =
  (linked: boolean): StoreColumn =>
  (t) => ({
    id: 'name',
    header: t('stores.store'),
    sort: { field: 'name' },
    wrap: true,
    cell: (store) => (
      <NameCell name={store.name} href={linked ? paths.vendor.storeStoreInfo.getHref({ id: store.id }) : undefined}>
        {store.city.name} · {store.address}
      </NameCell>
    ),
  });

const vendorColumn: StoreColumn = (t) => ({
  id: 'vendor',
  header: t('stores.vendor'),
  wrap: true,
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
  wrap: true,
  cell: (store) => <ContactCell name={store.member?.name} detail={store.phone ?? store.member?.login_id} />,
});

const ordersColumn: StoreColumn = (t) => ({ id: 'orders', header: t('stores.orders'), align: 'right', cell: (store) => store.order_count });
const staffColumn: StoreColumn = (t) => ({ id: 'staff', header: t('stores.staff'), align: 'right', hideBelow: 'sm', cell: (store) => store.staff_count });
const statusColumn: StoreColumn = (t) => ({ id: 'status', header: t('stores.status'), cell: (store) => <ApprovalChip status={store.member?.approval_status} /> });
const createdColumn: StoreColumn = (t) => ({ id: 'created', header: t('common.created'), hideBelow: 'lg', wrap: true, sort: { field: 'created_at', firstDescending: true }, cell: (store) => formatDateTime(store.created_at) });

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

/** The store's pin (design.md section 18: the admin sets it from here, the store's own page is the store's). */
function PinButton({ store, pin }: { store: StoreDetail; pin: RowActions['pin'] }) {
  const { t } = useTranslation(NS);
  const label = t(store.location ? 'storeLocation.change' : 'storeLocation.set');
  return (
    <Button size="small" startIcon={<PlaceOutlinedIcon />} onClick={() => pin(store)} aria-label={`${label}: ${store.name}`}>
      {label}
    </Button>
  );
}

/** The admin's row actions in one column (a column each left an empty one beside most rows): the pin, and a vendor where the store has none. */
const adminActionsColumn =
  (assigning: boolean): StoreColumn =>
  (t, { assign, pin }) => ({
    id: 'actions',
    header: t('common.actions'),
    align: 'right',
    cell: (store) => (
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <PinButton store={store} pin={pin} />
        {assigning && !store.vendor && (
          <Button size="small" variant="outlined" onClick={() => assign(store)}>
            {t('stores.assign')}
          </Button>
        )}
      </Stack>
    ),
  });

/** The columns of each use: the admin's list of all stores, a vendor's stores on the admin's pages, a vendor's own. */
const COLUMNS = {
  adminAll: [nameColumn(false), vendorColumn, contactColumn, ordersColumn, staffColumn, statusColumn, createdColumn, adminActionsColumn(true)],
  adminOfVendor: [nameColumn(false), contactColumn, ordersColumn, staffColumn, statusColumn, createdColumn, adminActionsColumn(false)],
  vendorOwn: [nameColumn(true), contactColumn, ordersColumn, staffColumn, createdColumn, viewOrdersColumn],
} satisfies Record<string, StoreColumn[]>;

/** Stores with search, city, account status, vendor assignment and sort in the URL, server paging. */
export function StoresTable({ scope, vendorId, compact, emptyAction }: StoresTableProps) {
  const { t } = useTranslation([NS, 'common']);
  const state = usePartnerFilters(STORE_ORDERING_FIELDS, ['unassigned']);
  const { params, filters } = state;
  const [assigning, setAssigning] = useState<StoreDetail | null>(null);
  const [pinning, setPinning] = useState<StoreDetail | null>(null);
  const use = scope === 'vendor' ? 'vendorOwn' : vendorId === undefined ? 'adminAll' : 'adminOfVendor';
  const unassigned = params.values.unassigned;
  const query: StoresQuery = useMemo(
    () =>
      // A section of a detail page shows all of its stores, whatever the page's URL says.
      compact
        ? { vendor_id: vendorId, ordering: filters.ordering }
        : { ...filters, unassigned: unassigned === undefined ? undefined : unassigned === 'true', vendor_id: vendorId },
    [filters, unassigned, vendorId, compact],
  );
  const stores = useStores(query);
  const emptyText = vendorId !== undefined ? t('stores.emptyVendor') : scope === 'vendor' ? t('stores.emptyVendorOwn') : t('stores.empty');
  return (
    <>
      <PartnerList
        state={state}
        query={stores}
        views={scope === 'admin' ? 'stores' : undefined}
        label={t('stores.store')}
        columns={COLUMNS[use].map((column) => column(t, { assign: setAssigning, pin: setPinning }))}
        searchPlaceholder={t('stores.searchPlaceholder')}
        empty={{ title: t('stores.emptyTitle'), description: emptyText, action: emptyAction, icon: <StorefrontOutlinedIcon fontSize="inherit" /> }}
        filtered={query.unassigned !== undefined}
        statusFilter={scope === 'admin'}
        moreFilters={use === 'adminAll' && <AssignmentFilter params={params} />}
        compact={compact}
      />
      {assigning && <AssignVendorDialog store={assigning} onClose={() => setAssigning(null)} />}
      {pinning && <AdminPinDialog store={pinning} onClose={() => setPinning(null)} />}
    </>
  );
}

/** Chips: every store, only those without a vendor, only those with one. */
function AssignmentFilter({ params }: { params: ListParams }) {
  const { t } = useTranslation(NS);
  const current = params.values.unassigned === 'true' ? 'unassigned' : params.values.unassigned === 'false' ? 'assigned' : 'all';
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t('stores.assignment')} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {ASSIGNMENTS.map((option) => (
        <Chip
          key={option}
          label={t(option === 'all' ? 'stores.assignmentAll' : option === 'unassigned' ? 'stores.assignmentNone' : 'stores.assignmentSome')}
          color={current === option ? 'secondary' : 'default'}
          variant={current === option ? 'filled' : 'outlined'}
          onClick={() => params.set({ unassigned: option === 'all' ? null : String(option === 'unassigned') })}
          aria-pressed={current === option}
        />
      ))}
    </Stack>
  );
}

function AssignVendorDialog({ store, onClose }: { store: StoreDetail; onClose: () => void }) {
  const { t } = useTranslation([NS, 'common']);
  const assign = useAssignStoreVendor();
  return (
    <VendorChoiceDialog
      titleId="assign-title"
      title={t('stores.assignTitle', { name: store.name })}
      intro={t('stores.assignIntro')}
      picker={{ requiredMessage: t('stores.chooseVendor') }}
      confirmLabel={t('stores.assign')}
      send={async (vendorId) => {
        await assign.mutateAsync({ storeId: store.id, vendorId: vendorId! });
        notify.success(t('common:messages.updateSuccess'));
      }}
      onClose={onClose}
    />
  );
}

function AdminPinDialog({ store, onClose }: { store: StoreDetail; onClose: () => void }) {
  const setPin = useSetStoreLocationAsAdmin();
  return (
    <StoreLocationDialog
      store={{ name: store.name, cityName: store.city.name, location: store.location }}
      save={(location) => setPin.mutateAsync({ id: store.id, location })}
      onClose={onClose}
    />
  );
}
