import type { Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { City } from '@app/shared/schemas/catalog';
import { useCities } from '@/data/catalog';

export interface CityFieldProps {
  value: number | null;
  onChange: (cityId: number | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  error?: string;
  required?: boolean;
}

/** A city from GET /cities, searchable, grouped by state. */
export function CityField({ value, onChange, onBlur, inputRef, name, error, required }: CityFieldProps) {
  const { t } = useTranslation(['auth', 'common']);
  const cities = useCities();
  const options: City[] = [...(cities.data ?? [])].sort((a, b) => a.state.name.localeCompare(b.state.name) || a.name.localeCompare(b.name));
  return (
    <Stack spacing={1}>
      <Autocomplete
        options={options}
        groupBy={(city) => city.state.name}
        getOptionLabel={(city) => `${city.name}, ${city.state.name}`}
        isOptionEqualToValue={(option, selected) => option.id === selected.id}
        value={options.find((city) => city.id === value) ?? null}
        onChange={(_event, city) => onChange(city?.id ?? null)}
        onBlur={onBlur}
        loading={cities.isPending}
        loadingText={t('signup.citiesLoading')}
        noOptionsText={t('signup.noCity')}
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={inputRef}
            name={name}
            label={t('fields.city')}
            required={required}
            error={!!error || cities.isError}
            helperText={error ?? (cities.isError ? t('signup.citiesFailed') : undefined)}
          />
        )}
      />
      {cities.isError && (
        <Button variant="text" size="small" onClick={() => void cities.refetch()} sx={{ alignSelf: 'flex-start' }}>
          {t('common:actions.retry')}
        </Button>
      )}
    </Stack>
  );
}
