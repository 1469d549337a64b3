import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { actionsFor } from '@app/shared/order-machine';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { useApproveOrder } from '../utils/use-approve-order';
import { CallAdminDialog } from './call-admin-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';

addTranslations('orders', ordersEn);

/**
 * What the store may do with its own order on its order page: confirm the weighed lines
 * or call the admin saying what is wrong (the same choice as the pop-up, now beside the
 * photos and the history), or cancel while no load was picked up.
 */
export function StoreOrderActions({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(['orders', 'common']);
  const { approve, pending } = useApproveOrder(order.id);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [callingAdmin, setCallingAdmin] = useState(false);
  const actions = actionsFor('store', order.status);
  if (actions.length === 0) return null;


  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {actions.includes('cancel') && (
        <Button color="error" variant="outlined" onClick={() => setCancelOpen(true)} disabled={pending}>
          {t('detail.cancelOrder')}
        </Button>
      )}
      {actions.includes('waiting_admin') && (
        <Button color="error" variant="contained" onClick={() => setCallingAdmin(true)} disabled={pending}>
          {t('dialog.callAdmin')}
        </Button>
      )}
      {actions.includes('complete') && (
        <Button color="success" variant="contained" onClick={approve} loading={pending}>
          {t('dialog.approve')}
        </Button>
      )}
      {cancelOpen && <CancelOrderDialog orderId={order.id} onClose={() => setCancelOpen(false)} />}
      {callingAdmin && <CallAdminDialog orderId={order.id} onClose={() => setCallingAdmin(false)} />}
    </Stack>
  );
}
