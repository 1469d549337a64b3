import { useState } from 'react';
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
import { formatCurrency, formatOrderNumber, formatWeightValue } from '@app/shared/format';
import type { Order } from '@app/shared/schemas/orders';
import { lazyDialog } from '@/components/lazy-dialog';
import { RenderAfterMount } from '@/components/page/deferred-render';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { useApproveOrder } from '../utils/use-approve-order';
import { OrderLinesTable } from './order-lines-table';

// The reason form (and zod, which checks it) loads when "Call admin" is pressed: the pop-up
// opens on the store's start page, which a phone draws without zod (decision 045).
const CallAdminDialog = lazyDialog(() => import('./call-admin-dialog').then((module) => module.CallAdminDialog));

addTranslations('orders', ordersEn);

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
  const { approve, pending } = useApproveOrder(order.id);
  const titleId = `order-review-${order.id}`;
  // "Call admin" asks what is wrong first (decision 031).
  const [callingAdmin, setCallingAdmin] = useState(false);

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
        slotProps={{
          paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX, m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: '100%' } } },
        }}
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
        {/* The pop-up opens with the store's start page: its body comes in slices (decision 093);
            its title and close button at once, so that it has its name from the first frame. */}
        <RenderAfterMount>
          <DialogContent dividers>
            <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
              <SummaryTile label={t('dialog.totalCost')} value={formatCurrency(order.vendor_amount)} />
              <SummaryTile label={t('dialog.totalWeight')} value={formatWeightValue(order.total_weight)} />
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
              <Button color="error" variant="contained" onClick={() => setCallingAdmin(true)} disabled={pending} sx={{ flex: { xs: 1, sm: 'none' } }}>
                {t('dialog.callAdmin')}
              </Button>
            )}
            <Button color="success" variant="contained" onClick={approve} disabled={pending} sx={{ flex: { xs: 1, sm: 'none' } }}>
              {t('dialog.approve')}
            </Button>
          </DialogActions>
        </RenderAfterMount>
      </Dialog>
      {callingAdmin && (
        <CallAdminDialog orderId={order.id} onClose={() => setCallingAdmin(false)} />
      )}
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
