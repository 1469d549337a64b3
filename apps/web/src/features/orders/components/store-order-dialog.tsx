import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatCurrency, formatOrderNumber } from '@app/shared/format';
import { canReviewOrder } from '@app/shared/order-machine';
import type { Order } from '@app/shared/schemas/orders';
import { QueryProvider } from '@/components/providers/query-provider';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useTransitionOrder, useWaitingStoreOrder } from '@/data/orders';
import { materialsQuery, ratesQuery } from '@/data/catalog';
import { storeQuery } from '@/data/partners';
import { ordersEn } from '../locales/en';
import { dismissOrderPopup, popupVersion, useDismissedOrderPopup } from '../utils/order-popup';
import { useViewedOrder } from '../utils/viewed-order';
import { CallAdminDialog } from './call-admin-dialog';
import { OrderLinesTable } from './order-lines-table';

addTranslations('orders', ordersEn);

const weightFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/**
 * The store's "Order detail" pop-up (product-spec.md section 2): polls for orders waiting
 * for the store every STORE_POLL_INTERVAL_MS and shows the first one until it is approved,
 * sent to the admin, or closed (a closed order stays hidden until it changes, or until the
 * home's notice brings it back).
 * Mounted once by the store layout; it brings its own query provider so it can sit beside it.
 */
export function StoreOrderDialog() {
  return (
    <QueryProvider>
      <StoreOrderPoller />
    </QueryProvider>
  );
}

function StoreOrderPoller() {
  const { user, signedIn } = useSession();
  const isStore = signedIn && user?.role === 'store';
  const waiting = useWaitingStoreOrder(isStore);
  // product-spec.md section 6: a store loads materials and rates at start (cached for the create-order form).
  useQuery({ ...materialsQuery(), enabled: isStore });
  const store = useQuery({ ...storeQuery(user?.storeId ?? 0), enabled: isStore && !!user?.storeId });
  useQuery({ ...ratesQuery({ type: 'vendor', city_id: store.data?.city.id }), enabled: isStore && store.data !== undefined });
  // Shared with the home's notice, which brings a closed pop-up back (utils/order-popup.ts).
  const dismissed = useDismissedOrderPopup();
  const viewed = useViewedOrder();
  const order = waiting.data ?? null;
  if (!user || !order || !canReviewOrder(user.role, order.status)) return null;
  const version = popupVersion(order);
  if (dismissed === version || viewed === order.id) return null;
  return (
    <OrderReviewDialog
      key={order.id}
      order={order}
      isAdmin={user.role === 'admin'}
      onClose={() => dismissOrderPopup(version)}
      detailsHref={user.role === 'store' ? paths.store.orders.getHref({ id: order.id }) : undefined}
    />
  );
}

export interface OrderReviewDialogProps {
  order: Order;
  isAdmin: boolean;
  onClose: () => void;
  /** The store's order page (photos and history), linked from the pop-up. */
  detailsHref?: string;
}

/** The persistent dialog itself: summary, "List of categories", approve (green) and call admin (red). */
export function OrderReviewDialog({ order, isAdmin, onClose, detailsHref }: OrderReviewDialogProps) {
  const { t } = useTranslation(['orders', 'common']);
  const transition = useTransitionOrder();
  const titleId = `order-review-${order.id}`;
  // "Call admin" asks what is wrong first (decision 031).
  const [callingAdmin, setCallingAdmin] = useState(false);

  const approve = () =>
    transition.mutate(
      { action: 'complete', id: order.id },
      {
        onSuccess: () => notify.success(t('common:messages.updateSuccess')),
        onError: () => notify.error(t('common:messages.completeFailed')),
      },
    );

  return (
    <>
      <Dialog
        open
        // Persistent: only the close button closes it (no backdrop click, no Escape).
        onClose={(_event, reason) => {
          if (reason !== 'backdropClick' && reason !== 'escapeKeyDown') onClose();
        }}
        aria-labelledby={titleId}
        fullWidth
        slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX, m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: '100%' } } } }}
      >
        <DialogTitle id={titleId} sx={{ pr: 7 }}>
          {t('dialog.title')}
          <Typography component="span" color="text.secondary" sx={{ display: 'block', fontSize: '0.95rem', fontWeight: 500 }}>
            {formatOrderNumber(order.id)} · {order.store.name}
          </Typography>
        </DialogTitle>
        <IconButton aria-label={t('dialog.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent dividers>
          <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
            <SummaryTile label={t('dialog.totalCost')} value={formatCurrency(order.vendor_amount)} />
            <SummaryTile label={t('dialog.totalWeight')} value={weightFormatter.format(order.total_weight)} />
          </Stack>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
            {t('dialog.categories')}
          </Typography>
          <OrderLinesTable lines={order.details} />
          {detailsHref && (
            <Link component={RouterLink} to={detailsHref} sx={{ display: 'inline-block', mt: 1.5 }}>
              {t('dialog.photosAndHistory', { count: order.image_count })}
            </Link>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
          {!isAdmin && (
            <Button color="error" variant="contained" onClick={() => setCallingAdmin(true)} disabled={transition.isPending} sx={{ flex: { xs: 1, sm: 'none' } }}>
              {t('dialog.callAdmin')}
            </Button>
          )}
          <Button color="success" variant="contained" onClick={approve} disabled={transition.isPending} sx={{ flex: { xs: 1, sm: 'none' } }}>
            {t('dialog.approve')}
          </Button>
        </DialogActions>
      </Dialog>
      {callingAdmin && <CallAdminDialog orderId={order.id} onClose={() => setCallingAdmin(false)} />}
    </>
  );
}

function SummaryTile({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ flex: 1, p: 1.5, bgcolor: 'action.hover' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ fontWeight: 700, fontSize: '1.15rem', mt: 0.25 }}>{value}</Box>
    </Paper>
  );
}
