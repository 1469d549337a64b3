import { BarChart } from '@mui/x-charts/BarChart';
import { CHART_COLOR, type ChartGroup, type ChartMetric } from '@app/shared/constants';
import { periodLabel } from '../utils/chart-range';

const compactRupees = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

export interface OrdersBarChartProps {
  data: ReadonlyArray<{ period: string; value: number }>;
  group: ChartGroup;
  metric: ChartMetric;
  label: string;
  format: (value: number | null) => string;
}

/** The bars of the orders chart (MUI X), in a module of its own so the library loads on its own. */
export function OrdersBarChart({ data, group, metric, label, format }: OrdersBarChartProps) {
  return (
    <BarChart
      height={300}
      dataset={data.map((b) => ({ period: periodLabel(b.period, group), value: b.value }))}
      xAxis={[{ scaleType: 'band', dataKey: 'period', tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[
        {
          width: metric === 'vendor_amount' ? 56 : 40,
          valueFormatter: (v: number) => (metric === 'vendor_amount' ? compactRupees.format(v) : String(v)),
        },
      ]}
      series={[{ dataKey: 'value', label, color: CHART_COLOR, valueFormatter: format }]}
      hideLegend
      margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
      borderRadius={4}
    />
  );
}
