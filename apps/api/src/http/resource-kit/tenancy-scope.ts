import { sql, type SQL } from 'drizzle-orm';
import type { Tenancy } from '../../auth/tenancy';

type Partner = Exclude<Tenancy, { kind: 'all' } | { kind: 'none' }>;

/** For each kind of partner that may see some of a resource's records, which ones. */
export type ScopeRules = { [K in Partner['kind']]?: (tenancy: Extract<Partner, { kind: K }>) => SQL };

/**
 * design.md section 6 as a WHERE clause: an admin sees every record, a partner what its
 * rule says, and a partner the resource has no rule for sees none (a 404, not a 403: the
 * route's roles have already refused the callers it never serves).
 */
export function tenancyScope(tenancy: Tenancy, rules: ScopeRules): SQL | undefined {
  if (tenancy.kind === 'all') return undefined;
  const rule = tenancy.kind === 'none' ? undefined : (rules[tenancy.kind] as ((t: Partner) => SQL) | undefined);
  return rule ? rule(tenancy as Partner) : sql`false`;
}
