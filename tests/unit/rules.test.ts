// The field-rule language: every rule and pattern passing and failing, with the spec's words retyped.
import { afterEach, describe, expect, it } from 'vitest';
import {
  PATTERN_NAMES,
  RuleSyntaxError,
  isEmptyValue,
  parseRule,
  registerValidator,
  tryParseRule,
  validateValue,
  validateValueAll,
  type FieldRuleContext,
} from '../../engine/rules';

const field: FieldRuleContext = { label: 'Card Number', widget: 'text' };
const check = (value: unknown, rule: string, context: FieldRuleContext = field) => validateValue(value, [rule], context);

describe('required and label fallbacks', () => {
  it('passes a filled value and fails every kind of empty one', () => {
    expect(check('x', 'required')).toBeNull();
    expect(check(0, 'required')).toBeNull();
    expect(check(false, 'required')).toBeNull();
    for (const empty of [undefined, null, '', '   ', []]) expect(check(empty, 'required')).toBe('Card Number is Required');
  });

  it('starts with the placeholder, else the label, else Field', () => {
    expect(check('', 'required', { placeholder: 'Country Name', label: 'Country' })).toBe('Country Name is Required');
    expect(check('', 'required', { label: 'Country' })).toBe('Country is Required');
    expect(check('', 'required', {})).toBe('Field is Required');
    expect(check('', 'required', { placeholder: '  ', label: ' ' })).toBe('Field is Required');
  });

  it("drops the widget's 'Input ' and 'Choose ' prefix from a placeholder", () => {
    expect(check('', 'required', { placeholder: 'Input Country Name' })).toBe('Country Name is Required');
    expect(check('', 'required', { placeholder: 'Choose Tier' })).toBe('Tier is Required');
    expect(check('', 'required', { placeholder: 'Inputs' })).toBe('Inputs is Required');
  });

  it('date picker falls back to placeholder then Date', () => {
    expect(check(null, 'required', { widget: 'date', placeholder: 'Birth Date', label: 'Born' })).toBe('Birth Date is Required');
    expect(check(null, 'required', { widget: 'date', label: 'Born' })).toBe('Date is Required');
  });

  it('range picker falls back to label then Field', () => {
    expect(check(null, 'required', { widget: 'range', label: 'Period', placeholder: 'Start' })).toBe('Period is Required');
    expect(check(null, 'required', { widget: 'range', placeholder: 'Start' })).toBe('Field is Required');
  });

  it('time picker says Time', () => {
    expect(check(null, 'required', { widget: 'time', label: 'Departure', placeholder: 'Hour' })).toBe('Time is Required');
  });

  it('other rules of a date picker use the ordinary label', () => {
    expect(check('2024-02-30', 'type.date', { widget: 'date', label: 'Born' })).toBe('Born must be of type date');
  });
});

describe('length and number rules', () => {
  it('min.N', () => {
    expect(check('abcd', 'min.4')).toBeNull();
    expect(check('abc', 'min.4')).toBe('Card Number min length 4');
    expect(check(['a'], 'min.2')).toBe('Card Number min length 2');
  });

  it('max.N', () => {
    expect(check('abcd', 'max.4')).toBeNull();
    expect(check('abcde', 'max.4')).toBe('Card Number max length 4');
    expect(check(['a', 'b', 'c'], 'max.2')).toBe('Card Number max length 2');
  });

  it('len.N', () => {
    expect(check('123456', 'len.6')).toBeNull();
    expect(check('12345', 'len.6')).toBe('Card Number len length 6');
    expect(check('1234567', 'len.6')).toBe('Card Number len length 6');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(check('a😀', 'max.2')).toBeNull();
  });

  it('minnumber.N', () => {
    expect(check(5, 'minnumber.5')).toBeNull();
    expect(check('7', 'minnumber.5')).toBeNull();
    expect(check(4, 'minnumber.5')).toBe('Card Number minimum 5');
    expect(check('abc', 'minnumber.5')).toBe('Card Number minimum 5');
    expect(check(-3, 'minnumber.-2')).toBe('Card Number minimum -2');
  });
});

describe('type.X', () => {
  const cases: [type: string, good: unknown, bad: unknown][] = [
    ['string', 'abc', 12],
    ['number', 1.5, '1.5'],
    ['integer', 3, 3.5],
    ['boolean', false, 'false'],
    ['array', ['a'], 'a'],
    ['object', { a: 1 }, ['a']],
    ['date', '2024-02-29', '2023-02-29'],
  ];
  it.each(cases)('type.%s', (type, good, bad) => {
    expect(check(good, `type.${type}`)).toBeNull();
    expect(check(bad, `type.${type}`)).toBe(`Card Number must be of type ${type}`);
  });

  it('date needs a real YYYY-MM-DD calendar date', () => {
    expect(check('2000-02-29', 'type.date')).toBeNull();
    for (const bad of ['1900-02-29', '2024-13-01', '2024-04-31', '2024-00-10', '24-01-01', '01/02/2024', 20240101]) {
      expect(check(bad, 'type.date')).toBe('Card Number must be of type date');
    }
  });
});

describe('enum', () => {
  const tier: FieldRuleContext = { label: 'Tier', options: ['BLUE', 'SILVER', 'GOLD'] };
  it('passes a listed value and fails another', () => {
    expect(check('GOLD', 'enum', tier)).toBeNull();
    expect(check(['BLUE', 'GOLD'], 'enum', tier)).toBeNull();
    expect(check('gold', 'enum', tier)).toBe('Tier must be one of BLUE, SILVER, GOLD');
    expect(check(['BLUE', 'RUBY'], 'enum', tier)).toBe('Tier must be one of BLUE, SILVER, GOLD');
  });

  it('compares strictly', () => {
    expect(check('1', 'enum', { label: 'Level', options: [1, 2] })).toBe('Level must be one of 1, 2');
  });

  it('throws when the field has no options', () => {
    expect(() => check('GOLD', 'enum', { label: 'Tier' })).toThrow(RuleSyntaxError);
    expect(() => check('GOLD', 'enum', { label: 'Tier' })).toThrow('enum needs options');
  });
});

describe('range', () => {
  const period: FieldRuleContext = { label: 'Period', widget: 'range' };
  it('passes when maximum is greater than minimum', () => {
    expect(check([1, 2], 'range', period)).toBeNull();
    expect(check(['2024-01-01', '2024-01-02'], 'range', period)).toBeNull();
  });

  it('fails when maximum is not greater', () => {
    expect(check([2, 2], 'range', period)).toBe('Period maximum must be greater than minimum');
    expect(check(['2024-02-01', '2024-01-31'], 'range', period)).toBe('Period maximum must be greater than minimum');
  });

  it('fails a value that is not a pair of numbers or dates', () => {
    for (const bad of [5, [1], [1, 2, 3], [1, '2024-01-01'], ['a', 'b'], [1, Number.NaN]]) {
      expect(check(bad, 'range', period)).toBe('Period must be a range from minimum to maximum');
    }
  });
});

describe('pattern.X', () => {
  // [pattern, passes, fails, message for the field 'Code']
  const cases: [string, string, string, string][] = [
    ['letter', 'abcXYZ', 'abc1', 'Code can be filled with letters only'],
    ['nospace', 'a-b_c', 'a b', 'Code cannot contain spaces'],
    ['letterslash', 'ab/CD', 'ab/CD 1', 'Code can be filled with letters and slash only'],
    ['letterslashspace', 'ab/ CD', 'ab/1', 'Code can be filled with letters, slash and space only'],
    ['letterspace', 'Ab Cd', 'Ab-Cd', 'Code can be filled with letters and space only'],
    ['alphabet', 'ABC', 'ABc', 'Code can be filled with uppercase letters only'],
    ['alphabetnumeric', 'GA123', 'Ga123', 'Code can be filled with uppercase letters and numbers only'],
    ['alphabetslash', 'CGK/DPS', 'cgk/dps', 'Code can be filled with uppercase letters and slash only'],
    ['alphabetspace', 'GARUDA INDONESIA', 'Garuda', 'Code can be filled with uppercase letters and space only'],
    ['alphabetandspace', 'SKY TEAM', 'SKY-TEAM', 'Code can be filled with uppercase letters and space only'],
    ['phonenumber', '+62812345', '0812-345', 'Code can be filled with number only'],
    ['alphanumeric', 'Ab12', 'Ab 12', 'Code can be filled with letters and numbers only'],
    ['alphanumericspace', 'Ab 12', 'Ab_12', 'Code can be filled with letters, numbers and space only'],
    ['alphanumericdot', 'v1.2', 'v1-2', 'Code can be filled with letters, numbers and dot only'],
    ['alphanumericdash', 'GA-123', 'GA 123', 'Code can be filled with letters, numbers and dash only'],
    ['alphanumericdashdotspace', 'Jl. A-1 No 2', 'A/1', 'Code can be filled with letters, numbers, dash, dot and space only'],
    ['alphanumericunderscoredot', 'john_doe.2', 'john-doe', 'Code can be filled with letters, numbers, underscore and dot only'],
    ['name', "O'Neil-Smith Jr. 2", 'Ann@', 'Code can be filled with letters, numbers, space, apostrophe, dash and dot only'],
    ['number', '0123', '12a', 'Code can be filled with number only'],
    ['numberdot', '12.50', '12.', 'Code must be a whole or decimal number'],
    ['numberdotdash', '1.2-3', '1,2', 'Code can be filled with number, dot and dash only'],
    ['email', 'first.last+tag@mail.example.co.id', 'first.last@localhost', 'Code format is not valid (e.g. name@example.com)'],
    ['preventsql', 'Budi (GA) a_b.c@d', "x' OR 1=1", 'Code may contain vulnerable characters'],
    ['seatnumber', '12A', 'ABC', 'Code must be a seat number (e.g. 12A)'],
  ];

  it('covers every pattern', () => {
    expect(cases.map(([name]) => name).sort()).toEqual([...PATTERN_NAMES].sort());
  });

  it.each(cases)('pattern.%s', (name, good, bad, message) => {
    expect(check(good, `pattern.${name}`, { label: 'Code' })).toBeNull();
    expect(check(bad, `pattern.${name}`, { label: 'Code' })).toBe(message);
  });

  it('phonenumber allows the plus only in front', () => {
    expect(check('62+812', 'pattern.phonenumber')).toBe('Card Number can be filled with number only');
    expect(check('+', 'pattern.phonenumber')).toBe('Card Number can be filled with number only');
  });

  it('preventsql refuses a leading, trailing or double dash', () => {
    for (const bad of ['-abc', 'abc-', 'a--b', 'a;b', 'a*b']) {
      expect(check(bad, 'pattern.preventsql')).toBe('Card Number may contain vulnerable characters');
    }
    expect(check('a-b-c', 'pattern.preventsql')).toBeNull();
  });

  it('seatnumber needs both a digit and an upper-case letter', () => {
    expect(check('1A', 'pattern.seatnumber')).toBeNull();
    expect(check('12', 'pattern.seatnumber')).toBe('Card Number must be a seat number (e.g. 12A)');
    expect(check('12a', 'pattern.seatnumber')).toBe('Card Number must be a seat number (e.g. 12A)');
  });

  it('tests the text of a number', () => {
    expect(check(12345, 'pattern.number')).toBeNull();
    expect(check(1.5, 'pattern.number')).toBe('Card Number can be filled with number only');
  });
});

describe('custom validators', () => {
  const undo: (() => void)[] = [];
  afterEach(() => undo.splice(0).forEach((unregister) => unregister()));

  it('calls the registered function with value, form values and field', () => {
    undo.push(
      registerValidator('sameAsEmail', (value, values, context) =>
        value === values.email ? null : `${context.label} must equal the e-mail`,
      ),
    );
    const context: FieldRuleContext = { label: 'Confirm E-mail' };
    expect(validateValue('a@b.co', ['custom.sameAsEmail'], context, { email: 'a@b.co' })).toBeNull();
    expect(validateValue('x@b.co', ['custom.sameAsEmail'], context, { email: 'a@b.co' })).toBe('Confirm E-mail must equal the e-mail');
  });

  it('accepts any identifier when parsing but throws at validation when none is registered', () => {
    expect(parseRule('custom.notYet')).toEqual({ kind: 'custom', name: 'notYet' });
    expect(() => check('x', 'custom.notYet')).toThrow(RuleSyntaxError);
    expect(() => check('x', 'custom.notYet')).toThrow('no custom validator "notYet" is registered, in rule "custom.notYet"');
    // A definition naming it is refused by its checks (npm run validate, the Definition Studio's submit).
    expect(tryParseRule('custom.notYet')).toEqual({ ok: false, error: 'no custom validator "notYet" is registered, in rule "custom.notYet"' });
  });

  it('skips empty values and stops calling after the first failure', () => {
    let calls = 0;
    undo.push(registerValidator('counted', () => (calls++, null)));
    expect(check('', 'custom.counted')).toBeNull();
    expect(validateValue('ab', ['min.5', 'custom.counted'], field)).toBe('Card Number min length 5');
    expect(calls).toBe(0);
    expect(validateValueAll('ab', ['min.5', 'custom.counted'], field)).toEqual(['Card Number min length 5']);
    expect(calls).toBe(1);
  });

  it('refuses a name that is not an identifier', () => {
    expect(() => registerValidator('two words', () => null)).toThrow(RuleSyntaxError);
  });
});

describe('rule combination', () => {
  const rules = ['required', 'min.3', 'max.5', 'pattern.number'];

  it('an empty value fails only required, and an empty optional value passes', () => {
    expect(validateValueAll('', rules, field)).toEqual(['Card Number is Required']);
    expect(validateValueAll('', ['min.3', 'pattern.number', 'type.number'], field)).toEqual([]);
    expect(validateValueAll(null, ['range', 'enum'], { options: ['A'] })).toEqual([]);
  });

  it('validateValue gives the first failure and validateValueAll every one, in rule order', () => {
    expect(validateValue('a', rules, field)).toBe('Card Number min length 3');
    expect(validateValueAll('a', rules, field)).toEqual(['Card Number min length 3', 'Card Number can be filled with number only']);
    expect(validateValueAll('abcdef', rules, field)).toEqual(['Card Number max length 5', 'Card Number can be filled with number only']);
    expect(validateValue('1234', rules, field)).toBeNull();
  });

  it.each(['select', 'multiselect', 'radio', 'checkbox', 'switch', 'upload'] as const)('a %s field applies only required', (widget) => {
    const chooser: FieldRuleContext = { label: 'Tier', widget };
    expect(validateValueAll('x', ['required', 'min.5', 'pattern.number', 'enum', 'custom.unregistered'], chooser)).toEqual([]);
    expect(validateValue(undefined, ['required', 'min.5'], chooser)).toBe('Tier is Required');
  });

  it('still refuses a malformed rule on a select field', () => {
    expect(() => validateValue('x', ['required', 'pattern.foo'], { widget: 'select' })).toThrow(RuleSyntaxError);
  });

  it('isEmptyValue', () => {
    expect([undefined, null, '', ' \t', []].every(isEmptyValue)).toBe(true);
    expect([0, false, 'a', [''], {}].some(isEmptyValue)).toBe(false);
  });
});

describe('parseRule', () => {
  it('reads every rule form', () => {
    expect(parseRule('required')).toEqual({ kind: 'required' });
    expect(parseRule('min.8')).toEqual({ kind: 'min', n: 8 });
    expect(parseRule('max.45')).toEqual({ kind: 'max', n: 45 });
    expect(parseRule('len.6')).toEqual({ kind: 'len', n: 6 });
    expect(parseRule('minnumber.-1')).toEqual({ kind: 'minnumber', n: -1 });
    expect(parseRule('type.integer')).toEqual({ kind: 'type', type: 'integer' });
    expect(parseRule('enum')).toEqual({ kind: 'enum' });
    expect(parseRule('pattern.email')).toEqual({ kind: 'pattern', pattern: 'email' });
    expect(parseRule('range')).toEqual({ kind: 'range' });
    expect(parseRule('custom.memberAge')).toEqual({ kind: 'custom', name: 'memberAge' });
  });

  const errors: [rule: string, error: string][] = [
    ['pattern.foo', 'unknown pattern "foo" in rule "pattern.foo"'],
    ['pattern', 'unknown pattern nothing in rule "pattern"'],
    ['requird', 'unknown rule "requird" in rule "requird"'],
    ['', 'unknown rule "" in rule ""'],
    ['required.1', '"required" takes no argument in rule "required.1"'],
    ['min.x', '"min" needs a whole number such as "min.8", got "x" in rule "min.x"'],
    ['max.4.5', '"max" needs a whole number such as "max.8", got "4.5" in rule "max.4.5"'],
    ['len.-1', '"len" needs a whole number such as "len.8", got "-1" in rule "len.-1"'],
    ['minnumber', '"minnumber" needs a whole number such as "minnumber.8", got nothing in rule "minnumber"'],
    ['type.float', 'unknown type "float" (one of string, number, integer, boolean, array, object, date) in rule "type.float"'],
    ['custom.bad-name', '"custom" needs a validator name such as "custom.NAME", got "bad-name" in rule "custom.bad-name"'],
  ];

  it.each(errors)('refuses %j', (rule, error) => {
    expect(() => parseRule(rule)).toThrow(RuleSyntaxError);
    expect(() => parseRule(rule)).toThrow(error);
    expect(tryParseRule(rule)).toEqual({ ok: false, error });
  });

  it('tryParseRule returns the rule when it reads', () => {
    expect(tryParseRule('pattern.preventsql')).toEqual({ ok: true, rule: { kind: 'pattern', pattern: 'preventsql' } });
  });

  it('validateValue throws on a malformed rule', () => {
    expect(() => validateValue('x', ['required', 'max.ten'], field)).toThrow('"max" needs a whole number');
  });
});
