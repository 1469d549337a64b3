import Button from '@mui/material/Button';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { WelcomePage } from '@/components/page/welcome-page';
import { paths } from '@/config/paths';
import { StoreDashboard } from '@/features/orders/components/store-dashboard';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '@/features/orders/locales/en';

addTranslations('orders', ordersEn);

/** /Store/Home: welcome, counts by status, the latest orders, "Create order". */
export function Component() {
  const { t } = useTranslation('orders');
  const { t: tPages } = useTranslation('pages');
  return (
    <WelcomePage pageTitle={tPages('store.home.title')}>
      <StoreDashboard
        createAction={
          <Button
            component={RouterLink}
            to={paths.store.createOrder.getHref()}
            nativeButton={false}
            variant="contained"
            size="large"
            startIcon={<AddShoppingCartIcon />}
            sx={{ py: 1.5, px: 4, fontSize: '1.05rem' }}
          >
            {t('home.create')}
          </Button>
        }
        listHref={(status) => paths.store.orders.getHref({ status })}
      />
    </WelcomePage>
  );
}
