import type { AppConfig } from '../config/config';
import { localTokenVerifier, type AccessTokenVerifier } from './access-tokens';
import type { SigningKeySet } from './signing-keys';

/** The verifier for the configured identity provider. */
export function createTokenVerifier(_config: AppConfig, keys: SigningKeySet): AccessTokenVerifier {
  return localTokenVerifier(keys);
}
