import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CHART_METRICS, CHART_RANGE_OPTIONS, type ChartMetric } from '@app/shared/constants';
import { formatCurrency, formatInteger } from '@app/shared/format';
import { DeferredRender } from '@/components/page/deferred-render';
import { ToggleChoice } from '@/components/toggle-choice';
import { ErrorState } from '@/components/page-states/error-state';
import { addTranslations } from '@/lib/i18n';
import { useOrderStats } from '@/data/orders';
import { dashboardsEn } from '../locales/en';
import { rangeStart, type ChartRangeKey } from '../utils/chart-range';
import { OrdersBarChart } from './orders-bar-chart';

addTranslations('dashboards', dashboardsEn);

/** Orders or vendor amounts per month (12, 6, 3 months) or per day (30 days), in the spec's colour. */
export function OrdersChart({ defaultMetric = 'count' }: { defaultMetric?: ChartMetric }) {
  const { t } = useTranslation('dashboards');
  const [range, setRange] = useState<ChartRangeKey>('12m');
  const [metric, setMetric] = useState<ChartMetric>(defaultMetric);
  // The start of the range is fixed per choice (not per render), so the query key is stable.
  const [{ since, group }, setStart] = useState(() => rangeStart('12m'));
  const stats = useOrderStats({ group, metric, since });

  const chooseRange = (key: ChartRangeKey) => {
    setRange(key);
    setStart(rangeStart(key));
  };

  const data = stats.data ?? [];
  const total = data.reduce((sum, b) => sum + b.value, 0);
  const format = (value: number | null) => (value === null ? '' : metric === 'vendor_amount' ? formatCurrency(value) : formatInteger(value));
  const label = metric === 'count' ? t('chart.seriesCount') : t('chart.seriesAmount');

  // The chart renders after each answer's blocking render, in slices (decision 041).
  return (
    <DeferredRender>
      <Paper variant="outlined" component="section" aria-labelledby="orders-chart-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}>
          <div>
            <Typography id="orders-chart-heading" variant="h2">
              {metric === 'count' ? t('chart.title') : t('chart.titleAmount')}
            </Typography>
            {stats.data && (
              <Typography variant="body2" color="text.secondary" data-testid="chart-total">
                {t('chart.total', { value: format(total) })}
              </Typography>
            )}
          </div>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <ToggleChoice value={metric} onChange={setMetric} label={t('chart.metric')} options={CHART_METRICS.map((m) => ({ value: m, label: t(`chart.metrics.${m}`) }))} sx={{ '& .MuiToggleButton-root': { px: 1.5 } }} />
            <ToggleChoice value={range} onChange={chooseRange} label={t('chart.range')} options={CHART_RANGE_OPTIONS.map((o) => ({ value: o.key, label: t(`range.${o.key}`) }))} sx={{ '& .MuiToggleButton-root': { px: 1.25 } }} />
          </Stack>
        </Stack>
        {stats.isError ? (
          <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
        ) : stats.isPending ? (
          <Skeleton variant="rounded" height={300} aria-hidden />
        ) : (
          <Box sx={{ position: 'relative' }}>
            {stats.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-hidden />}
            <Box data-testid="orders-chart" role="figure" aria-label={t('chart.description', { metric: label, group: t(`chart.group.${group}`) })}>
              <OrdersBarChart data={data} group={group} metric={metric} label={label} format={format} />
            </Box>
            {total === 0 && (
              <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
                {t('chart.empty')} — {t('chart.emptyHint')}
              </Typography>
            )}
          </Box>
        )}
      </Paper>
    </DeferredRender>
  );
}
