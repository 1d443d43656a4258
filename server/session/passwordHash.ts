// Slow hashing of the (already SHA-256-hashed in the browser) password: argon2id at OWASP's minimum.
import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, m=19 MiB, t=2, p=1. About 18 ms a verification on this machine kind.
const PARAMS = { algorithm: 2 /* Argon2id (a const enum upstream) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (browserHash: string): Promise<string> => hash(browserHash, PARAMS);

export async function verifyPassword(stored: string, browserHash: string): Promise<boolean> {
  try {
    return await verify(stored, browserHash);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not tell users apart. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword('decoy'));

export const BROWSER_HASH = /^[0-9a-f]{64}$/;
