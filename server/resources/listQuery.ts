// The generic list: criteria (contains, exact, date ranges, lists; null means no filter), declared
// sort fields only, paging with limit -1 for all, and totalrecord from the count cache.
import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
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

/**
 * One filter, taken apart into its shape (what SQL it needs) and its parameter values (in the order the
 * SQL uses them): queries of the same shape share one compiled statement.
 */
interface Criterion {
  shape: string;
  params: unknown[];
  build(eb: ExpressionBuilder<any, any>, p: unknown[]): Expression<SqlBool>;
}

function criterion(field: ResolvedField, value: unknown, dialect: DialectName): Criterion {
  const column = (eb: ExpressionBuilder<any, any>) => eb.ref(field.name);
  const endOfDay = (day: string) => (field.type === 'datetime' ? `${day}T23:59:59.999Z` : day);
  if (Array.isArray(value)) {
    if ((field.type === 'date' || field.type === 'datetime') && value.length === 2) {
      const [from, to] = value as [unknown, unknown];
      const params = [...(from ? [String(from)] : []), ...(to ? [endOfDay(String(to))] : [])];
      return {
        shape: `${field.name}:range:${from ? 1 : 0}${to ? 1 : 0}`,
        params,
        build: (eb, p) => {
          const parts: Expression<SqlBool>[] = [];
          let i = 0;
          if (from) parts.push(eb(column(eb), '>=', p[i++] as never));
          if (to) parts.push(eb(column(eb), '<=', p[i] as never));
          return eb.and(parts);
        },
      };
    }
    if (value.length === 0) return { shape: `${field.name}:all`, params: [], build: () => sql<SqlBool>`1 = 1` };
    return { shape: `${field.name}:in:${value.length}`, params: value.map((v) => toDb(field, v)), build: (eb, p) => eb(column(eb), 'in', p as never[]) };
  }
  if (typeof value === 'string' && (field.type === 'string' || field.type === 'text')) {
    const pattern = containsPattern(value);
    if (pattern !== undefined) {
      return {
        shape: `${field.name}:like`,
        params: [pattern],
        build: (eb, p) =>
          dialect === 'postgres' ? sql<SqlBool>`${column(eb)} ilike ${p[0]} escape '\\'` : sql<SqlBool>`${column(eb)} like ${p[0]} escape '\\'`,
      };
    }
  }
  if (field.type === 'datetime' && typeof value === 'string' && value.length === 10) {
    return { shape: `${field.name}:day`, params: [value, endOfDay(value)], build: (eb, p) => eb.and([eb(column(eb), '>=', p[0] as never), eb(column(eb), '<=', p[1] as never)]) };
  }
  return { shape: `${field.name}:eq`, params: [toDb(field, value)], build: (eb, p) => eb(column(eb), '=', p[0] as never) };
}

/** Compiled statements by table and shape; a parameter is a slot marker until the call fills it in. */
const compiledQueries = new Map<string, { select: CompiledQuery; count: CompiledQuery }>();
const MAX_COMPILED = 2_000;
const SLOT = '\u0000slot:';

function fill(compiled: CompiledQuery, values: unknown[]): CompiledQuery {
  const parameters = compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(SLOT) ? values[Number(p.slice(SLOT.length))] : p));
  return CompiledQuery.raw(compiled.sql, parameters);
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

  const limit = input.paging?.limit ?? -1;
  const page = input.paging?.page ?? 1;
  const criteria = filters.map(([field, value]) => criterion(field, value, dialect));
  const values = [...criteria.flatMap((c) => c.params), limit, (page - 1) * limit];
  const shapeKey = `${dialect}|${model.table}|${criteria.map((c) => c.shape).join(',')}|${JSON.stringify(sort)}|${limit > 0}`;

  let compiled = compiledQueries.get(shapeKey);
  if (!compiled) {
    let next = 0;
    const slots = criteria.map((c) => c.params.map(() => `${SLOT}${next++}`));
    const [limitSlot, offsetSlot] = [`${SLOT}${next++}`, `${SLOT}${next++}`];
    const where = (eb: ExpressionBuilder<any, any>) => eb.and(criteria.map((c, i) => c.build(eb, slots[i]!)));
    // The key breaks ties, in the sort's direction so the (field, key) index serves the whole order.
    const tieDirection = Object.values(sort)[0] ?? 'asc';
    const order: [string, SortDirection][] = [...Object.entries(sort), ...model.key.filter((k) => !(k in sort)).map((k): [string, SortDirection] => [k, tieDirection])];
    let query;
    if (limit > 0) {
      // A deferred lookup: the page's keys come from the index alone, then only those rows are read
      // (an OFFSET over whole rows reads every skipped row).
      let keys = db.selectFrom(model.table).select(model.key).where(where);
      for (const [name, direction] of order) keys = keys.orderBy(name, direction);
      keys = keys.limit(sql<number>`${limitSlot}`).offset(sql<number>`${offsetSlot}`);
      // `key in (…)` rather than a join: SQLite evaluates it once; a join made it scan the table.
      query = db
        .selectFrom(model.table)
        .selectAll()
        .where((eb) => (model.key.length === 1 ? eb(model.key[0]!, 'in', keys) : eb(eb.refTuple(...(model.key as [string, string])), 'in', keys as never)));
      for (const [name, direction] of order) query = query.orderBy(name, direction);
    } else {
      query = db.selectFrom(model.table).selectAll().where(where);
      for (const [name, direction] of order) query = query.orderBy(name, direction);
    }
    compiled = { select: query.compile(), count: db.selectFrom(model.table).select((eb) => eb.fn.countAll().as('n')).where(where).compile() };
    if (compiledQueries.size >= MAX_COMPILED) compiledQueries.delete(compiledQueries.keys().next().value!);
    compiledQueries.set(shapeKey, compiled);
  }
  const rows = (await db.executeQuery<Row>(fill(compiled.select, values))).rows;

  const queryKey = JSON.stringify(filters.map(([f, v]) => [f.name, v]));
  let total = counts.get(model.name, queryKey, page);
  if (total === undefined) {
    if (limit <= 0 || (page === 1 && rows.length < limit)) total = rows.length;
    else {
      const counted = await db.executeQuery<{ n: number | string }>(fill(compiled.count, values));
      total = Number(counted.rows[0]?.n ?? 0);
    }
    counts.set(model.name, queryKey, total);
  }
  return { rows: rows.map((r) => rowToRecord(model, r)), paging: { page, limit, totalrecord: total } };
}
