import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import { PasswordField } from '@/components/form/password-field';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { FormHeading } from './form-heading';
import { ConfirmPasswordField, NewPasswordField } from './new-password-fields';

function useChangePasswordSchema() {
  const { t } = useTranslation('auth');
  return useMemo(
    () =>
      z
        .object({
          current_password: z.string().min(1, t('validation.required')),
          password: z.string().min(MIN_PASSWORD_LENGTH, t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH })).max(256),
          confirm_password: z.string().min(1, t('validation.required')),
        })
        .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: t('validation.passwordsDiffer') }),
    [t],
  );
}
type Values = z.infer<ReturnType<typeof useChangePasswordSchema>>;

/** Change password (POST /auth/change-password); this session stays signed in. */
export function ChangePasswordForm({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const schema = useChangePasswordSchema();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', password: '', confirm_password: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    change.mutate(
      { currentPassword: values.current_password, password: values.password },
      {
        onSuccess: () => {
          notify.success(t('changePassword.done'));
          reset();
        },
        onError: (error) => setFormError(applyServerErrors(error, setError, ['current_password', 'password'])),
      },
    );
  });
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-labelledby="change-password-heading" sx={{ maxWidth: 480 }}>
      <FormHeading id="change-password-heading" title={t('changePassword.heading')} intro={t('changePassword.intro')} level={headingLevel} />
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <input type="hidden" name="username" autoComplete="username" value={user?.loginId ?? ''} readOnly />
      <PasswordField
        {...register('current_password')}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        required
        error={!!errors.current_password}
        helperText={errors.current_password?.message}
      />
      <NewPasswordField {...register('password')} label={t('fields.newPassword')} error={errors.password} />
      <ConfirmPasswordField {...register('confirm_password')} error={errors.confirm_password} />
      <Button type="submit" variant="contained" disabled={change.isPending} sx={{ alignSelf: 'flex-start' }}>
        {change.isPending ? t('changePassword.submitting') : t('changePassword.submit')}
      </Button>
    </Stack>
  );
}
