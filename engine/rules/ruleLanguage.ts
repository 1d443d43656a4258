// The dotted field-rule language ('required', 'min.8', 'pattern.email', ...): parsing and checking, in forms and server alike.
import { isIsoDay } from '../definition/dates';
import { PATTERNS, isPatternName, type PatternName } from './patterns';
import { EMAIL_EXAMPLE, PATTERN_MESSAGES, RULE_MESSAGES, fieldLabel, formatMessage, requiredLabel } from './messages';

// The server receives JSON, so numbers must be numbers; dates travel as 'YYYY-MM-DD' strings.
const TYPE_CHECKS = {
  string: (value: unknown) => typeof value === 'string',
  number: (value: unknown) => isFiniteNumber(value),
  integer: (value: unknown) => Number.isInteger(value),
  boolean: (value: unknown) => typeof value === 'boolean',
  array: (value: unknown) => Array.isArray(value),
  object: (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value),
  date: (value: unknown) => isIsoDay(value),
} satisfies Record<string, (value: unknown) => boolean>;

export type RuleType = keyof typeof TYPE_CHECKS;

export const RULE_TYPES = Object.keys(TYPE_CHECKS) as RuleType[];

export type Rule =
  | { kind: 'required' | 'enum' | 'range' }
  | { kind: 'min' | 'max' | 'len' | 'minnumber' | 'maxnumber'; n: number }
  | { kind: 'type'; type: RuleType }
  | { kind: 'pattern'; pattern: PatternName }
  | { kind: 'custom'; name: string };

export type RuleKind = Rule['kind'];

export type FieldWidget =
  | 'text'
  | 'textarea'
  | 'number'
  | 'password'
  | 'date'
  | 'range'
  | 'time'
  | 'select'
  | 'multiselect'
  | 'radio'
  | 'checkbox'
  | 'switch'
  | 'upload';

/** What a rule needs to know about its field: the words for its messages, its widget, its choices. */
export interface FieldRuleContext {
  label?: string;
  placeholder?: string;
  widget?: FieldWidget;
  options?: readonly (string | number | boolean)[];
}

/** Returns a message when the value fails, else null; `values` holds the whole form. */
export type CustomValidator = (value: unknown, values: Record<string, unknown>, field: FieldRuleContext) => string | null;

/** A rule string that cannot be read, or a rule that its field cannot apply. */
export class RuleSyntaxError extends Error {
  override name = 'RuleSyntaxError';
}

// Choice and file widgets only know whether something was chosen (spec 001 §5.1).
const REQUIRED_ONLY_WIDGETS: ReadonlySet<FieldWidget> = new Set([
  'select',
  'multiselect',
  'radio',
  'checkbox',
  'switch',
  'upload',
]);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Reads one rule string, throwing a RuleSyntaxError that says in one line what is wrong. */
export function parseRule(text: string): Rule {
  const dot = text.indexOf('.');
  const name = dot < 0 ? text : text.slice(0, dot);
  const arg = dot < 0 ? undefined : text.slice(dot + 1);
  const wrong = (why: string) => new RuleSyntaxError(`${why} in rule "${text}"`);
  switch (name) {
    case 'required':
    case 'enum':
    case 'range':
      if (arg !== undefined) throw wrong(`"${name}" takes no argument`);
      return { kind: name };
    case 'min':
    case 'max':
    case 'len':
    case 'minnumber':
    case 'maxnumber': {
      const whole = name === 'minnumber' || name === 'maxnumber' ? /^-?[0-9]+$/ : /^[0-9]+$/;
      if (arg === undefined || !whole.test(arg)) {
        throw wrong(`"${name}" needs a whole number such as "${name}.8", got ${quoted(arg)}`);
      }
      return { kind: name, n: Number(arg) };
    }
    case 'type':
      if (arg === undefined || !isRuleType(arg)) throw wrong(`unknown type ${quoted(arg)} (one of ${RULE_TYPES.join(', ')})`);
      return { kind: 'type', type: arg };
    case 'pattern':
      if (arg === undefined || !isPatternName(arg)) throw wrong(`unknown pattern ${quoted(arg)}`);
      return { kind: 'pattern', pattern: arg };
    case 'custom':
      if (arg === undefined || !IDENTIFIER.test(arg)) {
        throw wrong(`"custom" needs a validator name such as "custom.NAME", got ${quoted(arg)}`);
      }
      return { kind: 'custom', name: arg };
    default:
      throw wrong(`unknown rule "${name}"`);
  }
}

/**
 * parseRule as a value, for definition validators that report every bad rule; a `custom.NAME` no validator is
 * registered under is refused here too (a definition must not name what would only fail when a value is checked).
 */
export function tryParseRule(text: string): { ok: true; rule: Rule } | { ok: false; error: string } {
  try {
    const rule = parseRule(text);
    if (rule.kind === 'custom' && !customValidators.has(rule.name)) return { ok: false, error: unregistered(rule.name) };
    return { ok: true, rule };
  } catch (error) {
    if (error instanceof RuleSyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

const customValidators = new Map<string, CustomValidator>();
const unregistered = (name: string) => `no custom validator "${name}" is registered, in rule "custom.${name}"`;

/** Makes `custom.NAME` call `validator`; a later registration under the same name replaces it. Returns the undo. */
export function registerValidator(name: string, validator: CustomValidator): () => void {
  if (!IDENTIFIER.test(name)) throw new RuleSyntaxError(`custom validator name "${name}" is not an identifier`);
  customValidators.set(name, validator);
  return () => {
    if (customValidators.get(name) === validator) customValidators.delete(name);
  };
}

/** Nothing entered: undefined, null, a blank string or an empty array. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The first failing rule's message, or null when the value passes every rule. */
export function validateValue(
  value: unknown,
  rules: readonly string[],
  field: FieldRuleContext,
  values: Record<string, unknown> = {},
): string | null {
  const first = ruleFailures(value, rules, field, values).next();
  return first.done ? null : first.value;
}

/** Every failing rule's message, in the order of the rules. */
export function validateValueAll(
  value: unknown,
  rules: readonly string[],
  field: FieldRuleContext,
  values: Record<string, unknown> = {},
): string[] {
  return [...ruleFailures(value, rules, field, values)];
}

/** A definition's rule list read once: the lists are the definitions' own (a list made for one call is read each time). */
const parsedLists = new WeakMap<readonly string[], readonly Rule[]>();

function parsedRules(rules: readonly string[]): readonly Rule[] {
  let parsed = parsedLists.get(rules);
  if (!parsed) parsedLists.set(rules, (parsed = rules.map(parseRule)));
  return parsed;
}

// Lazy so that validateValue stops at the first failure and runs no further custom validators.
function* ruleFailures(value: unknown, rules: readonly string[], field: FieldRuleContext, values: Record<string, unknown>) {
  const parsed = parsedRules(rules);
  const requiredOnly = field.widget !== undefined && REQUIRED_ONLY_WIDGETS.has(field.widget);
  const applied = requiredOnly ? parsed.filter((rule) => rule.kind === 'required') : parsed;
  // A field that cannot apply its rules is a definition error, whatever the value.
  for (const rule of applied) assertApplicable(rule, field);
  const empty = isEmptyValue(value);
  for (const rule of applied) {
    // An empty value fails only 'required'; a filled one is left to the other rules.
    if (empty !== (rule.kind === 'required')) continue;
    const message = checkRule(rule, value, field, values);
    if (message !== null) yield message;
  }
}

function assertApplicable(rule: Rule, field: FieldRuleContext): void {
  if (rule.kind === 'enum' && field.options === undefined) {
    throw new RuleSyntaxError(`enum needs options, but field "${fieldLabel(field)}" has none`);
  }
  if (rule.kind === 'custom' && !customValidators.has(rule.name)) {
    throw new RuleSyntaxError(unregistered(rule.name));
  }
}

function checkRule(rule: Rule, value: unknown, field: FieldRuleContext, values: Record<string, unknown>): string | null {
  const say = (template: string, params: Record<string, string | number> = {}) =>
    formatMessage(template, { label: fieldLabel(field), ...params });
  switch (rule.kind) {
    case 'required':
      return formatMessage(RULE_MESSAGES.required, { label: requiredLabel(field) });
    case 'min':
      return lengthOf(value) < rule.n ? say(RULE_MESSAGES.min, { n: rule.n }) : null;
    case 'max':
      return lengthOf(value) > rule.n ? say(RULE_MESSAGES.max, { n: rule.n }) : null;
    case 'len':
      return lengthOf(value) !== rule.n ? say(RULE_MESSAGES.len, { n: rule.n }) : null;
    case 'minnumber':
      // Written so that a value that is not a number (NaN) fails too.
      return Number(value) >= rule.n ? null : say(RULE_MESSAGES.minnumber, { n: rule.n });
    case 'maxnumber':
      return Number(value) <= rule.n ? null : say(RULE_MESSAGES.maxnumber, { n: rule.n });
    case 'type':
      return TYPE_CHECKS[rule.type](value) ? null : say(RULE_MESSAGES.type, { type: rule.type });
    case 'enum': {
      const options: readonly unknown[] = field.options ?? [];
      const chosen = Array.isArray(value) ? value : [value];
      const listed = chosen.every((item) => options.includes(item));
      return listed ? null : say(RULE_MESSAGES.enum, { options: options.join(', ') });
    }
    case 'range':
      return checkRange(value, say);
    case 'pattern':
      return PATTERNS[rule.pattern].test(String(value)) ? null : say(PATTERN_MESSAGES[rule.pattern], { email: EMAIL_EXAMPLE });
    case 'custom':
      return customValidators.get(rule.name)!(value, values, field);
  }
}

// A range is [minimum, maximum], both numbers or both 'YYYY-MM-DD' dates, maximum strictly greater.
function checkRange(value: unknown, say: (template: string) => string): string | null {
  if (!Array.isArray(value) || value.length !== 2) return say(RULE_MESSAGES.rangeShape);
  const [min, max] = value;
  if (isFiniteNumber(min) && isFiniteNumber(max)) return max > min ? null : say(RULE_MESSAGES.range);
  if (isIsoDay(min) && isIsoDay(max)) return max > min ? null : say(RULE_MESSAGES.range);
  return say(RULE_MESSAGES.rangeShape);
}

// Counted in characters, not UTF-16 units, so an emoji is one.
function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : [...String(value)].length;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isRuleType(name: string): name is RuleType {
  return Object.hasOwn(TYPE_CHECKS, name);
}

function quoted(arg: string | undefined): string {
  return arg === undefined ? 'nothing' : `"${arg}"`;
}
