// The generic list: criteria (contains, exact, date ranges, lists; null means no filter), declared
// sort fields only, paging with limit -1 for all, and totalrecord from the count cache.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { ResolvedField, ResourceModel } from '../../engine/definition/compile';
import type { Paging, SortDirection } from '../../engine/api/envelope';
import { ApiError } from '../core/apiError';
import { CODES } from '../../engine/api/responseCodes';
import type { DialectName } from '../db/database';
import type { CountCache } from './countCache';
import { rowToRecord, toDb, type Row } from './records';

const badRequest = (message: string) => new ApiError(CODES.BAD_REQUEST, `Invalid request: ${message}`, 400);

/** '%text%' searches for text anywhere; the inside of the wildcards is taken literally. */
function containsPattern(value: string): string | undefined {
  if (!value.startsWith('%') && !value.endsWith('%')) return undefined;
  const inner = value.replace(/^%+/, '').replace(/%+$/, '');
  return `%${inner.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function condition(
  eb: ExpressionBuilder<any, any>,
  field: ResolvedField,
  value: unknown,
  dialect: DialectName,
): Expression<SqlBool> {
  const column = eb.ref(field.name);
  if (Array.isArray(value)) {
    if ((field.type === 'date' || field.type === 'datetime') && value.length === 2) {
      const [from, to] = value as [unknown, unknown];
      const parts: Expression<SqlBool>[] = [];
      if (from) parts.push(eb(column, '>=', String(from)));
      if (to) parts.push(eb(column, '<=', field.type === 'datetime' ? `${String(to)}T23:59:59.999Z` : String(to)));
      return eb.and(parts);
    }
    if (value.length === 0) return sql<SqlBool>`1 = 1`;
    return eb(column, 'in', value.map((v) => toDb(field, v)) as never[]);
  }
  if (typeof value === 'string' && (field.type === 'string' || field.type === 'text')) {
    const pattern = containsPattern(value);
    if (pattern !== undefined) {
      return dialect === 'postgres'
        ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'`
        : sql<SqlBool>`${column} like ${pattern} escape '\\'`;
    }
  }
  if (field.type === 'datetime' && typeof value === 'string' && value.length === 10) {
    return eb.and([eb(column, '>=', value), eb(column, '<=', `${value}T23:59:59.999Z`)]);
  }
  return eb(column, '=', toDb(field, value) as never);
}

function checkValueType(field: ResolvedField, value: unknown) {
  const scalar = (v: unknown) =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  const ok = Array.isArray(value) ? value.length <= 1000 && value.every((v) => v === null || scalar(v)) : scalar(value);
  if (!ok) throw badRequest(`criteria.${field.name} must be a text, a number, a boolean or a list of them`);
  if (typeof value === 'string' && value.length > 500) throw badRequest(`criteria.${field.name} is too long`);
}

export interface ListInput {
  criteria?: Record<string, unknown>;
  sort?: Record<string, SortDirection>;
  paging?: Paging;
  /** Extra criteria the caller may use although not searchable (selectors, keys, status). */
  allowed?: Set<string>;
}

export interface ListOutput {
  rows: Row[];
  paging: { page: number; limit: number; totalrecord: number };
}

export async function listRecords(
  db: Kysely<any>,
  dialect: DialectName,
  model: ResourceModel,
  counts: CountCache,
  input: ListInput,
  defaultSort: Record<string, SortDirection>,
): Promise<ListOutput> {
  const byName = new Map(model.fields.map((f) => [f.name, f]));
  const filters: [ResolvedField, unknown][] = [];
  for (const [name, value] of Object.entries(input.criteria ?? {})) {
    const field = byName.get(name);
    const allowed = model.searchable.has(name) || model.key.includes(name) || name === model.status || input.allowed?.has(name);
    if (!field || !allowed) throw badRequest(`cannot search by "${name}"`);
    if (value === null || value === undefined || value === '') continue;
    checkValueType(field, value);
    filters.push([field, value]);
  }
  const sort = input.sort && Object.keys(input.sort).length > 0 ? input.sort : defaultSort;
  for (const name of Object.keys(sort)) {
    if (!model.sortable.has(name) && !model.key.includes(name)) throw badRequest(`cannot sort by "${name}"`);
  }

  const where = (eb: ExpressionBuilder<any, any>) => eb.and(filters.map(([field, value]) => condition(eb, field, value, dialect)));
  const limit = input.paging?.limit ?? -1;
  const page = input.paging?.page ?? 1;

  let query = db.selectFrom(model.table).selectAll().where(where);
  for (const [name, direction] of Object.entries(sort)) query = query.orderBy(name, direction);
  // A stable order across pages: the key breaks ties, in the sort's direction so the (field, key) index serves it.
  const tieDirection = Object.values(sort)[0] ?? 'asc';
  for (const key of model.key) if (!(key in sort)) query = query.orderBy(key, tieDirection);
  if (limit > 0) query = query.limit(limit).offset((page - 1) * limit);
  const rows = (await query.execute()) as Row[];

  const queryKey = JSON.stringify(filters.map(([f, v]) => [f.name, v]));
  let total = counts.get(model.name, queryKey, page);
  if (total === undefined) {
    if (limit <= 0 || (page === 1 && rows.length < limit)) total = rows.length;
    else {
      const counted = await db.selectFrom(model.table).select((eb) => eb.fn.countAll().as('n')).where(where).executeTakeFirstOrThrow();
      total = Number(counted.n);
    }
    counts.set(model.name, queryKey, total);
  }
  return { rows: rows.map((r) => rowToRecord(model, r)), paging: { page, limit, totalrecord: total } };
}
