import { useTranslation } from 'react-i18next';
import { formatOrderNumber } from '@app/shared/format';
import { cancelBodySchema, ORDER_REASON_MAX } from '@app/shared/schemas/orders';
import { ReasonDialog } from '@/components/form/reason-dialog';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useTransitionOrder } from '@/data/orders';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/** The cancel body with its optional reason (the route also takes no body at all). */
const cancelReasonSchema = cancelBodySchema.unwrap().unwrap();

/** Asks before cancelling an order (with an optional reason), then cancels it. */
export function CancelOrderDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const transition = useTransitionOrder();
  const send = async (reason: string) => {
    await transition.mutateAsync({ action: 'cancel', id: orderId, body: { reason: reason || null } });
    notify.success(t('common:messages.updateSuccess'));
  };
  return (
    <ReasonDialog
      titleId={`cancel-${orderId}`}
      title={t('cancel.title', { number: formatOrderNumber(orderId) })}
      intro={t('cancel.body')}
      schema={cancelReasonSchema}
      label={t('cancel.reason')}
      maxLength={ORDER_REASON_MAX}
      cancelLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      send={send}
      onClose={onClose}
      actionsSx={{ px: 3, pb: 2 }}
    />
  );
}
