import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { RequestPayoutButton } from '@/features/payouts/components/request-payout-dialog';
import { MyPayouts } from '@/features/payouts/components/my-payouts';
import { WalletView } from '@/features/wallets/components/wallet-view';

// The driver's earnings: balance and what is available, "Request payout", its payouts, the ledger.
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('driver.earnings.title')} subtitle={t('driver.earnings.summary')}>
      <WalletView
        party="driver"
        actions={(wallet) => wallet && <RequestPayoutButton available={wallet.available} />}
        statementHref={paths.driver.earningsStatement.getHref()}
        orderHref={(id) => paths.driver.orderDetail.getHref({ id })}
        emptyActionHref={paths.driver.home.getHref()}
      >
        <MyPayouts />
      </WalletView>
    </Page>
  );
}
