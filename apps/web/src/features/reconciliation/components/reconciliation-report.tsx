import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import QueryStatsOutlinedIcon from '@mui/icons-material/QueryStatsOutlined';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatWeight } from '@app/shared/format';
import { RECONCILIATION_GROUPS, type LedgerCheck, type Reconciliation, type ReconciliationGroup, type ReconciliationTotals } from '@app/shared/schemas/money';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { useListParams } from '@/components/list/use-list-params';
import { ToggleChoice } from '@/components/toggle-choice';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { indiaToday, presetRange, RANGE_PRESETS, validDate } from '@/lib/india-date-range';
import { notify } from '@/lib/notify';
import { exportReconciliationCsv, useReconciliation, type ReconciliationQuery } from '@/data/reconciliation';
import { reconciliationEn } from '../locales/en';
import { HouseholdPurchases } from './household-purchases';
import { useMaterialName } from '@/data/catalog';
import { importWhenOnline } from '@/lib/import-when-online';

addTranslations('reconciliation', reconciliationEn);

// The charts library is large: it loads with the report, never with the rest of the app.
const ReconciliationChart = lazy(() => importWhenOnline(() => import('./reconciliation-chart')).then((module) => ({ default: module.ReconciliationChart })));

const MONEY_COLUMNS = ['vendor_amount', 'driver_amount', 'b2c_value', 'margin'] as const;
const NUMBER = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

function groupOf(value: string | null): ReconciliationGroup {
  return (RECONCILIATION_GROUPS as readonly string[]).includes(value ?? '') ? (value as ReconciliationGroup) : 'city';
}

/** The admin's reconciliation: completed orders grouped by city, material or vendor, totals, a chart, CSV, and whether the books balance. */
export function ReconciliationReport() {
  const { t } = useTranslation('reconciliation');
  const params = useListParams(['from', 'to', 'group']);
  const defaults = presetRange('thisMonth');
  const query: ReconciliationQuery = {
    from: validDate(params.get('from')) ?? defaults.from,
    to: validDate(params.get('to')) ?? defaults.to,
    group: groupOf(params.get('group')),
  };
  const badRange = query.from > query.to;
  const report = useReconciliation(query, !badRange);
  const [exporting, setExporting] = useState(false);

  const update = params.set;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportReconciliationCsv(query);
      notify.success(t('exported'));
    } catch (error) {
      notify.error(t('exportFailed', { detail: error instanceof ApiError ? error.detail : String(error) }));
    } finally {
      setExporting(false);
    }
  };

  const data = report.data;
  return (
    <Stack spacing={3}>
      {data && <LedgerCheckAlert ledger={data.ledger} />}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <ToggleChoice value={query.group} onChange={(group) => update({ group })} label={t('groupLabel')} options={RECONCILIATION_GROUPS.map((group) => ({ value: group, label: t(`groups.${group}`) }))} sx={{ '& .MuiToggleButton-root': { px: 2 } }} />
            <TextField
              type="date"
              size="small"
              label={t('from')}
              value={query.from}
              onChange={(event) => update({ from: validDate(event.target.value) })}
              error={badRange}
              helperText={badRange ? t('badRange') : undefined}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: indiaToday() } }}
            />
            <TextField
              type="date"
              size="small"
              label={t('to')}
              value={query.to}
              onChange={(event) => update({ to: validDate(event.target.value) })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: indiaToday() } }}
            />
          </Stack>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} role="group" aria-label={t('presets.label')}>
            {RANGE_PRESETS.map((preset) => (
              <Button key={preset} size="small" variant="outlined" onClick={() => update({ ...presetRange(preset) })}>
                {t(`presets.${preset}`)}
              </Button>
            ))}
            <Box sx={{ flexGrow: 1 }} />
            <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => void exportCsv()} loading={exporting} disabled={!data || data.rows.length === 0}>
              {t('exportCsv')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {badRange ? null : report.isPending ? (
        <Skeleton variant="rounded" height={360} aria-hidden />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : data ? (
        <>
          {data.rows.length === 0 ? (
            <Paper variant="outlined">
              <EmptyState icon={<QueryStatsOutlinedIcon fontSize="inherit" />} title={t(data.households.rows.length > 0 ? 'emptyStores' : 'empty')} description={t('emptyHint')} />
            </Paper>
          ) : (
            <VendorSide data={data} dimmed={report.isPlaceholderData} />
          )}
          {/* Beside the vendor side (design.md section 21): households sell at the b2c rate, no vendor is credited. */}
          <HouseholdPurchases purchases={data.households} dimmed={report.isPlaceholderData} />
        </>
      ) : null}
    </Stack>
  );
}

/** Completed store pickups by the chosen group: the table with its totals, and the chart. */
function VendorSide({ data, dimmed }: { data: Reconciliation; dimmed: boolean }) {
  const { t } = useTranslation('reconciliation');
  const nameOf = useMaterialName();
  return (
    <>
      <Paper variant="outlined" component="section" aria-labelledby="reconciliation-table-heading" sx={{ opacity: dimmed ? 0.6 : 1 }}>
        <Typography id="reconciliation-table-heading" variant="h2" sx={{ p: { xs: 2, sm: 2.5 }, pb: 1 }}>
          {t('tableHeading', { group: t(`groups.${data.group}`).toLowerCase() })}
        </Typography>
        <TableContainer>
          <Table size="small" aria-labelledby="reconciliation-table-heading" data-testid="reconciliation-table">
            <TableHead>
              <TableRow>
                <TableCell>{t(`groups.${data.group}`)}</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  {t('columns.orders')}
                </TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  {t('columns.weight')}
                </TableCell>
                {MONEY_COLUMNS.map((column) => (
                  <TableCell key={column} align="right" sx={column === 'b2c_value' || column === 'margin' ? undefined : WIDE_ONLY}>
                    {t(`columns.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((row) => (
                <SumsRow key={row.key} label={data.group === 'material' ? nameOf({ id: row.key, name: row.name }) : row.name} sums={row} />
              ))}
            </TableBody>
            <TableFooter>
              <SumsRow label={t('totals')} sums={data.totals} total />
            </TableFooter>
          </Table>
        </TableContainer>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="reconciliation-chart-heading" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Typography id="reconciliation-chart-heading" variant="h2" sx={{ mb: 1 }}>
          {t('chart.heading')}
        </Typography>
        <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label={t('chart.loading')} />}>
          <ReconciliationChart report={data} />
        </Suspense>
      </Paper>
    </>
  );
}

function SumsRow({ label, sums, total = false }: { label: string; sums: ReconciliationTotals; total?: boolean }) {
  const weight = total ? 700 : undefined;
  const cell = { ...NUMBER, fontWeight: weight, color: total ? 'text.primary' : undefined, fontSize: total ? '0.875rem' : undefined };
  return (
    <TableRow hover={!total} data-testid={total ? 'reconciliation-totals' : undefined}>
      <TableCell sx={{ fontWeight: total ? 700 : 600, color: total ? 'text.primary' : undefined, fontSize: total ? '0.875rem' : undefined }}>{label}</TableCell>
      <TableCell align="right" sx={{ ...cell, ...WIDE_ONLY }}>
        {sums.orders}
      </TableCell>
      <TableCell align="right" sx={{ ...cell, ...WIDE_ONLY }}>
        {formatWeight(sums.weight)}
      </TableCell>
      {MONEY_COLUMNS.map((column) => (
        <TableCell
          key={column}
          align="right"
          sx={{ ...cell, ...(column === 'b2c_value' || column === 'margin' ? {} : WIDE_ONLY), ...(column === 'margin' && sums.margin < 0 ? { color: 'error.main' } : {}) }}
        >
          {formatCurrency(sums[column])}
        </TableCell>
      ))}
    </TableRow>
  );
}

function LedgerCheckAlert({ ledger }: { ledger: LedgerCheck }) {
  const { t } = useTranslation('reconciliation');
  return (
    <Alert severity={ledger.balanced ? 'success' : 'error'} variant={ledger.balanced ? 'outlined' : 'filled'} data-testid="ledger-check" data-balanced={ledger.balanced}>
      <AlertTitle>{t('ledger.heading')}</AlertTitle>
      {ledger.balanced ? t('ledger.balanced') : t('ledger.unbalanced')}
      <Box component="span" sx={{ display: 'block', mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
        {t('ledger.credited')}: {formatCurrency(ledger.credited)} · {t('ledger.paidOut')}: {formatCurrency(ledger.paid_out)} · {t('ledger.balances')}: {formatCurrency(ledger.balances)}
      </Box>
    </Alert>
  );
}
