import { useEffect, useRef, useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { DATE_FILTER_OPTIONS, MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import { ToggleChoice } from '@/components/toggle-choice';
import { addTranslations } from '@/lib/i18n';
import { list as listEn } from '@/locales/en/list';
import { presetOf, presetSince } from './date-presets';

addTranslations('list', listEn);

// The pieces of a list's filter bar. Each one is controlled by a URL value and reports
// the new wire value; the list decides which it shows.

export interface Choice {
  id: number;
  label: string;
}

export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      {children}
    </Stack>
  );
}

const SEARCH_DELAY_MS = 350;

/**
 * A search box that types freely and reports the text once typing pauses. When the URL
 * changes by itself (clear filters, a saved view), the box follows it. `besideFilters`: on a
 * phone it shares its row with the list's Filters button (MoreFilters) instead of filling it.
 */
export function SearchFilter({
  value,
  onChange,
  label,
  placeholder,
  besideFilters = false,
}: {
  value: string;
  onChange: (text: string) => void;
  label?: string;
  placeholder?: string;
  besideFilters?: boolean;
}) {
  const { t } = useTranslation('list');
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (value !== seen) {
    setSeen(value);
    // Our own echo comes back as `sent`; anything else was changed elsewhere.
    if (value !== sent) setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSent(next.trim());
      onChange(next.trim());
    }, SEARCH_DELAY_MS);
  };
  return (
    <TextField
      size="small"
      type="search"
      label={label ?? t('filters.search')}
      placeholder={placeholder}
      value={text}
      onChange={(event) => type(event.target.value)}
      sx={{ width: { xs: besideFilters ? 'auto' : '100%', sm: 'auto' }, flex: { xs: besideFilters ? '1 1 0' : '0 1 auto', sm: '1 1 240px' }, maxWidth: { sm: 380 } }}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * One searchable choice (store, vendor, city): MUI's Autocomplete, with the spec's menu height
 * (the theme's). Its options are asked for once they can be seen: the field pointed at,
 * focused or opened, or a choice made whose name the field shows. Asked for with the page,
 * each answer was a blocking render of its own as the page started (decision 059).
 */
export function ChoiceFilter({ label, placeholder, value, onChange, useChoices }: ChoiceFilterProps) {
  const { t } = useTranslation('list');
  const [used, setUsed] = useState(false);
  const { choices, loading, failed, retry } = useChoices(used || value !== null);
  const selected = choices.find((c) => c.id === value) ?? null;
  const use = () => setUsed(true);
  return (
    <Autocomplete
      size="small"
      options={choices}
      value={selected}
      loading={loading}
      onPointerEnter={use}
      onFocus={use}
      onOpen={() => {
        use();
        if (failed) retry?.();
      }}
      onChange={(_e, choice) => onChange(choice?.id ?? null)}
      // A failed request says so (and the next opening asks again), rather than "No options".
      noOptionsText={failed ? t('filters.choicesFailed') : undefined}
      getOptionLabel={(c) => c.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={{ width: { xs: '100%', sm: 220 } }}
      renderInput={(params) => <TextField {...params} label={label} placeholder={placeholder} />}
    />
  );
}

/** A choice filter's options, whether they are still on their way, and whether asking for them failed. */
export interface ChoiceList {
  choices: readonly Choice[];
  loading: boolean;
  failed?: boolean;
  /** Asks again; the list calls it when it is opened after a failure. */
  retry?: () => void;
}

interface ChoiceFilterProps {
  label: string;
  /** Shown in the empty field while it is used ("All cities"). */
  placeholder?: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** A hook giving the options; `wanted` is false while nobody can see them, and no request need be made. */
  useChoices: (wanted: boolean) => ChoiceList;
}

/** A `useChoices` for ChoiceFilter from a data-layer hook that takes `enabled` (useCities, useStoreChoices...). */
export function choicesFrom<T>(useList: (enabled: boolean) => { data?: readonly T[]; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown }, toChoice: (item: T) => Choice) {
  return function useListChoices(wanted: boolean): ChoiceList {
    const list = useList(wanted);
    // Asked again after a failure, the list says "Loading…" until the new answer.
    const failed = list.isError && !list.isFetching;
    return { choices: (list.data ?? []).map(toChoice), loading: list.isPending || (list.isError && list.isFetching), failed, retry: () => void list.refetch() };
  };
}

/** A fixed list of options ("" is "any"). */
export function SelectFilter({ label, value, options, onChange }: { label: string; value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 220 } }}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHT_PX } } } } },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value || 'any'} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The spec's date filters: 1 Month, 3 Months, 6 Months, All, as `created_at__gt`. */
export function DateFilter({ value, onChange }: { value: string | null; onChange: (since: string | null) => void }) {
  const { t } = useTranslation('list');
  return (
    <ToggleChoice
      value={presetOf(value)}
      onChange={(key) => onChange(presetSince(key))}
      label={t('filters.date')}
      options={DATE_FILTER_OPTIONS.map((option) => ({ value: option.key, label: t(`date.${option.key}`) }))}
      sx={{ flexWrap: 'nowrap', '& .MuiToggleButton-root': { px: 1.5, whiteSpace: 'nowrap', textTransform: 'none' } }}
    />
  );
}
