import Button from '@mui/material/Button';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { OrdersList } from '@/features/orders/components/orders-list';
import { ordersEn } from '@/features/orders/locales/en';
import { addTranslations } from '@/lib/i18n';

addTranslations('orders', ordersEn);

/** /Store/Orders: the store's orders with status and date filters, search, paging, cancel. */
export function Component() {
  const { t } = useTranslation(['pages', 'orders']);
  const create = (
    <Button component={RouterLink} to={paths.store.createOrder.getHref()} nativeButton={false} variant="contained" startIcon={<AddShoppingCartIcon />}>
      {t('orders:home.create')}
    </Button>
  );
  return (
    <Page title={t('pages:store.orders.title')} subtitle={t('pages:store.orders.summary')} actions={create}>
      <OrdersList audience="store" emptyAction={create} />
    </Page>
  );
}
