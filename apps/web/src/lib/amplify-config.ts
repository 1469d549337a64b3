import type { ResourcesConfig } from 'aws-amplify';
import { MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import type { AuthConfig } from '@/config/runtime-config';

// The Amplify v6 configuration for AUTH_PROVIDER=cognito, built from /config.json
// (product-spec.md section 5): the pool id and the client id are required; the hosted UI
// (a domain is given) needs both redirects and the response type; without a password
// policy the minimum length is 6; a pool that is not AWS's (cognito-local in the tests,
// decision 038) is reached at its userPoolEndpoint. A pure function: it throws on an
// incomplete configuration.

export class AmplifyConfigError extends Error {
  override name = 'AmplifyConfigError';
  readonly missing: string[];
  constructor(message: string, missing: string[]) {
    super(message);
    this.missing = missing;
  }
}

export const DEFAULT_OAUTH_SCOPES = ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'] as const;

export interface PasswordPolicy {
  minLength?: number | null;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** "https://a/, https://b/" -> ["https://a/", "https://b/"]. */
function urlList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function buildAmplifyConfig(auth: AuthConfig, policy: PasswordPolicy = {}): ResourcesConfig {
  const missing: string[] = [];
  if (!present(auth.userPoolId)) missing.push('userPoolId');
  if (!present(auth.userPoolClientId)) missing.push('userPoolClientId');
  if (missing.length > 0) {
    throw new AmplifyConfigError(`The cognito sign-in needs ${missing.join(' and ')} in /config.json (auth)`, missing);
  }
  const endpoint = present(auth.userPoolEndpoint) ? auth.userPoolEndpoint.trim() : null;
  if (endpoint !== null && !isHttpUrl(endpoint)) {
    throw new AmplifyConfigError(`auth.userPoolEndpoint must be an http(s) URL, not "${endpoint}"`, ['userPoolEndpoint']);
  }

  let oauth: NonNullable<NonNullable<NonNullable<ResourcesConfig['Auth']>['Cognito']['loginWith']>['oauth']> | undefined;
  if (present(auth.domain)) {
    const hostedMissing: string[] = [];
    if (!present(auth.redirectSignIn)) hostedMissing.push('redirectSignIn');
    if (!present(auth.redirectSignOut)) hostedMissing.push('redirectSignOut');
    if (!present(auth.responseType)) hostedMissing.push('responseType');
    if (hostedMissing.length > 0) {
      throw new AmplifyConfigError(`The hosted sign-in page (domain ${auth.domain}) needs ${hostedMissing.join(', ')} in /config.json (auth)`, hostedMissing);
    }
    const responseType = auth.responseType!.trim();
    if (responseType !== 'code' && responseType !== 'token') {
      throw new AmplifyConfigError(`auth.responseType must be "code" or "token", not "${responseType}"`, ['responseType']);
    }
    const redirectSignIn = urlList(auth.redirectSignIn!);
    const redirectSignOut = urlList(auth.redirectSignOut!);
    oauth = {
      domain: auth.domain.trim().replace(/^https?:\/\//, '').replace(/\/+$/, ''),
      redirectSignIn,
      redirectSignOut,
      responseType,
      scopes: [...DEFAULT_OAUTH_SCOPES],
    };
  }

  const minLength = policy.minLength && policy.minLength > 0 ? policy.minLength : MIN_PASSWORD_LENGTH;
  return {
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId!.trim(),
        userPoolClientId: auth.userPoolClientId!.trim(),
        ...(endpoint !== null ? { userPoolEndpoint: endpoint } : {}),
        loginWith: oauth ? { email: true, oauth } : { email: true },
        passwordFormat: { minLength },
      },
    },
  };
}

/** True when the configuration offers the hosted sign-in page. */
export function hasHostedUi(auth: AuthConfig): boolean {
  return present(auth.domain);
}
