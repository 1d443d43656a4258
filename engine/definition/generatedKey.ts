// The key the server makes for a new record of a resource with `generatedKey` (a correction, a merge request):
// the time it was made to the millisecond, then random characters, so keys sort by age and never collide in practice.
const RANDOM_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const RANDOM_LENGTH = 6;

/** What a generated key looks like: 17 digits of time (UTC) and 6 random characters. */
export const GENERATED_KEY_PATTERN = /^\d{17}[0-9A-Z]{6}$/;
export const GENERATED_KEY_LENGTH = 23;

/** Random bytes drawn for many keys at once (a call to the system's source costs more than a key's own work). */
const pool = new Uint8Array(RANDOM_LENGTH * 256);
let used = pool.length;

export function generateKey(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 17);
  if (used + RANDOM_LENGTH > pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  let key = stamp;
  for (let i = 0; i < RANDOM_LENGTH; i++) key += RANDOM_CHARS[pool[used++]! % RANDOM_CHARS.length];
  return key;
}

export const isGeneratedKey = (value: unknown): value is string => typeof value === 'string' && GENERATED_KEY_PATTERN.test(value);
