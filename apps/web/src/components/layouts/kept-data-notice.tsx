import { useCallback, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import HistoryIcon from '@mui/icons-material/History';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import { keptDataOnScreen, type KeptDataOnScreen } from '@/lib/kept-data';
import { useOnline } from '@/lib/network-status';

/**
 * How long the line stays transparent when it comes: an answer that comes sooner (a repeat
 * visit on a good network) replaces the kept data before anyone could read the line, which
 * would only flicker. A delay in CSS, so no timer re-renders the page.
 */
export const SHOW_AFTER_MS = 400;
const appear = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/** The kept data on screen, read as two plain values (useSyncExternalStore compares snapshots by identity). */
function useKeptDataOnScreen(): KeptDataOnScreen | null {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const loadedAt = useSyncExternalStore(subscribe, () => keptDataOnScreen(client)?.loadedAt ?? null, () => null);
  const updating = useSyncExternalStore(subscribe, () => keptDataOnScreen(client)?.updating ?? false, () => false);
  return loadedAt === null ? null : { loadedAt, updating };
}

function KeptDataLine({ belowAppBar }: { belowAppBar: boolean }) {
  const kept = useKeptDataOnScreen();
  return kept ? <KeptDataLineView {...kept} belowAppBar={belowAppBar} /> : null;
}

/**
 * The line itself: also drawn by the web host's render of a start page, hidden, for the copy
 * the device keeps of it (app/render-start-page.tsx).
 */
export function KeptDataLineView({ loadedAt, updating, belowAppBar }: KeptDataOnScreen & { belowAppBar: boolean }) {
  const { t } = useTranslation();
  const time = formatDateTime(loadedAt);
  return (
    // Over the page, not in its flow: the first card below never moves when the line comes or goes.
    <Box
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        pointerEvents: 'none',
        displayPrint: 'none',
        animation: `${appear} 150ms ease-out ${SHOW_AFTER_MS}ms both`,
      }}
    >
      {/* As tall as the top bar at every size, so the line hangs from its lower edge. */}
      {belowAppBar && <Toolbar aria-hidden sx={{ visibility: 'hidden' }} />}
      <Paper
        role="status"
        data-testid="kept-data-notice"
        elevation={2}
        // About as tall as the page's top padding (24 px from tablets up), so it covers little or nothing.
        sx={{ mt: belowAppBar ? 0 : 1, px: 1.5, py: 0.25, borderRadius: belowAppBar ? '0 0 8px 8px' : 2, display: 'flex', alignItems: 'center', gap: 0.75, maxWidth: 'calc(100% - 16px)' }}
      >
        {updating ? <CircularProgress size={10} aria-hidden /> : <HistoryIcon sx={{ fontSize: 14 }} color="warning" aria-hidden />}
        <Typography variant="caption">
          {t(updating ? 'offline.keptUpdating' : 'offline.keptNotUpdated', { time })}
        </Typography>
      </Paper>
    </Box>
  );
}

/**
 * Never silently stale (design.md section 23): online, while the screen shows kept data
 * (restored from the device, or loaded before an offline period; lib/kept-data.ts) and the
 * server's answer has not come, a small line over the page says how old it is. It goes when
 * the answer comes. Offline, the offline notice says it instead.
 */
export function KeptDataNotice({ belowAppBar = false }: { belowAppBar?: boolean }) {
  return useOnline() ? <KeptDataLine belowAppBar={belowAppBar} /> : null;
}
