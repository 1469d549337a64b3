import { useEffect } from 'react';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { informationSettingsSchema } from '@app/shared/schemas/settings';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { ErrorState } from '@/components/page-states/error-state';
import { notify } from '@/lib/notify';
import { useSaveSetting, useSetting } from '@/data/settings';
import { NS } from '../i18n';
import { SettingsFormFooter, SettingsSkeleton } from './setting-form-parts';

/** /Admin/Settings/Information: the company shown on screens and documents (PUT /settings/information). */
export function InformationSettingsForm() {
  const { t } = useTranslation([NS, 'common']);
  const setting = useSetting('information');
  const save = useSaveSetting();
  // `invoice_prefix` may be missing from a value saved before it existed: the schema's default fills it.
  const form = useZodForm(informationSettingsSchema);
  const { reset } = form;
  const value = setting.data?.value;
  useEffect(() => {
    if (value) reset(value);
  }, [value, reset]);

  if (setting.isError) return <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />;
  if (setting.isPending) return <SettingsSkeleton rows={5} />;
  const onSubmit = form.submit(async (values) => {
    await save.mutateAsync({ key: 'information', value: values });
    notify.success(t('common:messages.updateSuccess'));
  });
  const optional = t('information.optional');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <Stack spacing={3}>
          <div>
            <Typography variant="h2">{t('information.heading')}</Typography>
            <Typography color="text.secondary">{t('information.intro')}</Typography>
          </div>
          <Grid container spacing={2}>
            <Grid size={12}>
              <FormTextField name="name" label={t('information.name')} required autoComplete="organization" />
            </Grid>
            <Grid size={12}>
              <FormTextField name="address" label={t('information.address')} multiline minRows={2} autoComplete="street-address" hint={optional} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="phone" type="tel" label={t('information.phone')} autoComplete="tel" hint={optional} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="email" type="email" label={t('information.email')} autoComplete="email" hint={optional} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="gstin" label={t('information.gstin')} hint={t('information.gstinHint')} slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="invoice_prefix" label={t('information.invoicePrefix')} hint={t('information.invoicePrefixHint')} slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }} />
            </Grid>
          </Grid>
          <SettingsFormFooter dirty={form.formState.isDirty} saving={save.isPending} updatedAt={setting.data.updated_at} error={form.formError} onReset={() => value && reset(value)} />
        </Stack>
      </ZodForm>
    </Paper>
  );
}
