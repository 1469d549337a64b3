import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatCurrency, formatOrderNumber, formatWeight } from '@app/shared/format';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import type { DbOrTx } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { stores } from '../../db/tables/partners.table';
import { receipts } from '../../db/tables/receipts.table';
import { settings } from '../../db/tables/settings.table';
import { queueSms } from '../../sms/sms-queue';
import { HANDOVER_CODE_TEXTS, RECEIPT_TEXTS } from '../../sms/sms-texts';
import { HANDOVER_TTL_HOURS } from './handover-code';

// The SMS a household gets about its pickup (design.md section 21), queued in the step's
// transaction so they exist exactly when the step does: the handover code when the driver
// has weighed, the receipt when the pickup is completed. In the household member's language
// (its notification settings), to its phone.

interface HouseholdPhone {
  phone: string;
  hindi: boolean;
}

/** Where the household's SMS go: its member's phone (its login), else its home's. */
async function householdPhone(tx: DbOrTx, homeId: number): Promise<HouseholdPhone | null> {
  const [row] = await tx
    .select({ memberPhone: members.phone, homePhone: stores.phone, language: sql<string | null>`${settings.value} ->> 'language'` })
    .from(stores)
    .leftJoin(members, and(eq(members.storeId, stores.id), eq(members.role, 'household'), isNull(members.disabledAt)))
    .leftJoin(settings, eq(settings.key, sql`'notification:' || ${members.id}`))
    .where(eq(stores.id, homeId))
    .limit(1);
  const phone = row?.memberPhone ?? row?.homePhone ?? null;
  return phone ? { phone, hindi: row?.language === 'hi' } : null;
}

/** The handover code's SMS: what the driver weighed, what it will pay, and the code. Expires with the code. */
export async function queueHandoverSms(
  tx: DbOrTx,
  order: { id: number; storeId: number; totalWeightGrams: number; amountPaise: number },
  code: string,
): Promise<void> {
  const to = await householdPhone(tx, order.storeId);
  if (!to) return;
  const language = to.hindi ? 'hi' : 'en';
  const text = {
    code,
    orderNumber: formatOrderNumber(order.id),
    weight: formatWeight(gramsToKg(order.totalWeightGrams), language),
    amount: formatCurrency(paiseToRupees(order.amountPaise), language),
    hours: HANDOVER_TTL_HOURS,
  };
  const kind = to.hindi ? 'handover_hi' : 'handover';
  await queueSms(tx, [{ to: to.phone, kind, text: HANDOVER_CODE_TEXTS[kind](text), expiresAt: new Date(Date.now() + HANDOVER_TTL_HOURS * 3_600_000) }]);
}

/** The receipt's SMS, once the completion has issued the receipt: its number, the amount and how it was paid. */
export async function queueReceiptSms(
  tx: DbOrTx,
  order: { id: number; storeId: number; totalWeightGrams: number; amountPaise: number; payment: { method: 'cash' | 'upi'; reference: string | null } },
): Promise<void> {
  const to = await householdPhone(tx, order.storeId);
  if (!to) return;
  const [receipt] = await tx.select({ number: receipts.number }).from(receipts).where(eq(receipts.orderId, order.id)).limit(1);
  const language = to.hindi ? 'hi' : 'en';
  const text = {
    number: receipt?.number ?? formatOrderNumber(order.id),
    orderNumber: formatOrderNumber(order.id),
    weight: formatWeight(gramsToKg(order.totalWeightGrams), language),
    amount: formatCurrency(paiseToRupees(order.amountPaise), language),
    method: order.payment.method,
    reference: order.payment.reference,
  };
  const kind = to.hindi ? 'receipt_hi' : 'receipt';
  await queueSms(tx, [{ to: to.phone, kind, text: RECEIPT_TEXTS[kind](text) }]);
}
