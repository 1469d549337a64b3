import { describe, expect, it } from 'vitest';
import type { AuthConfig } from '@/config/runtime-config';
import { AmplifyConfigError, buildAmplifyConfig, hasHostedUi } from './amplify-config';

const pool: AuthConfig = { provider: 'cognito', userPoolId: 'ap-south-1_AbCdEf', userPoolClientId: 'client123' };
const hosted: AuthConfig = {
  ...pool,
  domain: 'https://kabadi.auth.ap-south-1.amazoncognito.com/',
  redirectSignIn: 'https://app.kabadi.in/Login, http://localhost:8080/Login',
  redirectSignOut: 'https://app.kabadi.in/Login',
  responseType: 'code',
};

describe('buildAmplifyConfig', () => {
  it('builds the user pool configuration, with the default minimum password length of 6', () => {
    const config = buildAmplifyConfig(pool);
    expect(config.Auth?.Cognito).toEqual({
      userPoolId: 'ap-south-1_AbCdEf',
      userPoolClientId: 'client123',
      loginWith: { email: true },
      passwordFormat: { minLength: 6 },
    });
  });

  it('reaches a pool that is not AWS\'s at its userPoolEndpoint (cognito-local), and only then', () => {
    const local = buildAmplifyConfig({ ...pool, userPoolId: 'local_AbCd1234', userPoolEndpoint: ' http://127.0.0.1:9229 ' });
    expect(local.Auth?.Cognito).toMatchObject({ userPoolId: 'local_AbCd1234', userPoolEndpoint: 'http://127.0.0.1:9229' });
    expect(buildAmplifyConfig({ ...pool, userPoolEndpoint: null }).Auth?.Cognito).not.toHaveProperty('userPoolEndpoint');
    expect(buildAmplifyConfig({ ...pool, userPoolEndpoint: '' }).Auth?.Cognito).not.toHaveProperty('userPoolEndpoint');
    expect(() => buildAmplifyConfig({ ...pool, userPoolEndpoint: 'localhost:9229' })).toThrow(AmplifyConfigError);
    expect(() => buildAmplifyConfig({ ...pool, userPoolEndpoint: 'ftp://pool.example.in' })).toThrow(/userPoolEndpoint/);
  });

  it('takes the minimum length from a policy when there is one', () => {
    expect(buildAmplifyConfig(pool, { minLength: 10 }).Auth?.Cognito.passwordFormat?.minLength).toBe(10);
    expect(buildAmplifyConfig(pool, { minLength: null }).Auth?.Cognito.passwordFormat?.minLength).toBe(6);
  });

  it.each([
    [{ ...pool, userPoolId: null }, ['userPoolId']],
    [{ ...pool, userPoolClientId: '  ' }, ['userPoolClientId']],
    [{ provider: 'cognito' as const }, ['userPoolId', 'userPoolClientId']],
  ])('rejects a configuration without pool id or client id (%#)', (auth, missing) => {
    expect(() => buildAmplifyConfig(auth)).toThrow(AmplifyConfigError);
    try {
      buildAmplifyConfig(auth);
    } catch (error) {
      expect((error as AmplifyConfigError).missing).toEqual(missing);
    }
  });

  it('configures the hosted UI: domain without scheme, redirect lists, response type, scopes', () => {
    const oauth = buildAmplifyConfig(hosted).Auth?.Cognito.loginWith?.oauth;
    expect(oauth).toEqual({
      domain: 'kabadi.auth.ap-south-1.amazoncognito.com',
      redirectSignIn: ['https://app.kabadi.in/Login', 'http://localhost:8080/Login'],
      redirectSignOut: ['https://app.kabadi.in/Login'],
      responseType: 'code',
      scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
    });
    expect(hasHostedUi(hosted)).toBe(true);
    expect(hasHostedUi(pool)).toBe(false);
  });

  it.each([
    [{ ...hosted, redirectSignIn: null }, ['redirectSignIn']],
    [{ ...hosted, redirectSignOut: '' }, ['redirectSignOut']],
    [{ ...hosted, responseType: undefined }, ['responseType']],
    [{ ...hosted, redirectSignIn: null, redirectSignOut: null, responseType: null }, ['redirectSignIn', 'redirectSignOut', 'responseType']],
  ])('rejects a hosted UI without its redirects or response type (%#)', (auth, missing) => {
    expect(() => buildAmplifyConfig(auth)).toThrow(/hosted sign-in page/);
    try {
      buildAmplifyConfig(auth);
    } catch (error) {
      expect((error as AmplifyConfigError).missing).toEqual(missing);
    }
  });

  it('rejects a response type other than code or token', () => {
    expect(() => buildAmplifyConfig({ ...hosted, responseType: 'id_token' })).toThrow(/code.*token/);
  });
});
