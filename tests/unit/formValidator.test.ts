import { describe, expect, it } from 'vitest';
import { fitsShape, formValidator } from '../../engine/render/formValidator';

describe('the record form validator', () => {
  const gender = { oneOf: [{ const: 'MALE', title: 'Male' }, { const: 'FEMALE', title: 'Female' }] };

  it('matches consts, enums and types, so rjsf can pick among options', () => {
    expect(fitsShape({ const: 'MALE' }, 'MALE')).toBe(true);
    expect(fitsShape({ const: 'MALE' }, 'FEMALE')).toBe(false);
    expect(fitsShape(gender, 'FEMALE')).toBe(true);
    expect(fitsShape(gender, 'OTHER')).toBe(false);
    expect(fitsShape({ enum: ['A', 'B'] }, 'C')).toBe(false);
    expect(fitsShape({ type: 'number' }, 3)).toBe(true);
    expect(fitsShape({ type: 'integer' }, 3.5)).toBe(false);
    expect(fitsShape({ type: ['string', 'null'] }, null)).toBe(true);
    expect(fitsShape({ type: 'boolean' }, 'true')).toBe(false);
    expect(fitsShape(false, 'anything')).toBe(false);
  });

  it('looks into object properties, required names and array items', () => {
    const schema = { type: 'object' as const, required: ['code'], properties: { code: { type: 'string' as const }, gender } };
    expect(fitsShape(schema, { code: 'A', gender: 'MALE' })).toBe(true);
    expect(fitsShape(schema, { gender: 'MALE' })).toBe(false);
    expect(fitsShape(schema, { code: 'A', gender: 'X' })).toBe(false);
    expect(fitsShape({ type: 'array', items: { type: 'string' } }, ['a', 1])).toBe(false);
  });

  it('leaves the messages to the rule language: validation itself reports nothing', () => {
    expect(formValidator.validateFormData({ code: '' }, { type: 'object', required: ['code'] })).toEqual({ errors: [], errorSchema: {} });
  });
});
