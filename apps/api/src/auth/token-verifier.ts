import type { AppConfig } from '../config/config';
import { localTokenVerifier, type AccessTokenVerifier } from './access-tokens';
import { cognitoTokenVerifier } from './cognito-token-verifier';
import type { SigningKeySet } from './signing-keys';

/** The verifier for the configured identity provider. */
export function createTokenVerifier(config: AppConfig, keys: SigningKeySet): AccessTokenVerifier {
  if (config.AUTH_PROVIDER === 'cognito') {
    // loadConfig refuses AUTH_PROVIDER=cognito without both, so this only guards hand-built configs.
    if (!config.COGNITO_USER_POOL_ID || !config.COGNITO_CLIENT_ID) throw new Error('AUTH_PROVIDER=cognito needs COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID');
    return cognitoTokenVerifier({ userPoolId: config.COGNITO_USER_POOL_ID, clientId: config.COGNITO_CLIENT_ID, endpoint: config.COGNITO_ENDPOINT });
  }
  return localTokenVerifier(keys);
}
