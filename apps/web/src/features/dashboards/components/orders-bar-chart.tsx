import { useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CHART_COLOR, type ChartGroup, type ChartMetric } from '@app/shared/constants';
import { formatCompactRupees, formatInteger, formatPeriodLabel } from '@app/shared/format';
import { rovingStep } from '@/lib/use-roving-focus';
import { visuallyHidden } from '@/lib/visually-hidden';
import { chartTicks } from '../utils/chart-axis';

export interface OrdersBarChartProps {
  data: ReadonlyArray<{ period: string; value: number }>;
  group: ChartGroup;
  metric: ChartMetric;
  label: string;
  format: (value: number | null) => string;
}

// As tall as the skeleton before it (orders-chart.tsx): nothing below moves when it comes.
const CHART_HEIGHT = 300;
// Period labels shown under the bars at most: every bar's on a wide chart of a year, every
// other month's or every fifth day's on a phone (a container query, no measuring).
const LABELS_WIDE = 12;
const LABELS_NARROW = 6;
const NARROW = '@container (max-width: 599.95px)';

/**
 * The bars of the orders chart, drawn as plain SVG and HTML (decision 056): the y axis's
 * ticks, a bar per period in the spec's colour, the periods under them. Touching or pointing
 * at a bar names its period and value above the plot; from the keyboard the chart is one tab
 * stop whose arrows, Home and End walk the bars the same way. The same figures are in a table
 * for screen readers.
 */
export function OrdersBarChart({ data, group, metric, label, format }: OrdersBarChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const ticks = chartTicks(Math.max(0, ...data.map((bucket) => bucket.value)), metric === 'count');
  const top = ticks.at(-1)!;
  const bars = data.map((bucket) => ({ label: formatPeriodLabel(bucket.period, group), value: bucket.value }));
  const tickLabel = (value: number) => (metric === 'vendor_amount' ? formatCompactRupees(value) : formatInteger(value));
  const stepWide = Math.ceil(bars.length / LABELS_WIDE);
  const stepNarrow = Math.ceil(bars.length / LABELS_NARROW);
  const chosen = active === null ? null : bars[active];
  const at = (index: number) => `${((index + 0.5) / bars.length) * 100}%`;
  // A lifted finger "leaves" too (Chrome then sends the click that sets the line again): only a
  // mouse moving away clears it, whatever order a browser sends those in.
  const leave = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') setActive(null);
  };
  // The app's one keyboard map, without wrapping: the bars are a time line.
  const walk = (event: KeyboardEvent<HTMLElement>) => {
    // A range with fewer bars than the last one may leave the named bar past the end.
    const to = rovingStep(event.key, Math.min(active ?? bars.length - 1, bars.length - 1), bars.length, { wrap: false });
    if (to === null) return;
    event.preventDefault();
    setActive(to);
  };
  // The latest period is named when the keyboard arrives; the arrows go on from there.
  const arrive = (event: FocusEvent<HTMLElement>) => {
    if (event.target === event.currentTarget && (active === null || active >= bars.length) && bars.length > 0) setActive(bars.length - 1);
  };

  return (
    <Box
      role="group"
      aria-label={label}
      tabIndex={0}
      onKeyDown={walk}
      onFocus={arrive}
      onPointerLeave={leave}
      sx={{ containerType: 'inline-size', height: CHART_HEIGHT, display: 'flex', flexDirection: 'column', borderRadius: 1, '&:focus-visible': { outline: (theme) => `2px solid ${theme.palette.primary.main}`, outlineOffset: 4 } }}
    >
      <Typography variant="body2" aria-live="polite" sx={{ minHeight: '1.5em', mb: 0.5, fontWeight: 600 }}>
        {chosen ? `${chosen.label}: ${format(chosen.value)}` : ''}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: `${metric === 'vendor_amount' ? 48 : 32}px 1fr`, gridTemplateRows: '1fr 24px', columnGap: 1, flex: 1, minHeight: 0, pt: 1 }} aria-hidden>
        <Box sx={{ position: 'relative' }}>
          {ticks.map((tick) => (
            // Where a label sits depends on the data: inline, so that every label shares one rule (not a rule per position, compiled as the answer draws).
            <Typography key={tick} component="span" style={{ top: `${(1 - tick / top) * 100}%` }} sx={{ position: 'absolute', right: 0, transform: 'translateY(-50%)', fontSize: 11, color: 'text.secondary', lineHeight: 1 }}>
              {tickLabel(tick)}
            </Typography>
          ))}
        </Box>
        <Box component="svg" sx={{ width: '100%', height: '100%', overflow: 'visible', display: 'block' }}>
          {ticks.map((tick) => (
            <Box component="line" key={tick} x1="0" x2="100%" y1={`${(1 - tick / top) * 100}%`} y2={`${(1 - tick / top) * 100}%`} sx={{ stroke: (theme) => theme.palette.divider }} />
          ))}
          {bars.map((bar, index) => (
            <g key={bar.label} onPointerEnter={() => setActive(index)} onClick={() => setActive(index)}>
              {/* The whole column answers a touch, not only a bar that may be a few pixels tall. */}
              <rect x={`${(index / bars.length) * 100}%`} width={`${100 / bars.length}%`} y="0" height="100%" fill="transparent" />
              <rect
                x={`${((index + 0.15) / bars.length) * 100}%`}
                width={`${(0.7 / bars.length) * 100}%`}
                y={`${(1 - bar.value / top) * 100}%`}
                height={`${(bar.value / top) * 100}%`}
                rx="3"
                fill={CHART_COLOR}
                opacity={active === null || active === index ? 1 : 0.55}
              />
            </g>
          ))}
        </Box>
        <span />
        <Box sx={{ position: 'relative' }}>
          {bars.map((bar, index) => (
            <Typography
              key={bar.label}
              component="span"
              style={{ left: at(index) }}
              sx={{
                position: 'absolute',
                top: 6,
                transform: 'translateX(-50%)',
                fontSize: 11,
                whiteSpace: 'nowrap',
                color: 'text.secondary',
                display: index % stepWide === 0 ? 'block' : 'none',
                [NARROW]: { display: index % stepNarrow === 0 ? 'block' : 'none' },
              }}
            >
              {bar.label}
            </Typography>
          ))}
        </Box>
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{label}</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>{format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
