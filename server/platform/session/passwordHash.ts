// Slow hashing of the (already SHA-256-hashed in the browser) password: argon2id at OWASP's minimum.
import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, m=19 MiB, t=2, p=1. About 18 ms a verification on this machine kind.
const PARAMS = { algorithm: 2 /* Argon2id (a const enum upstream) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** What hashPassword stores; anything else (no user, a password not set yet) can never match. */
const SLOW_HASH = /^\$argon2id\$/;

export const hashPassword = (browserHash: string): Promise<string> => hash(browserHash, PARAMS);

/** A hash to verify against when there is no usable one, so timing does not tell users apart. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword('decoy'));

/**
 * True when the browser hash matches the stored slow hash. The same argon2 work runs whatever is stored:
 * without a user, or for a password not set yet, it verifies against a decoy and answers false.
 */
export async function verifyPassword(stored: string | null | undefined, browserHash: string): Promise<boolean> {
  const usable = typeof stored === 'string' && SLOW_HASH.test(stored);
  try {
    const matches = await verify(usable ? stored : await decoyHash(), browserHash);
    return usable && matches;
  } catch {
    return false;
  }
}

export const BROWSER_HASH = /^[0-9a-f]{64}$/;
