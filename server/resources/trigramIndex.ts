// The trigram index of every text field searched by contains, so '%text%' is not a table scan:
// pg_trgm's GIN index on PostgreSQL (it serves ILIKE directly), an FTS5 trigram table on SQLite kept
// in step with its table by triggers. Both match case-insensitively; a search shorter than 3 characters
// has no trigram to look up and scans the table with LIKE / ILIKE instead.
import { sql, type Kysely } from 'kysely';
import type { ResourceModel } from '../../engine/definition/compile';

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

let warnedNoTrigrams = false;

/** The schema pg_trgm lives in, creating it (database-wide, in public) when missing; undefined if unavailable. */
async function pgTrgmSchema(db: Kysely<any>): Promise<string | undefined> {
  const find = async () =>
    (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.schema;
  const found = await find();
  if (found) return found;
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
  } catch {
    // Another server creating it at the same moment, or not installed / not permitted: look again.
  }
  const created = await find();
  if (!created && !warnedNoTrigrams) {
    warnedNoTrigrams = true;
    process.emitWarning('PostgreSQL extension pg_trgm is not available: contains searches scan their tables');
  }
  return created;
}

/** PostgreSQL: trigram indexes of this table, by field. */
async function pgTrigramIndexes(db: Kysely<any>, schema: string, table: string): Promise<Map<string, string>> {
  // The catalogue, not pg_indexes: that view renders the definition of every index, and fails on one
  // another session is dropping at that moment.
  const { rows } = await sql<{ name: string }>`select i.relname as name from pg_index x
    join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${schema} and t.relname = ${table}
      and exists (select 1 from pg_opclass o where o.oid = any (x.indclass::oid[]) and o.opcname = 'gin_trgm_ops')`.execute(db);
  const found = new Map<string, string>();
  for (const { name } of rows) {
    if (name.startsWith(`${table}_`) && name.endsWith('_trgm_idx')) found.set(name.slice(table.length + 1, -'_trgm_idx'.length), name);
  }
  return found;
}

// ---------------------------------------------------------------- both

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
  const existing = await pgTrigramIndexes(db, pgSchema, model.table);
  const missing = [...model.contains].filter((field) => !existing.has(field));
  const trgm = missing.length > 0 ? await pgTrgmSchema(db) : undefined;
  if (trgm) {
    for (const field of missing) {
      // No pending list: a write updates the index at once, rather than every search scanning the
      // writes not yet merged (up to 4 MB) until the next vacuum.
      await sql`create index if not exists ${sql.id(trigramIndexName(model.table, field))} on ${sql.table(model.table)} using gin (${sql.ref(field)} ${sql.id(trgm)}.gin_trgm_ops) with (fastupdate = off)`.execute(db);
      changed.push(`indexed ${model.table}.${field} for contains search`);
    }
  }
  for (const [field, index] of existing) {
    if (model.contains.has(field)) continue;
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
    changed.push(`dropped the contains index of ${model.table}.${field}`);
  }
  return changed;
}
