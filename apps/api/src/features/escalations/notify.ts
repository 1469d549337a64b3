import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { notifications } from '../../db/tables/escalations.table';
import { settings } from '../../db/tables/settings.table';

// In-app notifications, written in the caller's transaction so they exist exactly when
// what they announce does. A member who turned `in_app` off (settings key
// `notification:{memberId}`, see settings.table.ts) gets none.

export interface NewNotification {
  title: string;
  body: string;
  link: string | null;
}

const wantsInApp = sql`not exists (
  select 1 from ${settings}
  where ${settings.key} = 'notification:' || ${members.id}
    and ${settings.value} ->> 'in_app' = 'false'
)`;

/** Notifies every active admin; answers how many were notified. */
export async function notifyAdmins(db: DbOrTx, note: NewNotification): Promise<number> {
  const rows = await db.execute(sql`
    insert into ${notifications} (member_id, title, body, link)
    select ${members.id}, ${note.title}::text, ${note.body}::text, ${note.link}::text
    from ${members}
    where ${members.role} = 'admin' and ${members.isVerified} and ${members.disabledAt} is null and ${wantsInApp}
    returning id
  `);
  return rowCount(rows);
}

/** Notifies one member, unless they turned in-app notifications off. */
export async function notifyMember(db: DbOrTx, memberId: number, note: NewNotification): Promise<number> {
  const rows = await db.execute(sql`
    insert into ${notifications} (member_id, title, body, link)
    select ${members.id}, ${note.title}::text, ${note.body}::text, ${note.link}::text
    from ${members}
    where ${members.id} = ${memberId} and ${wantsInApp}
    returning id
  `);
  return rowCount(rows);
}

/** node-postgres answers `{rows}`, PGlite too; count what came back. */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}
