import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import SyncProblemOutlinedIcon from '@mui/icons-material/SyncProblemOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { driverEn } from '../locales/en';
import { useDriverOutbox } from '../outbox/driver-outbox-instance';

addTranslations('driver', driverEn);

/**
 * In the driver's top bar on every page: how many actions wait on the phone, or that one
 * was refused; a tap opens the pickups, where the outbox is listed. Mounting it starts the
 * outbox, so what waits is sent from any page of the section.
 */
export function OutboxIndicator() {
  const { t } = useTranslation('driver');
  const { entries } = useDriverOutbox();
  const refused = entries.filter((entry) => entry.refusal).length;
  const waiting = entries.length - refused;
  if (entries.length === 0) return null;
  const label = refused > 0 ? t('outbox.refusedCount', { count: refused }) : t('outbox.waiting', { count: waiting });
  return (
    // The browser's own hint, not MUI's Tooltip: the top bar is on every page's start (decision 076).
    <IconButton color="inherit" component={RouterLink} to={paths.driver.home.getHref()} aria-label={label} title={label} data-testid="outbox-indicator">
      <Badge badgeContent={refused > 0 ? refused : waiting} color={refused > 0 ? 'error' : 'warning'}>
        {refused > 0 ? <SyncProblemOutlinedIcon /> : <CloudUploadOutlinedIcon />}
      </Badge>
    </IconButton>
  );
}
