import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { actionsFor } from '@app/shared/order-machine';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { lazyDialog } from '@/components/lazy-dialog';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

// The forms and their schemas load at the first press, not with the page.
const PaymentDialog = lazyDialog(() => import('./payment-dialog').then((module) => module.PaymentDialog));
const CallAdminDialog = lazyDialog(() => import('./call-admin-dialog').then((module) => module.CallAdminDialog));
const CancelOrderDialog = lazyDialog(() => import('./cancel-order-dialog').then((module) => module.CancelOrderDialog));

type Open = 'approve' | 'callAdmin' | 'cancel' | null;

/**
 * What a household may do with its own pickup (the shared transition table's household rows):
 * approve the weighed load saying how it was paid, call the admin about it (as a store does),
 * or cancel it while nobody has picked anything up.
 */
export function HouseholdOrderActions({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState<Open>(null);
  const actions = actionsFor('household', order.status, 'household');
  if (actions.length === 0) return null;
  const close = () => setOpen(null);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {actions.includes('cancel') && (
        <Button color="error" variant="outlined" onClick={() => setOpen('cancel')}>
          {t('detail.cancelOrder')}
        </Button>
      )}
      {actions.includes('waiting_admin') && (
        <Button color="error" variant="outlined" onClick={() => setOpen('callAdmin')}>
          {t('dialog.callAdmin')}
        </Button>
      )}
      {actions.includes('complete') && (
        <Button color="success" variant="contained" onClick={() => setOpen('approve')}>
          {t('householdOrder.approve')}
        </Button>
      )}
      {open === 'approve' && <PaymentDialog order={order} onClose={close} />}
      {open === 'callAdmin' && <CallAdminDialog orderId={order.id} onClose={close} />}
      {open === 'cancel' && <CancelOrderDialog orderId={order.id} onClose={close} />}
    </Stack>
  );
}
