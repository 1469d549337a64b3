import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { translatedResolver } from '@/lib/translated-resolver';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import { forgotPasswordRequestSchema, RESET_CODE_LENGTH, resetCodeSchema, type ForgotPasswordRequest } from '@app/shared/schemas/auth';
import { paths } from '@/config/paths';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useRequestResetCode, useResetPassword } from '../api/password-reset';
import { REFUSAL_MESSAGE_KEY, signInWithPassword, SignInRefusedError } from '../api/sign-in';
import { FormHeading } from './form-heading';
import { ConfirmPasswordField, NewPasswordField } from './new-password-fields';

function useResetSchema() {
  const { t } = useTranslation(['auth', 'common']);
  return useMemo(
    () =>
      z
        .object({
          code: resetCodeSchema,
          password: z.string().min(MIN_PASSWORD_LENGTH, t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH })).max(256),
          confirm_password: z.string().min(1, t('validation.required')),
        })
        .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: t('validation.passwordsDiffer') }),
    [t],
  );
}
type ResetValues = z.infer<ReturnType<typeof useResetSchema>>;

/** Step 1: the login id; the API mails a code (and answers the same whether or not the account exists). */
function RequestCodeStep({ onSent }: { onSent: (loginId: string) => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const request = useRequestResetCode();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ForgotPasswordRequest>({
    resolver: translatedResolver(zodResolver(forgotPasswordRequestSchema)),
    defaultValues: { login_id: '' },
  });
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    request.mutate(values.login_id, {
      onSuccess: () => onSent(values.login_id),
      onError: (error) => setFormError(applyServerErrors(error, setError, ['login_id'])),
    });
  });
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-labelledby="forgot-heading">
      <FormHeading id="forgot-heading" title={t('forgot.heading')} intro={t('forgot.step1Intro')} />
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <TextField
        {...register('login_id')}
        label={t('fields.loginId')}
        type="email"
        autoComplete="username"
        autoFocus
        required
        error={!!formState.errors.login_id}
        helperText={formState.errors.login_id?.message}
        slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
        {request.isPending ? t('forgot.sending') : t('forgot.sendCode')}
      </Button>
    </Stack>
  );
}

/** Step 2: the mailed code and a new password; then the person is signed in with it. */
function ResetStep({ loginId, onRestart }: { loginId: string; onRestart: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const schema = useResetSchema();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ResetValues>({
    resolver: translatedResolver(zodResolver(schema)),
    defaultValues: { code: '', password: '', confirm_password: '' },
  });
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
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    reset.mutate(
      { loginId, code: values.code, password: values.password },
      {
        onSuccess: () => signIn.mutate(values.password),
        onError: (error) => setFormError(applyServerErrors(error, setError, ['code', 'password'])),
      },
    );
  });
  const busy = reset.isPending || signIn.isPending;
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-labelledby="reset-heading">
      <FormHeading id="reset-heading" title={t('forgot.heading')} intro={t('forgot.step2Intro', { loginId })} />
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      {/* For password managers: which account the new password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={loginId} readOnly />
      <TextField
        {...register('code')}
        label={t('fields.code')}
        autoComplete="one-time-code"
        autoFocus
        required
        error={!!formState.errors.code}
        helperText={formState.errors.code?.message}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: RESET_CODE_LENGTH, pattern: '[0-9]*' } }}
      />
      <NewPasswordField {...register('password')} label={t('fields.newPassword')} error={formState.errors.password} />
      <ConfirmPasswordField {...register('confirm_password')} error={formState.errors.confirm_password} />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t('forgot.resetting') : t('forgot.reset')}
      </Button>
      <Button variant="text" onClick={onRestart} sx={{ alignSelf: 'flex-start' }}>
        {t('forgot.resend')}
      </Button>
    </Stack>
  );
}

/** Forgot password: ask for a code, then set a new password with it and go in. */
export function ForgotPasswordForm() {
  const { t } = useTranslation(['auth', 'common']);
  const [loginId, setLoginId] = useState<string | null>(null);
  return (
    <Stack spacing={2}>
      {loginId ? <ResetStep loginId={loginId} onRestart={() => setLoginId(null)} /> : <RequestCodeStep onSent={setLoginId} />}
      <Link component={RouterLink} to={paths.auth.login.getHref()}>
        {t('forgot.backToLogin')}
      </Link>
    </Stack>
  );
}
