// Converting record values between JSON and the database (booleans as 0/1, lists as JSON text), and the
// records of a table whose columns equal given values.
import type { Kysely } from 'kysely';
import type { ResolvedField, ResourceModel } from '../../../engine/definition/compile';
import { definitionDb } from '../db/definitionDb';
import type { Schema } from '../db/schema';

export type Row = Record<string, unknown>;

export function toDb(field: ResolvedField, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  switch (field.type) {
    case 'boolean':
      return value === true ? 1 : 0;
    case 'list':
      return JSON.stringify(value);
    case 'string':
    case 'text':
      return typeof value === 'string' ? value.trim() : value;
    default:
      return value;
  }
}

export function fromDb(field: ResolvedField, value: unknown): unknown {
  if (value === null || value === undefined) return field.type === 'boolean' ? false : field.type === 'list' ? [] : null;
  switch (field.type) {
    case 'boolean':
      return value === 1 || value === true || value === '1';
    case 'list':
      try {
        return JSON.parse(String(value)) as unknown;
      } catch {
        return [];
      }
    case 'integer':
    case 'number':
      return Number(value);
    default:
      return value;
  }
}

const AUDIT = new Set(['createdby', 'createddate', 'updatedby', 'updateddate']);

const byNames = new WeakMap<ResourceModel, ReadonlyMap<string, ResolvedField>>();

/** The model's stored fields by name (made once per model: every request looks fields up by name). */
export function fieldsByName(model: ResourceModel): ReadonlyMap<string, ResolvedField> {
  let byName = byNames.get(model);
  if (!byName) byNames.set(model, (byName = new Map(model.fields.map((f) => [f.name, f]))));
  return byName;
}

/**
 * How a row of the model's table becomes a record: each field's value from the database, and the audit
 * stamps the row carries. With `names`, only those (in their order): a list's rows and a detail go
 * straight to what the screen shows, without a record of every field made first.
 */
export function recordReader(model: ResourceModel, names?: Iterable<string>): (row: Row) => Row {
  const byName = fieldsByName(model);
  const order = names ? [...names] : [...model.fields.map((f) => f.name), ...AUDIT];
  const steps = order.filter((name) => byName.has(name) || AUDIT.has(name)).map((name) => [name, byName.get(name)] as const);
  if (steps.every(([name]) => PLAIN_NAME.test(name))) return compiledReader(steps);
  // Defined, not assigned: a name such as __proto__ stays a value, never the record's prototype.
  const put = (record: Row, name: string, value: unknown) => Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
  return (row) => {
    const record: Row = {};
    for (const [name, field] of steps) {
      if (field) put(record, name, fromDb(field, row[name]));
      else if (name in row) put(record, name, row[name]);
    }
    return record;
  };
}

/** A name that is safe as an object literal's key as written (never one that reaches a prototype). */
const PLAIN_NAME = /^(?!__proto__$)[a-z_][a-z0-9_]*$/i;

/** fromDb for a list's stored text. */
const parseList = (value: unknown) => fromDb({ type: 'list' } as ResolvedField, value);

/**
 * The reader as one function of straight-line code: the record is an object literal of the fields (one
 * shape, made at once, not grown a key at a time), each value converted as fromDb does; the audit stamps
 * follow where the row carries them. A summary of fifty fields read this way costs a fifth as much.
 */
function compiledReader(steps: readonly (readonly [string, ResolvedField | undefined])[]): (row: Row) => Row {
  const value = (name: string, field: ResolvedField) => {
    const v = `row.${name}`;
    switch (field.type) {
      case 'boolean':
        return `(${v} === 1 || ${v} === true || ${v} === '1')`;
      case 'list':
        return `parseList(${v})`;
      case 'integer':
      case 'number':
        return `(${v} == null ? null : Number(${v}))`;
      default:
        return `(${v} ?? null)`;
    }
  };
  const fields = steps.flatMap(([name, field]) => (field ? [`${name}: ${value(name, field)}`] : []));
  const stamps = steps.flatMap(([name, field]) => (field ? [] : [`if ('${name}' in row) record.${name} = row.${name};`]));
  const body = `const record = { ${fields.join(', ')} };\n${stamps.join('\n')}\nreturn record;`;
  return new Function('parseList', `return (row) => { ${body} };`)(parseList) as (row: Row) => Row;
}

const readers = new WeakMap<ResourceModel, (row: Row) => Row>();

/** The record of a row: every field and the audit stamps it carries. */
export function rowToRecord(model: ResourceModel, row: Row): Row {
  let read = readers.get(model);
  if (!read) readers.set(model, (read = recordReader(model)));
  return read(row);
}

/** The records of a definition-built table whose columns equal the values given (none given: every record). */
export async function recordsWhere(db: Kysely<Schema>, model: ResourceModel, where: Row = {}): Promise<Row[]> {
  let query = definitionDb(db).selectFrom(model.table).selectAll();
  for (const [name, value] of Object.entries(where)) query = query.where(name, '=', value);
  return ((await query.execute()) as Row[]).map((row) => rowToRecord(model, row));
}

export const recordKey = (model: ResourceModel, values: Row): string => model.key.map((k) => String(values[k] ?? '')).join('|');
