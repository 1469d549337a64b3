// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerLanguagePacks } from './language-packs';
import { changeLanguage } from '@/lib/language';
import { translateServerMessage } from '@/lib/server-messages';

// The API's sentences of sign-in with a code (decision 081), word for word as
// apps/api/src/features/auth/otp-routes.ts, sign-in-codes.ts, hosted-auth-routes.ts,
// auth/member-accounts.ts and the shared signInCodeSchema write them, shown in Hindi.

registerLanguagePacks();

const IN_HINDI: [string, string][] = [
  ['If this number belongs to an account, we have sent it a sign-in code by SMS.', 'अगर यह नंबर किसी खाते का है, तो उस पर SMS से साइन-इन कोड भेज दिया गया है।'],
  ['A code was asked for this number a moment ago. Please wait 27 seconds and ask again.', 'इस नंबर के लिए अभी-अभी कोड माँगा गया था। कृपया 27 सेकंड रुककर फिर माँगें।'],
  ['Too many attempts. Please wait 42 minutes and try again.', 'बहुत ज़्यादा कोशिशें। कृपया 42 मिनट रुककर फिर कोशिश करें।'],
  ['The code is not right. Check the SMS and try again.', 'कोड सही नहीं है। SMS देखकर फिर कोशिश करें।'],
  ['The code was entered wrongly 5 times. Ask for a new code.', 'कोड 5 बार गलत लिखा गया। नया कोड मँगवाएँ।'],
  ['The code has expired. Ask for a new code.', 'कोड का समय निकल गया। नया कोड मँगवाएँ।'],
  ['There is no code for this number. Ask for a new code.', 'इस नंबर के लिए कोई कोड नहीं है। नया कोड मँगवाएँ।'],
  ['Enter the 6-digit code from the SMS', 'SMS में आया 6 अंकों का कोड लिखें'],
  ['Give a mobile number, e.g. +91 98123 45678', 'मोबाइल नंबर लिखें, जैसे +91 98123 45678'],
  ['An account with this mobile number already exists. Sign in with it, or give another number.', 'इस मोबाइल नंबर से खाता पहले से है। उससे साइन इन करें, या दूसरा नंबर दें।'],
  [
    'With AUTH_PROVIDER=cognito the user pool sends sign-in codes: sign in through the pool with its SMS_OTP choice (USER_AUTH flow). This API sends no codes.',
    'AUTH_PROVIDER=cognito होने पर साइन-इन कोड यूज़र पूल भेजता है: पूल के SMS_OTP विकल्प (USER_AUTH फ़्लो) से साइन इन करें। यह API कोड नहीं भेजता।',
  ],
];

describe('the API’s sign-in code messages on Hindi screens', () => {
  beforeAll(() => changeLanguage('hi', { remember: false }));
  afterAll(() => changeLanguage('en', { remember: false }));

  it.each(IN_HINDI)('%s', (english, hindi) => {
    expect(translateServerMessage(english)).toBe(hindi);
    // As a 400 names its field in `detail`.
    expect(translateServerMessage(`code: ${english}`)).toBe(`code: ${hindi}`);
  });
});
