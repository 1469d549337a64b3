import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { styled, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@app/shared/format';
import { ORDER_STATUSES } from '@app/shared/order-status';
import { ORDER_STATUS_DISPLAY } from '@app/shared/order-status-display';
import type { OrderCounts } from '@app/shared/schemas/orders';
import { TabBar } from '@/components/tabs/tab-bar';
import { useOrderStatusLabel } from '@/components/status/order-status-chip';

/**
 * One tab per status with how many orders are in it; the admin's own statuses stand out.
 * From `md` up the tabs wrap onto a second row instead of scrolling: eleven tabs do not fit
 * one row beside the drawer (1366 px), and tabs behind a scroll arrow go unseen. On a phone
 * the bar scrolls sideways.
 */
export function OrderStatusTabs({ value, counts, onChange }: { value: string; counts: OrderCounts | undefined; onChange: (status: string) => void }) {
  const { t } = useTranslation('orders');
  const theme = useTheme();
  // Read at the first render (noSsr), so the bar does not change its layout once mounted.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const statusLabel = useOrderStatusLabel();
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;
  const items = [
    { value: '', label: <TabLabel label={t('status.all')} count={all} /> },
    ...ORDER_STATUSES.map((s) => ({
      value: s as string,
      label: <TabLabel label={statusLabel(s)} count={counts?.[s] ?? null} highlight={ORDER_STATUS_DISPLAY[s].nextActor === 'admin'} />,
    })),
  ];
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <TabBar value={value} items={items} onChange={onChange} layout={wide ? 'wrap' : 'scroll'} label={t('filters.status')} />
    </Paper>
  );
}

// Static styles, serialised once for the eleven tabs rather than at each tab's render.
const Label = styled('span')({ display: 'inline-flex', alignItems: 'center', gap: 8 });
const Count = styled('span')({
  minWidth: 20,
  padding: '0 6px',
  borderRadius: 10,
  fontSize: '0.75rem',
  fontWeight: 600,
  lineHeight: '20px',
  textAlign: 'center',
  backgroundColor: 'var(--mui-palette-action-selected)',
  color: 'var(--mui-palette-text-primary)',
  '&[data-urgent]': { backgroundColor: 'var(--mui-palette-error-main)', color: 'var(--mui-palette-error-contrastText)' },
});

function TabLabel({ label, count, highlight }: { label: string; count: number | null; highlight?: boolean }) {
  const urgent = !!highlight && (count ?? 0) > 0;
  return (
    <Label>
      <span>{label}</span>
      {count === null ? (
        <Skeleton variant="rounded" width={22} height={18} />
      ) : (
        // Part of the tab's name, so a screen reader says how many wait.
        <Count data-urgent={urgent || undefined}>{formatCount(count)}</Count>
      )}
    </Label>
  );
}
