import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, longestWindowSeconds, parseRateLimits } from './rate-limit-policy';

describe('RATE_LIMITS', () => {
  it('defaults to 10 failed sign-ins per login id and address in 15 minutes and 30 per address', () => {
    expect(parseRateLimits(undefined)).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS.login).toEqual({ login_id: { max: 10, windowSeconds: 900 }, address: { max: 30, windowSeconds: 900 } });
    expect(DEFAULT_RATE_LIMITS.change_password.member.max).toBeGreaterThan(0);
  });

  it('knows the per-member limits', () => {
    expect(parseRateLimits('upload.member=2/60,export.member=3/60').upload.member).toEqual({ max: 2, windowSeconds: 60 });
    expect(() => parseRateLimits('upload.address=2/60')).toThrow('upload.address=2/60');
  });

  it('overrides single entries and keeps the rest', () => {
    const policy = parseRateLimits(' login.login_id=3/60 , forgot_password.address=7/120,');
    expect(policy.login.login_id).toEqual({ max: 3, windowSeconds: 60 });
    expect(policy.login.address).toEqual(DEFAULT_RATE_LIMITS.login.address);
    expect(policy.forgot_password.address).toEqual({ max: 7, windowSeconds: 120 });
    expect(DEFAULT_RATE_LIMITS.login.login_id.max).toBe(10);
  });

  it.each(['login=3/60', 'login.ip=3/60', 'login.member=3/60', 'logon.address=3/60', 'login.address=3', 'login.address=0/60', 'login.address=-1/60'])(
    'refuses %s naming it',
    (text) => {
      expect(() => parseRateLimits(text)).toThrow(text);
    },
  );

  it('knows the longest window, for pruning', () => {
    expect(longestWindowSeconds(parseRateLimits('signup.address=1/86400'))).toBe(86400);
  });
});
