import { useEffect } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { orderSettingsSchema } from '@app/shared/schemas/settings';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { ErrorState } from '@/components/page-states/error-state';
import { notify } from '@/lib/notify';
import { useSaveSetting, useSetting } from '@/data/settings';
import { NS } from '../i18n';
import { SettingsFormFooter, SettingsSkeleton } from './setting-form-parts';

/** A number box's text as the schema reads it: empty is NaN (refused), not 0. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const hours = { htmlInput: { min: 0, max: 720, step: 1 }, input: { endAdornment: <InputAdornment position="end">h</InputAdornment> } };

/** /Admin/Settings/Order: the rules new orders follow (PUT /settings/order). */
export function OrderSettingsForm() {
  const { t } = useTranslation([NS, 'common']);
  const setting = useSetting('order');
  const save = useSaveSetting();
  const form = useZodForm(orderSettingsSchema);
  const { reset } = form;
  const value = setting.data?.value;
  useEffect(() => {
    if (value) reset(value);
  }, [value, reset]);

  if (setting.isError) return <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />;
  if (setting.isPending) return <SettingsSkeleton />;
  const onSubmit = form.submit(async (values) => {
    await save.mutateAsync({ key: 'order', value: values });
    notify.success(t('common:messages.updateSuccess'));
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <Stack spacing={3}>
          <div>
            <Typography variant="h2">{t('order.heading')}</Typography>
            <Typography color="text.secondary">{t('order.intro')}</Typography>
          </div>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="auto_cancel_after_hours" parse={toNumber} type="number" label={t('order.autoCancel')} required slotProps={hours} hint={t('order.autoCancelHint')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                name="min_order_weight_kg"
                parse={toNumber}
                type="number"
                label={t('order.minWeight')}
                required
                slotProps={{ htmlInput: { min: 0, step: 0.001 }, input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> } }}
                hint={t('order.minWeightHint')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="pickup_window_start" type="time" label={t('order.windowStart')} required slotProps={{ inputLabel: { shrink: true } }} hint={t('order.windowHint')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="pickup_window_end" type="time" label={t('order.windowEnd')} required slotProps={{ inputLabel: { shrink: true } }} hint={t('order.windowHint')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="escalate_after_hours" parse={toNumber} type="number" label={t('order.escalateAfter')} required slotProps={hours} hint={t('order.escalateAfterHint')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField
                name="weighing_photo_required"
                render={({ value: checked, onChange, onBlur, inputRef, error }) => (
                  <>
                    <FormControlLabel
                      control={<Switch checked={(checked as boolean | undefined) ?? true} onChange={(event) => onChange(event.target.checked)} onBlur={onBlur} name="weighing_photo_required" slotProps={{ input: { ref: inputRef } }} />}
                      label={t('order.photoRequired')}
                    />
                    <FormHelperText error={!!error}>{error ?? t('order.photoRequiredHint')}</FormHelperText>
                  </>
                )}
              />
            </Grid>
          </Grid>
          <SettingsFormFooter dirty={form.formState.isDirty} saving={save.isPending} updatedAt={setting.data.updated_at} error={form.formError} onReset={() => value && reset(value)} />
        </Stack>
      </ZodForm>
    </Paper>
  );
}
