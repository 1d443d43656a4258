// Member referral codes (spec 001 §7.4 'member referral (get, generate code, view)'): a code a member hands to
// friends, who give it at enrollment. Readable: up to four letters of the member's given name, then four
// characters from an alphabet without look-alikes (no 0/O, 1/I/L), upper case, so it is read out and typed
// without mistakes. Pure; the store retries a code already taken.
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const NAME_PART = 4;
const RANDOM_PART = 4;
/** A given name with no letters A-Z (or none) starts the code with this. */
const NO_NAME = 'REF';

/** What a generated code looks like (the referredby field's pattern.alphabetnumeric accepts it). */
export const REFERRAL_CODE_PATTERN = /^[A-Z]{1,4}[A-HJKMNP-Z2-9]{4}$/;

/** One candidate code from the given name and random bytes (at least RANDOM_PART of them). */
export function referralCode(firstname: string, random: Uint8Array): string {
  const letters = firstname.toUpperCase().replace(/[^A-Z]/g, '').slice(0, NAME_PART) || NO_NAME;
  if (random.length < RANDOM_PART) throw new Error(`a referral code needs ${RANDOM_PART} random bytes`);
  const tail = Array.from(random.subarray(0, RANDOM_PART), (b) => REFERRAL_CODE_ALPHABET[b % REFERRAL_CODE_ALPHABET.length]).join('');
  return letters + tail;
}
