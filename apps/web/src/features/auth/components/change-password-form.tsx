import { useMemo } from 'react';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import { FormPasswordField } from '@/components/form/form-password-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useChangePassword } from '@/data/auth';
import { FormHeading } from './form-heading';

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

/** Change password (POST /auth/change-password); this session stays signed in. */
export function ChangePasswordForm({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const change = useChangePassword();
  const form = useZodForm(useChangePasswordSchema(), { mode: 'onSubmit', defaultValues: { current_password: '', password: '', confirm_password: '' } });
  const onSubmit = form.submit(async (values) => {
    await change.mutateAsync({ currentPassword: values.current_password, password: values.password });
    notify.success(t('changePassword.done'));
    form.reset();
  });
  return (
    <ZodForm form={form} onSubmit={onSubmit} aria-labelledby="change-password-heading" sx={{ maxWidth: 480 }}>
      <Stack spacing={2.5}>
        <FormHeading id="change-password-heading" title={t('changePassword.heading')} intro={t('changePassword.intro')} level={headingLevel} />
        <input type="hidden" name="username" autoComplete="username" value={user?.loginId ?? ''} readOnly />
        <FormPasswordField name="current_password" label={t('fields.currentPassword')} autoComplete="current-password" required />
        <FormPasswordField name="password" label={t('fields.newPassword')} autoComplete="new-password" required hint={t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH })} />
        <FormPasswordField name="confirm_password" label={t('fields.confirmPassword')} autoComplete="new-password" required />
        <Button type="submit" variant="contained" disabled={change.isPending} sx={{ alignSelf: 'flex-start' }}>
          {change.isPending ? t('changePassword.submitting') : t('changePassword.submit')}
        </Button>
      </Stack>
    </ZodForm>
  );
}
