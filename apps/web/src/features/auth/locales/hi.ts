import type { TranslationOf } from '@/locales/translation';
import type { signInCodeEn } from './en';

// Sign-in with a code by SMS in Hindi (namespace "signInCode").
export const signInCodeHi = {
  heading: 'मोबाइल नंबर से साइन इन करें',
  numberIntro: 'आपके खाते के मोबाइल नंबर पर हम SMS से 6 अंकों का कोड भेजेंगे।',
  phone: 'मोबाइल नंबर',
  phoneHint: 'जैसे 98123 45678',
  phoneInvalid: '10 अंकों का मोबाइल नंबर लिखें, जैसे 98123 45678',
  send: 'कोड भेजें',
  sending: 'भेजा जा रहा है…',
  codeIntro: 'हमने {{phone}} पर जो 6 अंकों का कोड भेजा है, वह लिखें',
  code: 'SMS में आया कोड',
  codeInvalid: 'कोड के 6 अंक लिखें',
  submit: 'साइन इन करें',
  submitting: 'साइन इन हो रहा है…',
  resend: 'नया कोड भेजें',
  resendIn_one: '{{count}} सेकंड बाद नया कोड भेजें',
  resendIn_other: '{{count}} सेकंड बाद नया कोड भेजें',
  otherNumber: 'दूसरा नंबर इस्तेमाल करें',
  usePassword: 'इसके बजाय पासवर्ड से साइन इन करें',
  forgotQuestion: 'आपके खाते में आपका मोबाइल नंबर है?',
  forgotLink: 'इसके बजाय कोड से साइन इन करें',
} satisfies TranslationOf<typeof signInCodeEn>;
