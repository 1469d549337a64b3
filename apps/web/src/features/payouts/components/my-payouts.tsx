import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { useTranslation } from 'react-i18next';
import { CardResults } from '@/components/list/card-results';
import { addTranslations } from '@/lib/i18n';
import type { Payout } from '@app/shared/schemas/money';
import { usePayoutsPages } from '@/data/payouts';
import { payoutsEn } from '../locales/en';
import { DecidePayoutDialog } from './decide-payout-dialog';
import { PayoutsTable } from './payouts-table';

addTranslations('payouts', payoutsEn);

/** The signed-in vendor's or driver's payouts, newest first; a request still open may be cancelled. */
export function MyPayouts() {
  const { t } = useTranslation('payouts');
  const payouts = usePayoutsPages({}, 10);
  const [cancelling, setCancelling] = useState<Payout | null>(null);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-payouts-heading">
      <Box sx={{ p: { xs: 2, sm: 3 }, pb: 1 }}>
        <Typography id="my-payouts-heading" variant="h2">
          {t('mine')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('mineHint')}
        </Typography>
      </Box>
      <CardResults query={payouts} skeletonHeight={120} empty={{ icon: <PaymentsOutlinedIcon fontSize="inherit" />, title: t('empty.mine'), description: t('empty.mineHint') }}>
        {(rows) => (
          <PayoutsTable
            rows={rows}
            labelledBy="my-payouts-heading"
            actionsOf={(payout) =>
              payout.status === 'requested' && (
                <Button size="small" color="error" onClick={() => setCancelling(payout)}>
                  {t('actions.cancel')}
                </Button>
              )
            }
          />
        )}
      </CardResults>
      {cancelling && <DecidePayoutDialog payout={cancelling} kind="cancel" onClose={() => setCancelling(null)} />}
    </Paper>
  );
}
