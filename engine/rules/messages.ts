// Every validation message of the field rules and the shell's password forms, written once, and how labels fill them.
import type { PatternName } from './patterns';

/** Fills `{email}` in the e-mail pattern's message. */
export const EMAIL_EXAMPLE = 'name@example.com';

/** Labels used when a field has neither placeholder nor label (spec 001 §5.1). */
export const FALLBACK_LABELS = { field: 'Field', date: 'Date', time: 'Time' } as const;

/** Messages of the dotted rules; `{label}` is the field's label, `{n}` the rule's number. */
export const RULE_MESSAGES = {
  required: '{label} is Required',
  min: '{label} min length {n}',
  max: '{label} max length {n}',
  len: '{label} len length {n}',
  minnumber: '{label} minimum {n}',
  maxnumber: '{label} maximum {n}', // not in spec
  type: '{label} must be of type {type}',
  enum: '{label} must be one of {options}', // not in spec
  range: '{label} maximum must be greater than minimum', // not in spec
  rangeShape: '{label} must be a range from minimum to maximum', // not in spec
  notBefore: '{label} must not be before {other}', // not in spec
  excludes: '{label} must differ from {other}', // not in spec
  notBelow: '{label} must not be less than {other}', // not in spec
} as const;

/** Messages of `pattern.X` rules. */
export const PATTERN_MESSAGES = {
  letter: '{label} can be filled with letters only', // not in spec
  nospace: '{label} cannot contain spaces', // not in spec
  letterslash: '{label} can be filled with letters and slash only', // not in spec
  letterslashspace: '{label} can be filled with letters, slash and space only', // not in spec
  letterspace: '{label} can be filled with letters and space only', // not in spec
  alphabet: '{label} can be filled with uppercase letters only', // not in spec
  alphabetnumeric: '{label} can be filled with uppercase letters and numbers only', // not in spec
  alphabetslash: '{label} can be filled with uppercase letters and slash only', // not in spec
  alphabetspace: '{label} can be filled with uppercase letters and space only', // not in spec
  alphabetandspace: '{label} can be filled with uppercase letters and space only', // not in spec
  phonenumber: '{label} can be filled with number only',
  alphanumeric: '{label} can be filled with letters and numbers only', // not in spec
  alphanumericspace: '{label} can be filled with letters, numbers and space only', // not in spec
  alphanumericdot: '{label} can be filled with letters, numbers and dot only', // not in spec
  alphanumericdash: '{label} can be filled with letters, numbers and dash only', // not in spec
  alphanumericdashdotspace: '{label} can be filled with letters, numbers, dash, dot and space only', // not in spec
  alphanumericunderscoredot: '{label} can be filled with letters, numbers, underscore and dot only', // not in spec
  name: '{label} can be filled with letters, numbers, space, apostrophe, dash and dot only', // not in spec
  number: '{label} can be filled with number only', // not in spec
  numberdot: '{label} must be a whole or decimal number', // not in spec
  numberdotdash: '{label} can be filled with number, dot and dash only', // not in spec
  email: '{label} format is not valid (e.g. {email})',
  preventsql: '{label} may contain vulnerable characters',
  seatnumber: '{label} must be a seat number (e.g. 12A)', // not in spec
} as const satisfies Record<PatternName, string>;

/** Fixed texts of the login, forgot-password, change-password and member pages (spec 000 §5). */
export const SHELL_MESSAGES = {
  lowercase: 'At least 1 lowercase character.',
  uppercase: 'At least 1 uppercase character.',
  digit: 'At least 1 digit number.',
  special: 'At least 1 special character.',
  strengthMinimum: 'Minimum 8 characters.',
  noBlankSpace: 'There is no blank space allowed.',
  differentFromCurrent: 'At least 2 different characters from Current Password.',
  confirmationInconsistent: 'Two passwords that you enter is inconsistent!',
  lengthMinimum: 'Minimum 8 characters',
  lengthMaximum: 'Maximum 45 characters',
  confirmationInvalid: 'Invalid confirm password',
  usernameRequired: 'Please input your username!',
  passwordRequired: 'Please input your Password!',
  required: 'Required',
  onlyNumeric: 'Only numeric',
} as const;

/** Replaces each `{key}` found in `params`; unknown keys stay as written. */
export function formatMessage(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(params, key) ? String(params[key]) : whole));
}

interface LabelledField {
  label?: string;
  placeholder?: string;
  widget?: string;
}

/** The label that starts a message: placeholder, else label, else 'Field'. */
export function fieldLabel(field: LabelledField): string {
  return placeholderNoun(field) ?? present(field.label) ?? FALLBACK_LABELS.field;
}

/** The label of the required message, where date, range and time pickers fall back their own way. */
export function requiredLabel(field: LabelledField): string {
  switch (field.widget) {
    case 'date':
      return placeholderNoun(field) ?? FALLBACK_LABELS.date;
    case 'range':
      return present(field.label) ?? FALLBACK_LABELS.field;
    case 'time':
      return FALLBACK_LABELS.time;
    default:
      return fieldLabel(field);
  }
}

// Widgets prefix placeholders with 'Input '/'Choose '; messages name the bare noun.
function placeholderNoun(field: LabelledField): string | undefined {
  return present(field.placeholder?.replace(/^(Input|Choose) /, ''));
}

// A blank placeholder or label counts as absent, so no message starts with ' is Required'.
function present(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}
