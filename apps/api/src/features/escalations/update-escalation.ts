import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EscalationStatus, updateEscalationRequestSchema } from '@app/shared/schemas/escalations';
import type { Database } from '../../db/database';
import { escalations } from '../../db/tables/escalations.table';
import { members } from '../../db/tables/members.table';
import { fieldError } from '../../http/http-error';
import { notifyMember } from '../../notifications/notify';

type UpdateEscalation = z.output<typeof updateEscalationRequestSchema>;

/** Where a creator reads its escalation in the web app. */
const creatorLink = (role: string, id: number): string | null =>
  role === 'store' ? `/Store/Escalations/store?id=${id}` : role === 'vendor' ? `/Vendor/Escalations/store?id=${id}` : null;

/**
 * An admin moves an escalation between open, in_progress and resolved, and writes the
 * resolution. Resolving needs a resolution and notifies the creator once; reopening clears
 * resolved_at. The row is locked, so two admins resolving at once notify only once.
 * Answers false when there is no such escalation.
 */
export async function updateEscalation(db: Database, id: number, body: UpdateEscalation): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: escalations.status, resolution: escalations.resolution, subject: escalations.subject, createdBy: escalations.createdBy, creatorRole: members.role })
      .from(escalations)
      .leftJoin(members, eq(members.id, escalations.createdBy))
      .where(eq(escalations.id, id))
      .for('update', { of: escalations });
    if (!current) return false;

    const status: EscalationStatus = body.status ?? current.status;
    const resolution = body.resolution === undefined ? current.resolution : body.resolution || null;
    if (status === 'resolved' && !resolution) throw fieldError('resolution', 'Say how the issue was resolved');
    const resolvingNow = status === 'resolved' && current.status !== 'resolved';

    await tx
      .update(escalations)
      .set({
        status,
        resolution,
        resolvedAt: status !== 'resolved' ? null : resolvingNow ? sql`now()` : undefined,
      })
      .where(eq(escalations.id, id));

    // An escalation the system opened has nobody to tell.
    if (resolvingNow && current.createdBy !== null && current.creatorRole !== null) {
      await notifyMember(tx, current.createdBy, {
        title: `Your issue #${id} is resolved: ${current.subject}`,
        body: resolution!.slice(0, 1000),
        link: creatorLink(current.creatorRole, id),
      });
    }
    return true;
  });
}
