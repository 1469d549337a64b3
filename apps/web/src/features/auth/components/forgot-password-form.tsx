import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import { forgotPasswordRequestSchema, RESET_CODE_LENGTH, resetPasswordRequestSchema } from '@app/shared/schemas/auth';
import { paths } from '@/config/paths';
import { FormPasswordField } from '@/components/form/form-password-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useRequestResetCode, useResetPassword } from '@/data/auth';
import { REFUSAL_MESSAGE_KEY, signInCodesOffered, signInWithPassword, SignInRefusedError } from '@/data/sign-in';
import { signInCodeEn } from '../locales/en';
import { FormHeading } from './form-heading';

addTranslations('signInCode', signInCodeEn);

function useResetSchema() {
  const { t } = useTranslation(['auth', 'common']);
  return useMemo(
    () =>
      z
        .object({
          code: resetPasswordRequestSchema.shape.code,
          password: z.string().min(MIN_PASSWORD_LENGTH, t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH })).max(256),
          confirm_password: z.string().min(1, t('validation.required')),
        })
        .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: t('validation.passwordsDiffer') }),
    [t],
  );
}

/** Step 1: the login id; the API mails a code (and answers the same whether or not the account exists). */
function RequestCodeStep({ onSent }: { onSent: (loginId: string) => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const request = useRequestResetCode();
  const form = useZodForm(forgotPasswordRequestSchema, { mode: 'onSubmit', defaultValues: { login_id: '' } });
  const onSubmit = form.submit(async (values) => {
    await request.mutateAsync(values.login_id);
    onSent(values.login_id);
  });
  return (
    <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false} aria-labelledby="forgot-heading">
      <Stack spacing={2.5}>
        <FormHeading id="forgot-heading" title={t('forgot.heading')} intro={t('forgot.step1Intro')} />
        <FormErrorAlert form={form} />
        <FormTextField
          name="login_id"
          label={t('fields.loginId')}
          type="email"
          autoComplete="username"
          autoFocus
          required
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
          {request.isPending ? t('forgot.sending') : t('forgot.sendCode')}
        </Button>
      </Stack>
    </ZodForm>
  );
}

/** Step 2: the mailed code and a new password; then the person is signed in with it. */
function ResetStep({ loginId, onRestart }: { loginId: string; onRestart: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useZodForm(useResetSchema(), { mode: 'onSubmit', defaultValues: { code: '', password: '', confirm_password: '' } });
  const signIn = useMutation({
    mutationFn: (password: string) => signInWithPassword(loginId, password),
    onSuccess: () => notify.success(t('forgot.done')),
    onError: (error) => {
      // The password is changed either way: sign-in is where to go on.
      if (error instanceof SignInRefusedError) notify.error(t(`common:${REFUSAL_MESSAGE_KEY[error.reason]}`));
      else notify.success(t('forgot.done'));
      void navigate(paths.auth.login.getHref(), { replace: true });
    },
  });
  const onSubmit = form.submit(async (values) => {
    await reset.mutateAsync({ loginId, code: values.code, password: values.password });
    signIn.mutate(values.password);
  });
  const busy = reset.isPending || signIn.isPending;
  return (
    <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false} aria-labelledby="reset-heading">
      <Stack spacing={2.5}>
        <FormHeading id="reset-heading" title={t('forgot.heading')} intro={t('forgot.step2Intro', { loginId })} />
        <FormErrorAlert form={form} />
        {/* For password managers: which account the new password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={loginId} readOnly />
        <FormTextField
          name="code"
          label={t('fields.code')}
          autoComplete="one-time-code"
          autoFocus
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: RESET_CODE_LENGTH, pattern: '[0-9]*' } }}
        />
        <FormPasswordField name="password" label={t('fields.newPassword')} autoComplete="new-password" required hint={t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH })} />
        <FormPasswordField name="confirm_password" label={t('fields.confirmPassword')} autoComplete="new-password" required />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('forgot.resetting') : t('forgot.reset')}
        </Button>
        <Button variant="text" onClick={onRestart} sx={{ alignSelf: 'flex-start' }}>
          {t('forgot.resend')}
        </Button>
      </Stack>
    </ZodForm>
  );
}

/** Forgot password: ask for a code, then set a new password with it and go in (or sign in with a code by SMS). */
export function ForgotPasswordForm() {
  const { t } = useTranslation(['auth', 'signInCode']);
  const [loginId, setLoginId] = useState<string | null>(null);
  return (
    <Stack spacing={2}>
      {loginId ? <ResetStep loginId={loginId} onRestart={() => setLoginId(null)} /> : <RequestCodeStep onSent={setLoginId} />}
      {signInCodesOffered() && (
        <Typography variant="body2">
          {t('signInCode:forgotQuestion')}{' '}
          <Link component={RouterLink} to={paths.auth.login.getHref({ with: 'phone' })}>
            {t('signInCode:forgotLink')}
          </Link>
        </Typography>
      )}
      <Link component={RouterLink} to={paths.auth.login.getHref()}>
        {t('forgot.backToLogin')}
      </Link>
    </Stack>
  );
}
