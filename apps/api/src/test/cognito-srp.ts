import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

// The server's half of Cognito's SRP sign-in (USER_SRP_AUTH, then the PASSWORD_VERIFIER
// challenge), which Amplify's signIn uses by default and cognito-local does not offer
// (decision 038). Only for the tests' pool in front of cognito-local (cognito-local.ts): the
// math is Cognito's (SRP-6a on the 3072-bit group of RFC 5054, SHA-256, the "Caldera
// Derived Key" HKDF), written from the client's side in @aws-amplify/auth
// (providers/cognito/utils/srp). A wrong password makes the client's signature differ.

const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

/** Cognito's hex of a positive number: even length, "00" first when the top bit is set. */
function paddedHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const hashOfHex = (hex: string) => sha256(Buffer.from(hex, 'hex')).toString('hex');
const bigFromHex = (hex: string) => BigInt(`0x${hex}`);

const k = bigFromHex(hashOfHex(paddedHex(N) + paddedHex(g)));

export interface SrpChallenge {
  /** The PASSWORD_VERIFIER challenge's parameters, as InitiateAuth answers them. */
  parameters: { SRP_B: string; SALT: string; SECRET_BLOCK: string; USER_ID_FOR_SRP: string; USERNAME: string };
  /** True when the client's PASSWORD_CLAIM_SIGNATURE proves it knows the password. */
  verify(responses: Record<string, string | undefined>): boolean;
}

/**
 * The server's answer to `SRP_A` for a user whose password the server knows: the user pool
 * name is the part of the pool id after "_", the user id the pool's username.
 */
export function passwordVerifierChallenge(input: { userPoolId: string; userId: string; password: string; srpA: string }): SrpChallenge {
  const poolName = input.userPoolId.split('_')[1] ?? '';
  const A = bigFromHex(input.srpA);
  if (A % N === 0n) throw new Error('SRP_A is not valid');
  const salt = bigFromHex(randomBytes(16).toString('hex'));
  const x = bigFromHex(hashOfHex(paddedHex(salt) + sha256(`${poolName}${input.userId}:${input.password}`).toString('hex')));
  const v = modPow(g, x, N);
  const b = bigFromHex(randomBytes(32).toString('hex'));
  const B = (k * v + modPow(g, b, N)) % N;
  const u = bigFromHex(hashOfHex(paddedHex(A) + paddedHex(B)));
  const S = modPow(A * modPow(v, u, N), b, N);
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(paddedHex(S), 'hex'), Buffer.from(paddedHex(u), 'hex'), 'Caldera Derived Key', 16));
  const secretBlock = randomBytes(64).toString('base64');
  return {
    parameters: { SRP_B: B.toString(16), SALT: salt.toString(16), SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: input.userId, USERNAME: input.userId },
    verify(responses) {
      const { TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature, PASSWORD_CLAIM_SECRET_BLOCK: block } = responses;
      if (!timestamp || !signature || block !== secretBlock) return false;
      const expected = createHmac('sha256', key)
        .update(Buffer.concat([Buffer.from(poolName), Buffer.from(input.userId), Buffer.from(secretBlock, 'base64'), Buffer.from(timestamp)]))
        .digest();
      const given = Buffer.from(signature, 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
