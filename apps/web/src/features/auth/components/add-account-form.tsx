import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import { loginIdSchema, personNameSchema } from '@app/shared/schemas/auth';
import { FormField } from '@/components/form/form-field';
import { FormPasswordField } from '@/components/form/form-password-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { notify } from '@/lib/notify';
import { useCreateAccount } from '@/data/accounts';
import { CityField } from './city-field';

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
/** An admin creates a driver (POST /drivers/) or another admin (POST /admins/). */
export function AddAccountForm() {
  const { t } = useTranslation('auth');
  const create = useCreateAccount();
  const form = useZodForm(useAddAccountSchema(), {
    mode: 'onSubmit',
    defaultValues: { kind: 'driver', login_id: '', password: '', name: '', phone: '', city_id: null, vehicle_number: '' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });

  const onSubmit = form.submit(async (v) => {
    const input =
      v.kind === 'driver'
        ? ({ kind: 'driver', request: { login_id: v.login_id, password: v.password, name: v.name, phone: v.phone, city_id: v.city_id as number, vehicle_number: v.vehicle_number } } as const)
        : ({ kind: 'admin', request: { login_id: v.login_id, password: v.password, name: v.name } } as const);
    await create.mutateAsync(input);
    notify.success(v.kind === 'driver' ? t('addAccount.doneDriver', { loginId: v.login_id }) : t('addAccount.doneAdmin', { loginId: v.login_id }));
    form.reset({ kind: v.kind, login_id: '', password: '', name: '', phone: '', city_id: null, vehicle_number: '' });
  });

  return (
    <ZodForm form={form} onSubmit={onSubmit} aria-label={t('addAccount.heading')} sx={{ maxWidth: 560 }}>
      <Stack spacing={2.5}>
        <FormField
          name="kind"
          render={({ value, onChange }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('addAccount.type')}</FormLabel>
              <RadioGroup name="kind" value={value} onChange={(event) => onChange(event.target.value)} row>
                <FormControlLabel value="driver" control={<Radio />} label={t('addAccount.driver')} />
                <FormControlLabel value="admin" control={<Radio />} label={t('addAccount.admin')} />
              </RadioGroup>
            </FormControl>
          )}
        />
        <FormTextField name="name" label={t('fields.personName')} autoComplete="off" required />
        <FormTextField
          name="login_id"
          label={t('fields.loginId')}
          type="email"
          autoComplete="off"
          required
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
        />
        <FormPasswordField name="password" label={t('fields.password')} autoComplete="new-password" required hint={t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH })} />
        {kind === 'driver' && (
          <>
            <FormTextField name="phone" label={t('fields.phone')} type="tel" autoComplete="off" required />
            <FormField
              name="city_id"
              render={({ value, onChange, onBlur, inputRef, error }) => (
                <CityField value={value as number | null} onChange={onChange} onBlur={onBlur} inputRef={inputRef} name="city_id" error={error} required />
              )}
            />
            <FormTextField name="vehicle_number" label={t('fields.vehicleNumber')} autoComplete="off" required />
          </>
        )}
        <Button type="submit" variant="contained" disabled={create.isPending} sx={{ alignSelf: 'flex-start' }}>
          {create.isPending ? t('addAccount.submitting') : t('addAccount.submit')}
        </Button>
      </Stack>
    </ZodForm>
  );
}
