import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export interface Stat {
  label: string;
  value: ReactNode;
  /** A link (`href`) or a button (`onClick`) under the number. */
  action?: { label: string; href: string } | { label: string; onClick: () => void };
  /** The whole width on a phone; the others stand two by two. */
  wide?: boolean;
}

/** A number card (counts, balances). */
function StatCard({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'background.paper', height: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h2" component="p" sx={{ mt: 0.5 }}>
        {value}
      </Typography>
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}

function StatAction({ action }: { action: NonNullable<Stat['action']> }) {
  if ('href' in action) {
    return (
      <Button size="small" component={RouterLink} to={action.href}>
        {action.label}
      </Button>
    );
  }
  return (
    <Button size="small" onClick={action.onClick}>
      {action.label}
    </Button>
  );
}

/** A row of number cards at the head of a page; `from` is the breakpoint where they stand in one row. */
export function StatCards({ stats, from = 'sm' }: { stats: readonly Stat[]; from?: 'sm' | 'md' }) {
  return (
    <Grid container spacing={2}>
      {stats.map((stat) => (
        <Grid key={stat.label} size={{ xs: stat.wide ? 12 : 6, [from]: 12 / stats.length }}>
          <StatCard label={stat.label} value={stat.value} action={stat.action && <StatAction action={stat.action} />} />
        </Grid>
      ))}
    </Grid>
  );
}
