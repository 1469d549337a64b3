import { useEffect, useState, useSyncExternalStore } from 'react';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import SyncProblemOutlinedIcon from '@mui/icons-material/SyncProblemOutlined';
import { useTranslation } from 'react-i18next';
import { useLiveState } from '../stream/live-status';
import { NS } from '../i18n';

/** A reconnect that is over within this long is not worth a flicker in the top bar. */
const SHOW_AFTER_MS = 2_000;

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

/** Shown in the top bar only while the change feed is down: screens then poll every 5 s. */
export function LiveIndicator() {
  const { t } = useTranslation(NS);
  const state = useLiveState();
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const down = state === 'down' || !online;
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!down) return;
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [down]);

  if (!shown || !down) return null;
  const label = online ? t('indicator.reconnecting') : t('indicator.offline');
  return (
    <Tooltip title={online ? t('indicator.reconnectingHint') : t('indicator.offlineHint')}>
      <Chip
        role="status"
        aria-label={label}
        data-testid="live-status"
        size="small"
        variant="outlined"
        color="warning"
        icon={online ? <SyncProblemOutlinedIcon /> : <CloudOffOutlinedIcon />}
        label={label}
        sx={{
          mr: 1,
          bgcolor: 'background.paper',
          // Phones keep the icon only; the tooltip and the accessible name say the rest.
          '& .MuiChip-label': { display: { xs: 'none', sm: 'block' } },
          '& .MuiChip-icon': { mr: { xs: '-6px', sm: 0 } },
        }}
      />
    </Tooltip>
  );
}
