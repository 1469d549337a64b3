import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '@app/shared/format';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { toId, useListParams } from '@/components/list/use-list-params';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { indiaToday, presetRange, RANGE_PRESETS, validDate, type RangePreset } from '@/lib/india-date-range';
import { notify } from '@/lib/notify';
import { exportStatementCsv, useParties, useStatement, type Party, type StatementQuery } from '@/data/statements';
import { statementsEn } from '../locales/en';
import { StatementEntries } from './statement-entries';
import { StatementSummary } from './statement-summary';

addTranslations('statements', statementsEn);

// Printing shows the statement only: the app bar, the navigation and the controls stay on screen.
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.MuiAppBar-root, nav, .MuiDrawer-root, [data-print="hide"]': { display: 'none !important' },
        'main#main-content': { padding: '0 !important' },
        '[data-print="plain"]': { border: 'none !important', boxShadow: 'none !important' },
        body: { background: '#fff !important' },
      },
    }}
  />
);

/**
 * A statement for dates (India time, inclusive): opening balance, credits, payouts,
 * adjustments, closing balance over the whole period, and its entries between, a page at a
 * time. The vendor and the driver see their own; the admin picks anyone. Dates and party
 * live in the URL; printable; CSV of every entry.
 */
export function StatementView({ audience }: { audience: 'admin' | 'vendor' | 'driver' }) {
  const { t } = useTranslation('statements');
  const params = useListParams(['from', 'to', 'vendor', 'driver']);
  const defaults = presetRange('thisMonth');
  const from = validDate(params.get('from')) ?? defaults.from;
  const to = validDate(params.get('to')) ?? defaults.to;
  const vendorId = audience === 'admin' ? (toId(params.get('vendor')) ?? undefined) : undefined;
  const driverId = audience === 'admin' && !vendorId ? (toId(params.get('driver')) ?? undefined) : undefined;
  const needsParty = audience === 'admin' && !vendorId && !driverId;
  const badRange = from > to;

  const query: StatementQuery = { from, to, ...(vendorId ? { vendor_id: vendorId } : {}), ...(driverId ? { driver_id: driverId } : {}) };
  const statement = useStatement(query, !needsParty && !badRange);
  const pages = statement.data?.pages ?? [];
  const first = pages[0];
  const parties = useParties(audience === 'admin');
  const [exporting, setExporting] = useState(false);

  const update = params.set;

  const applyPreset = (preset: RangePreset) => {
    const range = presetRange(preset);
    update({ from: range.from, to: range.to });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportStatementCsv(query);
      notify.success(t('exported'));
    } catch (error) {
      notify.error(t('exportFailed', { detail: error instanceof ApiError ? error.detail : String(error) }));
    } finally {
      setExporting(false);
    }
  };

  const selected = parties.data?.find((p) => (vendorId ? p.kind === 'vendor' && p.id === vendorId : p.kind === 'driver' && p.id === driverId)) ?? null;

  return (
    <Stack spacing={3}>
      {printStyles}
      <Paper variant="outlined" data-print="hide" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack spacing={2}>
          {audience === 'admin' && (
            <Autocomplete<Party>
              options={parties.data ?? []}
              loading={parties.isPending}
              value={selected}
              onChange={(_, party) => update({ vendor: party?.kind === 'vendor' ? String(party.id) : null, driver: party?.kind === 'driver' ? String(party.id) : null })}
              groupBy={(party) => (party.kind === 'vendor' ? t('partyVendor') : t('partyDriver'))}
              getOptionLabel={(party) => party.name}
              getOptionKey={(party) => `${party.kind}-${party.id}`}
              isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
              renderInput={(input) => <TextField {...input} label={t('party')} helperText={t('partyHint')} />}
              sx={{ maxWidth: 480 }}
            />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label={t('from')}
              value={from}
              onChange={(event) => update({ from: validDate(event.target.value) })}
              error={badRange}
              helperText={badRange ? t('badRange') : undefined}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: indiaToday() } }}
            />
            <TextField
              type="date"
              label={t('to')}
              value={to}
              onChange={(event) => update({ to: validDate(event.target.value) })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: indiaToday() } }}
            />
          </Stack>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} role="group" aria-label={t('presets.label')}>
            {RANGE_PRESETS.map((preset) => (
              <Button key={preset} size="small" variant="outlined" onClick={() => applyPreset(preset)}>
                {t(`presets.${preset}`)}
              </Button>
            ))}
            <Box sx={{ flexGrow: 1 }} />
            <Button startIcon={<PrintOutlinedIcon />} onClick={() => window.print()} disabled={!first}>
              {t('print')}
            </Button>
            <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => void exportCsv()} loading={exporting} disabled={!first}>
              {t('exportCsv')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {needsParty ? (
        <EmptyState icon={<PersonSearchOutlinedIcon fontSize="inherit" />} title={t('pickParty')} description={t('pickPartyHint')} />
      ) : badRange ? null : statement.isPending ? (
        <Skeleton variant="rounded" height={320} aria-hidden />
      ) : statement.isError ? (
        <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />
      ) : !first ? null : (
        <Paper variant="outlined" data-print="plain" data-testid="statement" sx={{ p: { xs: 1.5, sm: 3 }, opacity: statement.isPlaceholderData ? 0.6 : 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.35rem' }}>
            {t('heading', { name: first.statement.name })}
          </Typography>
          <Typography color="text.secondary">
            {first.statement.from
              ? t('period', { from: formatDate(first.statement.from), to: formatDate(first.statement.to) })
              : t('periodFromStart', { to: formatDate(first.statement.to) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: 'none', '@media print': { display: 'block' } }}>
            {t('generated', { time: formatDateTime(new Date()) })}
          </Typography>
          <StatementSummary statement={first.statement} />
          <StatementEntries
            statement={first.statement}
            entries={pages.flatMap((page) => page.statement.entries)}
            total={first.total}
            hasMore={statement.hasNextPage}
            loadingMore={statement.isFetchingNextPage}
            onLoadMore={() => void statement.fetchNextPage()}
          />
        </Paper>
      )}
    </Stack>
  );
}
