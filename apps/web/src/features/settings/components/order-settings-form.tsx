import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { translatedResolver } from '@/lib/translated-resolver';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { orderSettingsSchema, type OrderSettings } from '@app/shared/schemas/settings';
import { ErrorState } from '@/components/page-states/error-state';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSaveSetting, useSetting } from '@/data/settings';
import { NS } from '../i18n';
import { SettingsFormFooter, SettingsSkeleton } from './setting-form-parts';

const FIELDS = ['auto_cancel_after_hours', 'min_order_weight_kg', 'pickup_window_start', 'pickup_window_end', 'escalate_after_hours', 'weighing_photo_required'] as const;

/** /Admin/Settings/Order: the rules new orders follow (PUT /settings/order). */
export function OrderSettingsForm() {
  const { t } = useTranslation([NS, 'common']);
  const setting = useSetting('order');
  const save = useSaveSetting();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<z.input<typeof orderSettingsSchema>, unknown, OrderSettings>({ resolver: translatedResolver(zodResolver(orderSettingsSchema)), mode: 'onTouched' });
  const { errors, isDirty } = formState;
  const value = setting.data?.value;
  useEffect(() => {
    if (value) reset(value);
  }, [value, reset]);

  if (setting.isError) return <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />;
  if (setting.isPending) return <SettingsSkeleton />;
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { key: 'order', value: values },
      {
        onSuccess: () => notify.success(t('common:messages.updateSuccess')),
        onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
      },
    );
  });
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Stack spacing={3}>
        <div>
          <Typography variant="h2">{t('order.heading')}</Typography>
          <Typography color="text.secondary">{t('order.intro')}</Typography>
        </div>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register('auto_cancel_after_hours', { valueAsNumber: true })}
              type="number"
              label={t('order.autoCancel')}
              required
              fullWidth
              slotProps={{ htmlInput: { min: 0, max: 720, step: 1 }, input: { endAdornment: <InputAdornment position="end">h</InputAdornment> } }}
              error={!!errors.auto_cancel_after_hours}
              helperText={errors.auto_cancel_after_hours?.message ?? t('order.autoCancelHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register('min_order_weight_kg', { valueAsNumber: true })}
              type="number"
              label={t('order.minWeight')}
              required
              fullWidth
              slotProps={{ htmlInput: { min: 0, step: 0.001 }, input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> } }}
              error={!!errors.min_order_weight_kg}
              helperText={errors.min_order_weight_kg?.message ?? t('order.minWeightHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register('pickup_window_start')}
              type="time"
              label={t('order.windowStart')}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!errors.pickup_window_start}
              helperText={errors.pickup_window_start?.message ?? t('order.windowHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register('pickup_window_end')}
              type="time"
              label={t('order.windowEnd')}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!errors.pickup_window_end}
              helperText={errors.pickup_window_end?.message ?? t('order.windowHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register('escalate_after_hours', { valueAsNumber: true })}
              type="number"
              label={t('order.escalateAfter')}
              required
              fullWidth
              slotProps={{ htmlInput: { min: 0, max: 720, step: 1 }, input: { endAdornment: <InputAdornment position="end">h</InputAdornment> } }}
              error={!!errors.escalate_after_hours}
              helperText={errors.escalate_after_hours?.message ?? t('order.escalateAfterHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              name="weighing_photo_required"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} slotProps={{ input: { ref: field.ref } }} />}
                  label={t('order.photoRequired')}
                />
              )}
            />
            <FormHelperText error={!!errors.weighing_photo_required}>{errors.weighing_photo_required?.message ?? t('order.photoRequiredHint')}</FormHelperText>
          </Grid>
        </Grid>
        <SettingsFormFooter dirty={isDirty} saving={save.isPending} updatedAt={setting.data.updated_at} error={formError} onReset={() => value && reset(value)} />
      </Stack>
    </Paper>
  );
}
