import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@app/shared/format';
import { LabelledAmount } from '@/components/labelled-amount';
import { ErrorState } from '@/components/page-states/error-state';
import { addTranslations } from '@/lib/i18n';
import { useWallet, type WalletParty, type WalletSummary } from '@/data/wallets';
import { walletsEn } from '../locales/en';
import { LedgerTable } from './ledger-table';

addTranslations('wallets', walletsEn);

export interface WalletViewProps {
  party: WalletParty;
  /** Buttons beside the balance (the route adds "Request payout"); given the wallet, null before the first credit. */
  actions?: (wallet: WalletSummary | null) => ReactNode;
  /** The statement page of this wallet. */
  statementHref: string;
  orderHref: (orderId: number) => string;
  /** Where the empty ledger sends the person (orders, pickups). */
  emptyActionHref: string;
  /** Shown between the balance and the ledger (the payouts list). */
  children?: ReactNode;
}

/** A vendor's wallet or a driver's earnings: balance, what is available, the ledger in pages. */
export function WalletView({ party, actions, statementHref, orderHref, emptyActionHref, children }: WalletViewProps) {
  const { t } = useTranslation('wallets');
  const wallet = useWallet(party);
  const vendor = party === 'vendor';

  if (wallet.isPending) {
    return (
      <Stack spacing={2} aria-hidden>
        <Skeleton variant="rounded" height={140} sx={{ maxWidth: 520 }} />
        <Skeleton variant="rounded" height={300} />
      </Stack>
    );
  }
  if (wallet.isError) return <ErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />;
  const data = wallet.data;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 520 }}>
        <Typography color="text.secondary">{vendor ? t('balance') : t('earningsBalance')}</Typography>
        <Typography
          variant="h2"
          component="p"
          sx={{ fontSize: '2rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          data-testid={vendor ? 'wallet-balance' : 'earnings-balance'}
        >
          {formatCurrency(data?.balance ?? 0)}
        </Typography>
        {data ? (
          <Typography sx={{ fontWeight: 600 }} title={t('availableHint')} data-testid="wallet-available">
            <LabelledAmount label={t('available')} amount={formatCurrency(data.available)} />
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {data ? (vendor ? t('balanceHint') : t('earningsBalanceHint')) : vendor ? t('noWallet') : t('noEarnings')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          {actions?.(data)}
          <Button component={RouterLink} to={statementHref} nativeButton={false} startIcon={<ReceiptLongOutlinedIcon />}>
            {t('statement')}
          </Button>
        </Stack>
      </Paper>
      {children}
      <LedgerTable
        orderHref={orderHref}
        emptyHint={vendor ? t('emptyHint') : t('emptyHintDriver')}
        listTestId={vendor ? 'wallet-list' : 'earnings-list'}
        emptyAction={
          <Button component={RouterLink} to={emptyActionHref} nativeButton={false} variant="contained">
            {vendor ? t('toOrders') : t('toPickups')}
          </Button>
        }
      />
    </Stack>
  );
}
