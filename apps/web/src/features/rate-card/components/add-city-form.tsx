import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX, RATE_TYPES, type RateType } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import type { City, CreateCityBody } from '@app/shared/schemas/catalog';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateCity } from '../api/create-city';
import { useCities, useMaterials, useStates } from '@/data/catalog';
import { useRateCard } from '../api/get-rate-card';
import { readRate } from '../utils/rates';

type Override = Record<RateType, string>;
type AddCityForm = {
  state_id: number | null;
  name: string;
  start: 'copy' | 'defaults';
  copy_from_city_id: number | null;
  overrides: Record<string, Override>;
};

export interface AddCityFormProps {
  onDone: (city: City) => void;
  onCancel: () => void;
}

/** A new city: its state and name, rates copied from a city or the defaults, optional overrides. */
export function AddCityForm({ onDone, onCancel }: AddCityFormProps) {
  const { t } = useTranslation('rateCard');
  const states = useStates();
  const cities = useCities();
  const materials = useMaterials();
  const create = useCreateCity();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddCityForm>({ defaultValues: { state_id: null, name: '', start: 'copy', copy_from_city_id: null, overrides: {} } });
  const start = useWatch({ control, name: 'start' });
  const copyFrom = useWatch({ control, name: 'copy_from_city_id' });
  const copied = useRateCard({ city_id: copyFrom ?? undefined }, start === 'copy' && copyFrom !== null);
  const copiedRow = start === 'copy' && copyFrom !== null ? copied.data?.rows.find((r) => r.city.id === copyFrom) : undefined;

  const placeholderOf = (materialId: number, type: RateType): string => {
    const fromCity = copiedRow?.rates.find((r) => r.material.id === materialId)?.[type].rate;
    const material = materials.data?.find((m) => m.id === materialId);
    const value = fromCity ?? (material ? material[`${type}_rate`] : undefined);
    return value === undefined ? '' : formatCurrency(value);
  };

  const onSubmit = handleSubmit(async (form) => {
    setFormError(null);
    const rates: NonNullable<CreateCityBody['rates']> = [];
    for (const m of materials.data ?? []) {
      const o = form.overrides[String(m.id)];
      if (!o) continue;
      const entry: NonNullable<CreateCityBody['rates']>[number] = { material_id: m.id };
      for (const type of RATE_TYPES) {
        const r = o[type]?.trim() ? readRate(o[type]) : null;
        if (r?.ok) entry[`${type}_rate`] = r.rupees;
      }
      if (Object.keys(entry).length > 1) rates.push(entry);
    }
    try {
      const city = await create.mutateAsync({
        state_id: form.state_id!,
        name: form.name.trim(),
        ...(form.start === 'copy' && form.copy_from_city_id ? { copy_from_city_id: form.copy_from_city_id } : {}),
        ...(rates.length > 0 ? { rates } : {}),
      });
      notify.success(t('addCity.added', { name: city.name }));
      onDone(city);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['state_id', 'name', 'copy_from_city_id']));
    }
  });

  const cityOptions = [...(cities.data ?? [])];

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        <Typography color="text.secondary">{t('addCity.intro')}</Typography>
        {formError && <Alert severity="error">{formError}</Alert>}
        {states.isError && <Alert severity="error">{t('addCity.statesFailed')}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="state_id"
            rules={{ validate: (v) => v !== null || t('addCity.stateRequired') }}
            render={({ field, fieldState }) => (
              <Autocomplete
                options={states.data ?? []}
                getOptionLabel={(s) => s.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                value={(states.data ?? []).find((s) => s.id === field.value) ?? null}
                onChange={(_e, s) => field.onChange(s?.id ?? null)}
                onBlur={field.onBlur}
                loading={states.isPending}
                slotProps={{ listbox: { sx: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
                sx={{ flex: 1 }}
                renderInput={(p) => (
                  <TextField {...p} inputRef={field.ref} label={t('addCity.state')} required error={!!fieldState.error} helperText={fieldState.error?.message} />
                )}
              />
            )}
          />
          <TextField
            {...register('name', { validate: (v) => v.trim().length > 0 || t('addCity.nameRequired') })}
            label={t('addCity.name')}
            required
            error={!!errors.name}
            helperText={errors.name?.message}
            sx={{ flex: 1 }}
          />
        </Stack>
        <div>
          <FormLabel id="start-label">{t('addCity.startFrom')}</FormLabel>
          <Controller
            control={control}
            name="start"
            render={({ field }) => (
              <RadioGroup aria-labelledby="start-label" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                <FormControlLabel value="copy" control={<Radio />} label={t('addCity.copy')} />
                <FormControlLabel value="defaults" control={<Radio />} label={t('addCity.defaults')} />
              </RadioGroup>
            )}
          />
        </div>
        {start === 'copy' && (
          <Controller
            control={control}
            name="copy_from_city_id"
            rules={{ validate: (v, form) => form.start !== 'copy' || v !== null || t('addCity.copyFromRequired') }}
            render={({ field, fieldState }) => (
              <Autocomplete
                options={cityOptions}
                groupBy={(c) => c.state.name}
                getOptionLabel={(c) => `${c.name}, ${c.state.name}`}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                value={cityOptions.find((c) => c.id === field.value) ?? null}
                onChange={(_e, c) => field.onChange(c?.id ?? null)}
                onBlur={field.onBlur}
                loading={cities.isPending}
                slotProps={{ listbox: { sx: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
                renderInput={(p) => (
                  <TextField {...p} inputRef={field.ref} label={t('addCity.copyFrom')} required error={!!fieldState.error} helperText={fieldState.error?.message} />
                )}
              />
            )}
          />
        )}
        <Accordion variant="outlined" disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>{t('addCity.overrides')}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('addCity.overridesHelp')}
            </Typography>
            {materials.isPending ? (
              <Skeleton variant="rounded" height={160} />
            ) : (
              <TableContainer>
                <Table size="small" aria-label={t('addCity.overrides')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('addCity.material')}</TableCell>
                      {RATE_TYPES.map((type) => (
                        <TableCell key={type}>{t(`rateTypes.${type}`)}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {(materials.data ?? []).map((m) => (
                      <TableRow key={m.id}>
                        <TableCell sx={{ fontWeight: 600 }}>{m.name}</TableCell>
                        {RATE_TYPES.map((type) => {
                          const error = errors.overrides?.[String(m.id)]?.[type];
                          return (
                            <TableCell key={type} sx={{ minWidth: 130 }}>
                              <TextField
                                {...register(`overrides.${String(m.id)}.${type}`, {
                                  validate: (v) => !v?.trim() || readRate(v).ok || t('validation.rateInvalid'),
                                })}
                                size="small"
                                placeholder={placeholderOf(m.id, type)}
                                error={!!error}
                                helperText={error?.message}
                                slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${m.name}: ${t(`rateTypeLong.${type}`)}` } }}
                              />
                            </TableCell>
                          );
                        })}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </AccordionDetails>
        </Accordion>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('addCity.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('addCity.submit')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
