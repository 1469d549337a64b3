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

/** /Vendor/Orders/OrderDetail?id=N: the order, read-only, with its photos and history. */
export function Component() {
  const { t } = useTranslation(['pages', 'orders']);
  const id = useOrderIdParam();
  const back = (
    <Button component={RouterLink} to={paths.vendor.orders.getHref()} nativeButton={false} startIcon={<ArrowBackIcon />}>
      {t('orders:detail.back')}
    </Button>
  );
  return (
    <Page title={id ? `${t('vendor.orderDetail.title')} ${formatOrderNumber(id)}` : t('vendor.orderDetail.title')} actions={back}>
      {id ? <OrderDetailView orderId={id} mode="vendor" imagesHref={paths.vendor.orderImage.getHref({ id })} headerExtra={(order) => <InvoiceButton orderId={order.id} status={order.status} />} /> : <MissingOrderId listHref={paths.vendor.orders.getHref()} />}
    </Page>
  );
}
