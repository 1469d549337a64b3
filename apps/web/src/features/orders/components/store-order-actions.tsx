import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { actionsFor } from '@app/shared/order-machine';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useTransitionOrder } from '@/data/orders';
import { ordersEn } from '../locales/en';
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
  const transition = useTransitionOrder();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [callingAdmin, setCallingAdmin] = useState(false);
  const actions = actionsFor('store', order.status);
  if (actions.length === 0) return null;

  const approve = () =>
    transition.mutate(
      { action: 'complete', id: order.id },
      {
        onSuccess: () => notify.success(t('common:messages.updateSuccess')),
        onError: () => notify.error(t('common:messages.completeFailed')),
      },
    );

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {actions.includes('cancel') && (
        <Button color="error" variant="outlined" onClick={() => setCancelOpen(true)} disabled={transition.isPending}>
          {t('detail.cancelOrder')}
        </Button>
      )}
      {actions.includes('waiting_admin') && (
        <Button color="error" variant="contained" onClick={() => setCallingAdmin(true)} disabled={transition.isPending}>
          {t('dialog.callAdmin')}
        </Button>
      )}
      {actions.includes('complete') && (
        <Button color="success" variant="contained" onClick={approve} loading={transition.isPending}>
          {t('dialog.approve')}
        </Button>
      )}
      {cancelOpen && <CancelOrderDialog orderId={order.id} open onClose={() => setCancelOpen(false)} />}
      {callingAdmin && <CallAdminDialog orderId={order.id} onClose={() => setCallingAdmin(false)} />}
    </Stack>
  );
}
