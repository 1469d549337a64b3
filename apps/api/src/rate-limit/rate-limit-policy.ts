/** The calls that are limited (design.md sections 5 and 14). */
export const RATE_LIMITED_ACTIONS = ['signup', 'login', 'forgot_password', 'change_password', 'export', 'upload', 'otp_request', 'otp_verify'] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];
export const RATE_LIMIT_SCOPES = ['login_id', 'address', 'member', 'phone'] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];

/** At most `max` calls in each fixed window of `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export type RateLimitPolicy = {
  signup: Record<'login_id' | 'address', RateLimit>;
  login: Record<'login_id' | 'address', RateLimit>;
  forgot_password: Record<'login_id' | 'address', RateLimit>;
  change_password: Record<'member', RateLimit>;
  export: Record<'member', RateLimit>;
  upload: Record<'member', RateLimit>;
  otp_request: Record<'phone' | 'address', RateLimit>;
  otp_verify: Record<'address', RateLimit>;
};

/** The actions a signed-in member's calls are counted for, per member. */
export type MemberLimitedAction = 'change_password' | 'export' | 'upload';

// Sign-in counts FAILED attempts only, and its `login_id` scope is the login id as tried
// from one address: a stranger's wrong guesses lock out the stranger's address, never the
// member who types the right password elsewhere (docs/decisions/019). The address scope
// stops one client from spraying many accounts. Forgot-password counts per login id and
// address too, so strangers cannot use up a member's own resets. Per-member limits hold
// back costly calls a stolen token could repeat (an argon2 check, a full export, a photo).
export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  login: { login_id: { max: 10, windowSeconds: 15 * 60 }, address: { max: 30, windowSeconds: 15 * 60 } },
  signup: { login_id: { max: 5, windowSeconds: 60 * 60 }, address: { max: 20, windowSeconds: 60 * 60 } },
  forgot_password: { login_id: { max: 5, windowSeconds: 60 * 60 }, address: { max: 20, windowSeconds: 60 * 60 } },
  change_password: { member: { max: 5, windowSeconds: 15 * 60 } },
  export: { member: { max: 30, windowSeconds: 10 * 60 } },
  upload: { member: { max: 120, windowSeconds: 10 * 60 } },
  // Sign-in codes by SMS (design.md section 20): each request costs an SMS, so per number
  // (whoever asks) and per address; a number's requests are also 30 s apart (sign-in-codes.ts).
  // Wrong codes count per address, failures only, like sign-in with a password.
  otp_request: { phone: { max: 5, windowSeconds: 60 * 60 }, address: { max: 20, windowSeconds: 60 * 60 } },
  otp_verify: { address: { max: 30, windowSeconds: 15 * 60 } },
};

const ENTRY = /^(\w+)\.(\w+)=(\d{1,7})\/(\d{1,8})$/;

function knownEntries(): string[] {
  return Object.entries(DEFAULT_RATE_LIMITS).flatMap(([action, scopes]) => Object.keys(scopes).map((scope) => `${action}.${scope}`));
}

/**
 * Reads RATE_LIMITS: comma-separated `action.scope=max/windowSeconds` entries that override
 * the defaults, e.g. `login.login_id=5/900,upload.member=60/600`. Throws naming the entry.
 */
export function parseRateLimits(text: string | undefined): RateLimitPolicy {
  const policy = structuredClone(DEFAULT_RATE_LIMITS);
  if (!text?.trim()) return policy;
  const known = knownEntries();
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const match = ENTRY.exec(entry);
    const [, action, scope, max, seconds] = match ?? [];
    if (!match || !known.includes(`${action}.${scope}`)) {
      throw new Error(`"${entry}" is not action.scope=max/windowSeconds with action.scope one of ${known.join(', ')}`);
    }
    const limit = { max: Number(max), windowSeconds: Number(seconds) };
    if (limit.max < 1 || limit.windowSeconds < 1) throw new Error(`"${entry}": max and windowSeconds must be at least 1`);
    (policy[action as RateLimitedAction] as Record<string, RateLimit>)[scope as RateLimitScope] = limit;
  }
  return policy;
}

/** The longest window of a policy: counters older than that can go. */
export function longestWindowSeconds(policy: RateLimitPolicy): number {
  return Math.max(...Object.values(policy).flatMap((scopes) => Object.values(scopes as Record<string, RateLimit>).map((l) => l.windowSeconds)));
}
