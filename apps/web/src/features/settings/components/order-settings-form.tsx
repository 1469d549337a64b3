import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { orderSettingsSchema, SLOT_DAYS_AHEAD_MAX } from '@app/shared/schemas/settings';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { ErrorState } from '@/components/page-states/error-state';
import { NS } from '../i18n';
import { PickupSlotsField } from './pickup-slots-field';
import { SettingsFormCard, SettingsSkeleton } from './setting-form-parts';
import { useSettingForm } from './use-setting-form';

/** A number box's text as the schema reads it: empty is NaN (refused), not 0. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const hours = { htmlInput: { min: 0, max: 720, step: 1 }, input: { endAdornment: <InputAdornment position="end">h</InputAdornment> } };

/** /Admin/Settings/Order: the rules new orders follow (PUT /settings/order). */
export function OrderSettingsForm() {
  const { t } = useTranslation([NS, 'common']);
  const { setting, save, form, onSubmit, resetToSaved } = useSettingForm('order', orderSettingsSchema);

  if (setting.isError) return <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />;
  if (setting.isPending) return <SettingsSkeleton />;
  return (
    <SettingsFormCard form={form} onSubmit={onSubmit} heading={t('order.heading')} intro={t('order.intro')} saving={save.isPending} updatedAt={setting.data.updated_at} onReset={resetToSaved}>
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
      <Grid size={12}>
        <PickupSlotsField />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          name="slot_days_ahead"
          parse={toNumber}
          type="number"
          label={t('order.slotDaysAhead')}
          required
          slotProps={{ htmlInput: { min: 0, max: SLOT_DAYS_AHEAD_MAX, step: 1 } }}
          hint={t('order.slotDaysAheadHint')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          name="arrival_radius_m"
          parse={toNumber}
          type="number"
          label={t('order.arrivalRadius')}
          required
          slotProps={{ htmlInput: { min: 10, step: 10 }, input: { endAdornment: <InputAdornment position="end">m</InputAdornment> } }}
          hint={t('order.arrivalRadiusHint')}
        />
      </Grid>
    </SettingsFormCard>
  );
}
