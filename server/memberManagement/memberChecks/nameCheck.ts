// The name check of /invalid-name-check: a member's names fail when they break the rules the member
// form uses for them (pattern.name of spec 001 §5.1, from the member screen's own field definitions) or
// contain a word of the configured list of suspicious names. Pure: the store feeds it, it never queries.
import { fieldOf, ruleContext } from '../../../engine/definition/compile';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import { validateValue } from '../../../engine/rules';

export const NAME_CHECK_STATUS = { VALID: 'VALID', INVALID: 'INVALID', APPROVED: 'APPROVED' } as const;

/** The member's fields the check reads, in the order their problems are reported. */
export const NAME_FIELDS = ['firstname', 'lastname'] as const;
export type MemberNames = Partial<Record<(typeof NAME_FIELDS)[number], unknown>>;

// not in spec: the product's own text for a suspicious name.
export const NAME_CHECK_TEXTS = {
  suspicious: (label: string, word: string) => `${label} contains "${word}", which is in the list of suspicious names`,
} as const;

/** The configured list (NAME_CHECK_SUSPICIOUS_NAMES): comma-separated words or phrases, any case. */
export const parseSuspiciousNames = (value: string): string[] => [...new Set(value.split(',').map(normalise).filter(Boolean))];

/** Upper case, every run of characters other than letters and digits one space: words compare whole. */
export function normalise(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
}

/** Field name -> the first problem of its value (the form's rule message, or the suspicious word); empty when the names pass. */
export function nameProblems(memberScreen: ScreenDefinition, names: MemberNames, suspicious: readonly string[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const name of NAME_FIELDS) {
    const field = fieldOf(memberScreen, name);
    if (!field) throw new Error(`the member screen has no field "${name}"`);
    const value = typeof names[name] === 'string' ? (names[name] as string) : '';
    const message = validateValue(value, field.rules, ruleContext(field), names);
    if (message) {
      problems[name] = message;
      continue;
    }
    const words = ` ${normalise(value)} `;
    const word = suspicious.find((entry) => words.includes(` ${entry} `));
    if (word) problems[name] = NAME_CHECK_TEXTS.suspicious(field.label, word);
  }
  return problems;
}

/** The reason stored with an INVALID name: every problem, one after the other. */
export const nameCheckReason = (problems: Record<string, string>): string => Object.values(problems).join('; ').slice(0, 255);
