import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { formatOrderNumber } from '@app/shared/format';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { useMarkOrderViewed } from '../utils/viewed-order';
import { OrderDetailView, type OrderDetailViewProps } from './order-detail-view';

addTranslations('orders', ordersEn);

/**
 * The store's order page (`/Store/Orders?id=42`, where its notifications link): the whole
 * order over the list, with its lines, photos and history (before -> after), full screen
 * on a phone.
 */
export function StoreOrderDetailDialog({ orderId, onClose, headerExtra }: { orderId: number; onClose: () => void; headerExtra?: OrderDetailViewProps['headerExtra'] }) {
  const { t } = useTranslation('orders');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  useMarkOrderViewed(orderId);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="store-order-title" data-testid="store-order-detail">
      <DialogTitle id="store-order-title" sx={{ pr: 7 }}>
        {t('storeDetail.title', { number: formatOrderNumber(orderId) })}
      </DialogTitle>
      <IconButton aria-label={t('dialog.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ bgcolor: 'background.default', px: { xs: 1.5, sm: 3 } }}>
        <OrderDetailView orderId={orderId} mode="store" headerExtra={headerExtra} />
      </DialogContent>
    </Dialog>
  );
}
