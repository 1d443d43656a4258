// Converting record values between JSON and the database (booleans as 0/1, lists as JSON text).
import type { ResolvedField, ResourceModel } from '../../engine/definition/compile';

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

export function rowToRecord(model: ResourceModel, row: Row): Row {
  const record: Row = {};
  for (const field of model.fields) record[field.name] = fromDb(field, row[field.name]);
  for (const audit of ['createdby', 'createddate', 'updatedby', 'updateddate']) if (audit in row) record[audit] = row[audit];
  return record;
}

export const recordKey = (model: ResourceModel, values: Row): string => model.key.map((k) => String(values[k] ?? '')).join('|');
