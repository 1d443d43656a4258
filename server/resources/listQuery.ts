// The generic list: criteria (contains, exact, date ranges, lists; null means no filter), declared
// sort fields only, paging with limit -1 for all, and totalrecord from the count cache. Contains
// searches use the trigram indexes of server/resources/trigramIndex.ts; on SQLite, counts and contains
// searches run off the serving thread (server/resources/sqliteReader.ts).
import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { ResolvedField, ResourceModel } from '../../engine/definition/compile';
import type { Paging, SortDirection } from '../../engine/api/envelope';
import { ApiError } from '../core/apiError';
import { CODES } from '../../engine/api/responseCodes';
import type { DialectName } from '../db/database';
import type { CountCache } from './countCache';
import { rowToRecord, toDb, type Row } from './records';
import { readOffThread } from './sqliteReader';
import { ftsPhrase, ftsTable, usesTrigrams } from './trigramIndex';

const badRequest = (message: string) => new ApiError(CODES.BAD_REQUEST, `Invalid request: ${message}`, 400);

/** The text of a contains search: '%text%' searches for text anywhere, taken literally. */
function containsText(value: string): string | undefined {
  if (!value.startsWith('%') && !value.endsWith('%')) return undefined;
  return value.replace(/^%+/, '').replace(/%+$/, '');
}

/** The LIKE pattern of a contains search, its text escaped. */
function containsPattern(value: string): string | undefined {
  const inner = containsText(value);
  return inner === undefined ? undefined : `%${inner.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One filter, taken apart into its shape (what SQL it needs) and its parameter values (in the order the
 * SQL uses them): queries of the same shape share one compiled statement.
 */
interface Criterion {
  shape: string;
  params: unknown[];
  build(eb: ExpressionBuilder<any, any>, p: unknown[], reach: TrigramReach): Expression<SqlBool>;
  /** SQLite: the FTS5 trigram table that alone answers this criterion. */
  fts?: string;
  /** A contains search its field's trigram index serves (a text of 3 characters or more). */
  trigram?: boolean;
  /** A contains search: scans or trigram lookups, read off the serving thread on SQLite. */
  heavy?: boolean;
}

/**
 * How a SQLite query reaches the rows an FTS5 trigram table matched. 'lookup': read each match by rowid
 * and sort them (cheap when matches are few). 'walk': read the sort order's index and keep the rows in
 * the match set (cheap when matches are dense enough to fill the page soon).
 */
export type TrigramReach = 'lookup' | 'walk';

/** A walk step costs about a twelfth of a row lookup (measured on 1,000,000 rows). */
const WALK_STEPS_PER_LOOKUP = 12;

/**
 * 'walk' reads about (offset + limit) x rows / matches index entries, 'lookup' reads every match:
 * the cheaper one, from the count (needed anyway) and the table's size.
 */
export function trigramReach(offset: number, limit: number, tableRows: number, matches: number): TrigramReach {
  return limit > 0 && (offset + limit) * tableRows <= WALK_STEPS_PER_LOOKUP * matches * matches ? 'walk' : 'lookup';
}

function criterion(field: ResolvedField, value: unknown, dialect: DialectName, model: ResourceModel): Criterion {
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
    const text = containsText(value);
    if (dialect === 'sqlite' && text !== undefined && model.contains.has(field.name) && usesTrigrams(text)) {
      const fts = ftsTable(model.table, field.name);
      return {
        shape: `${field.name}:fts`,
        params: [ftsPhrase(text)],
        fts,
        trigram: true,
        heavy: true,
        // `+rowid` keeps SQLite from reading the matches by rowid, so it walks the sort order instead.
        build: (_eb, p, reach) =>
          sql<SqlBool>`${sql.raw(reach === 'walk' ? '+rowid' : 'rowid')} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${p[0]})`,
      };
    }
    if (pattern !== undefined) {
      // PostgreSQL's ILIKE is served by the field's pg_trgm index; on SQLite a text under 3 characters
      // (no trigram) scans with LIKE, which ignores ASCII case.
      return {
        shape: `${field.name}:like`,
        params: [pattern],
        trigram: dialect === 'postgres' && model.contains.has(field.name) && usesTrigrams(text!),
        heavy: true,
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
const compiledQueries = new Map<string, CompiledQuery>();
const MAX_COMPILED = 2_000;
const SLOT = '\u0000slot:';

function compiledOnce(key: string, compile: () => CompiledQuery): CompiledQuery {
  let compiled = compiledQueries.get(key);
  if (!compiled) {
    compiled = compile();
    if (compiledQueries.size >= MAX_COMPILED) compiledQueries.delete(compiledQueries.keys().next().value!);
    compiledQueries.set(key, compiled);
  }
  return compiled;
}

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
  /** SQLite: false reads everything on the caller's connection (the list benchmark's SQL capture). */
  offThread?: boolean;
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
  const offset = (page - 1) * limit;
  const criteria = filters.map(([field, value]) => criterion(field, value, dialect, model));
  const values = [...criteria.flatMap((c) => c.params), limit, offset];
  const criteriaShape = `${dialect}|${model.table}|${criteria.map((c) => c.shape).join(',')}`;
  // Slots: each criterion's parameters in order, then limit and offset.
  const slots: string[][] = [];
  let next = 0;
  for (const c of criteria) slots.push(c.params.map(() => `${SLOT}${next++}`));
  const [limitSlot, offsetSlot] = [`${SLOT}${next++}`, `${SLOT}${next++}`];
  const where = (reach: TrigramReach) => (eb: ExpressionBuilder<any, any>) => eb.and(criteria.map((c, i) => c.build(eb, slots[i]!, reach)));

  // On SQLite, counts and contains searches are read off the serving thread (unless told not to).
  const offThread = dialect === 'sqlite' && input.offThread !== false;
  const read = <R>(query: CompiledQuery, heavy: boolean) => (offThread && heavy ? readOffThread<R>(db, query) : db.executeQuery<R>(query).then((r) => r.rows));
  const heavy = criteria.some((c) => c.heavy);
  const queryKey = JSON.stringify(filters.map(([f, v]) => [f.name, v]));
  const runCount = async () => {
    const compiled = compiledOnce(`count|${criteriaShape}`, () => countQuery(db, model, criteria, slots, where('lookup')));
    const [row] = await read<{ n: number | string }>(fill(compiled, values), true);
    return Number(row?.n ?? 0);
  };
  const count = () => counts.count(model.name, queryKey, page, runCount);
  // The key breaks ties, in the sort's direction so the (field, key) index serves the whole order.
  const tieDirection = Object.values(sort)[0] ?? 'asc';
  const order: [string, SortDirection][] = [...Object.entries(sort), ...model.key.filter((k) => !(k in sort)).map((k): [string, SortDirection] => [k, tieDirection])];
  const sortShape = `${JSON.stringify(sort)}|${limit > 0}`;

  // SQLite with trigram matches: the count comes first (the trigram tables answer it alone), and with
  // the table's size it picks how the page reaches the matches.
  let total: number | undefined;
  let reach: TrigramReach = 'lookup';
  if (limit > 0 && criteria.some((c) => c.fts)) {
    total = await count();
    const size = compiledOnce(`size|${model.table}`, () => sql<{ n: number | null }>`select max(rowid) as n from ${sql.table(model.table)}`.compile(db));
    const tableRows = Number((await db.executeQuery<{ n: number | null }>(size)).rows[0]?.n ?? 0);
    reach = trigramReach(offset, limit, tableRows, total);
  }

  // PostgreSQL with trigram matches: when the count must be taken, the page comes with it from one
  // read of the matches (counting reads them all anyway). Callers joining a count already running, or
  // finding it cached, read the page alone.
  const counted: { rows?: Row[] } = {};
  if (dialect === 'postgres' && limit > 0 && criteria.some((c) => c.trigram)) {
    total = await counts.count(model.name, queryKey, page, async () => {
      const compiled = compiledOnce(`counted|${criteriaShape}|${sortShape}`, () => pageWithTotal(db, model, order, where('lookup'), limitSlot, offsetSlot));
      const found = await read<Row>(fill(compiled, values), true);
      counted.rows = found;
      // A page past the end carries no total: counted alone.
      return found.length > 0 || offset === 0 ? Number(found[0]?.[TOTAL] ?? 0) : runCount();
    });
  }

  const select = compiledOnce(`select|${criteriaShape}|${sortShape}|${reach}`, () => {
    let query;
    if (limit > 0) {
      // A deferred lookup: the page's keys come from the index alone, then only those rows are read
      // (an OFFSET over whole rows reads every skipped row).
      let keys = db.selectFrom(model.table).select(model.key).where(where(reach));
      for (const [name, direction] of order) keys = keys.orderBy(name, direction);
      keys = keys.limit(sql<number>`${limitSlot}`).offset(sql<number>`${offsetSlot}`);
      // `key in (…)` rather than a join: SQLite evaluates it once; a join made it scan the table.
      query = db
        .selectFrom(model.table)
        .selectAll()
        .where((eb) => (model.key.length === 1 ? eb(model.key[0]!, 'in', keys) : eb(eb.refTuple(...(model.key as [string, string])), 'in', keys as never)));
      for (const [name, direction] of order) query = query.orderBy(name, direction);
    } else {
      query = db.selectFrom(model.table).selectAll().where(where(reach));
      for (const [name, direction] of order) query = query.orderBy(name, direction);
    }
    return query.compile();
  });
  const rows = counted.rows ?? (await read<Row>(fill(select, values), heavy));

  if (total === undefined) {
    // A first page shorter than the limit is the whole answer.
    const whole = limit <= 0 || (page === 1 && rows.length < limit);
    if (whole) counts.set(model.name, queryKey, (total = rows.length));
    else total = await count();
  }
  return { rows: rows.map((r) => rowToRecord(model, r)), paging: { page, limit, totalrecord: total } };
}

/** The column carrying the count beside each row of a page read with its total. */
export const TOTAL = '__total';

/**
 * A page and the count of every match from one read: the matches' keys and sort columns are read once
 * into a materialized CTE, counted, and the page's keys taken from it. (`count(*) over ()` under a
 * LIMIT misleads PostgreSQL 15's generic plan into walking the whole key index.)
 */
function pageWithTotal(
  db: Kysely<any>,
  model: ResourceModel,
  order: [string, SortDirection][],
  where: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>,
  limitSlot: string,
  offsetSlot: string,
): CompiledQuery {
  const columns = [...new Set([...model.key, ...order.map(([name]) => name)])];
  let query = db
    .with((cte) => cte('m').materialized(), (qb) => qb.selectFrom(model.table).select(columns).where(where))
    .selectFrom(model.table)
    .selectAll(model.table)
    .select((eb) => eb.selectFrom('m').select(eb.fn.countAll().as('n')).as(TOTAL))
    .where((eb) => {
      let keys = eb.selectFrom('m').select(model.key as never);
      for (const [name, direction] of order) keys = keys.orderBy(name as never, direction);
      keys = keys.limit(sql<number>`${limitSlot}`).offset(sql<number>`${offsetSlot}`);
      return model.key.length === 1 ? eb(`${model.table}.${model.key[0]!}` as never, 'in', keys) : eb(eb.refTuple(...(model.key.map((k) => `${model.table}.${k}`) as [string, string])), 'in', keys as never);
    });
  for (const [name, direction] of order) query = query.orderBy(`${model.table}.${name}` as never, direction);
  return query.compile();
}

/**
 * COUNT(*) of the criteria. When every criterion is a trigram match (SQLite), the FTS5 tables answer it
 * alone without reading a row of the table.
 */
function countQuery(db: Kysely<any>, model: ResourceModel, criteria: Criterion[], slots: string[][], where: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>): CompiledQuery {
  if (criteria.length > 0 && criteria.every((c) => c.fts)) {
    const matches = criteria.map((c, i) => sql`select rowid from ${sql.table(c.fts!)} where ${sql.table(c.fts!)} match ${slots[i]![0]}`);
    return sql`select count(*) as ${sql.ref('n')} from (${sql.join(matches, sql` intersect `)})`.compile(db);
  }
  return db.selectFrom(model.table).select((eb) => eb.fn.countAll().as('n')).where(where).compile();
}
