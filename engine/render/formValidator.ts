// The validator the record form hands to rjsf. The rule language decides what is valid and says why
// (RecordForm shows its messages); JSON Schema validation would only repeat it. So nothing here
// compiles code at run time: ajv does (new Function), which the server's Content-Security-Policy
// (script-src 'self') rightly refuses, and which added ~40 kB gzip to the form's bundle (169 -> 127 kB).
import type { RJSFSchema, ValidationData, ValidatorType } from '@rjsf/utils';

type Schema = RJSFSchema | boolean | undefined;

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

/**
 * Whether a value fits a schema's shape, enough for rjsf to pick among options: const, enum, type,
 * the properties of an object and the items of an array. Formats, lengths and patterns are the rule
 * language's business.
 */
export function fitsShape(schema: Schema, value: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  if ('const' in schema && schema.const !== value) return false;
  if (schema.enum && !schema.enum.includes(value as never)) return false;
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    if (value !== undefined && !types.some((t) => t === actual || (t === 'number' && actual === 'integer'))) return false;
  }
  if (schema.oneOf && !schema.oneOf.some((option) => fitsShape(option as Schema, value))) return false;
  if (schema.anyOf && !schema.anyOf.some((option) => fitsShape(option as Schema, value))) return false;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (schema.required?.some((name) => record[name] === undefined)) return false;
    for (const [name, property] of Object.entries(schema.properties ?? {})) if (!fitsShape(property as Schema, record[name])) return false;
  }
  if (Array.isArray(value) && schema.items && !Array.isArray(schema.items)) return value.every((item) => fitsShape(schema.items as Schema, item));
  return true;
}

export const formValidator: ValidatorType = {
  validateFormData: (): ValidationData<unknown> => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => fitsShape(schema, formData),
  rawValidation: () => ({ errors: [] }),
};
