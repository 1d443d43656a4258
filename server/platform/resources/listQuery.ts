// The generic list: criteria (contains, exact, date ranges, lists; null means no filter), declared
// sort fields only, paging with limit -1 for all, and totalrecord from the count cache. Contains
// searches use the trigram indexes of server/platform/resources/trigramIndex.ts; on SQLite, counts and contains
// searches run off the serving thread (server/platform/resources/sqliteReader.ts).
import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ResolvedField, ResourceModel } from '../../../engine/definition/compile';
import type { Paging, SortDirection } from '../../../engine/api/envelope';
import { ApiError } from '../core/apiError';
import { CODES } from '../../../engine/api/responseCodes';
import { readRows, type DialectName } from '../db/database';
import type { CountCache } from './countCache';
import { fieldsByName, rowToRecord, toDb, type Row } from './records';
import type { ScopeCondition } from '../core/scope';
import { readOffThread } from './sqliteReader';
import { compiledOnce, fill, slot } from '../db/compiledQueries';
import { ftsPhrase, ftsTable, postingTable, singleTrigram, TRIGRAMS_FUNCTION, usesTrigrams } from './trigramIndex';

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
  /** PostgreSQL, a text of several trigrams: its page may walk the sort order when its matches are dense. */
  walks?: boolean;
  /**
   * PostgreSQL, a text of one trigram: the keys of its matches from the field's posting table alone (in
   * key order, with no recheck against the rows).
   */
  postingKeys?: (p: unknown[]) => RawBuilder<unknown>;
}

/**
 * How a SQLite query reaches the rows an FTS5 trigram table matched. 'lookup': read each match by rowid
 * and sort them (cheap when matches are few). 'walk': read the rows in the sort order and keep those that
 * match, stopping when the page is full (cheap when matches are dense enough to fill the page soon).
 */
export type TrigramReach = 'lookup' | 'walk';

/** A text of ASCII characters alone: LIKE folds its case as the FTS5 trigram tables do. */
const ASCII = /^[\x00-\x7f]*$/;

/** PostgreSQL: at most this many of a longer text's trigrams pick its candidates (each one more join). */
const JOINED_TRIGRAMS = 3;

/** An ASCII text's distinct trigrams, lower-cased: all of them, or JOINED_TRIGRAMS spread over it (the first and the last). */
export function spreadTrigrams(text: string): string[] {
  const lower = text.toLowerCase();
  const all = [...new Set(Array.from({ length: lower.length - 2 }, (_, i) => lower.slice(i, i + 3)))];
  if (all.length <= JOINED_TRIGRAMS) return all;
  return Array.from({ length: JOINED_TRIGRAMS }, (_, i) => all[Math.round((i * (all.length - 1)) / (JOINED_TRIGRAMS - 1))]!);
}

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
      const ascii = ASCII.test(text);
      const matches = (p: unknown[]) => sql`select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${p[0]}`;
      return {
        shape: `${field.name}:fts:${ascii ? 'ascii' : 'other'}`,
        params: ascii ? [ftsPhrase(text), pattern] : [ftsPhrase(text)],
        fts,
        trigram: true,
        heavy: true,
        build: (eb, p, reach) => {
          if (reach === 'lookup') return sql<SqlBool>`rowid in (${matches(p)})`;
          // A walk tests each row it passes. `+rowid` keeps SQLite from reading the matches by rowid; the
          // match list itself is built whole on first use (a few ms for tens of thousands of matches), so an
          // ASCII text tests ASCII rows with LIKE, which then answers exactly as the trigram table does (both
          // fold ASCII case alone there), and only a row with other characters needs the list.
          if (!ascii) return sql<SqlBool>`+rowid in (${matches(p)})`;
          const value = column(eb);
          return sql<SqlBool>`(${value} like ${p[1]} escape '\\' or (length(cast(${value} as blob)) <> length(${value}) and +rowid in (${matches(p)})))`;
        },
      };
    }
    if (dialect === 'postgres' && text !== undefined && model.contains.has(field.name) && usesTrigrams(text)) {
      // The field's posting table (trigramIndex.ts): one trigram is the answer itself; a longer text's
      // candidates hold its trigrams and are rechecked with ILIKE.
      const posting = postingTable(model.table, field.name);
      const keyList = sql.join(model.key.map((k) => sql.ref(k)));
      const single = singleTrigram(text);
      // An ASCII text's trigrams are known here (lower-cased as PostgreSQL does): the keys holding a few of
      // them come from joining their lists, each in key order (a merge); other texts group every list in SQL.
      const joined = !single && ASCII.test(text) ? spreadTrigrams(text) : undefined;
      const keys = (p: unknown[]) => {
        if (single) return sql`select ${keyList} from ${sql.table(posting)} where tri = lower(cast(${p[0]} as text))`;
        if (joined) {
          const list = (i: number) => sql`${sql.table(posting)} as ${sql.id(`t${i}`)}`;
          const sameKey = (i: number) => sql.join(model.key.map((k) => sql`${sql.ref(`t${i}.${k}`)} = ${sql.ref(`t0.${k}`)}`), sql` and `);
          const joins = joined.slice(1).map((_, j) => sql` join ${list(j + 1)} on ${sameKey(j + 1)}`);
          const tris = sql.join(joined.map((_, i) => sql`${sql.ref(`t${i}.tri`)} = ${p[i]}`), sql` and `);
          return sql`select ${sql.join(model.key.map((k) => sql.ref(`t0.${k}`)))} from ${list(0)}${sql.join(joins, sql``)} where ${tris}`;
        }
        const trigrams = sql`${sql.id(TRIGRAMS_FUNCTION)}(cast(${p[0]} as text))`;
        return sql`select ${keyList} from ${sql.table(posting)} where tri = any(${trigrams}) group by ${keyList} having count(*) = cardinality(${trigrams})`;
      };
      const inKeys = (eb: ExpressionBuilder<any, any>, p: unknown[]) =>
        model.key.length === 1 ? eb(model.key[0]!, 'in', sql`(${keys(p)})`) : eb(eb.refTuple(...(model.key as [string, string])), 'in', sql`(${keys(p)})` as never);
      const params = single ? [text] : joined ? [...joined, pattern] : [text, pattern];
      const recheck = (eb: ExpressionBuilder<any, any>, p: unknown[]) => sql<SqlBool>`${column(eb)} ilike ${p[p.length - 1]} escape '\\'`;
      return {
        shape: `${field.name}:posting:${single ? 'one' : joined ? `join${joined.length}` : 'many'}`,
        params,
        trigram: true,
        heavy: true,
        walks: !single,
        postingKeys: single ? keys : undefined,
        // A walk (dense matches, the count known) tests the rows in the sort order with ILIKE alone.
        build: (eb, p, reach) => (single ? inKeys(eb, p) : reach === 'walk' ? recheck(eb, p) : eb.and([inKeys(eb, p), recheck(eb, p)])),
      };
    }
    if (pattern !== undefined) {
      // A text under 3 characters (no trigram) scans: ILIKE on PostgreSQL, LIKE on SQLite (which
      // ignores ASCII case only).
      return {
        shape: `${field.name}:like`,
        params: [pattern],
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
  /** How a row becomes the answer's record (recordReader): every field unless told. */
  read?: (row: Row) => Row;
  /** The caller's row scope (server/platform/resources/rowScope.ts): conditions every row keeps to, whatever the criteria. */
  scope?: readonly ScopeCondition[];
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
  const byName = fieldsByName(model);
  const filters: [ResolvedField, unknown][] = [];
  for (const [name, value] of Object.entries(input.criteria ?? {})) {
    const field = byName.get(name);
    const allowed = model.searchable.has(name) || model.key.includes(name) || name === model.status || input.allowed?.has(name);
    if (!field || !allowed) throw badRequest(`cannot search by "${name}"`);
    if (value === null || value === undefined || value === '') continue;
    checkValueType(field, value);
    filters.push([field, value]);
  }
  // A view page's resource keeps to its fixed criteria, whatever the caller asks (engine/definition/viewPage.ts).
  for (const [name, value] of Object.entries(model.filter ?? {})) filters.push([byName.get(name)!, value]);
  const sort = input.sort && Object.keys(input.sort).length > 0 ? input.sort : defaultSort;
  for (const name of Object.keys(sort)) {
    if (!model.sortable.has(name) && !model.key.includes(name)) throw badRequest(`cannot sort by "${name}"`);
  }

  const limit = input.paging?.limit ?? -1;
  const page = input.paging?.page ?? 1;
  const offset = (page - 1) * limit;
  const scope = input.scope ?? [];
  const criteria: Criterion[] = [...filters.map(([field, value]) => criterion(field, value, dialect, model)), ...scope];
  const values = [...criteria.flatMap((c) => c.params), limit, offset];
  const criteriaShape = `${dialect}|${model.table}|${criteria.map((c) => c.shape).join(',')}`;
  // Slots: each criterion's parameters in order, then limit and offset.
  const slots: string[][] = [];
  let next = 0;
  for (const c of criteria) slots.push(c.params.map(() => slot(next++)));
  const [limitMarker, offsetSlot] = [slot(next++), slot(next++)];
  // PostgreSQL plans a reused statement once for any value: a page size in a slot is guessed at a tenth of the
  // rows, and the page's `key in (…)` becomes a merge over the whole key order (a scoped user's page 100 walked
  // 10,000 rows of the key index for its 10; with the size written in, 10 lookups). Sizes are few; offsets stay slots.
  const limitSlot: LimitSlot = dialect === 'postgres' && limit > 0 ? limit : limitMarker;
  const where = (reach: TrigramReach): Where => (eb) => eb.and(criteria.map((c, i) => c.build(eb, slots[i]!, reach)));

  // On SQLite, counts and contains searches are read off the serving thread (unless told not to).
  const offThread = dialect === 'sqlite' && input.offThread !== false;
  const read = <R>(query: CompiledQuery, heavy: boolean) => (offThread && heavy ? readOffThread<R>(db, query) : readRows<R>(db, query));
  const heavy = criteria.some((c) => c.heavy);
  const queryKey = JSON.stringify([...filters.map(([f, v]) => [f.name, v]), ...scope.map((c) => [c.shape, c.params])]);
  const runCount = async () => {
    const compiled = compiledOnce(db, `count|${criteriaShape}`, () => countQuery(db, model, criteria, slots, where('lookup')));
    const [row] = await read<{ n: number | string }>(fill(compiled, values), true);
    return Number(row?.n ?? 0);
  };
  const count = () => counts.count(model.name, queryKey, page, runCount);
  // The key breaks ties, in the sort's direction so the (field, key) index serves the whole order.
  const tieDirection = Object.values(sort)[0] ?? 'asc';
  const order: [string, SortDirection][] = [...Object.entries(sort), ...model.key.filter((k) => !(k in sort)).map((k): [string, SortDirection] => [k, tieDirection])];
  const pageQuery: PageQuery = { db, model, order, criteria, slots, limitSlot, offsetSlot };
  const sortShape = `${JSON.stringify(sort)}|${limit > 0}|${typeof limitSlot === 'number' ? limitSlot : ''}`;

  // SQLite with trigram matches: the count comes first (the trigram tables answer it alone), and with
  // the table's size it picks how the page reaches the matches.
  let total: number | undefined;
  let reach: TrigramReach = 'lookup';
  if (limit > 0 && criteria.some((c) => c.fts)) {
    total = await count();
    const size = compiledOnce(db, `size|${model.table}`, () => sql<{ n: number | null }>`select max(rowid) as n from ${sql.table(model.table)}`.compile(db));
    const tableRows = Number((await readRows<{ n: number | null }>(db, size))[0]?.n ?? 0);
    reach = trigramReach(offset, limit, tableRows, total);
  }

  // PostgreSQL with trigram matches: when the count must be taken, the page comes with it from one
  // read of the matches (counting reads them all anyway). Callers joining a count already running, or
  // finding it cached, read the page alone; a text of several trigrams then walks the sort order when
  // the count and the table's size (the planner's estimate) say its matches are dense.
  const counted: { rows?: Row[] } = {};
  if (dialect === 'postgres' && limit > 0 && criteria.some((c) => c.trigram)) {
    total = await counts.count(model.name, queryKey, page, async () => {
      const compiled = compiledOnce(db, `counted|${criteriaShape}|${sortShape}`, () => pageWithTotal(pageQuery, where('lookup')));
      const found = await read<Row>(fill(compiled, values), true);
      counted.rows = found;
      // A page past the end carries no total: counted alone.
      return found.length > 0 || offset === 0 ? Number(found[0]?.[TOTAL] ?? 0) : runCount();
    });
    if (!counted.rows && criteria.some((c) => c.walks)) {
      const size = compiledOnce(db, `rows|${model.table}`, () => sql<{ n: number }>`select greatest(reltuples, 0) as n from pg_class where oid = to_regclass(${sql.lit(`"${model.table}"`)})`.compile(db));
      const tableRows = Number((await readRows<{ n: number }>(db, size))[0]?.n ?? 0);
      reach = trigramReach(offset, limit, tableRows, total);
    }
  }

  const select = compiledOnce(db, `select|${criteriaShape}|${sortShape}|${reach}`, () => {
    let query;
    if (limit > 0) {
      // A deferred lookup: the page's keys come from the index alone, then only those rows are read
      // (an OFFSET over whole rows reads every skipped row).
      const keys = pageKeys(pageQuery, where(reach));
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
    // A first page shorter than the limit is the whole answer: its rows are the count (not kept: such a
    // query has no other page to ask it for).
    const whole = limit <= 0 || (page === 1 && rows.length < limit);
    total = whole ? rows.length : await count();
  }
  return { rows: rows.map(input.read ?? ((r) => rowToRecord(model, r))), paging: { page, limit, totalrecord: total } };
}

/** A page size: a slot filled per call, or (PostgreSQL) the size itself, written into the statement. */
type LimitSlot = string | number;
type Where = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

/** What a page's statements are built from: the model, its order and criteria, and the slots of their values. */
interface PageQuery {
  db: Kysely<any>;
  model: ResourceModel;
  order: [string, SortDirection][];
  criteria: Criterion[];
  slots: string[][];
  limitSlot: LimitSlot;
  offsetSlot: string;
}
const limitSql = (limit: LimitSlot) => (typeof limit === 'number' ? sql<number>`${sql.lit(limit)}` : sql<number>`${limit}`);

/** Whether the order is the key's own (every key column, one direction): a posting table's order. */
function keyOrder(model: ResourceModel, order: [string, SortDirection][]): boolean {
  return order.length === model.key.length && order.every(([name, direction], i) => name === model.key[i] && direction === order[0]![1]);
}

/**
 * The keys of a page, in order: from the posting table alone when one single-trigram search is the only
 * criterion and the order is the key's (PostgreSQL), otherwise from the table's indexes.
 */
function pageKeys({ db, model, order, criteria, slots, limitSlot, offsetSlot }: PageQuery, where: Where) {
  if (criteria.length === 1 && criteria[0]!.postingKeys && keyOrder(model, order)) {
    const orderBy = sql.join(order.map(([name, direction]) => sql`${sql.ref(name)} ${sql.raw(direction)}`));
    return sql`(${criteria[0]!.postingKeys(slots[0]!)} order by ${orderBy} limit ${limitSql(limitSlot)} offset ${offsetSlot})`;
  }
  let keys = db.selectFrom(model.table).select(model.key).where(where);
  for (const [name, direction] of order) keys = keys.orderBy(name, direction);
  return keys.limit(limitSql(limitSlot)).offset(sql<number>`${offsetSlot}`);
}

/** PostgreSQL: the count of matches from the posting tables alone, when every criterion is one trigram. */
function postingCount(criteria: Criterion[], slots: string[][]): RawBuilder<unknown> | undefined {
  if (criteria.length === 0 || !criteria.every((c) => c.postingKeys)) return undefined;
  const keys = sql.join(criteria.map((c, i) => c.postingKeys!(slots[i]!)), sql` intersect `);
  return sql`select count(*) as ${sql.ref('n')} from (${keys}) as ${sql.ref('k')}`;
}

/** The column carrying the count beside each row of a page read with its total. */
export const TOTAL = '__total';

/**
 * A page and the count of every match from one statement. When every criterion is one trigram, the
 * count comes from the posting tables alone (index-only) and the page's keys as pageKeys says. Otherwise
 * the matches' keys and sort columns are read once into a materialized CTE, counted, and the page's keys
 * taken from it. (`count(*) over ()` under a LIMIT misleads PostgreSQL 15's generic plan into walking
 * the whole key index.)
 */
function pageWithTotal(query: PageQuery, where: Where): CompiledQuery {
  const { db, model, order, criteria, slots } = query;
  const counted = postingCount(criteria, slots);
  const keyIn = (eb: ExpressionBuilder<any, any>, keys: Expression<unknown>) =>
    model.key.length === 1 ? eb(`${model.table}.${model.key[0]!}` as never, 'in', keys as never) : eb(eb.refTuple(...(model.key.map((k) => `${model.table}.${k}`) as [string, string])), 'in', keys as never);
  if (counted) {
    let page = db
      .selectFrom(model.table)
      .selectAll(model.table)
      .select(sql`(${counted})`.as(TOTAL))
      .where((eb) => keyIn(eb, pageKeys(query, where)));
    for (const [name, direction] of order) page = page.orderBy(`${model.table}.${name}` as never, direction);
    return page.compile();
  }
  const columns = [...new Set([...model.key, ...order.map(([name]) => name)])];
  let page = db
    .with((cte) => cte('m').materialized(), (qb) => qb.selectFrom(model.table).select(columns).where(where))
    .selectFrom(model.table)
    .selectAll(model.table)
    .select((eb) => eb.selectFrom('m').select(eb.fn.countAll().as('n')).as(TOTAL))
    .where((eb) => {
      let keys = eb.selectFrom('m').select(model.key as never);
      for (const [name, direction] of order) keys = keys.orderBy(name as never, direction);
      return keyIn(eb, keys.limit(limitSql(query.limitSlot)).offset(sql<number>`${query.offsetSlot}`));
    });
  for (const [name, direction] of order) page = page.orderBy(`${model.table}.${name}` as never, direction);
  return page.compile();
}

/**
 * COUNT(*) of the criteria. When every criterion is a trigram match (SQLite), the FTS5 tables answer it
 * alone without reading a row of the table.
 */
function countQuery(db: Kysely<any>, model: ResourceModel, criteria: Criterion[], slots: string[][], where: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>): CompiledQuery {
  const counted = postingCount(criteria, slots);
  if (counted) return counted.compile(db);
  if (criteria.length > 0 && criteria.every((c) => c.fts)) {
    const matches = criteria.map((c, i) => sql`select rowid from ${sql.table(c.fts!)} where ${sql.table(c.fts!)} match ${slots[i]![0]}`);
    return sql`select count(*) as ${sql.ref('n')} from (${sql.join(matches, sql` intersect `)})`.compile(db);
  }
  return db.selectFrom(model.table).select((eb) => eb.fn.countAll().as('n')).where(where).compile();
}
