import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { loginIdOfToken } from './sign-in-code';

// /auth/otp/verify answers tokens, not the member: the login id comes from the API's own
// access token (its `username` claim), and GET /members/{loginId} checks it with the token.

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the login id of a code sign-in', () => {
  it('is the access token’s username', () => {
    expect(loginIdOfToken(`${part({ alg: 'RS256' })}.${part({ username: 'नीता@demo.kabadi.in', token_use: 'access' })}.sig`)).toBe('नीता@demo.kabadi.in');
  });

  it.each(['', 'not-a-token', `${part({})}.${part({ sub: '9' })}.sig`, `${part({})}.!!!.sig`, `${part({})}.${Buffer.from('{"username"').toString('base64url')}.sig`])(
    'is an error in the answer’s format when the token has none: %j',
    (token) => {
      expect(() => loginIdOfToken(token)).toThrow(ApiError);
    },
  );
});
