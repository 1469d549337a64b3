import { eq } from 'drizzle-orm';
import { SETTING_DEFAULTS, orderSettingsSchema, type OrderSettings } from '@app/shared/schemas/settings';
import type { DbOrTx } from '../db/database';
import { settings } from '../db/tables/settings.table';

/**
 * The rules of Settings -> Order as the server enforces them (orders, the scheduler): the
 * stored value over the defaults, so a field added later has its default, or the
 * defaults when the stored value no longer passes the schema (the settings screen answers
 * the same).
 */
export async function readOrderSettings(db: DbOrTx): Promise<OrderSettings> {
  const [stored] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'order')).limit(1);
  if (!stored || typeof stored.value !== 'object' || stored.value === null) return SETTING_DEFAULTS.order;
  const parsed = orderSettingsSchema.safeParse({ ...SETTING_DEFAULTS.order, ...stored.value });
  return parsed.success ? parsed.data : SETTING_DEFAULTS.order;
}
