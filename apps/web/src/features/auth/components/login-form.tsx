import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type React from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PasswordField } from '@/components/form/password-field';
import { TextInput } from '@/components/form/text-input';
import { paths } from '@/config/paths';
import { getAuthProvider, AuthStepRequiredError, type AuthProvider } from '@/lib/auth-provider';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { takeOverForm } from '@/lib/prerendered-login';
import { useSession } from '@/lib/session';
import { REFUSAL_MESSAGE_KEY, resumeProviderSession, signInWithPassword, SignInRefusedError } from '@/data/sign-in';
import { FormHeading } from './form-heading';

interface LoginValues {
  login_id: string;
  password: string;
}

// The shared loginRequestSchema says the same; /login checks by hand so that zod is not
// part of its bundle (the API validates with the schema anyway).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Sign-in: login id and password. A wrong password shows the server's message here; a
 * member the guard refuses gets the spec's toast. On success the auth layout's guard
 * moves on to the start page. `phoneHref`: where sign-in with a code by SMS is, when offered.
 */
export function LoginForm({ phoneHref }: { phoneHref?: string | null }) {
  const { t } = useTranslation(['auth', 'common']);
  // A session that ended by itself (refresh refused, a 401), not one the user signed out of.
  const { lastSignOut } = useSession();
  const sessionEnded = lastSignOut === 'expired' || lastSignOut === 'unauthorized';
  const [formError, setFormError] = useState<string | null>(null);
  const [provider, setProvider] = useState<AuthProvider | null>(null);
  const [pending, setPending] = useState(false);
  const [values, setValues] = useState<LoginValues>({ login_id: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});

  const validate = (v: LoginValues) => {
    const found: Partial<Record<keyof LoginValues, string>> = {};
    if (!v.login_id.trim()) found.login_id = t('validation.required');
    else if (!EMAIL.test(v.login_id.trim())) found.login_id = t('validation.email');
    if (!v.password) found.password = t('validation.required');
    return found;
  };
  const field = (name: keyof LoginValues) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
    error: !!errors[name],
    helperText: errors[name],
  });

  const handleFailure = (error: unknown) => {
    if (error instanceof SignInRefusedError) {
      notify.error(t(`common:${REFUSAL_MESSAGE_KEY[error.reason]}`));
      return;
    }
    if (error instanceof AuthStepRequiredError) {
      setFormError(t('login.moreSteps', { step: error.step }));
      return;
    }
    // Server messages per field (login_id, password) go under their field; the rest above the form.
    const fieldErrors: Partial<Record<keyof LoginValues, string>> = {};
    let leftover: string | null;
    if (error instanceof ApiError) {
      for (const [name, messages] of Object.entries(error.errors)) {
        if (name === 'login_id' || name === 'password') fieldErrors[name] = messages.join(' ');
      }
      leftover = Object.keys(fieldErrors).length > 0 && !error.fromServer ? null : error.detail;
    } else {
      leftover = t('errors.generic');
      console.error('Sign-in failed', error);
    }
    setErrors(fieldErrors);
    setFormError(leftover);
  };

  const submit = async (input: LoginValues) => {
    const found = validate(input);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`login-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setFormError(null);
    setPending(true);
    try {
      // On success the session has a user: the auth layout's guard moves on.
      await signInWithPassword(input.login_id.trim().toLowerCase(), input.password);
    } catch (error) {
      handleFailure(error);
    } finally {
      setPending(false);
    }
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) void submit(values);
  };

  // The prerendered page (decision 026) took typing, and maybe the submit, before this ran.
  // (Its labels stay above the fields, shrinkLabel: before the app runs nothing could move them.)
  const formRef = useRef<HTMLFormElement>(null);
  const onTakeOver = useEffectEvent((form: HTMLFormElement) => {
    const before = takeOverForm(form, ['login_id', 'password'] as const);
    if (!before) return;
    setValues(before.values);
    if (before.submit) void submit(before.values);
  });
  useLayoutEffect(() => {
    if (formRef.current) onTakeOver(formRef.current);
  }, []);

  const onResumeFailure = useEffectEvent(handleFailure);
  useEffect(() => {
    // cognito: offer the hosted page, and finish a sign-in that comes back from it.
    let cancelled = false;
    void getAuthProvider().then((p) => {
      if (cancelled || p.kind !== 'cognito') return;
      setProvider(p);
      resumeProviderSession().catch(onResumeFailure);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    // POST: should the browser ever send the form itself, the password stays out of the URL.
    <Stack ref={formRef} component="form" method="post" noValidate spacing={2.5} onSubmit={onSubmit} aria-labelledby="login-heading">
      <FormHeading id="login-heading" title={t('login.heading')} intro={t('login.intro')} />
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      {!formError && sessionEnded && (
        <Alert severity="info" role="status">
          {t('login.sessionEnded')}
        </Alert>
      )}
      <TextInput
        {...field('login_id')}
        id="login-login_id"
        label={t('fields.loginId')}
        type="email"
        autoComplete="username"
        autoFocus
        required
        shrinkLabel
        inputProps={{ inputMode: 'email', autoCapitalize: 'none', spellCheck: false }}
      />
      <PasswordField {...field('password')} id="login-password" label={t('fields.password')} autoComplete="current-password" required shrinkLabel />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {pending ? t('login.submitting') : t('login.submit')}
      </Button>
      {phoneHref && (
        <Button component={RouterLink} to={phoneHref} variant="outlined" size="large">
          {t('login.withPhone')}
        </Button>
      )}
      {provider?.signInWithHostedUi && (
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2.5 }}>
          <Button variant="outlined" fullWidth onClick={() => void provider.signInWithHostedUi?.()}>
            {t('login.hostedUi')}
          </Button>
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={paths.auth.forgotPassword.getHref()}>
          {t('login.forgot')}
        </Link>
        <Typography variant="body2">
          {t('login.noAccount')}{' '}
          <Link component={RouterLink} to={paths.auth.signup.getHref()}>
            {t('login.signup')}
          </Link>
        </Typography>
      </Stack>
    </Stack>
  );
}
