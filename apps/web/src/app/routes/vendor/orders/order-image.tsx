import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { OrderGallery } from '@/features/orders/components/order-gallery';
import { MissingOrderId, useOrderIdParam } from '@/features/orders/components/order-id-param';
import { ordersEn } from '@/features/orders/locales/en';
import { addTranslations } from '@/lib/i18n';

addTranslations('orders', ordersEn);

/** /Vendor/Orders/OrderImage?id=N: the load photos of one order; a click enlarges one. */
export function Component() {
  const { t } = useTranslation(['pages', 'orders']);
  const id = useOrderIdParam();
  const back = id ? (
    <Button component={RouterLink} to={paths.vendor.orderDetail.getHref({ id })} nativeButton={false} startIcon={<ArrowBackIcon />}>
      {t('pages:vendor.orderDetail.title')}
    </Button>
  ) : undefined;
  return (
    <Page title={t('vendor.orderImage.title')} actions={back}>
      {id ? <OrderGallery orderId={id} /> : <MissingOrderId listHref={paths.vendor.orders.getHref()} />}
    </Page>
  );
}
