import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { translatedResolver } from '@/lib/translated-resolver';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { informationSettingsSchema, type InformationSettings } from '@app/shared/schemas/settings';
import { ErrorState } from '@/components/page-states/error-state';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSaveSetting, useSetting } from '@/data/settings';
import { NS } from '../i18n';
import { SettingsFormFooter, SettingsSkeleton } from './setting-form-parts';

/** What the form holds: `invoice_prefix` may be missing from a value saved before it existed. */
type InformationSettingsInput = z.input<typeof informationSettingsSchema>;

const FIELDS = ['name', 'address', 'phone', 'email', 'gstin', 'invoice_prefix'] as const;

/** /Admin/Settings/Information: the company shown on screens and documents (PUT /settings/information). */
export function InformationSettingsForm() {
  const { t } = useTranslation([NS, 'common']);
  const setting = useSetting('information');
  const save = useSaveSetting();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<InformationSettingsInput, unknown, InformationSettings>({ resolver: translatedResolver(zodResolver(informationSettingsSchema)), mode: 'onTouched' });
  const { errors, isDirty } = formState;
  const value = setting.data?.value;
  useEffect(() => {
    if (value) reset(value);
  }, [value, reset]);

  if (setting.isError) return <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />;
  if (setting.isPending) return <SettingsSkeleton rows={5} />;
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { key: 'information', value: values },
      {
        onSuccess: () => notify.success(t('common:messages.updateSuccess')),
        onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
      },
    );
  });
  const optional = t('information.optional');
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Stack spacing={3}>
        <div>
          <Typography variant="h2">{t('information.heading')}</Typography>
          <Typography color="text.secondary">{t('information.intro')}</Typography>
        </div>
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField {...register('name')} label={t('information.name')} required fullWidth autoComplete="organization" error={!!errors.name} helperText={errors.name?.message} />
          </Grid>
          <Grid size={12}>
            <TextField {...register('address')} label={t('information.address')} fullWidth multiline minRows={2} autoComplete="street-address" error={!!errors.address} helperText={errors.address?.message ?? optional} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...register('phone')} type="tel" label={t('information.phone')} fullWidth autoComplete="tel" error={!!errors.phone} helperText={errors.phone?.message ?? optional} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...register('email')} type="email" label={t('information.email')} fullWidth autoComplete="email" error={!!errors.email} helperText={errors.email?.message ?? optional} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...register('gstin')} label={t('information.gstin')} fullWidth error={!!errors.gstin} helperText={errors.gstin?.message ?? t('information.gstinHint')} slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...register('invoice_prefix')} label={t('information.invoicePrefix')} fullWidth error={!!errors.invoice_prefix} helperText={errors.invoice_prefix?.message ?? t('information.invoicePrefixHint')} slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }} />
          </Grid>
        </Grid>
        <SettingsFormFooter dirty={isDirty} saving={save.isPending} updatedAt={setting.data.updated_at} error={formError} onReset={() => value && reset(value)} />
      </Stack>
    </Paper>
  );
}
