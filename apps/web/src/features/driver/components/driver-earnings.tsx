import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime, formatOrderNumber } from '@app/shared/format';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { useDriverEarnings } from '../api/get-driver-earnings';
import { driverEn } from '../locales/en';

addTranslations('driver', driverEn);

/** The driver's balance and one line per completed pickup (newest first). */
export function DriverEarnings() {
  const { t } = useTranslation('driver');
  const earnings = useDriverEarnings();
  if (earnings.isPending) {
    return (
      <Stack spacing={2} aria-hidden>
        <Skeleton variant="rounded" height={110} />
        <Skeleton variant="rounded" height={260} />
      </Stack>
    );
  }
  if (earnings.isError) return <ErrorState error={earnings.error} onRetry={() => void earnings.refetch()} />;
  const balance = earnings.data?.balance ?? 0;
  const transactions = [...(earnings.data?.transactions ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary">{t('earnings.balance')}</Typography>
        <Typography variant="h2" component="p" sx={{ fontSize: '2rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="earnings-balance">
          {formatCurrency(balance)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('earnings.balanceHint')}
        </Typography>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="earnings-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="earnings-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
          {t('earnings.list')}
        </Typography>
        {transactions.length === 0 ? (
          <EmptyState
            icon={<SavingsOutlinedIcon fontSize="inherit" />}
            title={t('earnings.empty')}
            description={t('earnings.emptyHint')}
            action={
              <Button component={RouterLink} to={paths.driver.home.getHref()} variant="contained">
                {t('earnings.toPickups')}
              </Button>
            }
          />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('earnings.count', { count: transactions.length })}
            </Typography>
            <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="earnings-list">
              {transactions.map((tx) => (
                <Stack component="li" key={`${tx.order_id}-${tx.created_at}`} direction="row" sx={{ py: 1.25, justifyContent: 'space-between', alignItems: 'center' }}>
                  <Box>
                    <Link component={RouterLink} to={paths.driver.orderDetail.getHref({ id: tx.order_id })} sx={{ fontWeight: 600 }}>
                      {formatOrderNumber(tx.order_id)}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {formatDateTime(tx.created_at)}
                    </Typography>
                  </Box>
                  <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{formatCurrency(tx.amount)}</Typography>
                </Stack>
              ))}
            </Stack>
          </>
        )}
      </Paper>
    </Stack>
  );
}
