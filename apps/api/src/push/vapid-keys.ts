import webpush from 'web-push';
import type { AppConfig } from '../config/config';
import type { Database } from '../db/database';
import { vapidKeys } from '../db/tables/push.table';

/** What web-push's `vapidDetails` wants: base64url keys and a mailto: or https: subject. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID key pair that signs every push (design.md section 15): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when given (checked by the config), otherwise a pair generated on first
 * start and kept in the database, so every API process signs alike and the browsers'
 * subscriptions (made with the public key) outlive a restart. The table holds one row:
 * processes starting at once all insert, the first insert wins, and all read it back.
 */
export async function loadVapidKeys(db: Database, config: Pick<AppConfig, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  let [row] = await db.select().from(vapidKeys).limit(1);
  if (!row) {
    const generated = webpush.generateVAPIDKeys();
    await db.insert(vapidKeys).values({ publicKey: generated.publicKey, privateKey: generated.privateKey }).onConflictDoNothing();
    [row] = await db.select().from(vapidKeys).limit(1);
  }
  return { publicKey: row!.publicKey, privateKey: row!.privateKey, subject };
}
