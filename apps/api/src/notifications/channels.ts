import type { NotificationPreferences } from '@app/shared/schemas/settings';
import type { AppConfig } from '../config/config';
import { whatsAppSettingsOf } from '../whatsapp/whatsapp-config';

// Which channels each kind of notification may use (design.md section 20: "each kind of
// notification names which channels it may use"), and the member's preference that gates
// each one. The one table: notify.ts delivers by it, and a kind or channel added here is
// what the README's table lists.

export type Channel = 'in_app' | 'mail' | 'push' | 'sms' | 'whatsapp';

/** A member's own switch for one channel of one kind; null: sent whenever asked for (a code the member requested). */
export type Gate = keyof Omit<NotificationPreferences, 'language'> | null;

export const NOTIFICATION_KINDS = {
  /** POST /auth/otp/request (features/auth/sign-in-codes.ts). */
  sign_in_code: { sms: null },
  /** A household's handover code when its pickup is weighed, and its receipt when completed (features/orders/household-sms.ts). */
  handover_code: { sms: null },
  household_receipt: { sms: null },
  /** POST /auth/forgot-password (features/auth/password-reset.ts; sent by the route itself, not queued). */
  password_reset: { mail: null },
  /** An order of the member's changed: weighed, corrected, completed and credited, cancelled (design.md section 12). */
  order_update: { in_app: 'in_app', mail: 'email_order_updates', push: 'push', whatsapp: 'whatsapp_order_updates' },
  /** The admins are needed: a store called them, an issue, an order standing too long, a new escalation. */
  escalation: { in_app: 'in_app', mail: 'email_escalations', push: 'push' },
  /** Everything else a member is told (a payout decided, a GSTIN change, an issue resolved): no message outside the app. */
  notice: { in_app: 'in_app', push: 'push' },
} as const satisfies Record<string, Partial<Record<Channel, Gate>>>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
/** The kinds notify.ts delivers to members (the others are sent by their own routes). */
export type MemberNotificationKind = Exclude<NotificationKind, 'sign_in_code' | 'password_reset' | 'handover_code' | 'household_receipt'>;

/** The preference that gates `channel` for `kind`; undefined: the kind never uses that channel. */
export function gateOf(kind: NotificationKind, channel: Channel): Gate | undefined {
  return (NOTIFICATION_KINDS[kind] as Partial<Record<Channel, Gate>>)[channel];
}

/**
 * The channels that exist only when configured, as this process has them: WhatsApp with
 * WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID. Unset, nothing is queued for it. (In-app,
 * mail and push always exist: mail falls back to the outbox, push to generated keys.)
 */
export interface ConfiguredChannels {
  whatsapp: boolean;
}

/** Only the channels every process has: what the demo seed and tests that send nothing outside use. */
export const BUILT_IN_CHANNELS: ConfiguredChannels = { whatsapp: false };

export function configuredChannels(config: AppConfig): ConfiguredChannels {
  return { whatsapp: whatsAppSettingsOf(config) !== null };
}
