import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { WelcomePage } from '@/components/page/welcome-page';
import { OrdersChart } from '@/features/dashboards/components/orders-chart';
import { VendorKpis } from '@/features/dashboards/components/vendor-kpis';
import { useVendorWallet } from '@/data/wallets';

// The vendor's home: the numbers of the month, the wallet balance, and the charts.
export function Component() {
  const { t } = useTranslation('pages');
  const wallet = useVendorWallet();
  return (
    <WelcomePage pageTitle={t('vendor.home.title')} subtitle={t('vendor.home.summary')}>
      <Stack spacing={3}>
        <VendorKpis wallet={{ balance: wallet.data?.balance ?? null, loading: wallet.isPending, error: wallet.error }} />
        <OrdersChart />
      </Stack>
    </WelcomePage>
  );
}
