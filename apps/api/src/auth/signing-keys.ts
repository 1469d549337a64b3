import { createPrivateKey, createPublicKey, hkdfSync, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Database } from '../db/database';
import { signingKeys } from '../db/tables/auth.table';

export const SIGNING_ALG = 'RS256';

export interface SigningKeySet {
  kid: string;
  privateKey: CryptoKey;
  publicJwks: { keys: JWK[] };
  publicKeyFor(kid: string | undefined): Promise<CryptoKey | undefined>;
  /**
   * A 32-byte key for one purpose (e.g. HMACs of sign-in codes), derived from the signing
   * key's private part with HKDF-SHA256: the same in every API process, never stored, and
   * no use for signing tokens. A new signing key gives new secrets.
   */
  secretFor(purpose: string): Buffer;
}

async function fromJwks(kid: string, privateJwk: JWK, publicJwks: JWK[]): Promise<SigningKeySet> {
  const privateKey = (await importJWK(privateJwk, SIGNING_ALG)) as CryptoKey;
  const cache = new Map<string, CryptoKey>();
  for (const jwk of publicJwks) if (jwk.kid) cache.set(jwk.kid, (await importJWK(jwk, SIGNING_ALG)) as CryptoKey);
  const seed = Buffer.from(privateJwk.d ?? '', 'base64url');
  if (seed.length === 0) throw new Error(`signing key ${kid} has no private part`);
  const secrets = new Map<string, Buffer>();
  const secretFor = (purpose: string) => {
    let secret = secrets.get(purpose);
    if (!secret) {
      secret = Buffer.from(hkdfSync('sha256', seed, Buffer.from(kid), Buffer.from(`kabadi:${purpose}`), 32));
      secrets.set(purpose, secret);
    }
    return secret;
  };
  return { kid, privateKey, publicJwks: { keys: publicJwks }, publicKeyFor: async (k) => (k ? cache.get(k) : undefined), secretFor };
}

/**
 * The token signing keys: AUTH_SIGNING_KEY (a PEM private key) when given, otherwise a key
 * pair generated on first start and kept in the database, so every API process signs alike.
 */
export async function loadSigningKeys(db: Database, pem: string | undefined): Promise<SigningKeySet> {
  if (pem) {
    const key = createPrivateKey(pem);
    const privateJwk = key.export({ format: 'jwk' }) as JWK;
    const publicJwk = createPublicKey(key).export({ format: 'jwk' }) as JWK;
    const kid = 'configured';
    return fromJwks(kid, { ...privateJwk, kid, alg: SIGNING_ALG }, [{ ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' }]);
  }
  let rows = await db.select().from(signingKeys).where(eq(signingKeys.active, true));
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = randomUUID();
    await db
      .insert(signingKeys)
      .values({
        kid,
        privateJwk: { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG },
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' },
      })
      .onConflictDoNothing();
    // Two processes starting at once may both generate; the oldest key wins for both.
    rows = await db.select().from(signingKeys).where(eq(signingKeys.active, true));
  }
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.kid.localeCompare(b.kid));
  const current = rows[0]!;
  return fromJwks(current.kid, current.privateJwk as JWK, rows.map((r) => r.publicJwk as JWK));
}
