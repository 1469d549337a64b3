import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import type { ZodForm as ZodFormState } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
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

/** A settings page's form on its card: heading and intro, the fields in a grid, the footer. */
export function SettingsFormCard<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  heading,
  intro,
  saving,
  updatedAt,
  onReset,
  children,
}: {
  form: ZodFormState<TIn, TOut>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  heading: string;
  intro: string;
  saving: boolean;
  updatedAt: string | null;
  onReset: () => void;
  /** The fields, each in its own `<Grid>`. */
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <Stack spacing={3}>
          <div>
            <Typography variant="h2">{heading}</Typography>
            <Typography color="text.secondary">{intro}</Typography>
          </div>
          <Grid container spacing={2}>
            {children}
          </Grid>
          <SettingsFormFooter dirty={form.formState.isDirty} saving={saving} updatedAt={updatedAt} error={form.formError} onReset={onReset} />
        </Stack>
      </ZodForm>
    </Paper>
  );
}
