import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { useStore } from '@/data/partners';
import { MissingId, useIdParam } from '@/features/partners/components/id-param';
import { NS } from '@/features/partners/i18n';
import { vendorOrders } from '@/features/orders/components/order-list-presets';
import { OrdersList } from '@/features/orders/components/orders-list';
import { ordersEn } from '@/features/orders/locales/en';
import { addTranslations } from '@/lib/i18n';

addTranslations('orders', ordersEn);

// /Vendor/Store/Orders?id=: one of the vendor's stores' orders.
export function Component() {
  const { t } = useTranslation(['pages', NS, 'common']);
  const id = useIdParam();
  const store = useStore(id ?? 0);
  return (
    <Page
      title={t(paths.vendor.storeOrders.titleKey)}
      subtitle={id !== null ? store.data?.name : undefined}
      actions={
        id !== null && (
          <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={paths.vendor.storeStoreInfo.getHref({ id })}>
            {store.data?.name ?? t(`${NS}:common.backToList`)}
          </Button>
        )
      }
    >
      {id === null ? (
        <MissingId backHref={paths.vendor.store.getHref()} />
      ) : (
        <OrdersList preset={vendorOrders} fixedFilter={{ store_id: id }} getDetailHref={(orderId) => paths.vendor.orderDetail.getHref({ id: orderId })} />
      )}
    </Page>
  );
}
