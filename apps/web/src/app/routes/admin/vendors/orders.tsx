import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { useVendor } from '@/data/partners';
import { MissingId, useIdParam } from '@/features/partners/components/id-param';
import { NS } from '@/features/partners/i18n';
import { adminOrders } from '@/features/orders/components/order-list-presets';
import { OrdersList } from '@/features/orders/components/orders-list';
import { ordersEn } from '@/features/orders/locales/en';
import { addTranslations } from '@/lib/i18n';

addTranslations('orders', ordersEn);

// /Admin/Vendors/Orders?id=: one vendor's orders.
export function Component() {
  const { t } = useTranslation(['pages', NS, 'common']);
  const id = useIdParam();
  const vendor = useVendor(id ?? 0);
  return (
    <Page
      title={t(paths.admin.vendorsOrders.titleKey)}
      subtitle={id !== null ? vendor.data?.company_name : undefined}
      actions={
        id !== null && (
          <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={paths.admin.vendorsStore.getHref({ id })}>
            {vendor.data?.company_name ?? t(`${NS}:common.backToList`)}
          </Button>
        )
      }
    >
      {id === null ? (
        <MissingId backHref={paths.admin.vendors.getHref()} />
      ) : (
        <OrdersList preset={adminOrders} fixedFilter={{ vendor_id: id }} getDetailHref={(orderId) => paths.admin.orderDetail.getHref({ id: orderId })} />
      )}
    </Page>
  );
}
