import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export interface KpiCardProps {
  label: string;
  value: ReactNode;
  hint?: string;
  loading?: boolean;
  /** Shown instead of the value when it could not be loaded. */
  error?: string | null;
  link?: { to: string; label: string };
  emphasis?: boolean;
  testId?: string;
  /** The page's first figure: when its value shows is when the member's data shows (element-timing.d.ts). */
  first?: boolean;
}

/** A figure's average width per character, in em, for bold tabular digits with their commas: a little over, so it fits. */
const EM_PER_CHARACTER = 0.62;

/**
 * The figure's size: its own, or smaller when its card is too narrow for it (half a phone's
 * width and a balance in lakhs, "₹12,34,567.89"), as a share of the card's width (container
 * query units); a browser without them keeps the size and wraps the figure instead.
 */
function figureSize(value: ReactNode, emphasis: boolean | undefined) {
  const size = emphasis ? '2.25rem' : '1.6rem';
  const characters = typeof value === 'string' || typeof value === 'number' ? String(value).length : 0;
  if (characters === 0) return { fontSize: size };
  return { fontSize: size, overflowWrap: 'anywhere', '@supports (width: 1cqi)': { fontSize: `min(${size}, calc(100cqi / ${(characters * EM_PER_CHARACTER).toFixed(2)}))` } } as const;
}

/** One number that matters, with what it means and where to act on it. */
export function KpiCard({ label, value, hint, loading, error, link, emphasis, testId, first }: KpiCardProps) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{
        p: 2,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        containerType: 'inline-size',
        ...(emphasis ? { borderColor: 'warning.main', borderWidth: 2 } : {}),
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {loading ? (
        <Skeleton width="60%" height={40} />
      ) : error ? (
        <Typography color="error" variant="body2">
          {error}
        </Typography>
      ) : (
        <Typography component="p" sx={{ ...figureSize(value, emphasis), fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }} elementtiming={first ? 'first-card' : undefined}>
          {value}
        </Typography>
      )}
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
      {link && (
        <Button component={RouterLink} to={link.to} size="small" sx={{ alignSelf: 'flex-start', mt: 'auto', ml: -0.5 }}>
          {link.label}
        </Button>
      )}
    </Paper>
  );
}
