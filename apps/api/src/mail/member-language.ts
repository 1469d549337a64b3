import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { settings } from '../db/tables/settings.table';

/** The language a member chose (`language` in its notification settings); null: never chosen. */
export async function memberLanguage(db: DbOrTx, memberId: number): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, `notification:${memberId}`));
  const language = (row?.value as { language?: unknown } | undefined)?.language;
  return typeof language === 'string' ? language : null;
}
