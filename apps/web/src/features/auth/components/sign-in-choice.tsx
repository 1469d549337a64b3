import { lazy, Suspense } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { signInCodesOffered } from '@/data/sign-in';
import { useHydrated } from '@/lib/prerendered-login';
import { LoginForm } from './login-form';
import { importWhenOnline } from '@/lib/import-when-online';

// Sign-in with a code by SMS loads only when chosen (`?with=phone`, which the forgot-password
// page links to too): /login's start stays the password form's.
const PhoneSignInForm = lazy(() => importWhenOnline(() => import('./phone-sign-in-form')).then((module) => ({ default: module.PhoneSignInForm })));

/** /login: the password form with a link to sign-in with a code by SMS, or that form (`?with=phone`). */
export function SignInChoice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The prerendered page (decision 026) is the password form with the phone link, whatever the
  // URL and the configuration say: React takes it over as it is, then renders what they ask.
  const hydrated = useHydrated();
  const query = new URLSearchParams(hydrated ? params : undefined);
  const withPhone = query.get('with') === 'phone';
  query.delete('with');
  if (hydrated && !signInCodesOffered()) return <LoginForm />;
  if (withPhone) {
    return (
      <Suspense fallback={<Typography role="status">{t('states.loading')}</Typography>}>
        <PhoneSignInForm passwordHref={paths.auth.login.getHref(Object.fromEntries(query))} />
      </Suspense>
    );
  }
  return <LoginForm phoneHref={paths.auth.login.getHref({ ...Object.fromEntries(query), with: 'phone' })} />;
}
