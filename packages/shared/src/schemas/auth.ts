import { z } from 'zod';
import { bodyId } from './ids';
import { text } from './text';
import { phoneSchema } from './phone';
import { locationInputSchema } from './geo';
import { MIN_PASSWORD_LENGTH, ROLES } from '../constants';

// Wire schemas of design.md section 5 (identity). The API validates with them and the
// web app's forms validate with the same ones, so both sides give the same messages.

/** A login id is an e-mail address; kept trimmed and lower-case so "A@x.in" and "a@x.in" are one account. */
export const loginIdSchema = text()
  .trim()
  .toLowerCase()
  .max(254, 'An e-mail address has at most 254 characters')
  .email('Enter a valid e-mail address');

/** Passwords are never trimmed: a space is a character the user chose. The upper bound keeps hashing cheap. */
export const passwordSchema = text()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, 'Use at most 256 characters');

export const personNameSchema = text().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters');

// One phone field for every form and route (design.md section 20): mobile, E.164.
export { phoneSchema };

export const addressSchema = text().trim().min(1, 'Enter an address').max(500, 'Use at most 500 characters');
export const cityIdSchema = bodyId('integer', { positive: 'Choose a city', tooLarge: 'Choose a city' });

export const signupStoreSchema = z.object({
  name: text().trim().min(1, 'Enter the store name').max(120, 'Use at most 120 characters'),
  city_id: cityIdSchema,
  address: addressSchema,
});

export const signupVendorSchema = z.object({
  company_name: text().trim().min(1, 'Enter the company name').max(160, 'Use at most 160 characters'),
  city_id: cityIdSchema,
  address: addressSchema,
});

/** A household's home: where the driver comes (design.md section 21). */
export const householdSignUpSchema = z.object({
  name: personNameSchema,
  city_id: cityIdSchema,
  address: addressSchema,
  // A home has its pin from the start (design.md section 21): drivers find it by it, and it
  // is moved later, never removed (PATCH /households/me).
  location: locationInputSchema,
});
export type HouseholdSignUp = z.input<typeof householdSignUpSchema>;

const signupCommon = {
  login_id: loginIdSchema,
  password: passwordSchema,
  name: personNameSchema,
  phone: phoneSchema,
};

/** `member_type` decides which of `store` or `vendor` must come along. */
export const signupRequestSchema = z.discriminatedUnion('member_type', [
  z.object({ ...signupCommon, member_type: z.literal('store'), store: signupStoreSchema }),
  z.object({ ...signupCommon, member_type: z.literal('vendor'), vendor: signupVendorSchema }),
]);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * With AUTH_PROVIDER=cognito the hosted pool holds the password: the web app signs up
 * there first and then sends this (no password) with the pool's access token.
 */
export const hostedSignupRequestSchema = z.discriminatedUnion('member_type', [
  z.object({ ...signupCommon, member_type: z.literal('store'), store: signupStoreSchema }).omit({ password: true }),
  z.object({ ...signupCommon, member_type: z.literal('vendor'), vendor: signupVendorSchema }).omit({ password: true }),
]);
export type HostedSignupRequest = z.infer<typeof hostedSignupRequestSchema>;

export const signupResponseSchema = z.object({
  login_id: text(),
  role: z.enum(ROLES),
  is_verified: z.boolean(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const loginRequestSchema = z.object({
  login_id: loginIdSchema,
  // Any length: an old password shorter than today's minimum must still be able to sign in.
  password: text().min(1, 'Enter your password').max(256, 'Use at most 256 characters'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: text(),
  id_token: text(),
  refresh_token: text(),
  expires_in: z.number().int().describe('Seconds until the access token expires'),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

const refreshTokenField = text().min(1, 'The refresh token is missing').max(512);

// The browser sends `{}`: its refresh token travels in the httpOnly cookie (design.md section 14).
export const refreshRequestSchema = z.object({ refresh_token: refreshTokenField.optional() });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const logoutRequestSchema = z.object({ refresh_token: refreshTokenField.optional() });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ login_id: loginIdSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const forgotPasswordResponseSchema = z.object({ detail: text() });

export const RESET_CODE_LENGTH = 6;
export const resetCodeSchema = text()
  .trim()
  .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), `Enter the ${RESET_CODE_LENGTH}-digit code from the e-mail`);

export const resetPasswordRequestSchema = z.object({
  login_id: loginIdSchema,
  code: resetCodeSchema,
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

// ---- Sign-in with a code by SMS (design.md section 20) ---------------------------------

export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_MINUTES = 5;
/**
 * POST /auth/otp/verify's 400 on `code` for a right code of a number that belongs to no member,
 * sent without `sign_up`: the code stays unspent, and the sign-up page asks for the household's details.
 */
export const NO_ACCOUNT_FOR_NUMBER = 'There is no account for this number. Sign up first.';

/** POST /auth/otp/request: answered 202 whether or not the number is a member's. */
export const otpRequestSchema = z.object({
  phone: phoneSchema,
  /** A household signing up: a number that belongs to no member gets a code too (design.md section 21). */
  sign_up: z.boolean().optional(),
});
export type OtpRequest = z.input<typeof otpRequestSchema>;
export const otpRequestResponseSchema = z.object({ detail: text() });

export const signInCodeSchema = text()
  .trim()
  .regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), `Enter the ${SIGN_IN_CODE_LENGTH}-digit code from the SMS`);

/** POST /auth/otp/verify: the same tokens as POST /auth/login. */
export const otpVerifySchema = z.object({
  phone: phoneSchema,
  code: signInCodeSchema,
  /** With a code for a number of no member: the household to create (design.md section 21); ignored for a member's number. */
  sign_up: householdSignUpSchema.optional(),
});
export type OtpVerify = z.input<typeof otpVerifySchema>;

export const changePasswordRequestSchema = z.object({
  current_password: text().min(1, 'Enter your current password').max(256, 'Use at most 256 characters'),
  password: passwordSchema,
  /** The caller's own refresh token: that session stays signed in, every other one is signed out. */
  refresh_token: refreshTokenField.optional(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** GET /.well-known/jwks.json: RFC 7517 public keys. */
export const jwksResponseSchema = z.object({
  keys: z.array(z.object({ kid: text().optional(), kty: text(), alg: text().optional(), use: text().optional() }).catchall(z.unknown())),
});
