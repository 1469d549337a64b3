import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError, isNetworkFailure } from '@/lib/api-error';
import { useOnline } from '@/lib/network-status';

export interface ErrorStateProps {
  error: unknown;
  title?: string;
  /** Shows "Try again" (for a query: `() => query.refetch()`). */
  onRetry?: () => void;
}

/**
 * A failed load: the server's message (or ours) and a way to try again. Offline, a load that
 * failed for want of a network says so: it was not kept on the device, and loads once online.
 */
export function ErrorState({ error, title, onRetry }: ErrorStateProps) {
  const { t } = useTranslation(['common', 'auth']);
  const online = useOnline();
  if (!online && isNetworkFailure(error)) {
    return (
      <Alert severity="info" role="status">
        <AlertTitle>{title ?? t('offline.notLoadedTitle')}</AlertTitle>
        {t('offline.notLoaded')}
      </Alert>
    );
  }
  const message = error instanceof ApiError ? error.detail : t('auth:errors.generic');
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )
      }
    >
      <AlertTitle>{title ?? t('states.errorTitle')}</AlertTitle>
      {message}
    </Alert>
  );
}
