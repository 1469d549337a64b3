import Button from '@mui/material/Button';
import AddBoxOutlinedIcon from '@mui/icons-material/AddBoxOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { householdOrders } from '@/features/orders/components/order-list-presets';
import { OrdersList } from '@/features/orders/components/orders-list';
import { ordersEn } from '@/features/orders/locales/en';
import { addTranslations } from '@/lib/i18n';

addTranslations('orders', ordersEn);

const orderHref = (id: number) => paths.household.orderDetail.getHref({ id });

/** /Household/Orders (design.md section 21): the household's pickups, with status, amount and receipt number. */
export function Component() {
  const { t } = useTranslation(['pages', 'orders']);
  const book = (
    <Button component={RouterLink} to={paths.household.book.getHref()} nativeButton={false} variant="contained" startIcon={<AddBoxOutlinedIcon />}>
      {t('orders:householdOrder.book')}
    </Button>
  );
  return (
    <Page title={t('pages:household.orders.title')} subtitle={t('pages:household.orders.summary')} actions={book}>
      <OrdersList
        preset={householdOrders}
        getDetailHref={orderHref}
        emptyAction={book}
        texts={{ emptyTitle: t('orders:householdOrder.empty'), emptyDescription: t('orders:householdOrder.emptyHint'), searchPlaceholder: t('orders:householdOrder.search') }}
      />
    </Page>
  );
}
