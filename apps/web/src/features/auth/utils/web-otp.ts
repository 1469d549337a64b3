// The WebOTP API (Chrome on Android): the browser offers the code of an SMS whose last line is
// `@<this site's host> #<code>` (the API writes it, decision 081), and with one tap it fills
// the field. Other browsers fill it from the keyboard through autocomplete="one-time-code".

interface OtpCredential extends Credential {
  code: string;
}

/** True where the browser can read a sign-in code from an SMS. */
export const canReadSmsCode = (): boolean => typeof window !== 'undefined' && 'OTPCredential' in window && !!navigator.credentials;

/**
 * The code of the next SMS to this site; null where the browser cannot read one, the person
 * declined, or `signal` aborted (the page left the step).
 */
export async function readSmsCode(signal: AbortSignal): Promise<string | null> {
  if (!canReadSmsCode()) return null;
  try {
    // `otp` is not in TypeScript's DOM types yet.
    const credential = await navigator.credentials.get({ otp: { transport: ['sms'] }, signal } as CredentialRequestOptions);
    const code = (credential as Partial<OtpCredential> | null)?.code;
    return typeof code === 'string' && !signal.aborted ? code : null;
  } catch {
    return null;
  }
}
