// The named patterns behind `pattern.X` field rules (spec 001 §5.1), one regular expression each.
//
// "letter" names accept A-Z and a-z, "alphabet" names only upper-case A-Z (as the spec says for
// alphabet); letters are ASCII throughout. Every pattern must match the whole value.
export const PATTERNS = {
  letter: /^[A-Za-z]+$/,
  nospace: /^\S+$/,
  letterslash: /^[A-Za-z/]+$/,
  letterslashspace: /^[A-Za-z/ ]+$/,
  letterspace: /^[A-Za-z ]+$/,
  alphabet: /^[A-Z]+$/,
  alphabetnumeric: /^[A-Z0-9]+$/,
  alphabetslash: /^[A-Z/]+$/,
  alphabetspace: /^[A-Z ]+$/,
  // The spec names it beside alphabetspace without telling them apart; read as the same set.
  alphabetandspace: /^[A-Z ]+$/,
  phonenumber: /^\+?[0-9]+$/,
  alphanumeric: /^[A-Za-z0-9]+$/,
  alphanumericspace: /^[A-Za-z0-9 ]+$/,
  alphanumericdot: /^[A-Za-z0-9.]+$/,
  alphanumericdash: /^[A-Za-z0-9-]+$/,
  alphanumericdashdotspace: /^[A-Za-z0-9. -]+$/,
  alphanumericunderscoredot: /^[A-Za-z0-9_.]+$/,
  name: /^[A-Za-z0-9 '.-]+$/,
  number: /^[0-9]+$/,
  // Integer or decimal with digits on both sides of the dot: '12', '12.5'; not '.5' or '12.'.
  numberdot: /^[0-9]+(\.[0-9]+)?$/,
  // Read like the alphanumeric* names: a character set of digits, dot and dash ('1.2-3', '-5').
  numberdotdash: /^[0-9.-]+$/,
  // The WHATWG `input type=email` grammar, except that the domain must contain a dot.
  email:
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
  preventsql: /^(?!-)(?!.*--)(?!.*-$)[A-Za-z0-9_.@() -]+$/,
  // "Uppercase alphanumeric mix": at least one digit and one upper-case letter, as in '12A'.
  seatnumber: /^(?=.*[0-9])(?=.*[A-Z])[A-Z0-9]+$/,
} as const satisfies Record<string, RegExp>;

export type PatternName = keyof typeof PATTERNS;

export const PATTERN_NAMES = Object.keys(PATTERNS) as PatternName[];

export function isPatternName(name: string): name is PatternName {
  return Object.hasOwn(PATTERNS, name);
}
