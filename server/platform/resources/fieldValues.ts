// Request values checked against their field's type from the definition, before any of them reaches SQL:
// list and download criteria, selector criteria, record keys and the data of creates and updates.
import { CODES } from '../../../engine/api/responseCodes';
import { ruleContext, type ResolvedField, type ResourceModel } from '../../../engine/definition/compile';
import { isIsoDay } from '../../../engine/definition/dates';
import { RULE_MESSAGES, fieldLabel, formatMessage, imageProblem } from '../../../engine/rules';
import { ApiError } from '../core/apiError';
import { fieldsByName, type Row } from './records';

/** Criteria lists (an 'in' search) hold at most this many values. */
const MAX_LIST_VALUES = 1000;
/** numeric(20,4) holds 16 digits before the point. */
const NUMBER_LIMIT = 1e16;

/** A 1001 naming the value's path, with the field's own message for forms. */
function badValue(field: ResolvedField, path: string, what: string): ApiError {
  return new ApiError(CODES.BAD_REQUEST, `Invalid request: ${path} must be ${what}`, 400, { [field.name]: `${field.label} must be ${what}` });
}

/** What each field type takes as one value, and how to say it when it does not. */
const SCALAR: Record<ResolvedField['type'], { what: string; ok(value: unknown): boolean }> = {
  string: { what: 'a text', ok: (v) => typeof v === 'string' },
  text: { what: 'a text', ok: (v) => typeof v === 'string' },
  // A list's items (a multiselect's choices, a range's two ends): plain values, never objects.
  list: { what: 'a text or a number', ok: (v) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) },
  integer: { what: 'a whole number', ok: (v) => Number.isSafeInteger(v) },
  number: { what: 'a number', ok: (v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < NUMBER_LIMIT },
  boolean: { what: 'true or false', ok: (v) => typeof v === 'boolean' },
  date: { what: 'a date (YYYY-MM-DD)', ok: (v) => isIsoDay(v) },
  datetime: {
    what: 'a date (YYYY-MM-DD) or a date and time',
    ok: (v) => typeof v === 'string' && v.length <= 30 && isIsoDay(v.slice(0, 10)) && /^(.{10})([T ][0-9:.]+(Z|[+-][0-9:]+)?)?$/.test(v),
  },
};

/** One value of the field's type, or a 1001 naming the path. */
export function checkScalar(field: ResolvedField, value: unknown, path: string): void {
  const type = SCALAR[field.type];
  if (!type.ok(value)) throw badValue(field, path, type.what);
}

/** Empty criteria (null, '' or absent) mean no filter and pass as they are. */
const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Raw criteria -> criteria whose values have their fields' types: one value, or a list of values (an
 * 'in' search, or a [from, to] date range with either end empty). Names that are not fields pass through
 * for the list to refuse by name.
 */
export function checkedCriteria(model: ResourceModel, criteria: Record<string, unknown> | undefined, path = 'criteria'): Record<string, unknown> {
  const byName = fieldsByName(model);
  const checked: [string, unknown][] = [];
  for (const [name, value] of Object.entries(criteria ?? {})) {
    const field = byName.get(name);
    if (field && !isBlank(value)) {
      const where = `${path}.${name}`;
      if (Array.isArray(value)) {
        if (value.length > MAX_LIST_VALUES) throw badValue(field, where, `a list of at most ${MAX_LIST_VALUES} values`);
        const ranged = field.type === 'date' || field.type === 'datetime';
        value.forEach((item, i) => {
          if (!(ranged && isBlank(item))) checkScalar(field, item, `${where}.${i}`);
        });
      } else {
        checkScalar(field, value, where);
      }
    }
    checked.push([name, value]);
  }
  return Object.fromEntries(checked);
}

/** The record key named by `data`: every key field present and of its type. */
export function checkedKey(model: ResourceModel, data: Row, path = 'data'): Row {
  const byName = fieldsByName(model);
  const key: Row = {};
  for (const name of model.key) {
    const field = byName.get(name)!;
    const value = data[name];
    if (isBlank(value)) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: ${path}.${name} is required to find the record`, 400);
    checkScalar(field, value, `${path}.${name}`);
    key[name] = value;
  }
  return key;
}

/**
 * The values of a create or update: each stored field sent is empty or of its type (lists of values;
 * the `stored: false` fields are lists their hooks read, or values of their type). Rules run after this, on values they can read.
 */
export function checkDataTypes(model: ResourceModel, data: Row, path = 'data'): void {
  for (const field of model.fields) {
    if (!Object.hasOwn(data, field.name)) continue;
    const value = data[field.name];
    const where = `${path}.${field.name}`;
    // '' is an empty input for text, dates and numbers alike; a switch is true or false.
    if (value === null || (value === '' && field.type !== 'boolean')) continue;
    if (field.type === 'list') {
      if (!Array.isArray(value)) throw badValue(field, where, 'a list');
      value.forEach((item, i) => checkScalar(field, item, `${where}.${i}`));
    } else {
      checkScalar(field, value, where);
      if (field.widget === 'image') checkImage(field, value as string);
    }
  }
  for (const field of model.unstored) {
    const value = data[field.name];
    if (!Object.hasOwn(data, field.name) || value === null) continue;
    // A list its hooks read (a role's grants), or one value of its type (a write-only secret).
    if (field.type !== 'list') checkScalar(field, value, `${path}.${field.name}`);
    else if (!Array.isArray(value)) throw badValue(field, `${path}.${field.name}`, 'a list');
  }
}

/**
 * An image field's value is what the image widget sends: a PNG or JPEG data URL whose bytes are that type,
 * within the field's `maxSizeKb` (the widget's own limit). Anything else is refused on the field with the
 * widget's message, so a script or HTML page never gets stored and later shown as the claim's image.
 */
function checkImage(field: ResolvedField, value: string): void {
  const message = imageProblem(value, field.maxSizeKb);
  if (message) throw new ApiError(CODES.VALIDATION, message, 200, { [field.name]: message });
}

/**
 * A text longer than its column (varchar(n)) is refused with the rule language's max-length message,
 * whether or not the field declares a max rule (a field without one gets the default column size).
 */
export function checkColumnFit(field: ResolvedField, value: unknown): void {
  if (field.type !== 'string' || typeof value !== 'string' || field.maxLength === undefined) return;
  if ([...value].length <= field.maxLength) return;
  const message = formatMessage(RULE_MESSAGES.max, { label: fieldLabel(ruleContext(field)), n: field.maxLength });
  throw new ApiError(CODES.VALIDATION, message, 200, { [field.name]: message });
}
