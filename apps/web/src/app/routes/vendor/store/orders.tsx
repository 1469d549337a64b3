import { paths } from '@/config/paths';
import { PartnerPage } from '@/features/partners/components/partner-page';
import { vendorOrders } from '@/features/orders/components/order-list-presets';
import { OrdersList } from '@/features/orders/components/orders-list';
import { ordersEn } from '@/features/orders/locales/en';
import { addTranslations } from '@/lib/i18n';

addTranslations('orders', ordersEn);

// /Vendor/Store/Orders?id=: one of the vendor's stores' orders.
export function Component() {
  return (
    <PartnerPage path={paths.vendor.storeOrders} listHref={paths.vendor.store.getHref()} parent="store">
      {(id) => <OrdersList preset={vendorOrders} fixedFilter={{ store_id: id }} getDetailHref={(orderId) => paths.vendor.orderDetail.getHref({ id: orderId })} />}
    </PartnerPage>
  );
}
