import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime, formatOrderNumber } from '@app/shared/format';
import { WALLET_TRANSACTIONS_MAX } from '@app/shared/schemas/wallets';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { useVendorWallet } from '../api/get-wallets';
import { walletsEn } from '../locales/en';

addTranslations('wallets', walletsEn);

/** The vendor's wallet: the balance, and one row per credited order (newest first). */
export function VendorWalletView() {
  const { t } = useTranslation('wallets');
  const wallet = useVendorWallet();
  const [newestFirst, setNewestFirst] = useState(true);

  if (wallet.isPending) {
    return (
      <Stack spacing={2} aria-hidden>
        <Skeleton variant="rounded" height={110} sx={{ maxWidth: 420 }} />
        <Skeleton variant="rounded" height={300} />
      </Stack>
    );
  }
  if (wallet.isError) return <ErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />;

  const balance = wallet.data?.balance ?? 0;
  const rows = [...(wallet.data?.transactions ?? [])].sort((a, b) =>
    newestFirst ? b.created_at.localeCompare(a.created_at) : a.created_at.localeCompare(b.created_at),
  );

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 420 }}>
        <Typography color="text.secondary">{t('balance')}</Typography>
        <Typography variant="h2" component="p" sx={{ fontSize: '2rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="wallet-balance">
          {formatCurrency(balance)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {wallet.data ? t('balanceHint') : t('noWallet')}
        </Typography>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="transactions-heading">
        <Stack direction="row" sx={{ p: { xs: 2, sm: 3 }, pb: 1, justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography id="transactions-heading" variant="h2">
            {t('transactions')}
          </Typography>
          {rows.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('count', { count: rows.length })}
            </Typography>
          )}
        </Stack>
        {rows.length === 0 ? (
          <EmptyState
            icon={<AccountBalanceWalletOutlinedIcon fontSize="inherit" />}
            title={t('empty')}
            description={t('emptyHint')}
            action={
              <Button component={RouterLink} to={paths.vendor.orders.getHref()} variant="contained">
                {t('toOrders')}
              </Button>
            }
          />
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby="transactions-heading">
              <TableHead>
                <TableRow>
                  <TableCell>{t('order')}</TableCell>
                  <TableCell sortDirection={newestFirst ? 'desc' : 'asc'}>
                    <TableSortLabel active direction={newestFirst ? 'desc' : 'asc'} onClick={() => setNewestFirst((v) => !v)}>
                      {t('date')}
                    </TableSortLabel>
                  </TableCell>
                  <TableCell align="right">{t('amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((tx) => (
                  <TableRow key={`${tx.order_id}-${tx.created_at}`} hover>
                    <TableCell>
                      <Link component={RouterLink} to={paths.vendor.orderDetail.getHref({ id: tx.order_id })} sx={{ fontWeight: 600 }}>
                        {formatOrderNumber(tx.order_id)}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(tx.created_at)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                      {formatCurrency(tx.amount)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {rows.length >= WALLET_TRANSACTIONS_MAX && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {t('showing', { count: rows.length })}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
