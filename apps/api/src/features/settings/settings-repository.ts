import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { settings } from '../../db/tables/settings.table';

export interface StoredSetting {
  value: unknown;
  updatedAt: Date;
}

/** A member's notification choices live under this key (see settings.table.ts). */
export const notificationKey = (memberId: number): string => `notification:${memberId}`;

export async function readSetting(db: DbOrTx, key: string): Promise<StoredSetting | null> {
  const [row] = await db.select({ value: settings.value, updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, key)).limit(1);
  return row ?? null;
}

/** Replaces the whole value of a key (last writer wins: a settings form sends everything). */
export async function writeSetting(db: DbOrTx, key: string, value: unknown, memberId: number): Promise<StoredSetting> {
  const [row] = await db
    .insert(settings)
    .values({ key, value, updatedBy: memberId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: memberId, updatedAt: sql`now()` } })
    .returning({ value: settings.value, updatedAt: settings.updatedAt });
  return row!;
}
