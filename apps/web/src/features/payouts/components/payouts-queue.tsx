import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYOUT_STATUSES, type Payout, type PayoutStatus } from '@app/shared/schemas/money';
import { CardResults } from '@/components/list/card-results';
import { getAllPayouts, usePayoutsPages, type PayoutsFilter } from '@/data/payouts';
import { ApiError } from '@/lib/api-error';
import { todayStamp } from '@/lib/download-file';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { TabBar } from '@/components/tabs/tab-bar';
import { payoutsEn } from '../locales/en';
import { saveCsv, toCsv } from '../utils/csv';
import { DecidePayoutDialog, type DecisionKind } from './decide-payout-dialog';
import { PayoutsTable } from './payouts-table';

addTranslations('payouts', payoutsEn);

const ALL = 'all';
const TABS = [...PAYOUT_STATUSES, ALL] as const;
type TabKey = (typeof TABS)[number];
const PAGE_SIZE = 25;

function tabOf(value: string | null): TabKey {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as TabKey) : 'requested';
}

/** The admin's payouts: a tab per status (requests first), mark paid with the bank reference, reject with a reason, CSV. */
export function PayoutsQueue() {
  const { t } = useTranslation('payouts');
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('status'));
  const filter: PayoutsFilter = tab === ALL ? {} : { status: tab as PayoutStatus };
  const payouts = usePayoutsPages(filter, PAGE_SIZE);
  const [deciding, setDeciding] = useState<{ payout: Payout; kind: DecisionKind } | null>(null);
  const [exporting, setExporting] = useState(false);
  const rows = payouts.data?.pages.flatMap((page) => page.items) ?? [];
  const total = payouts.data?.pages[0]?.total ?? null;

  const payeeOf = (payout: Payout) => (payout.vendor_id ? t('payee.vendor', { name: payout.payee_name }) : t('payee.driver', { name: payout.payee_name }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await getAllPayouts(filter);
      const header = (['id', 'status', 'amount', 'payee', 'vendor_id', 'driver_id', 'note', 'reference', 'reason', 'created_at', 'decided_at'] as const).map((key) => t(`csv.${key}`));
      const csv = toCsv(
        header,
        all.map((p) => [p.id, p.status, p.amount, payeeOf(p), p.vendor_id, p.driver_id, p.note, p.reference, p.reason, p.created_at, p.decided_at]),
      );
      saveCsv(`payouts-${tab}-${todayStamp()}.csv`, csv);
      notify.success(t('exported', { count: all.length }));
    } catch (error) {
      notify.error(t('exportFailed', { detail: error instanceof ApiError ? error.detail : String(error) }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="payouts-heading">
      <Stack direction="row" sx={{ px: { xs: 2, sm: 3 }, pt: 2, justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="payouts-heading" variant="h2">
            {t(`status.${tab}`)}
          </Typography>
          {total !== null && rows.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('count', { shown: rows.length, count: total })}
            </Typography>
          )}
        </Box>
        <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => void exportCsv()} loading={exporting} disabled={rows.length === 0}>
          {t('actions.exportCsv')}
        </Button>
      </Stack>
      <TabBar
        value={tab}
        onChange={(value) => setParams(value === 'requested' ? {} : { status: value }, { replace: true })}
        label={t('fields.status')}
        items={TABS.map((key) => ({ value: key, label: t(`status.${key}`) }))}
        sx={{ px: { xs: 1, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}
      />
      <CardResults query={payouts} skeletonHeight={240} empty={{ icon: <PaymentsOutlinedIcon fontSize="inherit" />, title: t('empty.queue'), description: tab === 'requested' ? t('empty.queueRequested') : t('empty.queueOther') }}>
        {(loaded) => (
          <PayoutsTable
            rows={loaded}
            labelledBy="payouts-heading"
            payeeOf={payeeOf}
            actionsOf={(payout) =>
              payout.status === 'requested' && (
                <>
                  <Button size="small" variant="contained" color="success" onClick={() => setDeciding({ payout, kind: 'approve' })}>
                    {t('actions.approve')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setDeciding({ payout, kind: 'reject' })}>
                    {t('actions.reject')}
                  </Button>
                </>
              )
            }
          />
        )}
      </CardResults>
      {deciding && <DecidePayoutDialog payout={deciding.payout} kind={deciding.kind} payee={payeeOf(deciding.payout)} onClose={() => setDeciding(null)} />}
    </Paper>
  );
}
