import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useTransitionOrder } from '@/data/orders';

/** The store's (or admin's) approval of a weighed order, with the spec's messages: one for the pop-up and the order page. */
export function useApproveOrder(id: number) {
  const { t } = useTranslation('common');
  const transition = useTransitionOrder();
  const approve = () =>
    transition.mutate(
      { action: 'complete', id },
      {
        onSuccess: () => notify.success(t('messages.updateSuccess')),
        onError: () => notify.error(t('messages.completeFailed')),
      },
    );
  return { approve, pending: transition.isPending };
}
