import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { RequestPayoutButton } from '@/features/payouts/components/request-payout-dialog';
import { MyPayouts } from '@/features/payouts/components/my-payouts';
import { WalletView } from '@/features/wallets/components/wallet-view';

// The vendor's wallet: balance and what is available, "Request payout", its payouts, the ledger.
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('vendor.wallets.title')} subtitle={t('vendor.wallets.summary')}>
      <WalletView
        party="vendor"
        actions={(wallet) => wallet && <RequestPayoutButton available={wallet.available} />}
        statementHref={paths.vendor.walletsStatement.getHref()}
        orderHref={(id) => paths.vendor.orderDetail.getHref({ id })}
        emptyActionHref={paths.vendor.orders.getHref()}
      >
        <MyPayouts />
      </WalletView>
    </Page>
  );
}
