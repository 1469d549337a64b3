import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MEMBER_TYPES, MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import { addressSchema, loginIdSchema, personNameSchema, phoneSchema, type SignupRequest } from '@app/shared/schemas/auth';
import { paths } from '@/config/paths';
import { applyServerErrors } from '@/lib/form-errors';
import { useSignup } from '../api/signup';
import { CityField } from './city-field';
import { FormHeading } from './form-heading';
import { ConfirmPasswordField, NewPasswordField } from './new-password-fields';

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

type SignupFormValues = z.input<ReturnType<typeof useSignupSchema>>;
type SignupFormOutput = z.output<ReturnType<typeof useSignupSchema>>;

const FIELDS = ['member_type', 'name', 'phone', 'login_id', 'password', 'confirm_password', 'business_name', 'city_id', 'address'] as const;

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
  const schema = useSignupSchema();
  const signup = useSignup();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<SignupFormValues, unknown, SignupFormOutput>({
    resolver: zodResolver(schema),
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
  const memberType = useWatch({ control, name: 'member_type' });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    signup.mutate(toRequest(values), {
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS, SERVER_FIELD_MAP)),
    });
  });

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
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-labelledby="signup-heading">
      <FormHeading id="signup-heading" title={t('signup.heading')} intro={t('signup.intro')} />
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}

      <Controller
        control={control}
        name="member_type"
        render={({ field }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('fields.memberType')}</FormLabel>
            <RadioGroup {...field} row>
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
      <TextField
        {...register('business_name')}
        label={memberType === 'vendor' ? t('fields.companyName') : t('fields.storeName')}
        autoComplete="organization"
        required
        error={!!errors.business_name}
        helperText={errors.business_name?.message}
      />
      <Controller
        control={control}
        name="city_id"
        render={({ field, fieldState }) => (
          <CityField value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} name={field.name} error={fieldState.error?.message} required />
        )}
      />
      <TextField
        {...register('address')}
        label={t('fields.address')}
        autoComplete="street-address"
        required
        multiline
        minRows={2}
        error={!!errors.address}
        helperText={errors.address?.message}
      />

      <Typography variant="h2" component="h2">
        {t('signup.account')}
      </Typography>
      <TextField {...register('name')} label={t('fields.name')} autoComplete="name" required error={!!errors.name} helperText={errors.name?.message} />
      <TextField
        {...register('phone')}
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        required
        error={!!errors.phone}
        helperText={errors.phone?.message}
      />
      <TextField
        {...register('login_id')}
        label={t('fields.loginId')}
        type="email"
        autoComplete="username"
        required
        error={!!errors.login_id}
        helperText={errors.login_id?.message}
        slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
      />
      <NewPasswordField {...register('password')} label={t('fields.password')} error={errors.password} />
      <ConfirmPasswordField {...register('confirm_password')} error={errors.confirm_password} />
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
  );
}
