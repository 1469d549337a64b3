import { useState } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { addTranslations } from '@/lib/i18n';
import { signInCodeEn } from '../locales/en';
import { PhoneCodeStep, RESEND_GAP_MS } from './phone-code-step';
import { PhoneNumberStep, type CodeSent } from './phone-number-step';

addTranslations('signInCode', signInCodeEn);

interface Step extends CodeSent {
  nextRequestAt: number;
}

/**
 * Sign-in with a code by SMS (design.md section 20): the number, then the code. /login loads
 * this only when someone chooses it, so the page's start stays as small as it was.
 */
export function PhoneSignInForm({ passwordHref }: { passwordHref: string }) {
  const { t } = useTranslation('signInCode');
  const [typed, setTyped] = useState('');
  const [step, setStep] = useState<Step | null>(null);
  return (
    <Stack spacing={2}>
      {step ? (
        <PhoneCodeStep
          key={step.mobile.phone}
          mobile={step.mobile}
          detail={step.detail}
          nextRequestAt={step.nextRequestAt}
          onResent={(detail, nextRequestAt) => setStep({ ...step, detail, nextRequestAt })}
          onOtherNumber={() => setStep(null)}
        />
      ) : (
        <PhoneNumberStep
          initial={typed}
          onSent={(sent) => {
            setTyped(sent.mobile.display);
            setStep({ ...sent, nextRequestAt: Date.now() + RESEND_GAP_MS });
          }}
        />
      )}
      <Link component={RouterLink} to={passwordHref}>
        {t('usePassword')}
      </Link>
    </Stack>
  );
}
