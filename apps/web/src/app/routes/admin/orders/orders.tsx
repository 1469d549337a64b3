import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { adminOrders } from '@/features/orders/components/order-list-presets';
import { OrdersList } from '@/features/orders/components/orders-list';

/** /Admin/Orders: every order, status tabs with counts, filters, search, paging, CSV export. */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('admin.orders.title')}>
      <OrdersList preset={adminOrders} getDetailHref={(id) => paths.admin.orderDetail.getHref({ id })} />
    </Page>
  );
}
