import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import { loginIdSchema, personNameSchema } from '@app/shared/schemas/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateAccount } from '../api/create-account';
import { CityField } from './city-field';
import { NewPasswordField } from './new-password-fields';

function useAddAccountSchema() {
  const { t } = useTranslation('auth');
  return useMemo(() => {
    const required = t('validation.required');
    return z
      .object({
        kind: z.enum(['driver', 'admin']),
        login_id: loginIdSchema,
        password: z.string().min(MIN_PASSWORD_LENGTH, t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH })).max(256),
        name: personNameSchema,
        phone: z.string().trim(),
        city_id: z.number().int().positive().nullable(),
        vehicle_number: z.string().trim().toUpperCase(),
      })
      .superRefine((v, ctx) => {
        if (v.kind !== 'driver') return;
        if (!/^\+?[0-9][0-9 -]{6,18}[0-9]$/.test(v.phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: v.phone ? t('validation.phone') : required });
        if (v.city_id === null) ctx.addIssue({ code: 'custom', path: ['city_id'], message: t('validation.city') });
        if (v.vehicle_number.length < 4) ctx.addIssue({ code: 'custom', path: ['vehicle_number'], message: required });
      });
  }, [t]);
}
type Values = z.input<ReturnType<typeof useAddAccountSchema>>;
type Output = z.output<ReturnType<typeof useAddAccountSchema>>;

const FIELDS = ['login_id', 'password', 'name', 'phone', 'city_id', 'vehicle_number'] as const;

/** An admin creates a driver (POST /drivers/) or another admin (POST /admins/). */
export function AddAccountForm() {
  const { t } = useTranslation('auth');
  const schema = useAddAccountSchema();
  const create = useCreateAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { kind: 'driver', login_id: '', password: '', name: '', phone: '', city_id: null, vehicle_number: '' },
  });
  const kind = useWatch({ control, name: 'kind' });
  const { errors } = formState;

  const onSubmit = handleSubmit((v) => {
    setFormError(null);
    const input =
      v.kind === 'driver'
        ? ({ kind: 'driver', request: { login_id: v.login_id, password: v.password, name: v.name, phone: v.phone, city_id: v.city_id as number, vehicle_number: v.vehicle_number } } as const)
        : ({ kind: 'admin', request: { login_id: v.login_id, password: v.password, name: v.name } } as const);
    create.mutate(input, {
      onSuccess: () => {
        notify.success(v.kind === 'driver' ? t('addAccount.doneDriver', { loginId: v.login_id }) : t('addAccount.doneAdmin', { loginId: v.login_id }));
        reset({ kind: v.kind, login_id: '', password: '', name: '', phone: '', city_id: null, vehicle_number: '' });
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('addAccount.heading')} sx={{ maxWidth: 560 }}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('addAccount.type')}</FormLabel>
            <RadioGroup {...field} row>
              <FormControlLabel value="driver" control={<Radio />} label={t('addAccount.driver')} />
              <FormControlLabel value="admin" control={<Radio />} label={t('addAccount.admin')} />
            </RadioGroup>
          </FormControl>
        )}
      />
      <TextField {...register('name')} label={t('fields.personName')} autoComplete="off" required error={!!errors.name} helperText={errors.name?.message} />
      <TextField
        {...register('login_id')}
        label={t('fields.loginId')}
        type="email"
        autoComplete="off"
        required
        error={!!errors.login_id}
        helperText={errors.login_id?.message}
        slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
      />
      <NewPasswordField {...register('password')} label={t('fields.password')} error={errors.password} />
      {kind === 'driver' && (
        <>
          <TextField {...register('phone')} label={t('fields.phone')} type="tel" autoComplete="off" required error={!!errors.phone} helperText={errors.phone?.message} />
          <Controller
            control={control}
            name="city_id"
            render={({ field, fieldState }) => (
              <CityField value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} name={field.name} error={fieldState.error?.message} required />
            )}
          />
          <TextField
            {...register('vehicle_number')}
            label={t('fields.vehicleNumber')}
            autoComplete="off"
            required
            error={!!errors.vehicle_number}
            helperText={errors.vehicle_number?.message}
          />
        </>
      )}
      <Button type="submit" variant="contained" disabled={create.isPending} sx={{ alignSelf: 'flex-start' }}>
        {create.isPending ? t('addAccount.submitting') : t('addAccount.submit')}
      </Button>
    </Stack>
  );
}
