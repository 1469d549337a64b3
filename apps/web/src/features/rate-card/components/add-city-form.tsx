import { useMemo } from 'react';
import { z } from 'zod';
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
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX, RATE_TYPES, type RateType } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import { createCityBodySchema, rateTypeSchema, type City, type CreateCityBody } from '@app/shared/schemas/catalog';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';
import { notify } from '@/lib/notify';
import { useCreateCity } from '@/data/catalog';
import { useCities, useMaterials, useStates, useMaterialName } from '@/data/catalog';
import { useRateCard } from '@/data/rate-card';
import { readRate } from '../utils/rates';

/**
 * POST /cities/ as a form: the name as the API checks it, the state and the city to copy
 * from as pickers (null while none is chosen), and the optional rates as typed, per
 * material id and rate type (empty: the copied or default rate).
 */
function useAddCitySchema() {
  const { t } = useTranslation('rateCard');
  return useMemo(() => {
    // A rate field no one touched is undefined: it takes the copied or default rate.
    const rate = z.string().optional().refine((text) => !text?.trim() || readRate(text).ok, t('validation.rateInvalid'));
    return createCityBodySchema
      .pick({ name: true })
      .extend({
        state_id: z.number().nullable().refine((id) => id !== null, t('addCity.stateRequired')),
        start: z.enum(['copy', 'defaults']),
        copy_from_city_id: z.number().nullable(),
        overrides: z.record(z.string(), z.partialRecord(rateTypeSchema, rate)),
      })
      .refine((v) => v.start !== 'copy' || v.copy_from_city_id !== null, { path: ['copy_from_city_id'], message: t('addCity.copyFromRequired') });
  }, [t]);
}

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
  const nameOf = useMaterialName();
  const create = useCreateCity();
  const form = useZodForm(useAddCitySchema(), { defaultValues: { state_id: null, name: '', start: 'copy', copy_from_city_id: null, overrides: {} } });
  const { control } = form;
  const { isSubmitting } = form.formState;
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

  const onSubmit = form.submit(async (values) => {
    const rates: NonNullable<CreateCityBody['rates']> = [];
    for (const m of materials.data ?? []) {
      const o = values.overrides[String(m.id)];
      if (!o) continue;
      const entry: NonNullable<CreateCityBody['rates']>[number] = { material_id: m.id };
      for (const type of RATE_TYPES) {
        const text = o[type];
        const r = text?.trim() ? readRate(text) : null;
        if (r?.ok) entry[`${type}_rate`] = r.rupees;
      }
      if (Object.keys(entry).length > 1) rates.push(entry);
    }
    const city = await create.mutateAsync({
      state_id: values.state_id as number,
      name: values.name,
      ...(values.start === 'copy' && values.copy_from_city_id ? { copy_from_city_id: values.copy_from_city_id } : {}),
      ...(rates.length > 0 ? { rates } : {}),
    });
    notify.success(t('addCity.added', { name: city.name }));
    onDone(city);
  });

  const cityOptions = [...(cities.data ?? [])];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <Stack spacing={3}>
          <Typography color="text.secondary">{t('addCity.intro')}</Typography>
          <FormErrorAlert form={form} />
          {states.isError && <Alert severity="error">{t('addCity.statesFailed')}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormField
              name="state_id"
              render={(field) => (
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
                  renderInput={(p) => <TextField {...p} inputRef={field.inputRef} label={t('addCity.state')} required error={!!field.error} helperText={field.error} />}
                />
              )}
            />
            <FormTextField name="name" label={t('addCity.name')} required fullWidth={false} sx={{ flex: 1 }} />
          </Stack>
          <div>
            <FormLabel id="start-label">{t('addCity.startFrom')}</FormLabel>
            <FormField
              name="start"
              render={(field) => (
                <RadioGroup aria-labelledby="start-label" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  <FormControlLabel value="copy" control={<Radio />} label={t('addCity.copy')} />
                  <FormControlLabel value="defaults" control={<Radio />} label={t('addCity.defaults')} />
                </RadioGroup>
              )}
            />
          </div>
          {start === 'copy' && (
            <FormField
              name="copy_from_city_id"
              render={(field) => (
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
                  renderInput={(p) => <TextField {...p} inputRef={field.inputRef} label={t('addCity.copyFrom')} required error={!!field.error} helperText={field.error} />}
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
                          <TableCell sx={{ fontWeight: 600 }}>{nameOf(m)}</TableCell>
                          {RATE_TYPES.map((type) => (
                            <TableCell key={type} sx={{ minWidth: 130 }}>
                              <FormTextField
                                name={`overrides.${String(m.id)}.${type}`}
                                size="small"
                                fullWidth={false}
                                placeholder={placeholderOf(m.id, type)}
                                slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${m.name}: ${t(`rateTypeLong.${type}`)}` } }}
                              />
                            </TableCell>
                          ))}
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
      </ZodForm>
    </Paper>
  );
}
