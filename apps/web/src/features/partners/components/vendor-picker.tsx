import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import type { Vendor } from '@app/shared/schemas/partners';
import { useVendorChoices } from '@/data/partners';
import { NS } from '../i18n';

/** One approved vendor, searchable by company name (admin). */
export function VendorPicker({ value, onChange, error, helperText, required, autoFocus }: {
  value: number | null | undefined;
  onChange: (vendorId: number | null) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation(NS);
  const vendors = useVendorChoices();
  const options: Vendor[] = [...(vendors.data ?? [])].sort((a, b) => a.company_name.localeCompare(b.company_name));
  return (
    <Autocomplete
      options={options}
      getOptionLabel={(vendor) => `${vendor.company_name} (${vendor.city.name})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={options.find((vendor) => vendor.id === value) ?? null}
      onChange={(_event, vendor) => onChange(vendor?.id ?? null)}
      loading={vendors.isPending}
      noOptionsText={t('common.noOptions')}
      slotProps={{ listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
      renderInput={(params) => (
        <TextField {...params} autoFocus={autoFocus} label={t('fields.vendor')} required={required} error={!!error || vendors.isError} helperText={error ?? helperText} />
      )}
    />
  );
}
