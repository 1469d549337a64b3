import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import SyncProblemOutlinedIcon from '@mui/icons-material/SyncProblemOutlined';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/network-status';
import { useLiveState } from '../stream/live-status';
import { NS } from '../i18n';

/** A reconnect that is over within this long is not worth a flicker in the top bar. */
const SHOW_AFTER_MS = 2_000;

/** Shown in the top bar only while the change feed is down: screens then poll every 5 s. */
export function LiveIndicator() {
  const { t } = useTranslation(NS);
  const state = useLiveState();
  const online = useOnline();
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
    // The browser's own hint, not MUI's Tooltip: the top bar is on every page's start (decision 076).
    <Chip
      title={online ? t('indicator.reconnectingHint') : t('indicator.offlineHint')}
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
        // Phones keep the icon only; the hint and the accessible name say the rest.
        '& .MuiChip-label': { display: { xs: 'none', sm: 'block' } },
        '& .MuiChip-icon': { mr: { xs: '-6px', sm: 0 } },
      }}
      />
  );
}
