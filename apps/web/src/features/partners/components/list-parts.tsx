import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus } from '@app/shared/constants';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import type { City } from '@app/shared/schemas/catalog';
import { useCities } from '@/data/catalog';
import { NS } from '../i18n';

export function CityFilter({ value, onChange }: { value: number | null; onChange: (cityId: number | null) => void }) {
  const { t } = useTranslation(NS);
  const cities = useCities();
  const options: City[] = [...(cities.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Autocomplete
      size="small"
      options={options}
      getOptionLabel={(city) => `${city.name}, ${city.state.name}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={options.find((city) => city.id === value) ?? null}
      onChange={(_event, city) => onChange(city?.id ?? null)}
      loading={cities.isPending}
      noOptionsText={t('common.noOptions')}
      slotProps={{ listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
      sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
      renderInput={(params) => <TextField {...params} label={t('fields.city')} placeholder={t('common.cityAll')} helperText={cities.isError ? t('common.citiesFailed') : undefined} />}
    />
  );
}

/** A city picker for forms (required or not), from GET /cities. */
export function CityPicker({ value, onChange, onBlur, error, required, inputRef }: {
  value: number | null | undefined;
  onChange: (cityId: number | null) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation(NS);
  const cities = useCities();
  const options: City[] = [...(cities.data ?? [])].sort((a, b) => a.state.name.localeCompare(b.state.name) || a.name.localeCompare(b.name));
  return (
    <Autocomplete
      options={options}
      groupBy={(city) => city.state.name}
      getOptionLabel={(city) => `${city.name}, ${city.state.name}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={options.find((city) => city.id === value) ?? null}
      onChange={(_event, city) => onChange(city?.id ?? null)}
      onBlur={onBlur}
      loading={cities.isPending}
      noOptionsText={t('common.noOptions')}
      slotProps={{ listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={t('fields.city')}
          required={required}
          error={!!error || cities.isError}
          helperText={error ?? (cities.isError ? t('common.citiesFailed') : undefined)}
        />
      )}
    />
  );
}

const APPROVAL_COLORS: Record<ApprovalStatus, 'warning' | 'success' | 'error'> = { pending: 'warning', approved: 'success', cancelled: 'error' };

export function ApprovalChip({ status }: { status: ApprovalStatus | null | undefined }) {
  const { t } = useTranslation(NS);
  if (!status) return <Typography variant="body2" color="text.secondary">{t('common.notGiven')}</Typography>;
  return <Chip size="small" variant="outlined" color={APPROVAL_COLORS[status]} label={t(`approval.${status}`)} />;
}

/** Chips to choose one approval status, or all. */
export function ApprovalFilter({ value, onChange }: { value: ApprovalStatus | null; onChange: (value: ApprovalStatus | null) => void }) {
  const { t } = useTranslation(NS);
  const options: (ApprovalStatus | null)[] = [null, 'approved', 'pending', 'cancelled'];
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t('vendors.status')} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {options.map((option) => (
        <Chip
          key={option ?? 'all'}
          label={option ? t(`approval.${option}`) : t('approval.all')}
          color={value === option ? 'primary' : 'default'}
          variant={value === option ? 'filled' : 'outlined'}
          onClick={() => onChange(option)}
          aria-pressed={value === option}
        />
      ))}
    </Stack>
  );
}

/** A labelled value of a detail card. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ mt: 0.25, wordBreak: 'break-word' }}>{children ?? '—'}</Box>
    </Box>
  );
}

/** A number card (counts, balances). */
export function StatCard({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'background.paper', height: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h2" component="p" sx={{ mt: 0.5 }}>
        {value}
      </Typography>
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
