import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import { NS } from '../i18n';

export function SettingsSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation([NS, 'common']);
  return (
    <Stack spacing={2} role="status" aria-label={t('common:states.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}

/** Save / undo buttons, the form-level error and when the value was last saved. */
export function SettingsFormFooter({ dirty, saving, updatedAt, error, onReset }: { dirty: boolean; saving: boolean; updatedAt: string | null; error: string | null; onReset: () => void }) {
  const { t } = useTranslation([NS, 'common']);
  return (
    <Stack spacing={2}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          {dirty ? t('common.unsaved') : updatedAt ? t('common.lastSaved', { date: formatDateTime(updatedAt) }) : t('common.neverSaved')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button onClick={onReset} disabled={!dirty || saving}>
            {t('common.reset')}
          </Button>
          <Button type="submit" variant="contained" loading={saving} disabled={!dirty}>
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
