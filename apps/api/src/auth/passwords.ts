import { hash, verify } from '@node-rs/argon2';

// argon2id at OWASP's minimum: m=19456 KiB, t=2, p=1 (about 21 ms a check on these cores).
export const ARGON2_OPTIONS = { algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under verbatimModuleSyntax */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The prefix every hash made with ARGON2_OPTIONS starts with. */
export const CURRENT_HASH_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/** A hash made with other parameters (older, weaker) is replaced at the next sign-in. */
export const needsRehash = (passwordHash: string): boolean => !passwordHash.startsWith(CURRENT_HASH_PREFIX);
