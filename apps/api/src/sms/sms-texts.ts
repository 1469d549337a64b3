// The SMS texts (design.md section 20), in English and Hindi. Each text is a DLT template
// of its own in India: a change here must be registered again before SNS may send it.

export interface SignInCodeText {
  code: string;
  minutes: number;
  /** The web app's host, for the WebOTP line that lets the phone's browser fill the code in. */
  host: string;
}

/**
 * The last line is the origin-bound one-time code line (`@host #code`, WICG
 * sms-one-time-codes): Android Chrome's WebOTP and Safari's autofill offer the code only
 * on that host.
 */
const webOtpLine = ({ host, code }: SignInCodeText) => `@${host} #${code}`;

export const SIGN_IN_CODE_TEXTS = {
  otp: (t: SignInCodeText) => `Your Kabadi sign-in code is ${t.code}. It expires in ${t.minutes} minutes.\n\n${webOtpLine(t)}`,
  otp_hi: (t: SignInCodeText) => `आपका Kabadi साइन-इन कोड ${t.code} है। यह ${t.minutes} मिनट में खत्म हो जाएगा।\n\n${webOtpLine(t)}`,
} as const;

/** The kinds of SMS the queue carries; each names its DLT template (SMS_DLT_TEMPLATE_<KIND>). */
export type SmsKind = keyof typeof SIGN_IN_CODE_TEXTS;
