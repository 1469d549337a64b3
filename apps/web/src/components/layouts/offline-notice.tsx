import { useCallback, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import { useOnline } from '@/lib/network-status';

/**
 * When the data on the screen was loaded from the server: the oldest load among the queries
 * the screen shows (active, with data). Null when the screen shows nothing loaded.
 */
export function oldestLoadedAt(client: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of client.getQueryCache().findAll({ type: 'active' })) {
    const { data, dataUpdatedAt } = query.state;
    if (data === undefined || !dataUpdatedAt) continue;
    if (oldest === null || dataUpdatedAt < oldest) oldest = dataUpdatedAt;
  }
  return oldest;
}

function OfflineMessage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const loadedAt = useSyncExternalStore(
    subscribe,
    () => oldestLoadedAt(client),
    () => null,
  );
  return (
    <Alert severity="warning" role="status" icon={<CloudOffIcon />} data-testid="offline-notice" sx={{ mb: 2, displayPrint: 'none' }}>
      {loadedAt === null ? t('offline.notice') : t('offline.noticeSince', { time: formatDateTime(loadedAt) })}
    </Alert>
  );
}

/**
 * The visible offline state of a signed-in section (design.md section 15): under the top bar,
 * only while the device is offline, with when the data on the screen was loaded. Online it
 * renders nothing and takes no space.
 */
export function OfflineNotice() {
  return useOnline() ? null : <OfflineMessage />;
}
