import { APPROVAL_STATUSES, ROLES } from '@app/shared/constants';
import type { Member } from '@app/shared/schemas/members';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

// The shape of @app/shared/schemas/members (memberSchema), checked by hand: this runs on
// /login, whose bundle stays without zod.

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isIntOrNull = (v: unknown) => v === null || isInt(v);

export function parseMember(body: unknown): Member {
  const m = body as Record<string, unknown> | null;
  const ok =
    !!m &&
    isInt(m.id) &&
    typeof m.login_id === 'string' &&
    typeof m.name === 'string' &&
    (ROLES as readonly unknown[]).includes(m.role) &&
    typeof m.is_verified === 'boolean' &&
    (APPROVAL_STATUSES as readonly unknown[]).includes(m.approval_status) &&
    isIntOrNull(m.store_id) &&
    isIntOrNull(m.vendor_id) &&
    isIntOrNull(m.driver_id);
  if (!ok) throw new ApiError(200, 'The server answered with an unexpected member record.', {}, 'format');
  return m as unknown as Member;
}

/** GET /members/{loginId}: role and is_verified decide whether the member may come in. */
export async function getMember(loginId: string, signal?: AbortSignal): Promise<Member> {
  return parseMember(await api.get(`/members/${encodeURIComponent(loginId)}`, { signal }));
}
