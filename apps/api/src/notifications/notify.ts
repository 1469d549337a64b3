import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { members } from '../db/tables/members.table';
import { notifications } from '../db/tables/escalations.table';
import { mailQueue } from '../db/tables/live.table';
import { settings } from '../db/tables/settings.table';
import { textsFor } from '../mail/templates/mail-texts';
import type { MailTexts } from '../mail/templates/en';
import { WEB_URL_TOKEN } from '../mail/mail-queue';
import { pushPayload } from '../push/push-payload';
import { queuePushes, type PushMessage } from '../push/push-queue';

// Notifications, written in the caller's transaction so they exist exactly when what they
// announce does: in-app rows (unless the member turned `in_app` off), e-mails queued for
// the scheduler (when the member's preference for that kind of mail is on) and Web Push
// queued for the push senders (unless the member turned `push` off), all in the member's
// language. Preferences live under settings key `notification:{memberId}`.

export interface NewNotification {
  title: string;
  body: string;
  link: string | null;
}

/** Which e-mail preference covers a notification; null: in-app only. */
export type MailCategory = 'order_updates' | 'escalations' | null;

export type Audience =
  | { kind: 'admins' }
  | { kind: 'member'; memberId: number }
  | { kind: 'store'; storeId: number }
  | { kind: 'vendor'; vendorId: number }
  | { kind: 'driver'; driverId: number };

export interface Recipient {
  memberId: number;
  loginId: string;
  name: string;
  role: string;
  inApp: boolean;
  emailOrderUpdates: boolean;
  emailEscalations: boolean;
  push: boolean;
  language: string | null;
}

function audienceCondition(audience: Audience): SQL {
  switch (audience.kind) {
    case 'admins':
      return eq(members.role, 'admin');
    case 'member':
      return eq(members.id, audience.memberId);
    case 'store':
      return and(eq(members.role, 'store'), eq(members.storeId, audience.storeId))!;
    case 'vendor':
      return and(eq(members.role, 'vendor'), eq(members.vendorId, audience.vendorId))!;
    case 'driver':
      return and(eq(members.role, 'driver'), eq(members.driverId, audience.driverId))!;
  }
}

/** Active members of the audience with their preferences (a preference never saved is on). */
export async function loadRecipients(db: DbOrTx, audience: Audience): Promise<Recipient[]> {
  const live = audience.kind === 'member' ? undefined : and(eq(members.isVerified, true), isNull(members.disabledAt));
  const rows = await db
    .select({ memberId: members.id, loginId: members.loginId, name: members.name, role: members.role, prefs: settings.value })
    .from(members)
    .leftJoin(settings, eq(settings.key, sql`'notification:' || ${members.id}`))
    .where(and(audienceCondition(audience), live));
  return rows.map((r) => {
    const prefs = (typeof r.prefs === 'object' && r.prefs !== null ? r.prefs : {}) as Record<string, unknown>;
    return {
      memberId: r.memberId,
      loginId: r.loginId,
      name: r.name,
      role: r.role,
      inApp: prefs.in_app !== false,
      emailOrderUpdates: prefs.email_order_updates !== false,
      emailEscalations: prefs.email_escalations !== false,
      push: prefs.push !== false,
      language: typeof prefs.language === 'string' ? prefs.language : null,
    };
  });
}

/** The e-mail of a notification: the same words, and the link on the web app (filled in when sent). */
export function mailText(texts: MailTexts, recipient: Pick<Recipient, 'name'>, note: NewNotification): string {
  const lines = [texts.mail.greeting(recipient.name), '', note.body];
  if (note.link) lines.push('', texts.mail.open, `${WEB_URL_TOKEN}${note.link}`);
  lines.push('', '--', texts.mail.footer);
  return lines.join('\n');
}

/**
 * What a push's `tag` is: its link, so a newer update of the same order replaces the older
 * one on the phone; a notification without a link stands alone.
 */
function pushTag(note: NewNotification): string {
  return note.link ?? `notification-${randomUUID()}`;
}

/**
 * Tells each recipient, in its language, what `compose` says: an in-app notification,
 * when its preference for `mail` is on an e-mail, and when `push` is on a Web Push to each
 * of its devices (a channel of its own: it does not depend on `in_app`). Answers how many
 * in-app notifications were written.
 */
export async function deliver(
  db: DbOrTx,
  recipients: readonly Recipient[],
  compose: (texts: MailTexts, recipient: Recipient) => NewNotification,
  mail: MailCategory,
): Promise<number> {
  const inApp: Array<typeof notifications.$inferInsert> = [];
  const mails: Array<typeof mailQueue.$inferInsert> = [];
  const pushes: PushMessage[] = [];
  for (const recipient of recipients) {
    const texts = textsFor(recipient.language);
    const note = compose(texts, recipient);
    if (recipient.inApp) inApp.push({ memberId: recipient.memberId, title: note.title, body: note.body.slice(0, 1000), link: note.link });
    const wantsMail = mail === 'order_updates' ? recipient.emailOrderUpdates : mail === 'escalations' ? recipient.emailEscalations : false;
    if (wantsMail) mails.push({ toAddress: recipient.loginId, subject: note.title, body: mailText(texts, recipient, note) });
    // Order updates and escalations are what a member acts on now: `Urgency: high` wakes the phone.
    if (recipient.push) pushes.push({ memberId: recipient.memberId, payload: pushPayload(note, pushTag(note)), urgency: mail === null ? 'normal' : 'high' });
  }
  if (inApp.length > 0) await db.insert(notifications).values(inApp);
  if (mails.length > 0) await db.insert(mailQueue).values(mails);
  await queuePushes(db, pushes);
  return inApp.length;
}

/** Notifies every active admin (and e-mails those who want escalation mail); answers how many were notified in-app. */
export async function notifyAdmins(db: DbOrTx, note: NewNotification, mail: MailCategory = 'escalations'): Promise<number> {
  return deliver(db, await loadRecipients(db, { kind: 'admins' }), () => note, mail);
}

/** Notifies one member, unless they turned in-app notifications off; no e-mail unless `mail` says which preference covers it. */
export async function notifyMember(db: DbOrTx, memberId: number, note: NewNotification, mail: MailCategory = null): Promise<number> {
  return deliver(db, await loadRecipients(db, { kind: 'member', memberId }), () => note, mail);
}
