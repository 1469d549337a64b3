/** The calls limited per login id and per client address (design.md section 5). */
export const RATE_LIMITED_ACTIONS = ['signup', 'login', 'forgot_password'] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];
export const RATE_LIMIT_SCOPES = ['login_id', 'address'] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];

/** At most `max` calls in each fixed window of `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}
export type RateLimitPolicy = Record<RateLimitedAction, Record<RateLimitScope, RateLimit>>;

// Per login id the limits stop password guessing against one account; per address they
// stop one client from spraying many accounts. An office behind one NAT address still
// has room for every person in it.
export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  login: { login_id: { max: 10, windowSeconds: 15 * 60 }, address: { max: 20, windowSeconds: 60 } },
  signup: { login_id: { max: 5, windowSeconds: 60 * 60 }, address: { max: 20, windowSeconds: 60 * 60 } },
  forgot_password: { login_id: { max: 5, windowSeconds: 60 * 60 }, address: { max: 20, windowSeconds: 60 * 60 } },
};

const ENTRY = /^(\w+)\.(\w+)=(\d{1,7})\/(\d{1,8})$/;

/**
 * Reads RATE_LIMITS: comma-separated `action.scope=max/windowSeconds` entries that override
 * the defaults, e.g. `login.login_id=5/900,login.address=100/60`. Throws naming the entry.
 */
export function parseRateLimits(text: string | undefined): RateLimitPolicy {
  const policy = structuredClone(DEFAULT_RATE_LIMITS);
  if (!text?.trim()) return policy;
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const match = ENTRY.exec(entry);
    const [, action, scope, max, seconds] = match ?? [];
    if (!match || !RATE_LIMITED_ACTIONS.includes(action as RateLimitedAction) || !RATE_LIMIT_SCOPES.includes(scope as RateLimitScope)) {
      throw new Error(
        `"${entry}" is not action.scope=max/windowSeconds with action one of ${RATE_LIMITED_ACTIONS.join(', ')} and scope one of ${RATE_LIMIT_SCOPES.join(', ')}`,
      );
    }
    const limit = { max: Number(max), windowSeconds: Number(seconds) };
    if (limit.max < 1 || limit.windowSeconds < 1) throw new Error(`"${entry}": max and windowSeconds must be at least 1`);
    policy[action as RateLimitedAction][scope as RateLimitScope] = limit;
  }
  return policy;
}

/** The longest window of a policy: counters older than that can go. */
export function longestWindowSeconds(policy: RateLimitPolicy): number {
  return Math.max(...Object.values(policy).flatMap((scopes) => Object.values(scopes).map((l) => l.windowSeconds)));
}
