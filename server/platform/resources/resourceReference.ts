// What the API reference tells of a screen's generic resource actions: the shapes their handlers check
// (fieldValues.ts, listQuery.ts) and answer, drawn from the screen's fields and their rules.
import { CODES } from '../../../engine/api/responseCodes';
import { AUDIT_COLUMNS, formFields, resolveField, resourceModel, type ResolvedField, type ResourceModel } from '../../../engine/definition/compile';
import { createFormScreen } from '../../../engine/definition/recordPage';
import type { FieldDefinition, ScreenDefinition } from '../../../engine/definition/screen';
import { isPatternName, PATTERNS } from '../../../engine/rules/patterns';
import type { ActionReference, JsonSchema } from '../core/action';

/** numeric(20,4) holds 16 digits before the point (fieldValues.ts refuses more). */
const NUMBER_LIMIT = 1e16;
/** listQuery.ts: a criterion's text and list sizes. */
const MAX_CRITERION_TEXT = 500;
const MAX_LIST_VALUES = 1000;

const ruleNumber = (field: ResolvedField, kind: string) => {
  const rule = field.rules.find((r) => r.startsWith(`${kind}.`));
  return rule === undefined ? undefined : Number(rule.slice(kind.length + 1));
};

const isGrantField = (field: ResolvedField) => field.widget === 'permissions' || field.widget === 'grants';

/** One value of the field as a request sends it: its type, length, pattern, range and choices. */
function valueSchema(field: ResolvedField): JsonSchema {
  const choices = field.options && field.type !== 'list' && field.type !== 'boolean' ? { enum: field.options.map((o) => o.value) } : {};
  const title = { title: field.label };
  switch (field.type) {
    case 'integer':
    case 'number': {
      const min = ruleNumber(field, 'minnumber');
      const max = ruleNumber(field, 'maxnumber');
      const bounds = field.type === 'number' ? { exclusiveMinimum: -NUMBER_LIMIT, exclusiveMaximum: NUMBER_LIMIT } : { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
      return { ...title, type: field.type, ...bounds, ...(min === undefined ? {} : { minimum: min }), ...(max === undefined ? {} : { maximum: max }), ...choices };
    }
    case 'boolean':
      return { ...title, type: 'boolean' };
    case 'date':
      return { ...title, type: 'string', format: 'date', ...choices };
    case 'datetime':
      return { ...title, type: 'string', anyOf: [{ format: 'date' }, { format: 'date-time' }], maxLength: 30 };
    case 'list':
      return isGrantField(field)
        ? { ...title, type: 'array', items: { type: 'object' } }
        : { ...title, type: 'array', items: field.options ? { enum: field.options.map((o) => o.value) } : { type: ['string', 'number'] } };
    default: {
      const pattern = field.rules.find((r) => r.startsWith('pattern.'))?.slice('pattern.'.length);
      const min = ruleNumber(field, 'min') ?? ruleNumber(field, 'len');
      return {
        ...title,
        type: 'string',
        ...(field.maxLength === undefined ? {} : { maxLength: field.maxLength }),
        ...(min === undefined ? {} : { minLength: min }),
        ...(pattern && isPatternName(pattern) ? { pattern: PATTERNS[pattern].source } : {}),
        ...(field.widget === 'image' ? { contentEncoding: 'base64', description: 'A PNG or JPEG data URL' } : {}),
        ...choices,
      };
    }
  }
}

/** An empty value (null, or '' but for a switch) clears the field or leaves it unset. */
const clearable = (field: ResolvedField, schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }, ...(field.type === 'boolean' ? [] : [{ const: '' }])], title: field.label });

/** A field as a row of a list or a detail answers it. */
function answerSchema(field: ResolvedField): JsonSchema {
  const types: Record<ResolvedField['type'], JsonSchema> = {
    string: { type: ['string', 'null'] },
    text: { type: ['string', 'null'] },
    integer: { type: ['integer', 'null'] },
    number: { type: ['number', 'null'] },
    boolean: { type: 'boolean' },
    date: { type: ['string', 'null'] },
    datetime: { type: ['string', 'null'] },
    list: { type: 'array' },
  };
  return { title: field.label, ...types[field.type] };
}

/**
 * An answer a definition describes by the fields it shows (a wizard step's check, its quote, its stored result): an
 * object with at least those fields, each of its type; the domain may answer more.
 */
export function shownFieldsSchema(fields: readonly FieldDefinition[], title: string): JsonSchema {
  return { title, type: 'object', properties: Object.fromEntries(fields.map((field) => [field.name, answerSchema(resolveField(field))])) };
}

/** A field no column holds: a list its hooks read (a role's grants), or one value of its type (a write-only secret). */
const unstoredSchema = (field: ResolvedField): JsonSchema =>
  field.type === 'list' ? { anyOf: [{ type: 'array' }, { type: 'null' }], title: field.label } : clearable(field, valueSchema(field));

/** A key field's value: present and not blank (checkedKey refuses an empty one as malformed). */
function keyValue(field: ResolvedField): JsonSchema {
  const schema = valueSchema(field);
  return schema.type === 'string' && !schema.format ? { ...schema, minLength: Math.max(1, Number(schema.minLength ?? 1)) } : schema;
}

/** The fields of a form as parameter.data: only those, each of its type; the required ones the rules ask for (refused with 1002). */
export function formData(screen: ScreenDefinition, model: ResourceModel, mode: 'create' | 'edit'): JsonSchema {
  const fields = formFields(mode === 'create' ? createFormScreen(screen) : screen, mode);
  const names = new Set(fields.map((f) => f.field.name));
  const properties: Record<string, JsonSchema> = {};
  for (const { field } of fields) properties[field.name] = clearable(field, valueSchema(field));
  // The key names the record an update changes, whether or not its form shows it.
  for (const name of mode === 'edit' ? model.key : []) properties[name] = keyValue(model.fields.find((f) => f.name === name)!);
  for (const field of model.unstored) if (names.has(field.name)) properties[field.name] = unstoredSchema(field);
  const required = mode === 'edit' ? model.key : fields.filter((f) => f.field.required && !f.readOnly).map((f) => f.field.name);
  return { title: `${model.name} ${mode}`, type: 'object', additionalProperties: false, required, properties };
}

/** Values of any of a form's fields (a wizard step's), each of its type or empty; no other name. */
export function valuesData(screen: ScreenDefinition): JsonSchema {
  const model = resourceModel(screen);
  const properties: Record<string, JsonSchema> = {};
  for (const field of model.fields) properties[field.name] = clearable(field, valueSchema(field));
  for (const field of model.unstored) properties[field.name] = unstoredSchema(field);
  return { title: `${screen.menucode} values`, type: 'object', additionalProperties: false, properties };
}

/** The record's key as parameter.data (detail, delete, activate and the like). */
export function keyData(model: ResourceModel): JsonSchema {
  const properties = Object.fromEntries(model.key.map((name) => [name, keyValue(model.fields.find((f) => f.name === name)!)]));
  return { title: `${model.name} key`, type: 'object', required: model.key, properties };
}

/** A record as answered: its fields and the audit stamps (a record page's list and detail answer its summary, a subset). */
export function recordSchema(model: ResourceModel): JsonSchema {
  const properties: Record<string, JsonSchema> = Object.fromEntries([...model.fields, ...model.unstored].map((f) => [f.name, answerSchema(f)]));
  for (const name of AUDIT_COLUMNS) properties[name] = { type: ['string', 'null'] };
  return { title: `${model.name} record`, type: 'object', properties };
}

/** What a list's criteria take: the searchable fields, the key and the status, each one value or a list (an 'in' search, a date range). */
function criteriaSchema(model: ResourceModel): JsonSchema {
  const names = new Set([...model.searchable, ...model.key, ...(model.status ? [model.status] : [])]);
  const properties: Record<string, JsonSchema> = {};
  for (const field of model.fields.filter((f) => names.has(f.name))) {
    const one = field.type === 'list' ? { type: ['string', 'number'], maxLength: MAX_CRITERION_TEXT } : { ...valueSchema(field), ...(field.type === 'string' || field.type === 'text' ? { maxLength: Math.min(field.maxLength ?? MAX_CRITERION_TEXT, MAX_CRITERION_TEXT) } : {}) };
    const { title: _title, ...item } = one as JsonSchema;
    // A list is an 'in' search; a date's is a range, either end empty.
    const ranged = field.type === 'date' || field.type === 'datetime';
    properties[field.name] = { title: field.label, anyOf: [item, { type: 'array', maxItems: MAX_LIST_VALUES, items: ranged ? { anyOf: [item, { type: 'null' }] } : item }, { type: 'null' }, { const: '' }] };
  }
  return { title: `${model.name} criteria`, type: 'object', additionalProperties: false, properties };
}

function sortSchema(model: ResourceModel): JsonSchema {
  return { title: `${model.name} sort`, type: 'object', additionalProperties: false, properties: Object.fromEntries([...new Set([...model.sortable, ...model.key])].map((name) => [name, { enum: ['asc', 'desc'] }])) };
}

/** The reference of each generic action of a screen, by the action's name (list, detail, create, update, delete, activate, ...). */
/** A create that answers a secret once (an API client's first): the record with the secret and its id. */
const revealedRecord = (record: JsonSchema): JsonSchema => ({
  allOf: [record, { type: 'object', required: ['secretid', 'secret'], properties: { secretid: { type: 'string' }, secret: { type: 'string', description: 'Shown once: the server keeps only its hash.' } } }],
});

export function resourceReference(screen: ScreenDefinition): (name: string) => ActionReference {
  const model = resourceModel(screen);
  const record = recordSchema(model);
  const title = screen.title;
  const references: Record<string, ActionReference> = {
    list: { summary: `List ${title}`, criteria: criteriaSchema(model), sort: sortSchema(model), result: { type: 'array', items: record } },
    download: { summary: `Download ${title} as CSV`, criteria: criteriaSchema(model), sort: sortSchema(model), result: { type: 'object', required: ['filename', 'mimetype', 'content'], properties: { filename: { type: 'string' }, mimetype: { const: 'text/csv' }, content: { type: 'string' }, totalrecord: { type: 'integer' } } } },
    detail: { summary: `One ${title} record`, data: keyData(model), result: record, codes: [CODES.NOT_FOUND] },
    create: { summary: `Create a ${title} record`, data: formData(screen, model, 'create'), result: screen.options?.revealOnCreate ? revealedRecord(record) : record, codes: [CODES.VALIDATION, CODES.DUPLICATE, CODES.APPROVAL_PENDING] },
    update: { summary: `Update a ${title} record`, data: formData(screen, model, 'edit'), result: record, codes: [CODES.VALIDATION, CODES.NOT_FOUND, CODES.APPROVAL_PENDING] },
    delete: { summary: `Delete a ${title} record`, data: keyData(model), codes: [CODES.NOT_FOUND, CODES.IN_USE, CODES.APPROVAL_PENDING] },
  };
  return (name) => references[name] ?? { summary: `${name} on a ${title} record`, data: keyData(model), result: record, codes: [CODES.VALIDATION, CODES.NOT_FOUND, CODES.APPROVAL_PENDING] };
}
