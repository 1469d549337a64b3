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

/**
 * A household's pickup is weighed (design.md section 21): what the driver weighed and will pay,
 * and the code the household gives the driver when it has no phone at hand to approve on.
 * Amounts and weights come formatted in the text's language.
 */
export interface HandoverCodeText {
  code: string;
  orderNumber: string;
  weight: string;
  amount: string;
  hours: number;
}

export const HANDOVER_CODE_TEXTS = {
  handover: (t: HandoverCodeText) =>
    `Kabadi order ${t.orderNumber}: the driver weighed ${t.weight} and will pay you ${t.amount}. If that is right, approve it in the app, or give the driver this code: ${t.code}. It is valid for ${t.hours} hours. Never share it otherwise.`,
  handover_hi: (t: HandoverCodeText) =>
    `Kabadi ऑर्डर ${t.orderNumber}: ड्राइवर ने ${t.weight} तौला है और आपको ${t.amount} देगा। अगर यह सही है, तो ऐप में मंज़ूर करें, या ड्राइवर को यह कोड दें: ${t.code}। यह ${t.hours} घंटे तक मान्य है। इसे किसी और को न बताएं।`,
} as const;

/** The receipt of a household's completed pickup (design.md section 21), amounts formatted in the text's language. */
export interface ReceiptText {
  number: string;
  orderNumber: string;
  weight: string;
  amount: string;
  method: 'cash' | 'upi';
  /** The UPI reference; null for cash. */
  reference: string | null;
}

export const RECEIPT_TEXTS = {
  receipt: (t: ReceiptText) =>
    `Kabadi receipt ${t.number} for order ${t.orderNumber}: you were paid ${t.amount} ${t.method === 'upi' ? `by UPI (reference ${t.reference ?? '-'})` : 'in cash'} for ${t.weight}. Thank you.`,
  receipt_hi: (t: ReceiptText) =>
    `Kabadi रसीद ${t.number}, ऑर्डर ${t.orderNumber}: ${t.weight} के लिए आपको ${t.amount} ${t.method === 'upi' ? `UPI से (रेफ़रेंस ${t.reference ?? '-'})` : 'नकद'} दिए गए। धन्यवाद।`,
} as const;

export type SignInCodeKind = keyof typeof SIGN_IN_CODE_TEXTS;

/** The kinds of SMS the queue carries; each names its DLT template (SMS_DLT_TEMPLATE_<KIND>). */
export type SmsKind = keyof typeof SIGN_IN_CODE_TEXTS | keyof typeof HANDOVER_CODE_TEXTS | keyof typeof RECEIPT_TEXTS;
