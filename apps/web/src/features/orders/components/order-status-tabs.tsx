import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab, { tabClasses } from '@mui/material/Tab';
import Tabs, { tabsClasses } from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES } from '@app/shared/order-status';
import { ORDER_STATUS_DISPLAY } from '@app/shared/order-status-display';
import type { OrderCounts } from '@app/shared/schemas/orders';
import { formatCount } from '@/components/list/format-count';
import { useOrderStatusLabel } from '@/components/status/order-status-chip';

/**
 * From `md` up the tabs wrap onto a second row instead of scrolling: eleven tabs do not fit
 * one row beside the drawer (1366 px), and tabs behind a scroll arrow go unseen. The
 * sliding indicator cannot follow a tab to another row, so the chosen tab is underlined by
 * its own inset shadow. On a phone the bar scrolls, with its arrows.
 */
const WRAPPED = {
  [`& .${tabsClasses.list}`]: { flexWrap: 'wrap' },
  [`& .${tabsClasses.indicator}`]: { display: 'none' },
  [`& .${tabClasses.root}`]: { minWidth: 0, px: 1.75 },
  [`& .${tabClasses.selected}`]: { boxShadow: (theme: Theme) => `inset 0 -2px 0 ${theme.palette.primary.main}` },
} as const;

/** One tab per status with how many orders are in it; the admin's own statuses stand out. */
export function OrderStatusTabs({ value, counts, onChange }: { value: string; counts: OrderCounts | undefined; onChange: (status: string) => void }) {
  const { t } = useTranslation('orders');
  const theme = useTheme();
  // Read at the first render (noSsr), so the bar does not change its layout once mounted.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const statusLabel = useOrderStatusLabel();
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <Tabs
        value={value}
        onChange={(_e, next: string) => onChange(next)}
        variant={wide ? 'standard' : 'scrollable'}
        scrollButtons={wide ? false : 'auto'}
        allowScrollButtonsMobile={!wide}
        aria-label={t('filters.status')}
        sx={wide ? WRAPPED : undefined}
      >
        <Tab value="" label={<TabLabel label={t('status.all')} count={all} />} />
        {ORDER_STATUSES.map((s) => (
          <Tab key={s} value={s} label={<TabLabel label={statusLabel(s)} count={counts?.[s] ?? null} highlight={ORDER_STATUS_DISPLAY[s].nextActor === 'admin'} />} />
        ))}
      </Tabs>
    </Paper>
  );
}

function TabLabel({ label, count, highlight }: { label: string; count: number | null; highlight?: boolean }) {
  const urgent = !!highlight && (count ?? 0) > 0;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{label}</span>
      {count === null ? (
        <Skeleton variant="rounded" width={22} height={18} />
      ) : (
        // Part of the tab's name, so a screen reader says how many wait.
        <Box
          component="span"
          sx={{
            minWidth: 20,
            px: 0.75,
            borderRadius: 10,
            fontSize: '0.75rem',
            fontWeight: 600,
            lineHeight: '20px',
            textAlign: 'center',
            bgcolor: urgent ? 'error.main' : 'action.selected',
            color: urgent ? 'error.contrastText' : 'text.primary',
          }}
        >
          {formatCount(count)}
        </Box>
      )}
    </Stack>
  );
}
