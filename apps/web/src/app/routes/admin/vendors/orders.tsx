import { paths } from '@/config/paths';
import { PartnerPage } from '@/features/partners/components/partner-page';
import { adminOrders } from '@/features/orders/components/order-list-presets';
import { OrdersList } from '@/features/orders/components/orders-list';
import { ordersEn } from '@/features/orders/locales/en';
import { addTranslations } from '@/lib/i18n';

addTranslations('orders', ordersEn);

// /Admin/Vendors/Orders?id=: one vendor's orders.
export function Component() {
  return (
    <PartnerPage path={paths.admin.vendorsOrders} listHref={paths.admin.vendors.getHref()} parent="vendor">
      {(id) => <OrdersList preset={adminOrders} fixedFilter={{ vendor_id: id }} getDetailHref={(orderId) => paths.admin.orderDetail.getHref({ id: orderId })} />}
    </PartnerPage>
  );
}
