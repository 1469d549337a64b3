import { useRef, useState } from 'react';
import type React from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/form/text-input';
import { requestSignInCode } from '@/data/sign-in-code';
import { failureOf } from '../utils/api-failure';
import { readMobile, type TypedMobile } from '../utils/mobile-number';
import { FormHeading } from './form-heading';

export interface CodeSent {
  mobile: TypedMobile;
  /** The API's 202 detail (English; shown in the reader's language). */
  detail: string | null;
}

/**
 * Step 1: the mobile number; the API texts a code to it (and answers the same for any number).
 * `signUp` (a household on /Household/Start): a number of no member gets a code too.
 */
export function PhoneNumberStep({ initial, onSent, signUp = false }: { initial: string; onSent: (sent: CodeSent) => void; signUp?: boolean }) {
  const { t } = useTranslation(['signInCode', 'auth']);
  const [value, setValue] = useState(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const send = async () => {
    const mobile = readMobile(value);
    setFormError(null);
    if (!mobile) {
      setFieldError(t('phoneInvalid'));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setPending(true);
    try {
      const detail = await requestSignInCode(mobile.phone, { signUp });
      onSent({ mobile, detail });
    } catch (error) {
      const failure = failureOf(error, 'phone', t('auth:errors.generic'));
      if (failure.unexpected) console.error('Asking for a sign-in code failed', error);
      setFieldError(failure.field);
      setFormError(failure.form);
      if (failure.field) input.current?.focus();
      setPending(false);
    }
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) void send();
  };

  return (
    <Stack component="form" method="post" noValidate spacing={2.5} onSubmit={onSubmit} aria-labelledby="phone-heading">
      <FormHeading id="phone-heading" title={signUp ? t('signUp.heading') : t('heading')} intro={signUp ? t('signUp.numberIntro') : t('numberIntro')} />
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <TextInput
        ref={input}
        id="sign-in-phone"
        name="phone"
        label={t('phone')}
        type="tel"
        autoComplete="tel"
        autoFocus
        required
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setFieldError(null);
        }}
        error={!!fieldError}
        helperText={fieldError ?? t('phoneHint')}
        inputProps={{ inputMode: 'tel' }}
      />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {pending ? t('sending') : t('send')}
      </Button>
    </Stack>
  );
}
