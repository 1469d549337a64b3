import type { Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import type { City } from '@app/shared/schemas/catalog';
import { useCities } from '@/data/catalog';
import { cityName } from '@/lib/city-name';

export interface CityPickerProps {
  value: number | null | undefined;
  onChange: (cityId: number | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  error?: string;
  required?: boolean;
  /** The using feature's words: the label, "nothing matches", "the cities could not be loaded", and "loading" if it has one. */
  texts: { label: string; noOptions: string; failed: string; loading?: string };
}

const byStateThenName = (a: City, b: City) => a.state.name.localeCompare(b.state.name) || a.name.localeCompare(b.name);

/** A city of a form, from GET /cities: searchable, grouped by state. */
export function CityPicker({ value, onChange, onBlur, inputRef, name, error, required, texts }: CityPickerProps) {
  const cities = useCities();
  const options: City[] = [...(cities.data ?? [])].sort(byStateThenName);
  return (
    <Autocomplete
      options={options}
      groupBy={(city) => city.state.name}
      getOptionLabel={cityName}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      value={options.find((city) => city.id === value) ?? null}
      onChange={(_event, city) => onChange(city?.id ?? null)}
      onBlur={onBlur}
      loading={cities.isPending}
      loadingText={texts.loading}
      noOptionsText={texts.noOptions}
      slotProps={{ listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          name={name}
          label={texts.label}
          required={required}
          error={!!error || cities.isError}
          helperText={error ?? (cities.isError ? texts.failed : undefined)}
        />
      )}
    />
  );
}
