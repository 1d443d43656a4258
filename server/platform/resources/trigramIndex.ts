// The trigram index of every text field searched by contains, so '%text%' is not a table scan: a
// posting table of (trigram, key) on PostgreSQL and an FTS5 trigram table on SQLite, both kept in step
// with their table by triggers. Both match case-insensitively; a search shorter than 3 characters has
// no trigram to look up and scans the table with LIKE / ILIKE instead.
import { sql, type Kysely } from 'kysely';
import type { ResourceModel } from '../../../engine/definition/compile';

/** Characters a trigram needs: shorter searches scan. */
export const TRIGRAM_LENGTH = 3;

/** SQLite: the FTS5 table holding the trigrams of one field. */
export const ftsTable = (table: string, field: string) => `${table}_${field}_trgm`;
/** PostgreSQL: the GIN index over one field's trigrams. */
export const trigramIndexName = (table: string, field: string) => `${table}_${field}_trgm_idx`;

/** SQLite MATCH text for "contains `text`": one phrase, taken literally. */
export const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Whether a search text is long enough for the trigram index. */
export const usesTrigrams = (text: string) => [...text].length >= TRIGRAM_LENGTH;

// ---------------------------------------------------------------- SQLite

const TRIGGERS = ['insert', 'delete', 'update'] as const;
const triggerName = (table: string, field: string, event: (typeof TRIGGERS)[number]) => `${ftsTable(table, field)}_${event}`;

/** The FTS5 tables of trigram indexes whose content is this table, by field. */
async function sqliteTrigramTables(db: Kysely<any>, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(db);
  const found = new Map<string, string>();
  for (const row of rows) {
    if (!row.sql.includes(`content='${table}'`) || !row.sql.includes(`tokenize='trigram'`)) continue;
    const prefix = `${table}_`;
    if (row.name.startsWith(prefix) && row.name.endsWith('_trgm')) found.set(row.name.slice(prefix.length, -'_trgm'.length), row.name);
  }
  return found;
}

async function createSqliteTrigrams(db: Kysely<any>, table: string, field: string): Promise<void> {
  const fts = sql.table(ftsTable(table, field));
  const column = sql.ref(field);
  const source = sql.table(table);
  // External content: the index reads the text from the table's row, so nothing is stored twice.
  await sql`create virtual table ${fts} using fts5(${column}, content=${sql.lit(table)}, content_rowid='rowid', tokenize='trigram')`.execute(db);
  const [insert, remove, update] = TRIGGERS.map((event) => sql.table(triggerName(table, field, event)));
  await sql`create trigger ${insert} after insert on ${source} begin insert into ${fts} (rowid, ${column}) values (new.rowid, new.${column}); end`.execute(db);
  await sql`create trigger ${remove} after delete on ${source} begin insert into ${fts} (${fts}, rowid, ${column}) values ('delete', old.rowid, old.${column}); end`.execute(db);
  await sql`create trigger ${update} after update of ${column} on ${source} begin
    insert into ${fts} (${fts}, rowid, ${column}) values ('delete', old.rowid, old.${column});
    insert into ${fts} (rowid, ${column}) values (new.rowid, new.${column});
  end`.execute(db);
  // Rows already in the table are indexed once, here.
  await sql`insert into ${fts} (${fts}) values ('rebuild')`.execute(db);
}

async function dropSqliteTrigrams(db: Kysely<any>, table: string, field: string): Promise<void> {
  for (const event of TRIGGERS) await sql`drop trigger if exists ${sql.table(triggerName(table, field, event))}`.execute(db);
  await sql`drop table if exists ${sql.table(ftsTable(table, field))}`.execute(db);
}

// ---------------------------------------------------------------- PostgreSQL

/**
 * PostgreSQL: a posting table per contains field, `(tri, key…)` with primary key `(tri, key…)`: every
 * distinct trigram of the lower-cased value with the row's key, kept in step by triggers. A 3-character
 * text's count is an index-only count on one `tri`, and its page's keys the first ones of the same index;
 * a longer text intersects its trigrams' lists and rechecks those candidates alone with ILIKE. (pg_trgm's
 * GIN index rechecks every match against the row: a 3-letter text read its ~2,400 rows from the heap.)
 */
export const postingTable = (table: string, field: string) => boundedName(`${table}__${field}_tri`);
/** PostgreSQL: the function giving a text's distinct lower-cased trigrams, as an array (one per schema). */
export const TRIGRAMS_FUNCTION = 'contains_trigrams';
/** The comment marking a posting table, naming the table and field it indexes. */
const postingComment = (table: string, field: string) => `contains index of ${table}.${field}`;
/** The pg_trgm GIN index of the earlier design, dropped on sync. */
const oldTrigramIndexName = (table: string, field: string) => `${table}_${field}_trgm_idx`;

/** PostgreSQL cuts names at 63 bytes: a longer one keeps its start and gets a hash of the whole. */
function boundedName(name: string): string {
  if (Buffer.byteLength(name) <= 63) return name;
  let hash = 0;
  for (const c of name) hash = (Math.imul(hash, 31) + c.codePointAt(0)!) >>> 0;
  return `${name.slice(0, 50)}_${hash.toString(36)}`;
}

/**
 * Whether a text's trigram alone is the whole answer (no recheck against the row): exactly 3 characters,
 * also once lower-cased (a few letters lower-case to two, e.g. 'İ').
 */
export const singleTrigram = (text: string) => [...text].length === TRIGRAM_LENGTH && [...text.toLowerCase()].length === TRIGRAM_LENGTH;

async function pgTrigramsFunction(db: Kysely<any>, schema: string): Promise<void> {
  const { rows } = await sql`select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = ${schema} and p.proname = ${TRIGRAMS_FUNCTION}`.execute(db);
  if (rows.length > 0) return;
  // Immutable: with a constant argument the planner folds it to its array (and estimates the lists).
  await sql`create or replace function ${sql.id(schema, TRIGRAMS_FUNCTION)}(value text) returns text[] language sql immutable strict parallel safe as $$
    select coalesce(array_agg(distinct substr(l, i, 3)), '{}') from (select lower(value) as l) as s, generate_series(1, char_length(l) - 2) as i
  $$`.execute(db);
}

/** PostgreSQL: this table's posting tables (by field) and their column names. */
async function pgPostingTables(db: Kysely<any>, schema: string, table: string): Promise<Map<string, { name: string; columns: string[] }>> {
  const { rows } = await sql<{ name: string; comment: string; columns: string[] }>`select c.relname as name, obj_description(c.oid, 'pg_class') as comment,
      array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind = 'r' and obj_description(c.oid, 'pg_class') like ${`${postingComment(table, '')}%`}`.execute(db);
  const prefix = postingComment(table, '');
  return new Map(rows.map((r) => [r.comment.slice(prefix.length), { name: r.name, columns: r.columns }]));
}

/**
 * Inserts and deletes are counted per statement (a bulk write indexes its rows in one statement). An update is
 * a row trigger on the field and key columns only ('set'): a statement trigger cannot name columns when it has
 * transition tables, so the earlier per-statement one ('upd', dropped where found) ran on every update of the
 * table, and PostgreSQL planned its two statements over the transition tables each time. A balance raised
 * by every credit paid three of them (the member's name, e-mail and mobile).
 */
const PG_TRIGGERS = ['ins', 'del', 'set', 'trunc'] as const;
const LEGACY_PG_TRIGGERS = ['upd'] as const;
const pgTriggerName = (posting: string, event: (typeof PG_TRIGGERS)[number] | (typeof LEGACY_PG_TRIGGERS)[number]) => boundedName(`${posting}_${event}`);

async function pgTriggersPresent(db: Kysely<any>, schema: string, table: string, posting: string): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relname = ${table} and not t.tgisinternal and t.tgenabled <> 'D'`.execute(db);
  const names = new Set(rows.map((r) => r.name));
  return PG_TRIGGERS.every((event) => names.has(pgTriggerName(posting, event)));
}

async function dropPgPosting(db: Kysely<any>, schema: string, table: string, posting: string): Promise<void> {
  for (const event of [...PG_TRIGGERS, ...LEGACY_PG_TRIGGERS]) {
    await sql`drop trigger if exists ${sql.id(pgTriggerName(posting, event))} on ${sql.id(schema, table)}`.execute(db);
    await sql`drop function if exists ${sql.id(schema, pgTriggerName(posting, event))}()`.execute(db);
  }
  await sql`drop table if exists ${sql.id(schema, posting)}`.execute(db);
}

async function createPgPosting(db: Kysely<any>, schema: string, model: ResourceModel, field: string): Promise<void> {
  const posting = postingTable(model.table, field);
  const { rows: keyTypes } = await sql<{ name: string; type: string }>`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
    where a.attrelid = ${`"${schema}"."${model.table}"`}::regclass and a.attname = any(${model.key})`.execute(db);
  const typeOf = new Map(keyTypes.map((k) => [k.name, k.type]));
  const keyColumns = sql.join(model.key.map((k) => sql`${sql.ref(k)} ${sql.raw(typeOf.get(k)!)} not null`));
  const keys = sql.join(model.key.map((k) => sql.ref(k)));
  const target = sql.id(schema, posting);
  const source = sql.id(schema, model.table);
  const trigrams = (value: string) => sql`unnest(${sql.id(schema, TRIGRAMS_FUNCTION)}(${sql.raw(value)}))`;
  await sql`create table ${target} (tri text collate "C" not null, ${keyColumns})`.execute(db);
  await sql`comment on table ${target} is ${sql.lit(postingComment(model.table, field))}`.execute(db);
  // Built once from the rows already there (VACUUM, outside a transaction, then sets the visibility map).
  await rebuildPosting(db, schema, model, field);

  // The key and the value (the field may be part of the key): what an update must change to matter.
  const pair = [...new Set([...model.key, field])];
  const rowKeys = (alias: string) => sql.join(model.key.map((k) => sql.ref(`${alias}.${k}`)));
  const keyMatch = (alias: string) => sql.join(model.key.map((k) => sql`${sql.ref(`p.${k}`)} = ${sql.ref(`${alias}.${k}`)}`), sql` and `);
  const bodies: Record<(typeof PG_TRIGGERS)[number], ReturnType<typeof sql>> = {
    ins: sql`insert into ${target} (tri, ${keys}) select distinct g.t, ${rowKeys('n')} from new_rows as n, ${trigrams(`n."${field}"`)} as g(t) on conflict do nothing;`,
    del: sql`delete from ${target} as p using old_rows as o, ${trigrams(`o."${field}"`)} as g(t) where p.tri = g.t and ${keyMatch('o')};`,
    // A row whose key or value changed (the trigger's WHEN): the old pair's trigrams go, the new pair's come.
    set: sql`delete from ${target} as p using ${trigrams(`old."${field}"`)} as g(t) where p.tri = g.t and ${keyMatch('old')};
      insert into ${target} (tri, ${keys}) select distinct g.t, ${rowKeys('new')} from ${trigrams(`new."${field}"`)} as g(t) on conflict do nothing;`,
    trunc: sql`truncate ${target};`,
  };
  const changed = sql.join(pair.map((c) => sql`old.${sql.ref(c)} is distinct from new.${sql.ref(c)}`), sql` or `);
  for (const event of PG_TRIGGERS) {
    const fn = sql.id(schema, pgTriggerName(posting, event));
    await sql`create or replace function ${fn}() returns trigger language plpgsql as $fn$ begin ${bodies[event]} return null; end $fn$`.execute(db);
    const name = sql.id(pgTriggerName(posting, event));
    const when =
      event === 'ins' ? sql`after insert on ${source} referencing new table as new_rows for each statement`
      : event === 'del' ? sql`after delete on ${source} referencing old table as old_rows for each statement`
      : event === 'set' ? sql`after update of ${sql.join(pair.map((c) => sql.ref(c)))} on ${source} for each row when (${changed})`
      : sql`after truncate on ${source} for each statement`;
    await sql`create trigger ${name} ${when} execute function ${fn}()`.execute(db);
  }
}

/**
 * PostgreSQL: fills a contains field's posting table afresh from its table (the table's triggers may be
 * set aside meanwhile, as the list benchmark's bulk seed does), then vacuums and analyzes it.
 */
export async function rebuildPosting(db: Kysely<any>, schema: string, model: ResourceModel, field: string): Promise<void> {
  const posting = postingTable(model.table, field);
  const target = sql.id(schema, posting);
  const primaryKey = sql.id(`${posting}_pk`);
  const keys = sql.join(model.key.map((k) => sql.ref(k)));
  const rowKeys = sql.join(model.key.map((k) => sql.ref(`r.${k}`)));
  await sql`truncate ${target}`.execute(db);
  // The primary key is built after the load, in one sort, rather than entry by entry.
  await sql`alter table ${target} drop constraint if exists ${primaryKey}`.execute(db);
  await sql`insert into ${target} (tri, ${keys}) select g.t, ${rowKeys} from ${sql.id(schema, model.table)} as r, unnest(${sql.id(schema, TRIGRAMS_FUNCTION)}(${sql.ref(`r.${field}`)})) as g(t)`.execute(db);
  await sql`alter table ${target} add constraint ${primaryKey} primary key (tri, ${keys})`.execute(db);
  await sql`analyze ${target}`.execute(db);
}

/** PostgreSQL: VACUUM (outside a transaction) sets the visibility map, so counts are index-only at once. */
export async function vacuumPostings(db: Kysely<any>, schema: string, model: ResourceModel): Promise<void> {
  for (const field of model.contains) await sql`vacuum (analyze) ${sql.id(schema, postingTable(model.table, field))}`.execute(db);
}

// ---------------------------------------------------------------- both

/**
 * A bulk load's first step: drops the contains indexes of a model's fields (SQLite's FTS5 tables, PostgreSQL's
 * posting tables, with the triggers that keep them row by row, the slow part of such a load). The load's
 * last step is syncTrigramIndexes, which builds each again from the table in one pass (PostgreSQL: one
 * insert ... select, rebuildPosting) and puts its triggers back.
 */
export async function dropTrigramIndexes(db: Kysely<any>, dialect: 'sqlite' | 'postgres', model: ResourceModel, schema: string | undefined): Promise<void> {
  for (const field of model.contains) {
    if (dialect === 'sqlite') await dropSqliteTrigrams(db, model.table, field);
    else await dropPgPosting(db, schema ?? 'public', model.table, postingTable(model.table, field));
  }
}

/**
 * Gives every contains field of the model its trigram index and drops those of fields no longer searched
 * by contains (an index is derived data: nothing is lost). Returns what it changed.
 */
export async function syncTrigramIndexes(db: Kysely<any>, dialect: 'sqlite' | 'postgres', model: ResourceModel, schema: string | undefined): Promise<string[]> {
  const changed: string[] = [];
  if (dialect === 'sqlite') {
    const existing = await sqliteTrigramTables(db, model.table);
    const { rows: triggers } = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name = ${model.table}`.execute(db);
    const triggerNames = new Set(triggers.map((t) => t.name));
    for (const field of model.contains) {
      // A table rebuilt by a migration loses its triggers, and its rows their rowids: index afresh.
      const intact = existing.has(field) && TRIGGERS.every((event) => triggerNames.has(triggerName(model.table, field, event)));
      if (intact) continue;
      if (existing.has(field)) await dropSqliteTrigrams(db, model.table, field);
      await createSqliteTrigrams(db, model.table, field);
      changed.push(`indexed ${model.table}.${field} for contains search`);
    }
    for (const field of existing.keys()) {
      if (model.contains.has(field)) continue;
      await dropSqliteTrigrams(db, model.table, field);
      changed.push(`dropped the contains index of ${model.table}.${field}`);
    }
    return changed;
  }
  const pgSchema = schema ?? 'public';
  const existing = await pgPostingTables(db, pgSchema, model.table);
  if (model.contains.size > 0) await pgTrigramsFunction(db, pgSchema);
  for (const field of model.contains) {
    const posting = postingTable(model.table, field);
    const found = existing.get(field);
    // A posting table of another key, or missing its triggers (a table rebuilt by a migration): index afresh.
    const intact = found?.name === posting && JSON.stringify(found.columns) === JSON.stringify(['tri', ...model.key]) && (await pgTriggersPresent(db, pgSchema, model.table, posting));
    if (intact) continue;
    if (found) await dropPgPosting(db, pgSchema, model.table, found.name);
    await createPgPosting(db, pgSchema, model, field);
    changed.push(`indexed ${model.table}.${field} for contains search`);
  }
  for (const [field, { name }] of existing) {
    if (model.contains.has(field)) continue;
    await dropPgPosting(db, pgSchema, model.table, name);
    changed.push(`dropped the contains index of ${model.table}.${field}`);
  }
  // The pg_trgm GIN indexes of the earlier design: the posting tables replace them.
  const { rows: oldIndexes } = await sql<{ name: string }>`select i.relname as name from pg_index x join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${pgSchema} and t.relname = ${model.table} and i.relname = any(${model.fields.map((f) => oldTrigramIndexName(model.table, f.name))})`.execute(db);
  for (const { name } of oldIndexes) {
    await sql`drop index if exists ${sql.id(pgSchema, name)}`.execute(db);
    changed.push(`dropped the pg_trgm index ${name} (a posting table serves contains search)`);
  }
  return changed;
}
