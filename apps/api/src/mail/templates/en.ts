import { formatDistanceMetres } from '@app/shared/format';

// Every text the API writes to a member about its orders: in-app notifications and
// e-mails. One dictionary per language (a `hi.ts` beside this one has the same keys);
// `n` is the display number ("#00000042").

export interface NoteText {
  title: string;
  body: string;
}

export const en = {
  order: {
    weighed: (n: string): NoteText => ({
      title: `Order ${n} is weighed`,
      body: `The driver weighed the material of order ${n}. Check the weights and approve them, or call the admin.`,
    }),
    correctedForStore: (n: string): NoteText => ({
      title: `Order ${n} was corrected`,
      body: `The admin corrected the materials or weights of order ${n}; the driver confirms them next.`,
    }),
    correctedForDriver: (n: string): NoteText => ({
      title: `Order ${n} is ready to confirm`,
      body: `The admin corrected order ${n}. Check the corrected lines and confirm the order.`,
    }),
    completed: (n: string): NoteText => ({
      title: `Order ${n} is completed`,
      body: `Order ${n} is completed.`,
    }),
    cancelled: (n: string, reason: string | null): NoteText => ({
      title: `Order ${n} was cancelled`,
      body: reason ? `Order ${n} was cancelled: ${reason}` : `Order ${n} was cancelled.`,
    }),
    /** The scheduler cancelled it (design.md section 12): in English, the same words as a cancel with the system's reason. */
    autoCancelled: (n: string, hours: number): NoteText => en.order.cancelled(n, en.autoCancelReason(hours)),
    credited: (n: string, amount: string): NoteText => ({
      title: `${amount} credited for order ${n}`,
      body: `Order ${n} is completed and ${amount} was credited to your wallet.`,
    }),
    /** `reason`: what the store says is wrong (decision 031), quoted last, as it wrote it. */
    called: (n: string, store: string, reason: string | null): NoteText => ({
      title: `${store} called the admin about order ${n}`,
      body: reason
        ? `${store} does not agree with the weighed lines of order ${n}. Check and correct them. The store says: ${reason}`
        : `${store} does not agree with the weighed lines of order ${n}. Check and correct them.`,
    }),
    issueReported: (n: string, reason: string): NoteText => ({
      title: `The driver reported an issue with order ${n}`,
      body: `The driver of order ${n} reported: ${reason}`,
    }),
    escalated: (n: string, status: string, hours: number): NoteText => ({
      title: `Order ${n} has been ${status} for ${hours} hours`,
      body: `Order ${n} has been ${status} for more than ${hours} hours. Please look into it.`,
    }),
    /** The driver marked the arrival farther from the store's pin than Settings -> Order's radius (design.md section 18). */
    arrivedFar: (n: string, driver: string, store: string, metres: number, radiusMetres: number): NoteText => ({
      title: `${driver} arrived ${formatDistanceMetres(metres, 'en')} from ${store} for order ${n}`,
      body: `${driver} marked order ${n} arrived ${formatDistanceMetres(metres, 'en')} from the pin of ${store}, farther than the ${formatDistanceMetres(radiusMetres, 'en')} Settings -> Order allows. Check with the driver or the store.`,
    }),
  },
  escalation: {
    /** The escalation the system opens for an order standing too long. */
    subject: (n: string, status: string, hours: number) => `Order ${n}: ${status} for more than ${hours} hours`,
    description: (n: string, status: string, since: string) => `Order ${n} has been ${status} since ${since} (India time) and nobody moved it.`,
    issueSubject: (n: string) => `Driver reported an issue with order ${n}`,
    /** The resolution of a system escalation whose order left the status it stood in. */
    closedWithOrder: (n: string, status: string, at: string) => `Closed by the system: order ${n} moved on to ${status} on ${at} (India time).`,
  },
  /** A vendor's GSTIN change waiting for an admin (decision 034); `null` is "not registered for GST". */
  gstin: {
    requested: (company: string, from: string | null, to: string | null): NoteText => ({
      title: `${company} asks to change its GSTIN`,
      body: `${company} asks to change its GSTIN from ${en.gstinShown(from)} to ${en.gstinShown(to)}. Approve or reject it on the vendor's page.`,
    }),
    approved: (gstin: string | null): NoteText => ({
      title: 'GSTIN change approved',
      body: gstin ? `Your GSTIN is now ${gstin}: your invoices charge GST from now on.` : 'Your GSTIN was removed: your invoices are reverse charge from now on.',
    }),
    rejected: (asked: string | null, reason: string | null): NoteText => {
      const said = `Your request to change your GSTIN to ${en.gstinShown(asked)} was rejected`;
      return { title: 'GSTIN change rejected', body: reason ? `${said}: ${reason}` : `${said}.` };
    },
  },
  gstinShown: (gstin: string | null) => gstin ?? 'none (not registered for GST)',
  // design.md section 12 gives this text word for word (it is the order event's reason, in every language).
  autoCancelReason: (hours: number) => `Cancelled automatically: no driver accepted it in ${hours} hours`,
  /** The password reset mail (features/auth/password-reset.ts). */
  resetCode: (code: string, minutes: number): { subject: string; text: string } => ({
    subject: 'Your password reset code',
    text: [
      'Hello,',
      '',
      `Your password reset code is: ${code}`,
      '',
      `Enter it on the reset page within ${minutes} minutes.`,
      'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
      '',
      'Kabadi Orders',
    ].join('\n'),
  }),
  mail: {
    greeting: (name: string) => `Hello ${name},`,
    open: 'Open it:',
    footer: 'You get this e-mail because of your notification settings in Kabadi Orders (Settings -> Notification).',
  },
};

export type MailTexts = typeof en;
