import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { informationSettingsSchema } from '@app/shared/schemas/settings';
import { FormTextField } from '@/components/form/form-text-field';
import { ErrorState } from '@/components/page-states/error-state';
import { NS } from '../i18n';
import { SettingsFormCard, SettingsSkeleton } from './setting-form-parts';
import { useSettingForm } from './use-setting-form';

/** /Admin/Settings/Information: the company shown on screens and documents (PUT /settings/information). */
export function InformationSettingsForm() {
  const { t } = useTranslation([NS, 'common']);
  // `invoice_prefix` may be missing from a value saved before it existed: the schema's default fills it.
  const { setting, save, form, onSubmit, resetToSaved } = useSettingForm('information', informationSettingsSchema);

  if (setting.isError) return <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />;
  if (setting.isPending) return <SettingsSkeleton rows={5} />;
  const optional = t('information.optional');
  return (
    <SettingsFormCard form={form} onSubmit={onSubmit} heading={t('information.heading')} intro={t('information.intro')} saving={save.isPending} updatedAt={setting.data.updated_at} onReset={resetToSaved}>
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
    </SettingsFormCard>
  );
}
