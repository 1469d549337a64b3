import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { isNoAccountAnswer, signInWithCode } from '@/data/sign-in-code';
import { chosenCityId } from '@/lib/chosen-city';
import { addTranslations } from '@/lib/i18n';
import { signInCodeEn } from '../locales/en';
import { EMPTY_HOUSEHOLD, HouseholdSignUpStep, type HouseholdDraft } from './household-sign-up-step';
import { PhoneCodeStep, RESEND_GAP_MS } from './phone-code-step';
import { PhoneNumberStep, type CodeSent } from './phone-number-step';

addTranslations('signInCode', signInCodeEn);

interface Sent extends CodeSent {
  nextRequestAt: number;
}

type Stage = { step: 'number' } | { step: 'code'; sent: Sent } | { step: 'details'; sent: Sent; code: string };

export interface HouseholdStartFormProps {
  /** Just before a new household is created: the page says where to go once it is signed in. */
  onSigningUp: () => void;
}

/**
 * /Household/Start (design.md section 21): the mobile number, the code from the SMS, and
 * for a number that is nobody's yet the household's name, city, address and pin. The phone
 * sign-in's own steps, asked with `sign_up`: a member's number simply signs in with its code.
 * The code is first tried alone; the API's "no account for this number" brings the details,
 * and the same code goes again with them. Once details were given (a new code after the
 * first ran out), a code goes with them at once.
 */
export function HouseholdStartForm({ onSigningUp }: HouseholdStartFormProps) {
  const [typed, setTyped] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'number' });
  const [draft, setDraft] = useState<HouseholdDraft | null>(null);

  const otherNumber = () => {
    setDraft(null);
    setStage({ step: 'number' });
  };

  const verify = async (sent: Sent, code: string): Promise<'signed-in' | 'moved-on'> => {
    if (draft && draft.city_id !== null && draft.location !== null) {
      onSigningUp();
      await signInWithCode(sent.mobile.phone, code, { name: draft.name, city_id: draft.city_id, address: draft.address, location: draft.location });
      return 'signed-in';
    }
    try {
      await signInWithCode(sent.mobile.phone, code);
      return 'signed-in';
    } catch (error) {
      if (!isNoAccountAnswer(error)) throw error;
      setStage({ step: 'details', sent, code });
      return 'moved-on';
    }
  };

  return (
    <Stack spacing={2}>
      {stage.step === 'number' && (
        <PhoneNumberStep
          signUp
          initial={typed}
          onSent={(sent) => {
            setTyped(sent.mobile.display);
            setStage({ step: 'code', sent: { ...sent, nextRequestAt: Date.now() + RESEND_GAP_MS } });
          }}
        />
      )}
      {stage.step === 'code' && (
        <PhoneCodeStep
          key={stage.sent.mobile.phone}
          signUp
          mobile={stage.sent.mobile}
          detail={stage.sent.detail}
          nextRequestAt={stage.sent.nextRequestAt}
          onResent={(detail, nextRequestAt) => setStage({ step: 'code', sent: { ...stage.sent, detail, nextRequestAt } })}
          onOtherNumber={otherNumber}
          verify={(code) => verify(stage.sent, code)}
        />
      )}
      {stage.step === 'details' && (
        <HouseholdSignUpStep
          mobile={stage.sent.mobile}
          code={stage.code}
          // The city chosen on /Sell, when the household came from there.
          draft={draft ?? { ...EMPTY_HOUSEHOLD, city_id: chosenCityId() }}
          onDraft={setDraft}
          onSigningUp={onSigningUp}
          onNewCode={() => setStage({ step: 'code', sent: { ...stage.sent, detail: null } })}
          onOtherNumber={otherNumber}
        />
      )}
    </Stack>
  );
}
