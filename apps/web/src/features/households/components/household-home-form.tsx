import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatPhone } from '@app/shared/format';
import type { GeoPoint } from '@app/shared/geo';
import { locationInputSchema } from '@app/shared/schemas/geo';
import { householdUpdateSchema, type Household, type HouseholdUpdate } from '@app/shared/schemas/households';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { samePlace } from '@/components/map/coordinates';
import { LocationPicker } from '@/components/map/lazy-map';
import { ErrorState } from '@/components/page-states/error-state';
import { useCities } from '@/data/catalog';
import { useHousehold, useUpdateHousehold } from '@/data/households';
import { cityName } from '@/lib/city-name';
import { notify } from '@/lib/notify';
import { NS } from '../i18n';

/**
 * The shared PATCH schema's name, address and pin, all present on the form. The city is not
 * the household's to change here (design.md section 21 keeps a home in its city's drivers' area).
 * A pin once put can be moved but not taken away: a driver finds the home by it.
 */
function useHomeSchema(hadPin: boolean) {
  const { t } = useTranslation(NS);
  return useMemo(
    () =>
      householdUpdateSchema
        .pick({ name: true, address: true })
        .required({ name: true, address: true })
        // A home without a pin yet may stay so here; one with a pin keeps one (the API's rule, said in the page's words).
        .extend({ location: locationInputSchema.nullish() })
        .refine((values) => !hadPin || values.location != null, { path: ['location'], message: t('home.pinRequired') }),
    [hadPin, t],
  );
}

type HomeValues = { name: string; address: string; location: GeoPoint | null };

const valuesOf = (home: Household): HomeValues => ({ name: home.name, address: home.address, location: home.location });

/** Only what differs from the saved home (the schema has trimmed the texts already). */
export function changesOf(values: { name: string; address: string; location?: GeoPoint | null }, home: Household): HouseholdUpdate {
  const location = values.location ?? null;
  return {
    ...(values.name !== home.name ? { name: values.name } : {}),
    ...(values.address !== home.address ? { address: values.address } : {}),
    ...(!samePlace(location, home.location) ? { location } : {}),
  };
}

/** /Household/Home: the household's name, address and pin (GET, PATCH /households/me). */
export function HouseholdHomeForm() {
  const household = useHousehold();
  if (household.isError) return <ErrorState error={household.error} onRetry={() => void household.refetch()} />;
  if (household.isPending) return <HomeSkeleton />;
  return <HomeForm home={household.data} />;
}

function HomeSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Stack spacing={2} role="status" aria-label={t('states.loading')}>
      {[56, 56, 80, 260].map((height, i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

function HomeForm({ home }: { home: Household }) {
  const { t } = useTranslation(NS);
  const update = useUpdateHousehold();
  const schema = useHomeSchema(home.location !== null);
  // The saved home (after a save, the PATCH answer) is what the form starts from again.
  const saved = useMemo(() => valuesOf(home) as z.input<typeof schema>, [home]);
  const form = useZodForm(schema, { values: saved });
  const { reset } = form;
  const cities = useCities();
  const city = cities.data?.find((c) => c.id === home.city_id) ?? null;
  const location = useWatch({ control: form.control, name: 'location' }) as GeoPoint | null | undefined;
  const dirty = form.formState.isDirty;

  const onSubmit = form.submit(async (values) => {
    const changes = changesOf(values, home);
    if (Object.keys(changes).length === 0) {
      reset(valuesOf(home));
      return;
    }
    await update.mutateAsync(changes);
    notify.success(t('home.saved'));
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <ZodForm form={form} onSubmit={onSubmit} aria-labelledby="household-home-heading">
        <Stack spacing={2.5}>
          <div>
            <Typography id="household-home-heading" variant="h2">
              {t('home.heading')}
            </Typography>
            <Typography color="text.secondary">{t('home.intro')}</Typography>
          </div>
          <FormTextField name="name" label={t('home.name')} autoComplete="name" required />
          {home.phone && <TextField label={t('home.phone')} value={formatPhone(home.phone)} slotProps={{ input: { readOnly: true } }} />}
          <TextField label={t('home.city')} value={city ? cityName(city) : ''} helperText={t('home.cityHint')} slotProps={{ input: { readOnly: true } }} />
          <FormTextField name="address" label={t('home.address')} hint={t('home.addressHint')} autoComplete="street-address" required multiline minRows={2} />
          <FormField
            name="location"
            render={({ onChange, error }) => (
              <Stack component="fieldset" spacing={1} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
                <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
                  {t('home.pin')}
                </Typography>
                {/* An empty picker starts on its city only when it mounts: a new map once the city is known. */}
                <LocationPicker key={city?.id ?? 'no-city'} value={location ?? null} onChange={onChange} city={city?.name} height={260} error={error} hint={t('home.pinIntro')} />
              </Stack>
            )}
          />
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <Typography variant="body2" color="text.secondary">
              {dirty ? '' : t('home.noChange')}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button onClick={() => reset(valuesOf(home))} disabled={!dirty || update.isPending}>
                {t('home.reset')}
              </Button>
              <Button type="submit" variant="contained" loading={update.isPending} disabled={!dirty}>
                {t('home.save')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
