import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GeoPoint } from '@app/shared/geo';
import { formatCurrency, formatOrderNumber, formatWeight } from '@app/shared/format';
import { offeredSlots } from '@app/shared/pickup-slots';
import { findRate, type Material, type RateEntry } from '@app/shared/schemas/catalog';
import type { Household } from '@app/shared/schemas/households';
import type { OrderSettings } from '@app/shared/schemas/settings';
import { createOrderBodySchema, type CreateOrderBody, type OrderDetail } from '@app/shared/schemas/orders';
import { samePlace } from '@/components/map/coordinates';
import { LocationPicker } from '@/components/map/lazy-map';
import { ErrorState } from '@/components/page-states/error-state';
import { useCities, useMaterialName, useMaterials, useRates } from '@/data/catalog';
import { useHousehold } from '@/data/households';
import { useCreateOrder } from '@/data/orders';
import { useSetting } from '@/data/settings';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { translateServerMessage } from '@/lib/server-messages';
import { ordersEn } from '../locales/en';
import { lineAmount, sumKg, sumRupees } from '../utils/order-math';
import { BookingNoteField, PickupSlotField, type BookingFieldValues } from './booking-fields';

addTranslations('orders', ordersEn);

interface FormValues extends BookingFieldValues {
  /** One per material, in the list's order: a rough weight in kg, '' for none. */
  weights: { material_id: number; weight: string }[];
  address: string;
  location: GeoPoint | null;
}

type FieldPath = `weights.${number}.weight` | 'note' | 'pickup_slot' | 'address' | 'location' | 'root';

/** The body, and for each line sent the index of its material in the form. */
function toBody(values: FormValues, home: Household): { body: CreateOrderBody; formIndex: number[] } {
  const formIndex: number[] = [];
  const details: CreateOrderBody['details'] = [];
  values.weights.forEach((line, index) => {
    const weight = line.weight.trim();
    if (weight === '') return;
    formIndex.push(index);
    details.push({ material_id: line.material_id, weight });
  });
  const [from, to] = values.pickup_slot.split('-');
  const address = values.address.trim();
  return {
    formIndex,
    body: {
      details,
      note: values.note.trim() || undefined,
      ...(values.pickup_day && from && to ? { pickup_slot: { date: values.pickup_day, from, to } } : {}),
      // Its own home by default: only a change is sent (it replaces the home's for this pickup).
      ...(address !== home.address.trim() ? { address } : {}),
      ...(!samePlace(values.location, home.location) ? { location: values.location } : {}),
    },
  };
}

/** Where a message of the schema or the server belongs on this form. */
function fieldOf(path: string, formIndex: readonly number[]): FieldPath {
  const line = /^details\.(\d+)\.(?:weight|material_id)$/.exec(path);
  if (line) {
    const index = formIndex[Number(line[1])];
    return index === undefined ? 'root' : `weights.${index}.weight`;
  }
  if (path === 'note' || path === 'address' || path === 'location') return path;
  if (path === 'pickup_slot' || path.startsWith('pickup_slot.')) return 'pickup_slot';
  return 'root';
}

function FormSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-busy>
      <Skeleton variant="rounded" height={220} />
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}

/**
 * A household books a pickup (design.md section 21): a rough weight for each material it has
 * (each shown with today's b2c rate of its city and what that comes to), a slot when Settings
 * -> Order offers them, and where to come: its home's address and pin unless it changes them.
 * The server prices the order again at the same rate; the estimate is only a guide.
 */
export function HouseholdBookForm({ onBooked }: { onBooked: (order: OrderDetail) => void }) {
  const household = useHousehold();
  const materials = useMaterials();
  const cityId = household.data?.city_id;
  const rates = useRates({ type: 'b2c', city_id: cityId }, cityId !== undefined);
  // The rules and rates are waited for like the rest: the slots do not push the form down when
  // they arrive, nor does an estimate at the material's own rate change under the reader's eyes.
  const orderRules = useSetting('order');
  const fetching = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus === 'fetching';
  if (household.isError) return <ErrorState error={household.error} onRetry={() => void household.refetch()} />;
  if (materials.isError) return <ErrorState error={materials.error} onRetry={() => void materials.refetch()} />;
  if (household.isPending || materials.isPending || fetching(orderRules) || fetching(rates)) return <FormSkeleton />;
  return <BookForm home={household.data} materials={materials.data} rates={rates.data ?? null} rules={orderRules.data?.value ?? null} onBooked={onBooked} />;
}

interface BookFormProps {
  home: Household;
  materials: Material[];
  /** Today's b2c rates (GET /rates?type=b2c&city_id=); null when they could not be read. */
  rates: RateEntry[] | null;
  /** Settings -> Order (slots, minimum weight); null when they could not be read (the server still checks). */
  rules: OrderSettings | null;
  onBooked: (order: OrderDetail) => void;
}

function BookForm({ home, materials, rates, rules, onBooked }: BookFormProps) {
  const { t } = useTranslation('orders');
  const nameOf = useMaterialName();
  const cities = useCities();
  const create = useCreateOrder();
  const [rootError, setRootError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    defaultValues: {
      weights: materials.map((m) => ({ material_id: m.id, weight: '' })),
      note: '',
      pickup_day: '',
      pickup_slot: '',
      address: home.address,
      location: home.location,
    },
  });
  // Re-renders with every keystroke: the estimates follow the weights as they are typed.
  const weights = useWatch({ control: form.control, name: 'weights' });

  if (materials.length === 0) return <Alert severity="info">{t('create.noMaterials')}</Alert>;

  const cityName = cities.data?.find((city) => city.id === home.city_id)?.name;
  // Today's b2c rate of the household's city; the material's own b2c rate where the city has none (as the server prices it).
  const rateOf = (material: Material): number | null => (rates ? findRate(rates, home.city_id, material.name) : null) ?? material.b2c_rate;
  const estimates = materials.map((material, index) => lineAmount(rateOf(material), weights[index]?.weight));
  const totalKg = sumKg(weights.map((line) => line.weight));
  const minimumGrams = Math.round((rules?.min_order_weight_kg ?? 0) * 1000);
  // The slots open now (today's ended ones are gone), as the API checks them.
  const offered = rules ? offeredSlots(rules, new Date()) : [];

  const placeErrors = (entries: [string, string][], formIndex: readonly number[]) => {
    const leftovers: string[] = [];
    for (const [path, message] of entries) {
      const field = fieldOf(path, formIndex);
      if (field === 'root') leftovers.push(message);
      else form.setError(field, { type: 'server', message });
    }
    return leftovers;
  };

  const submit = form.handleSubmit((values) => {
    setRootError(null);
    const { body, formIndex } = toBody(values, home);
    if (body.details.length === 0) {
      setRootError(t('householdBook.noLines'));
      return;
    }
    const parsed = createOrderBodySchema.safeParse(body);
    if (!parsed.success) {
      const leftovers = placeErrors(
        parsed.error.issues.map((issue) => [issue.path.join('.'), translateServerMessage(issue.message)]),
        formIndex,
      );
      if (leftovers.length > 0) setRootError(leftovers.join(' '));
      return;
    }
    create.mutate(body, {
      onSuccess: (order) => {
        notify.success(t('householdBook.booked', { number: formatOrderNumber(order.id) }));
        onBooked(order);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          setRootError(String(error));
          return;
        }
        const leftovers = placeErrors(
          Object.entries(error.errors).map(([path, messages]) => [path, messages.join(' ')]),
          formIndex,
        );
        // A message for the order as a whole (the minimum weight) is shown as itself, not as "details: ...".
        setRootError(leftovers.length > 0 ? leftovers.join(' ') : Object.keys(error.errors).length === 0 ? error.detail : null);
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('householdBook.intro')}
      </Typography>
      {minimumGrams > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="minimum-weight">
          {t('create.minimum', { weight: formatWeight(minimumGrams / 1000) })}
        </Alert>
      )}
      {rootError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {rootError}
        </Alert>
      )}

      <Paper variant="outlined" component="fieldset" sx={{ p: { xs: 1.5, sm: 2.5 }, m: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
          {t('householdBook.materials')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('householdBook.materialsHint')}
        </Typography>
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {materials.map((material, index) => {
            const rate = rateOf(material);
            const estimate = estimates[index] ?? null;
            const name = nameOf(material);
            return (
              <Box component="li" key={material.id} data-testid="book-line">
                <Controller
                  control={form.control}
                  name={`weights.${index}.weight`}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      fullWidth
                      label={t('householdBook.weight', { material: name })}
                      error={!!fieldState.error}
                      helperText={
                        fieldState.error?.message ??
                        [rate === null ? t('householdBook.noRate') : t('householdBook.rate', { rate: formatCurrency(rate) }), estimate === null ? null : t('householdBook.lineEstimate', { amount: formatCurrency(estimate) })]
                          .filter(Boolean)
                          .join(' · ')
                      }
                      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', enterKeyHint: 'next' } }}
                    />
                  )}
                />
              </Box>
            );
          })}
        </Stack>
      </Paper>

      <PickupSlotField control={form.control} offered={offered} />

      <Paper variant="outlined" component="fieldset" sx={{ mt: 2.5, p: { xs: 1.5, sm: 2.5 }, mx: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
          {t('householdBook.where')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('householdBook.ownHome')}
        </Typography>
        <Controller
          control={form.control}
          name="address"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={t('householdBook.address')}
              helperText={fieldState.error?.message ?? t('householdBook.addressHint')}
              error={!!fieldState.error}
              required
              multiline
              minRows={2}
              fullWidth
              autoComplete="street-address"
            />
          )}
        />
        <Typography sx={{ fontWeight: 600, mt: 2, mb: 1 }}>{t('householdBook.pin')}</Typography>
        <Controller
          control={form.control}
          name="location"
          render={({ field, fieldState }) => <LocationPicker value={field.value} onChange={field.onChange} city={cityName} height={240} error={fieldState.error?.message} hint={t('householdBook.pinHint')} />}
        />
      </Paper>

      <BookingNoteField control={form.control} />

      <Paper variant="outlined" sx={{ mt: 2.5, p: 2, bgcolor: 'action.hover' }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('householdBook.total')}</Typography>
          <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }} data-testid="estimated-total">
            {formatCurrency(sumRupees(estimates))} · {formatWeight(totalKg)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('householdBook.totalHint')}
        </Typography>
      </Paper>

      <Button type="submit" variant="contained" size="large" fullWidth loading={create.isPending} sx={{ mt: 3 }}>
        {t('householdBook.submit')}
      </Button>
    </Box>
  );
}
