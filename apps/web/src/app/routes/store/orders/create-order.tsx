import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { CreateOrderForm } from '@/features/orders/components/create-order-form';

/** /Store/Orders/CreateOrder: ask for a pickup, then back to the list. */
export function Component() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const toList = () => void navigate(paths.store.orders.getHref());
  return (
    <Page title={t('store.createOrder.title')} maxWidth={760}>
      <CreateOrderForm onCreated={toList} onCancel={toList} />
    </Page>
  );
}
