import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { CHART_COLOR } from '@app/shared/constants';
import { formatCompactRupees, formatCurrency } from '@app/shared/format';
import type { Reconciliation } from '@app/shared/schemas/money';
import { useMaterialName } from '@/data/catalog';

/** The spec's colour for the margin, quieter tints of it for the costs. */
const COLORS = { vendor_amount: '#FFB3BB', driver_amount: '#FF8290', margin: CHART_COLOR } as const;

/** Vendor amount + driver amount + margin per group: each bar stacks to the group's b2c value. Loaded lazily. */
export function ReconciliationChart({ report }: { report: Reconciliation }) {
  const { t } = useTranslation('reconciliation');
  const nameOf = useMaterialName();
  const format = (value: number | null) => (value === null ? '' : formatCurrency(value));
  const series = (['vendor_amount', 'driver_amount', 'margin'] as const).map((key) => ({
    dataKey: key,
    label: t(`columns.${key}`),
    color: COLORS[key],
    stack: 'value',
    valueFormatter: format,
  }));
  return (
    <Box role="figure" aria-label={t('chart.description', { group: t(`groups.${report.group}`) })} data-testid="reconciliation-chart">
      <BarChart
        height={320}
        dataset={report.rows.map((row) => ({ name: report.group === 'material' ? nameOf({ id: row.key, name: row.name }) : row.name, vendor_amount: row.vendor_amount, driver_amount: row.driver_amount, margin: row.margin }))}
        xAxis={[{ scaleType: 'band', dataKey: 'name', tickLabelStyle: { fontSize: 11 } }]}
        yAxis={[{ width: 56, valueFormatter: formatCompactRupees }]}
        series={series}
        margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
      />
    </Box>
  );
}
