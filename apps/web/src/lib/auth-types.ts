import type { SignupRequest, SignupResponse } from '@app/shared/schemas/auth';
import { ApiError } from './api-error';
import type { SessionTokens, TokenRefresher } from './session';

// What every identity provider offers (lib/auth-provider.ts picks one). A module of its
// own, so that the lazily loaded cognito provider and the local one import it without
// importing each other.

/** The provider wants a step this app does not offer (a new password, MFA, a confirmation code). */
export class AuthStepRequiredError extends ApiError {
  override name = 'AuthStepRequiredError';
  readonly step: string;
  constructor(step: string) {
    super(409, `The account needs a further step: ${step}`);
    this.step = step;
  }
}

export interface SignInResult {
  tokens: SessionTokens;
  /** The login id the provider knows the person by (Amplify: signInDetails.loginId). */
  loginId: string;
}

export interface AuthProvider extends TokenRefresher {
  readonly kind: 'local' | 'cognito';
  signIn(loginId: string, password: string): Promise<SignInResult>;
  forgotPassword(loginId: string): Promise<void>;
  resetPassword(loginId: string, code: string, password: string): Promise<void>;
  changePassword(currentPassword: string, password: string): Promise<void>;
  /** A session the provider already holds (Amplify after a hosted-UI redirect); null if none. */
  currentSession(): Promise<SignInResult | null>;
  /** Only with a hosted UI: go to the provider's sign-in page. */
  signInWithHostedUi?: () => Promise<void>;
  /** Sign-up through the provider (cognito: the pool first, then the member at the API). */
  signUp?: (request: SignupRequest) => Promise<SignupResponse>;
}
