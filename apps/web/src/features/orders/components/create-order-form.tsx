import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import { formatCurrency, formatOrderNumber, formatWeight } from '@app/shared/format';
import { offeredSlots } from '@app/shared/pickup-slots';
import { findRate, type Material } from '@app/shared/schemas/catalog';
import { createOrderBodySchema, MAX_ORDER_LINES, type CreateOrderBody, type OrderDetail } from '@app/shared/schemas/orders';
import { ErrorState } from '@/components/page-states/error-state';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useCreateOrder } from '@/data/orders';
import { useMaterials, useRates, useMaterialName } from '@/data/catalog';
import { useStore } from '@/data/partners';
import { useSetting } from '@/data/settings';
import { ordersEn } from '../locales/en';
import { lineAmount, sumKg, sumRupees } from '../utils/order-math';
import { BookingNoteField, PickupSlotField, type BookingFieldValues } from './booking-fields';

addTranslations('orders', ordersEn);

interface FormLine {
  material_id: number | null;
  weight: string;
}
interface FormValues extends BookingFieldValues {
  details: FormLine[];
}

type FieldPath = `details.${number}.material_id` | `details.${number}.weight` | 'note' | 'pickup_slot' | 'root';

function toBody(values: FormValues): CreateOrderBody {
  const [from, to] = values.pickup_slot.split('-');
  return {
    details: values.details.map((line) => ({
      material_id: line.material_id ?? 0,
      ...(line.weight.trim() === '' ? {} : { weight: line.weight.trim() }),
    })),
    note: values.note.trim() || undefined,
    ...(values.pickup_day && from && to ? { pickup_slot: { date: values.pickup_day, from, to } } : {}),
  };
}

/** Where a message of the schema or the server belongs on this form. */
function fieldOf(path: string): FieldPath {
  const match = /^details\.(\d+)\.(material_id|weight)$/.exec(path);
  if (match) return `details.${Number(match[1])}.${match[2] as 'material_id' | 'weight'}`;
  if (path === 'note') return 'note';
  if (path === 'pickup_slot' || path.startsWith('pickup_slot.')) return 'pickup_slot';
  return 'root';
}

/**
 * A store asks for a pickup: materials (each once), estimated weights (optional unless
 * Settings -> Order sets a minimum, which the form then states), a note, and when Settings
 * -> Order offers slots, when to come (a day and a slot of it, or any time).
 * Each line shows its estimate at the vendor rate of the store's city (rates lookup by
 * city id and material name); the server prices the order again.
 */
export function CreateOrderForm({ onCreated, onCancel }: { onCreated: (order: OrderDetail) => void; onCancel: () => void }) {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const store = useStore(user?.storeId ?? null);
  const cityId = store.data?.city.id;
  const materials = useMaterials();
  const nameOf = useMaterialName();
  const rates = useRates({ type: 'vendor', city_id: cityId }, cityId !== undefined);
  // Settings -> Order: the minimum estimated weight is said before the store asks, not only in the refusal.
  const orderRules = useSetting('order');
  const create = useCreateOrder();
  const [rootError, setRootError] = useState<string | null>(null);

  const form = useForm<FormValues>({ defaultValues: { details: [{ material_id: null, weight: '' }], note: '', pickup_day: '', pickup_slot: '' } });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'details' });
  // Re-renders with every keystroke: the estimates follow the lines as they are typed.
  const values = { details: useWatch({ control: form.control, name: 'details' }), note: useWatch({ control: form.control, name: 'note' }) };

  if (materials.isError) return <ErrorState error={materials.error} onRetry={() => void materials.refetch()} />;
  // The rules are waited for like the rest, so the minimum does not push the form down when it
  // arrives; without them (offline, an error) the form still works and the server says it.
  if (materials.isPending || store.isPending || (orderRules.isPending && orderRules.fetchStatus === 'fetching')) {
    return (
      <Stack spacing={2} role="status" aria-busy>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
  if (materials.data.length === 0) return <Alert severity="info">{t('create.noMaterials')}</Alert>;

  const byId = new Map(materials.data.map((m) => [m.id, m]));
  const rateOf = (material: Material | undefined): number | null => {
    if (!material) return null;
    const fromCity = rates.data && cityId !== undefined ? findRate(rates.data, cityId, material.name) : null;
    return fromCity ?? material.vendor_rate;
  };
  const estimates = values.details.map((line) => lineAmount(rateOf(line.material_id ? byId.get(line.material_id) : undefined), line.weight));
  const used = new Set(values.details.map((l) => l.material_id).filter((id): id is number => id !== null));
  const minimumGrams = Math.round((orderRules.data?.value.min_order_weight_kg ?? 0) * 1000);
  const totalKg = sumKg(values.details.map((l) => l.weight));
  const missingGrams = minimumGrams - Math.round(totalKg * 1000);
  // The slots open now (today's ended ones are gone), as the API checks them.
  const offered = orderRules.data ? offeredSlots(orderRules.data.value, new Date()) : [];

  const submit = form.handleSubmit((formValues) => {
    setRootError(null);
    const body = toBody(formValues);
    const parsed = createOrderBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        const field = fieldOf(path);
        if (field === 'root') setRootError(issue.message);
        else form.setError(field, { type: 'schema', message: issue.message });
      }
      return;
    }
    create.mutate(body, {
      onSuccess: (order) => {
        notify.success(t('create.created', { number: formatOrderNumber(order.id) }));
        onCreated(order);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          setRootError(String(error));
          return;
        }
        const leftovers: string[] = [];
        for (const [path, messages] of Object.entries(error.errors)) {
          const field = fieldOf(path);
          if (field === 'root') leftovers.push(...messages);
          else form.setError(field, { type: 'server', message: messages.join(' ') });
        }
        // A message for the order as a whole (`details`: the minimum weight) is shown as
        // itself: `detail` would put the wire name "details:" in front of it.
        setRootError(leftovers.length > 0 ? leftovers.join(' ') : Object.keys(error.errors).length === 0 ? error.detail : null);
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('create.intro')}
      </Typography>
      {minimumGrams > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="minimum-weight">
          {t('create.minimum', { weight: formatWeight(minimumGrams / 1000) })}
        </Alert>
      )}
      {store.data && !store.data.vendor && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('create.noVendor')}
        </Alert>
      )}
      {rootError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {rootError}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }} divider={<Divider flexItem />}>
          {fields.map((field, index) => {
            const materialId = values.details[index]?.material_id ?? null;
            const material = materialId ? byId.get(materialId) : undefined;
            const rate = rateOf(material);
            const estimate = estimates[index] ?? null;
            return (
              <Box
                component="li"
                key={field.id}
                data-testid="order-line"
                sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr auto', sm: '2fr 1.3fr auto' } }}
              >
                <Controller
                  control={form.control}
                  name={`details.${index}.material_id`}
                  rules={{ validate: (v) => (v ? true : t('create.chooseMaterial')) }}
                  render={({ field: f, fieldState }) => (
                    <Autocomplete
                      options={materials.data}
                      value={f.value ? (byId.get(f.value) ?? null) : null}
                      onChange={(_e, m) => f.onChange(m?.id ?? null)}
                      onBlur={f.onBlur}
                      getOptionLabel={(m) => nameOf(m)}
                      getOptionDisabled={(m) => used.has(m.id) && m.id !== f.value}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      slotProps={{ listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
                      renderInput={(params) => (
                        <TextField {...params} inputRef={f.ref} label={`${t('create.material')} ${index + 1}`} error={!!fieldState.error} helperText={fieldState.error?.message} required />
                      )}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name={`details.${index}.weight`}
                  render={({ field: f, fieldState }) => (
                    <TextField
                      {...f}
                      // With a minimum the weights count: not "optional" then.
                      label={minimumGrams > 0 ? t('create.estimatedWeightCounted') : t('create.estimatedWeight')}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                      sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', enterKeyHint: 'next' } }}
                    />
                  )}
                />
                <IconButton
                  aria-label={t('create.removeLine', { n: index + 1 })}
                  onClick={() => remove(index)}
                  disabled={fields.length <= 1}
                  sx={{ mt: 1, gridColumn: { xs: 2, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
                <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: -0.5 }} data-testid="line-estimate">
                  {material ? `${t('create.rate')}: ${rate === null ? t('create.noRate') : t('create.perKg', { rate: formatCurrency(rate) })}` : t('create.chooseMaterial')}
                  {estimate !== null && ` · ${t('create.estimate')}: ${formatCurrency(estimate)}`}
                </Typography>
              </Box>
            );
          })}
        </Stack>
        <Button
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          onClick={() => append({ material_id: null, weight: '' })}
          disabled={fields.length >= Math.min(MAX_ORDER_LINES, materials.data.length)}
        >
          {t('create.addLine')}
        </Button>
      </Paper>

      <BookingNoteField control={form.control} />

      <PickupSlotField control={form.control} offered={offered} />

      <Paper variant="outlined" sx={{ mt: 2.5, p: 2, bgcolor: 'action.hover' }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('create.total')}</Typography>
          <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }} data-testid="estimated-total">
            {formatCurrency(sumRupees(estimates))} · {formatWeight(totalKg)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('create.totalHint')}
        </Typography>
        {missingGrams > 0 && (
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="below-minimum">
            {t('create.belowMinimum', { missing: formatWeight(missingGrams / 1000), minimum: formatWeight(minimumGrams / 1000) })}
          </Typography>
        )}
      </Paper>

      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={create.isPending} size="large">
          {t('list.cancelForm')}
        </Button>
        <Button type="submit" variant="contained" size="large" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
