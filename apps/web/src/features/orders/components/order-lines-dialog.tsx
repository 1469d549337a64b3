import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatCurrency, formatDateTime, formatOrderNumber, formatWeight } from '@app/shared/format';
import type { Order } from '@app/shared/schemas/orders';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { OrderLinesTable } from './order-lines-table';

/** An order's lines in a dialog (the store's list has no detail page). */
export function OrderLinesDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <Dialog open onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="order-lines-title">
      <DialogTitle id="order-lines-title">
        {formatOrderNumber(order.id)} <OrderStatusChip status={order.status} />
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {formatDateTime(order.created_at)} · {formatWeight(order.total_weight)} · {formatCurrency(order.vendor_amount)}
        </Typography>
        <OrderLinesTable lines={order.details} />
        {order.note && (
          <Alert severity="info" icon={false} sx={{ mt: 2 }}>
            <strong>{t('fields.note')}:</strong> {order.note}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
