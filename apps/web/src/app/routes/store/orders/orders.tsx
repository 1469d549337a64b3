import Button from '@mui/material/Button';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { storeOrders } from '@/features/orders/components/order-list-presets';
import { OrdersList } from '@/features/orders/components/orders-list';
import { StoreOrderDetailDialog } from '@/features/orders/components/store-order-detail-dialog';
import { InvoiceButton } from '@/features/invoices/components/invoice-button';
import { ordersEn } from '@/features/orders/locales/en';
import { addTranslations } from '@/lib/i18n';

addTranslations('orders', ordersEn);

const orderHref = (id: number) => paths.store.orders.getHref({ id });

/**
 * /Store/Orders: the store's orders with status and date filters, search, paging, cancel.
 * `?id=42` opens that order over the list (its photos and history): notifications link here.
 */
export function Component() {
  const { t } = useTranslation(['pages', 'orders']);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id'));
  const closeOrder = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('id');
      return next;
    });
  const create = (
    <Button component={RouterLink} to={paths.store.createOrder.getHref()} nativeButton={false} variant="contained" startIcon={<AddShoppingCartIcon />}>
      {t('orders:home.create')}
    </Button>
  );
  return (
    <Page title={t('pages:store.orders.title')} subtitle={t('pages:store.orders.summary')} actions={create}>
      <OrdersList preset={storeOrders} emptyAction={create} getDetailHref={orderHref} />
      {Number.isSafeInteger(openId) && openId > 0 && <StoreOrderDetailDialog orderId={openId} onClose={closeOrder} headerExtra={(order) => <InvoiceButton orderId={order.id} status={order.status} />} />}
    </Page>
  );
}
