import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MEMBER_TYPES, MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import { addressSchema, loginIdSchema, personNameSchema, phoneSchema, type SignupRequest } from '@app/shared/schemas/auth';
import { paths } from '@/config/paths';
import { FormField } from '@/components/form/form-field';
import { FormPasswordField } from '@/components/form/form-password-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { useSignup } from '@/data/auth';
import { CityField } from './city-field';
import { FormHeading } from './form-heading';

function useSignupSchema() {
  const { t } = useTranslation('auth');
  return useMemo(
    () =>
      z
        .object({
          member_type: z.enum(MEMBER_TYPES),
          name: personNameSchema,
          phone: phoneSchema,
          login_id: loginIdSchema,
          password: z
            .string()
            .min(MIN_PASSWORD_LENGTH, t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH }))
            .max(256),
          confirm_password: z.string().min(1, t('validation.required')),
          business_name: z.string().trim().min(1, t('validation.required')).max(160),
          city_id: z.number({ error: t('validation.city') }).int().positive(t('validation.city')).nullable(),
          address: addressSchema,
        })
        .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: t('validation.passwordsDiffer') })
        .refine((v) => v.city_id !== null, { path: ['city_id'], message: t('validation.city') }),
    [t],
  );
}

type SignupFormOutput = z.output<ReturnType<typeof useSignupSchema>>;

// The wire's nested names (design.md section 5) at the form's flat fields.
const SERVER_FIELD_MAP = {
  'store.name': 'business_name',
  'vendor.company_name': 'business_name',
  'store.city_id': 'city_id',
  'vendor.city_id': 'city_id',
  'store.address': 'address',
  'vendor.address': 'address',
  store: 'business_name',
  vendor: 'business_name',
} as const;

function toRequest(values: SignupFormOutput): SignupRequest {
  const common = { login_id: values.login_id, password: values.password, name: values.name, phone: values.phone };
  const cityId = values.city_id as number;
  return values.member_type === 'store'
    ? { ...common, member_type: 'store', store: { name: values.business_name, city_id: cityId, address: values.address } }
    : { ...common, member_type: 'vendor', vendor: { company_name: values.business_name, city_id: cityId, address: values.address } };
}

/** Sign-up of a store or a vendor; afterwards, the word that an admin must accept it. */
export function SignupForm() {
  const { t } = useTranslation('auth');
  const signup = useSignup();
  const form = useZodForm(useSignupSchema(), {
    mode: 'onSubmit',
    fieldMap: SERVER_FIELD_MAP,
    defaultValues: {
      member_type: 'store',
      name: '',
      phone: '',
      login_id: '',
      password: '',
      confirm_password: '',
      business_name: '',
      city_id: null,
      address: '',
    },
  });
  const memberType = useWatch({ control: form.control, name: 'member_type' });
  const onSubmit = form.submit((values) => signup.mutateAsync(toRequest(values)));

  if (signup.isSuccess) {
    return (
      <Stack spacing={2.5}>
        <Typography variant="h1">{t('signup.heading')}</Typography>
        <Alert severity="success" role="status">
          <AlertTitle>{t('signup.doneTitle')}</AlertTitle>
          {t('signup.doneBody')}
        </Alert>
        <Button variant="contained" component={RouterLink} to={paths.auth.login.getHref()}>
          {t('signup.doneLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <ZodForm form={form} onSubmit={onSubmit} aria-labelledby="signup-heading">
      <Stack spacing={2.5}>
        <FormHeading id="signup-heading" title={t('signup.heading')} intro={t('signup.intro')} />
        <FormField
          name="member_type"
          render={({ value, onChange }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('fields.memberType')}</FormLabel>
              <RadioGroup name="member_type" value={value} onChange={(event) => onChange(event.target.value)} row>
                <FormControlLabel value="store" control={<Radio />} label={t('memberTypes.store')} />
                <FormControlLabel value="vendor" control={<Radio />} label={t('memberTypes.vendor')} />
              </RadioGroup>
              <Typography variant="body2" color="text.secondary">
                {memberType === 'vendor' ? t('memberTypes.vendorHint') : t('memberTypes.storeHint')}
              </Typography>
            </FormControl>
          )}
        />

        <Typography variant="h2" component="h2">
          {t('signup.business')}
        </Typography>
        <FormTextField name="business_name" label={memberType === 'vendor' ? t('fields.companyName') : t('fields.storeName')} autoComplete="organization" required />
        <FormField
          name="city_id"
          render={({ value, onChange, onBlur, inputRef, error }) => (
            <CityField value={value as number | null} onChange={onChange} onBlur={onBlur} inputRef={inputRef} name="city_id" error={error} required />
          )}
        />
        <FormTextField name="address" label={t('fields.address')} autoComplete="street-address" required multiline minRows={2} />

        <Typography variant="h2" component="h2">
          {t('signup.account')}
        </Typography>
        <FormTextField name="name" label={t('fields.name')} autoComplete="name" required />
        <FormTextField name="phone" label={t('fields.phone')} type="tel" autoComplete="tel" required />
        <FormTextField
          name="login_id"
          label={t('fields.loginId')}
          type="email"
          autoComplete="username"
          required
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
        />
        <FormPasswordField name="password" label={t('fields.password')} autoComplete="new-password" required hint={t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH })} />
        <FormPasswordField name="confirm_password" label={t('fields.confirmPassword')} autoComplete="new-password" required />
        <Button type="submit" variant="contained" size="large" disabled={signup.isPending}>
          {signup.isPending ? t('signup.submitting') : t('signup.submit')}
        </Button>
        <Typography variant="body2">
          {t('signup.haveAccount')}{' '}
          <Link component={RouterLink} to={paths.auth.login.getHref()}>
            {t('signup.login')}
          </Link>
        </Typography>
      </Stack>
    </ZodForm>
  );
}
