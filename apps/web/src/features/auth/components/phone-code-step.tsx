import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type React from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { asciiDigits } from '@app/shared/digits';
import { TextInput } from '@/components/form/text-input';
import { requestSignInCode, signInWithCode } from '@/data/sign-in-code';
import { REFUSAL_MESSAGE_KEY, SignInRefusedError } from '@/data/sign-in';
import { notify } from '@/lib/notify';
import { translateServerMessage } from '@/lib/server-messages';
import { failureOf } from '../utils/api-failure';
import type { TypedMobile } from '../utils/mobile-number';
import { readSmsCode } from '../utils/web-otp';
import { FormHeading } from './form-heading';
import { ResendCodeButton } from './resend-code-button';

// The shared schemas' SIGN_IN_CODE_LENGTH: a value from them would bring zod and
// libphonenumber-js into this chunk; the texts say "6-digit" too.
const CODE_LENGTH = 6;
const CODE = new RegExp(`^\\d{${CODE_LENGTH}}$`);
/** The API takes one request per number every 30 s (SIGN_IN_CODE_GAP_S). */
export const RESEND_GAP_MS = 30_000;

interface Props {
  mobile: TypedMobile;
  /** The API's word on the request (202: "if this number belongs to an account..."). */
  detail: string | null;
  /** When a new code may be asked for (epoch ms). */
  nextRequestAt: number;
  onResent: (detail: string | null, nextRequestAt: number) => void;
  onOtherNumber: () => void;
  /** A household on /Household/Start (design.md section 21): new codes are asked for with `sign_up`. */
  signUp?: boolean;
  /**
   * What the code is used for; by default it signs the member in. A failure it throws shows
   * at the code field. It answers 'signed-in' (the button stays busy until the guard leaves
   * the page) or 'moved-on' (the parent shows another step).
   */
  verify?: (code: string) => Promise<'signed-in' | 'moved-on'>;
}

/**
 * Step 2: the code from the SMS. Where the browser reads SMS codes (WebOTP) it fills the
 * field and signs in by itself; leaving the step stops it listening. On success the session
 * has a user and the auth layout's guard moves on, as after a password.
 */
export function PhoneCodeStep({ mobile, detail, nextRequestAt, onResent, onOtherNumber, signUp = false, verify: verifyWith }: Props) {
  const { t } = useTranslation(['signInCode', 'auth', 'common']);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<'verify' | 'resend' | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const showFailure = (error: unknown, what: string) => {
    if (error instanceof SignInRefusedError) {
      notify.error(t(`common:${REFUSAL_MESSAGE_KEY[error.reason]}`));
      return null;
    }
    const failure = failureOf(error, 'code', t('auth:errors.generic'));
    if (failure.unexpected) console.error(what, error);
    setFieldError(failure.field);
    setFormError(failure.form);
    if (failure.field) input.current?.focus();
    return failure;
  };

  const verify = async (typed: string) => {
    // A Hindi keyboard types ९८१...; the API reads ASCII digits.
    const digits = asciiDigits(typed).replace(/\s/g, '');
    setFormError(null);
    if (!CODE.test(digits)) {
      setFieldError(t('codeInvalid'));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setPending('verify');
    try {
      if (verifyWith) {
        if ((await verifyWith(digits)) === 'moved-on') setPending(null);
        return;
      }
      await signInWithCode(mobile.phone, digits);
      // Signed in: the guard leaves this page; the button stays busy until it does.
    } catch (error) {
      showFailure(error, 'Signing in with a code failed');
      setPending(null);
    }
  };

  const resend = async () => {
    setPending('resend');
    setFieldError(null);
    setFormError(null);
    try {
      const answer = await requestSignInCode(mobile.phone, { signUp });
      setCode('');
      onResent(answer, Date.now() + RESEND_GAP_MS);
      input.current?.focus();
    } catch (error) {
      const failure = showFailure(error, 'Asking for a new sign-in code failed');
      if (failure?.retryAfter) onResent(detail, Date.now() + failure.retryAfter * 1000);
    } finally {
      setPending(null);
    }
  };

  // WebOTP: listen for this code's SMS while the step shows; a new code, a new listener.
  const onSmsCode = useEffectEvent((smsCode: string) => {
    if (pending) return;
    setCode(smsCode);
    void verify(smsCode);
  });
  useEffect(() => {
    const controller = new AbortController();
    void readSmsCode(controller.signal).then((smsCode) => {
      if (smsCode) onSmsCode(smsCode);
    });
    return () => controller.abort();
  }, [nextRequestAt]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) void verify(code);
  };

  return (
    <Stack component="form" method="post" noValidate spacing={2.5} onSubmit={onSubmit} aria-labelledby="code-heading">
      <FormHeading id="code-heading" title={signUp ? t('signUp.heading') : t('heading')} intro={t('codeIntro', { phone: mobile.display })} />
      {formError ? (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      ) : (
        detail && (
          <Alert severity="info" role="status">
            {translateServerMessage(detail)}
          </Alert>
        )
      )}
      <TextInput
        ref={input}
        id="sign-in-code"
        name="code"
        label={t('code')}
        autoComplete="one-time-code"
        autoFocus
        required
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setFieldError(null);
        }}
        error={!!fieldError}
        helperText={fieldError ?? undefined}
        inputProps={{ inputMode: 'numeric', maxLength: CODE_LENGTH, pattern: '[0-9]*' }}
      />
      <Button type="submit" variant="contained" size="large" disabled={!!pending}>
        {pending === 'verify' ? t('submitting') : signUp ? t('signUp.next') : t('submit')}
      </Button>
      <ResendCodeButton key={nextRequestAt} until={nextRequestAt} pending={!!pending} onClick={() => void resend()} />
      <Button variant="text" onClick={onOtherNumber} sx={{ alignSelf: 'flex-start' }}>
        {t('otherNumber')}
      </Button>
    </Stack>
  );
}
