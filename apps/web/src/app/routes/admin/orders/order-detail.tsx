import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatOrderNumber } from '@app/shared/format';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { MissingOrderId, useOrderIdParam } from '@/features/orders/components/order-id-param';
import { OrderDetailView } from '@/features/orders/components/order-detail-view';
import { InvoiceButton } from '@/features/invoices/components/invoice-button';
import { ordersEn } from '@/features/orders/locales/en';
import { addTranslations } from '@/lib/i18n';

addTranslations('orders', ordersEn);

/** /Admin/Orders/OrderDetail?id=N: the order, the admin's edit and approval, cancel, photos, history (a household's pickup: its receipt, no GST invoice). */
export function Component() {
  const { t } = useTranslation(['pages', 'orders']);
  const id = useOrderIdParam();
  const back = (
    <Button component={RouterLink} to={paths.admin.orders.getHref()} nativeButton={false} startIcon={<ArrowBackIcon />}>
      {t('orders:detail.back')}
    </Button>
  );
  return (
    <Page title={id ? `${t('admin.orderDetail.title')} ${formatOrderNumber(id)}` : t('admin.orderDetail.title')} actions={back}>
      {id ? <OrderDetailView orderId={id} mode="admin" imagesHref={paths.admin.orderImage.getHref({ id })} headerExtra={(order) => (order.customer_kind === 'household' ? null : <InvoiceButton orderId={order.id} status={order.status} />)} /> : <MissingOrderId listHref={paths.admin.orders.getHref()} />}
    </Page>
  );
}
