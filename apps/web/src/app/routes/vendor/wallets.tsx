import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { VendorWalletView } from '@/features/wallets/components/vendor-wallet';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('vendor.wallets.title')} subtitle={t('vendor.wallets.summary')}>
      <VendorWalletView />
    </Page>
  );
}
