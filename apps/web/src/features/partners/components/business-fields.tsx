import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { NS } from '../i18n';
import { CityPicker } from './list-parts';

/**
 * A business's name, city and address, as items of the form's grid: the store form and
 * the vendor form ask the same, under their own name field (`name`, `company_name`).
 */
export function BusinessFields({ nameField, nameLabel }: { nameField: string; nameLabel: string }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name={nameField} label={nameLabel} required autoComplete="organization" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormField
          name="city_id"
          render={({ value, onChange, onBlur, inputRef, error }) => (
            <CityPicker value={value as number | undefined} onChange={(id) => onChange(id ?? undefined)} onBlur={onBlur} inputRef={inputRef} error={error} required />
          )}
        />
      </Grid>
      <Grid size={12}>
        <FormTextField name="address" label={t('fields.address')} required multiline minRows={2} autoComplete="street-address" />
      </Grid>
    </>
  );
}
