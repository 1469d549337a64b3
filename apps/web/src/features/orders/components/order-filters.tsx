import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { DATE_FILTER_OPTIONS, MENU_MAX_HEIGHT_PX, type DateFilterKey } from '@app/shared/constants';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

export interface Choice {
  id: number;
  label: string;
}

/** One searchable choice (store, vendor, city) with the spec's menu height. */
export function ChoiceFilter({ label, choices, value, onChange, loading }: { label: string; choices: readonly Choice[]; value: number | null; onChange: (id: number | null) => void; loading?: boolean }) {
  const selected = choices.find((c) => c.id === value) ?? null;
  return (
    <Autocomplete
      size="small"
      options={choices}
      value={selected}
      loading={loading}
      onChange={(_e, choice) => onChange(choice?.id ?? null)}
      getOptionLabel={(c) => c.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={{ width: { xs: '100%', sm: 220 } }}
      slotProps={{ listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** The spec's date filters: 1 Month, 3 Months, 6 Months, All. */
export function DateFilter({ value, onChange }: { value: DateFilterKey; onChange: (key: DateFilterKey) => void }) {
  const { t } = useTranslation('orders');
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_e, key: DateFilterKey | null) => key && onChange(key)}
      aria-label={t('filters.date')}
      sx={{ flexWrap: 'nowrap', '& .MuiToggleButton-root': { px: 1.5, whiteSpace: 'nowrap', textTransform: 'none' } }}
    >
      {DATE_FILTER_OPTIONS.map((option) => (
        <ToggleButton key={option.key} value={option.key}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export function SearchFilter({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation('orders');
  return (
    <TextField
      size="small"
      type="search"
      label={t('filters.search')}
      placeholder={t('filters.searchPlaceholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 'auto' }, flex: { sm: '1 1 240px' }, maxWidth: { sm: 380 } }}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function StatusSelect({ value, options, onChange }: { value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  const { t } = useTranslation('orders');
  return (
    <TextField
      select
      size="small"
      label={t('filters.status')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 220 } }}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHT_PX } } } } },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value || 'all'} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      {children}
    </Stack>
  );
}
