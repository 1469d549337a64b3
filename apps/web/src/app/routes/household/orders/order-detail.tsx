import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { HouseholdOrderView } from '@/features/orders/components/household-order-view';
import { MissingOrderId, useOrderIdParam } from '@/features/orders/components/order-id-param';

/** /Household/Orders/OrderDetail?id= (design.md section 21): one pickup of the household's. */
export function Component() {
  const { t } = useTranslation('pages');
  const id = useOrderIdParam();
  return (
    <Page title={t('household.orderDetail.title')} maxWidth={760}>
      {id === null ? <MissingOrderId listHref={paths.household.orders.getHref()} /> : <HouseholdOrderView orderId={id} />}
    </Page>
  );
}
