/** How far apart the clocks of the machine that signed a token and the one checking it may be. */
export const MAX_CLOCK_SKEW_S = 60;

/**
 * Throws unless the token was issued in the past (give or take clock skew) and lives no
 * longer than its kind may. A valid signature alone would let whoever held the signing
 * key once (a leaked key, a test key in production) mint tokens that never end, or that
 * outlive the password change meant to stop them: a future `iat` looks newer than it.
 */
export function assertTokenTimes<T extends { iat?: unknown; exp?: unknown }>(
  claims: T,
  maxLifetimeS: number,
  nowS = Date.now() / 1000,
): asserts claims is T & { iat: number; exp: number } {
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || typeof exp !== 'number') throw new Error('the token has no iat or exp');
  if (iat > nowS + MAX_CLOCK_SKEW_S) throw new Error('the token was issued in the future');
  if (exp - iat > maxLifetimeS) throw new Error('the token lives longer than its kind may');
}
