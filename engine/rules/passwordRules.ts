// Password rules of the login shell: strength, length, change and confirmation checks (spec 000 §5 and §9).
import { SHELL_MESSAGES } from './messages';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 45;
export const MIN_DIFFERENT_CHARACTERS = 2;

// In the spec's order. "Special" is anything but an ASCII letter, a digit or white space.
const STRENGTH_RULES: readonly [passes: (password: string) => boolean, message: string][] = [
  [(password) => /[a-z]/.test(password), SHELL_MESSAGES.lowercase],
  [(password) => /[A-Z]/.test(password), SHELL_MESSAGES.uppercase],
  [(password) => /[0-9]/.test(password), SHELL_MESSAGES.digit],
  [(password) => /[^A-Za-z0-9\s]/.test(password), SHELL_MESSAGES.special],
  [(password) => characterCount(password) >= PASSWORD_MIN, SHELL_MESSAGES.strengthMinimum],
  [(password) => !/\s/.test(password), SHELL_MESSAGES.noBlankSpace],
];

/** Every strength rule the password breaks (member create and reset, change password). */
export function passwordStrengthErrors(password: string): string[] {
  return STRENGTH_RULES.filter(([passes]) => !passes(password)).map(([, message]) => message);
}

/**
 * The forgot-password flow's check: the strength rules (the flow sets a password without the current one,
 * so it must be as strong as a changed one), 8 to 45 characters with the flow's own length texts, and an
 * equal confirmation.
 */
export function forgotPasswordErrors(password: string, confirmation: string): string[] {
  const length = characterCount(password);
  const strength = passwordStrengthErrors(password).filter((message) => message !== SHELL_MESSAGES.strengthMinimum);
  const blank = strength.filter((message) => message === SHELL_MESSAGES.noBlankSpace);
  return [
    ...strength.filter((message) => message !== SHELL_MESSAGES.noBlankSpace),
    ...(length < PASSWORD_MIN ? [SHELL_MESSAGES.lengthMinimum] : []),
    ...(length > PASSWORD_MAX ? [SHELL_MESSAGES.lengthMaximum] : []),
    ...blank,
    ...(confirmation !== password ? [SHELL_MESSAGES.confirmationInvalid] : []),
  ];
}

/** How many characters of `next` are left once each character of `current` has cancelled one equal character (case-sensitive). */
export function differentCharacterCount(current: string, next: string): number {
  const available = new Map<string, number>();
  for (const character of current) available.set(character, (available.get(character) ?? 0) + 1);
  let different = 0;
  for (const character of next) {
    const count = available.get(character) ?? 0;
    if (count > 0) available.set(character, count - 1);
    else different += 1;
  }
  return different;
}

/** The change-password check: strength, at most 45 characters (spec 000 §9), at least 2 characters new, an equal confirmation. */
export function changePasswordErrors(current: string, next: string, confirmation: string): string[] {
  return [
    ...passwordStrengthErrors(next),
    ...(characterCount(next) > PASSWORD_MAX ? [SHELL_MESSAGES.lengthMaximum] : []),
    ...(differentCharacterCount(current, next) < MIN_DIFFERENT_CHARACTERS ? [SHELL_MESSAGES.differentFromCurrent] : []),
    ...(confirmation !== next ? [SHELL_MESSAGES.confirmationInconsistent] : []),
  ];
}

function characterCount(text: string): number {
  return [...text].length;
}
