import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GeoPoint } from '@app/shared/geo';
import { addressSchema, personNameSchema, type HouseholdSignUp } from '@app/shared/schemas/auth';
import { locationInputSchema } from '@app/shared/schemas/geo';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { LocationPicker } from '@/components/map/lazy-map';
import { useCities } from '@/data/catalog';
import { REFUSAL_MESSAGE_KEY, SignInRefusedError } from '@/data/sign-in';
import { signInWithCode } from '@/data/sign-in-code';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { TypedMobile } from '../utils/mobile-number';
import { CityField } from './city-field';
import { FormHeading } from './form-heading';

/** The household's details as the form keeps them: no city or pin until chosen. */
export interface HouseholdDraft {
  name: string;
  city_id: number | null;
  address: string;
  location: GeoPoint | null;
}

export const EMPTY_HOUSEHOLD: HouseholdDraft = { name: '', city_id: null, address: '', location: null };

/** The API checks `sign_up` before it spends the code and names its fields so (`sign_up.name`). */
const SERVER_FIELD_MAP = {
  'sign_up.name': 'name',
  'sign_up.city_id': 'city_id',
  'sign_up.address': 'address',
  'sign_up.location': 'location',
  location: 'location',
} as const;

/**
 * The shared sign-up schema's fields, with the city and the pin asked for: the API takes a
 * household without a pin, but a driver finds a home by it (design.md section 21).
 */
function useHouseholdSchema() {
  const { t } = useTranslation(['signInCode', 'auth']);
  return useMemo(
    () =>
      z.object({
        name: personNameSchema,
        city_id: z
          .number({ error: t('auth:validation.city') })
          .int()
          .positive(t('auth:validation.city'))
          .nullable()
          .refine((id) => id !== null, t('auth:validation.city')),
        address: addressSchema,
        location: locationInputSchema.nullable().refine((point) => point !== null, t('signUp.pinRequired')),
      }),
    [t],
  );
}

export interface HouseholdSignUpStepProps {
  mobile: TypedMobile;
  /** The code the household typed: right, but its number had no account yet. */
  code: string;
  /** What was filled in before (kept across a new code). */
  draft: HouseholdDraft;
  onDraft: (draft: HouseholdDraft) => void;
  /** Called just before the sign-up is sent (the page says where to go once signed in). */
  onSigningUp: () => void;
  /** The code can no longer be used (expired, used up): back to the code step for a new one. */
  onNewCode: () => void;
  onOtherNumber: () => void;
}

/**
 * A new number's household (design.md section 21): name, city, address and the pin on the
 * map, then the same code again with them. On success the session has a user and the page's
 * guard moves on. A problem with the code itself (the 5 minutes are over) sends the person
 * back for a new one, keeping what they typed.
 */
export function HouseholdSignUpStep({ mobile, code, draft, onDraft, onSigningUp, onNewCode, onOtherNumber }: HouseholdSignUpStepProps) {
  const { t } = useTranslation(['signInCode', 'auth', 'common']);
  const form = useZodForm(useHouseholdSchema(), { mode: 'onSubmit', fieldMap: SERVER_FIELD_MAP, defaultValues: draft });
  const cities = useCities();
  const cityId = useWatch({ control: form.control, name: 'city_id' });
  const city = cities.data?.find((c) => c.id === cityId) ?? null;
  const codeProblem = form.formState.errors.root?.type === 'code';

  const onSubmit = form.submit(async (values) => {
    const signUp: HouseholdSignUp = { name: values.name, city_id: values.city_id as number, address: values.address, location: values.location };
    onDraft({ name: values.name, city_id: signUp.city_id, address: values.address, location: values.location });
    onSigningUp();
    try {
      await signInWithCode(mobile.phone, code, signUp);
    } catch (error) {
      if (error instanceof SignInRefusedError) {
        notify.error(t(`common:${REFUSAL_MESSAGE_KEY[error.reason]}`));
        return;
      }
      // The code's own refusal (expired, used up, too many tries) is not this form's to fix.
      if (error instanceof ApiError && error.errors.code) {
        form.setError('root', { type: 'code', message: `${error.errors.code.join(' ')} ${t('signUp.codeAgain')}` });
        return;
      }
      throw error;
    }
  });

  return (
    <ZodForm form={form} onSubmit={onSubmit} aria-labelledby="household-heading">
      <Stack spacing={2.5}>
        <FormHeading id="household-heading" title={t('signUp.detailsHeading')} intro={t('signUp.detailsIntro', { phone: mobile.display })} />
        {codeProblem && (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={onNewCode}>
                {t('signUp.newCode')}
              </Button>
            }
          >
            {form.formState.errors.root?.message}
          </Alert>
        )}
        <FormTextField name="name" label={t('signUp.name')} autoComplete="name" required />
        <FormField
          name="city_id"
          render={({ value, onChange, onBlur, inputRef, error }) => (
            <CityField value={value as number | null} onChange={onChange} onBlur={onBlur} inputRef={inputRef} name="city_id" error={error} required />
          )}
        />
        <FormTextField name="address" label={t('signUp.address')} hint={t('signUp.addressHint')} autoComplete="street-address" required multiline minRows={2} />
        <FormField
          name="location"
          render={({ value, onChange, error }) => (
            <Stack component="fieldset" spacing={1} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
                {t('signUp.pin')}
              </Typography>
              {city ? (
                // A new city, a new map: an empty picker starts on its city only when it mounts.
                <LocationPicker key={city.id} value={(value as GeoPoint | null) ?? null} onChange={onChange} city={city.name} height={260} error={error} hint={t('signUp.pinIntro')} />
              ) : (
                <>
                  <Typography variant="body2" color="text.secondary">
                    {t('signUp.chooseCityFirst')}
                  </Typography>
                  {error && <FormHelperText error>{error}</FormHelperText>}
                </>
              )}
            </Stack>
          )}
        />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('signUp.submitting') : t('signUp.submit')}
        </Button>
        <Button variant="text" onClick={onOtherNumber} sx={{ alignSelf: 'flex-start' }}>
          {t('otherNumber')}
        </Button>
      </Stack>
    </ZodForm>
  );
}
