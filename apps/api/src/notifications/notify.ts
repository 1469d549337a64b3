import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
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
import { orderUpdateParameters, whatsAppRow } from '../whatsapp/whatsapp-queue';
import { NOTIFICATION_PREFERENCES_DEFAULT } from '@app/shared/schemas/settings';
import { BUILT_IN_CHANNELS, gateOf, type Channel, type ConfiguredChannels, type Gate, type MemberNotificationKind } from './channels';

// Notifications, written in the caller's transaction so they exist exactly when what they
// announce does, on the channels its kind may use (channels.ts) and the member chose: in-app
// rows, e-mails and WhatsApp messages queued for the scheduler, and Web Push queued for the
// push senders, all in the member's language. Preferences live under settings key
// `notification:{memberId}`.

export interface NewNotification {
  title: string;
  body: string;
  link: string | null;
  /** The order's display number when it is about one: the WhatsApp order template names it. */
  orderNumber?: string;
}

export type Audience =
  | { kind: 'admins' }
  | { kind: 'member'; memberId: number }
  | { kind: 'store'; storeId: number }
  | { kind: 'vendor'; vendorId: number }
  | { kind: 'driver'; driverId: number };

/** A member's switches, one per gate of channels.ts. */
export type Choices = Record<NonNullable<Gate>, boolean>;

export interface Recipient {
  memberId: number;
  loginId: string;
  name: string;
  role: string;
  /** E.164; null: no phone on the account (no WhatsApp). */
  phone: string | null;
  choices: Choices;
  language: string | null;
}

const CHOICE_KEYS = Object.keys(NOTIFICATION_PREFERENCES_DEFAULT).filter((key): key is NonNullable<Gate> => key !== 'language');

function audienceCondition(audience: Audience): SQL {
  switch (audience.kind) {
    case 'admins':
      return eq(members.role, 'admin');
    case 'member':
      return eq(members.id, audience.memberId);
    case 'store':
      // A household's home is a stores row (design.md section 21): it hears of its pickups as a store does.
      return and(inArray(members.role, ['store', 'household']), eq(members.storeId, audience.storeId))!;
    case 'vendor':
      return and(eq(members.role, 'vendor'), eq(members.vendorId, audience.vendorId))!;
    case 'driver':
      return and(eq(members.role, 'driver'), eq(members.driverId, audience.driverId))!;
  }
}

/** Active members of the audience with their preferences (a preference never saved has its default: on, WhatsApp off). */
export async function loadRecipients(db: DbOrTx, audience: Audience): Promise<Recipient[]> {
  const live = audience.kind === 'member' ? undefined : and(eq(members.isVerified, true), isNull(members.disabledAt));
  const rows = await db
    .select({ memberId: members.id, loginId: members.loginId, name: members.name, role: members.role, phone: members.phone, prefs: settings.value })
    .from(members)
    .leftJoin(settings, eq(settings.key, sql`'notification:' || ${members.id}`))
    .where(and(audienceCondition(audience), live));
  return rows.map((r) => {
    const prefs = (typeof r.prefs === 'object' && r.prefs !== null ? r.prefs : {}) as Record<string, unknown>;
    const choices = Object.fromEntries(
      CHOICE_KEYS.map((key) => [key, typeof prefs[key] === 'boolean' ? prefs[key] : NOTIFICATION_PREFERENCES_DEFAULT[key]]),
    ) as Choices;
    return {
      memberId: r.memberId,
      loginId: r.loginId,
      name: r.name,
      role: r.role,
      phone: r.phone,
      choices,
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

/** Whether `kind` may use `channel` and the recipient's switch for it (if it has one) is on. */
function wants(kind: MemberNotificationKind, channel: Channel, recipient: Recipient): boolean {
  const gate = gateOf(kind, channel);
  return gate !== undefined && (gate === null || recipient.choices[gate]);
}

/**
 * Tells each recipient, in its language, what `compose` says, on each channel `kind` may
 * use (channels.ts) whose switch the recipient left on: an in-app notification, an e-mail,
 * a Web Push to each of its devices, and on WhatsApp (when this process has it, `configured`)
 * to the phone on its account. Answers how many in-app notifications were written.
 */
export async function deliver(
  db: DbOrTx,
  recipients: readonly Recipient[],
  compose: (texts: MailTexts, recipient: Recipient) => NewNotification,
  kind: MemberNotificationKind,
  configured: ConfiguredChannels = BUILT_IN_CHANNELS,
): Promise<number> {
  const inApp: Array<typeof notifications.$inferInsert> = [];
  const queued: Array<typeof mailQueue.$inferInsert> = [];
  const pushes: PushMessage[] = [];
  for (const recipient of recipients) {
    const texts = textsFor(recipient.language);
    const note = compose(texts, recipient);
    if (wants(kind, 'in_app', recipient)) inApp.push({ memberId: recipient.memberId, title: note.title, body: note.body.slice(0, 1000), link: note.link });
    // A household signs in with its phone: its login id is no mailbox.
    if (wants(kind, 'mail', recipient) && recipient.loginId.includes('@')) queued.push({ toAddress: recipient.loginId, subject: note.title, body: mailText(texts, recipient, note) });
    // Order updates and escalations are what a member acts on now: `Urgency: high` wakes the phone.
    if (wants(kind, 'push', recipient)) pushes.push({ memberId: recipient.memberId, payload: pushPayload(note, pushTag(note)), urgency: kind === 'notice' ? 'normal' : 'high' });
    // Order updates are the one kind with a WhatsApp template (WHATSAPP_TEMPLATES).
    if (kind === 'order_update' && configured.whatsapp && recipient.phone && wants(kind, 'whatsapp', recipient)) {
      queued.push(whatsAppRow({ to: recipient.phone, kind, language: recipient.language, parameters: orderUpdateParameters(note) }));
    }
  }
  if (inApp.length > 0) await db.insert(notifications).values(inApp);
  if (queued.length > 0) await db.insert(mailQueue).values(queued);
  await queuePushes(db, pushes);
  return inApp.length;
}

/** Notifies every active admin as `kind` says (escalation: also by e-mail to those who want it); answers how many were notified in-app. */
export async function notifyAdmins(db: DbOrTx, note: NewNotification, kind: MemberNotificationKind = 'escalation'): Promise<number> {
  return deliver(db, await loadRecipients(db, { kind: 'admins' }), () => note, kind);
}

/** Notifies one member as `kind` says (a notice: in-app and push only). */
export async function notifyMember(db: DbOrTx, memberId: number, note: NewNotification, kind: MemberNotificationKind = 'notice'): Promise<number> {
  return deliver(db, await loadRecipients(db, { kind: 'member', memberId }), () => note, kind);
}
