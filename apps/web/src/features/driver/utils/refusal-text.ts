import type { TFunction } from 'i18next';
import type { OrderStatus } from '@app/shared/order-status';
import { translateServerMessage } from '@/lib/server-messages';
import type { OutboxRefusal } from '../outbox/outbox-types';

/**
 * Why the server refused a step, in the driver's language: from the status codes when the
 * server gave them (labels, never wire keys), else its sentence through the translator
 * (entries kept by an older version, and every other refusal).
 */
export function refusalText(refusal: OutboxRefusal, t: TFunction<'driver'>, statusLabel: (status: OrderStatus) => string): string {
  if (!refusal.statuses) return translateServerMessage(refusal.detail);
  const { now, needed } = refusal.statuses;
  const values = { status: statusLabel(now), needed: needed.map(statusLabel).join(', ') };
  return needed.length === 1 ? t('outbox.wrongStatus', values) : t('outbox.wrongStatusOneOf', values);
}
