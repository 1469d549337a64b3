import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { canReviewOrder } from '@app/shared/order-machine';
import { addTranslations } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useWaitingStoreOrder } from '@/data/orders';
import { ordersEn } from '../locales/en';
import { reopenOrderPopup } from '../utils/order-popup';

addTranslations('orders', ordersEn);

/** The room the banner takes at the foot of the page, so the last lines can be scrolled clear of it. */
const BANNER_ROOM_PX = 96;

/**
 * While an order waits for the store: a banner at the foot of the screen with a button
 * that brings back the Order detail pop-up the store closed. It floats over the page
 * instead of taking a place in it, so nothing moves when it appears (design.md section 15:
 * CLS), and it shares the pop-up's poll (one request every 5 s for both).
 */
export function WaitingOrderNotice() {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const waiting = useWaitingStoreOrder(user?.role === 'store');
  const order = waiting.data;
  if (!user || !order || !canReviewOrder(user.role, order.status)) return null;
  return (
    <>
      {/* Last in the page: growing it moves nothing above. */}
      <Box aria-hidden sx={{ height: BANNER_ROOM_PX, flexShrink: 0 }} />
      <Alert
        role="status"
        severity="warning"
        variant="filled"
        action={
          <Button color="inherit" size="small" onClick={reopenOrderPopup} sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
            {t('home.showWaiting')}
          </Button>
        }
        sx={{
          position: 'fixed',
          zIndex: 'appBar',
          bottom: 16,
          right: 16,
          left: { xs: 16, sm: 'auto' },
          width: { sm: 480 },
          boxShadow: 6,
          alignItems: 'center',
        }}
      >
        {t('home.waitingStore')}
      </Alert>
    </>
  );
}
