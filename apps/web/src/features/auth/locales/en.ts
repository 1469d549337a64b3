// Sign-in with a code by SMS (namespace "signInCode", design.md section 20). Loaded with the
// phone form, not with /login's start: the password form's link to it is in "auth".
export const signInCodeEn = {
  heading: 'Sign in with your mobile number',
  numberIntro: 'We send a 6-digit code by SMS to the mobile number on your account.',
  phone: 'Mobile number',
  phoneHint: 'For example 98123 45678',
  phoneInvalid: 'Enter a 10-digit mobile number, e.g. 98123 45678',
  send: 'Send code',
  sending: 'Sending…',
  codeIntro: 'Enter the 6-digit code we sent to {{phone}}',
  code: 'Code from the SMS',
  codeInvalid: 'Enter the 6 digits of the code',
  submit: 'Sign in',
  submitting: 'Signing in…',
  resend: 'Send a new code',
  resendIn_one: 'Send a new code in {{count}} second',
  resendIn_other: 'Send a new code in {{count}} seconds',
  otherNumber: 'Use another number',
  usePassword: 'Sign in with your password instead',
  // On the forgot-password page.
  forgotQuestion: 'Have your mobile number on your account?',
  forgotLink: 'Sign in with a code instead',
} as const;
