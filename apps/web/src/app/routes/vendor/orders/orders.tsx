import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { vendorOrders } from '@/features/orders/components/order-list-presets';
import { OrdersList } from '@/features/orders/components/orders-list';

/** /Vendor/Orders: the orders of the vendor's stores with their vendor amounts; filters, search, paging, CSV export. */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('vendor.orders.title')} subtitle={t('vendor.orders.summary')}>
      <OrdersList preset={vendorOrders} getDetailHref={(id) => paths.vendor.orderDetail.getHref({ id })} />
    </Page>
  );
}
