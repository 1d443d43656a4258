// Opens the database named by DATABASE_URL: SQLite (better-sqlite3, embedded default) or PostgreSQL (pg).
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { PostgresDialect, sql, type Kysely, type CompiledQuery, type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type KyselyConfig, type SchemaMetadata, type TableMetadata } from 'kysely';
import type { Schema } from './schema';
import { isSqlite } from './columnTypes';
import { TableWrites } from './tableWrites';
import { startCheckpointer } from './walCheckpointer';
import { RetryingKysely, WriterSqliteDialect } from './writeTransactions';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Schema>;
  dialect: DialectName;
  /** PostgreSQL: the schema the tables live in ('public' unless told otherwise); SQLite: undefined. */
  schema: string | undefined;
  /** Hears each table a statement through `db` writes (caches of counts drop theirs); returns the call that stops it. */
  onTableWrite(listener: (table: string) => void): () => void;
  /**
   * PostgreSQL only: hears NOTIFY on `channel` (pg_notify in a transaction is delivered when it commits, to every
   * app server over the database) on a connection of its own; answers the call that stops listening.
   */
  listen?(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: the schema every connection works in (tests give each file its own). */
  schema?: string;
  /** Kysely's query log (benchmarks record the statements a request runs with it). */
  log?: KyselyConfig['log'];
  /** SQLite in memory only: start from this copy of a database (`serialize()` of another, or its file's bytes). */
  image?: Buffer;
}

const STATEMENT_CACHE_SIZE = 500;

/** Statement names by SQL text, shared by the connections (a hash a query was 40 µs of a credit's 1.5 ms). */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= STATEMENT_CACHE_SIZE) statementNames.delete(statementNames.keys().next().value!);
    statementNames.set(text, (name = `s${createHash('sha1').update(text).digest('hex')}`));
  }
  return name;
}

/**
 * PostgreSQL parses and plans an unnamed statement on every call; naming each parameterised statement
 * by its SQL lets every connection prepare it once and reuse the plan (the database shares the cores).
 */
export function preparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      return query({ name: statementName(config), text: config, values }, callback);
    }
    return query(config, values, callback);
  };
}

/** SQLite: the raise of each connection's page cache under way (work started meanwhile shares it). */
const pageCacheRaises = new WeakMap<object, { depth: number; previous: Promise<number> }>();

/**
 * Runs `work` with the SQLite connection's page cache raised to `megabytes` (PostgreSQL: unchanged), and sets it
 * back once the last work sharing the raise ends. For jobs writing to pages all over large tables (an activity
 * file's chunk dirties tens of thousands): a cache smaller than a transaction's dirty pages spills them to the log
 * before the commit and reads them back when a later row lands on them again.
 */
export async function withPageCache<T>(db: Kysely<any>, megabytes: number, work: () => Promise<T>): Promise<T> {
  if (!isSqlite(db)) return work();
  const key = db.getExecutor().adapter;
  let raise = pageCacheRaises.get(key);
  if (!raise) {
    const previous = sql<{ cache_size: number }>`pragma cache_size`.execute(db).then(async ({ rows }) => {
      await sql.raw(`pragma cache_size = -${Math.round(megabytes * 1024)}`).execute(db);
      return Number(rows[0]!.cache_size);
    });
    pageCacheRaises.set(key, (raise = { depth: 0, previous }));
  }
  raise.depth += 1;
  try {
    await raise.previous;
    return await work();
  } finally {
    raise.depth -= 1;
    if (raise.depth === 0) {
      // Forgotten before the statement setting it back is queued: a raise after this one reads the size after it.
      pageCacheRaises.delete(key);
      const previous = await raise.previous.catch(() => undefined);
      if (previous !== undefined) await sql.raw(`pragma cache_size = ${previous}`).execute(db);
    }
  }
}

/**
 * Kysely prepares every query anew; parsing SQL was the largest single cost of a small request.
 * Statements are reused by their SQL text (least recently used ones dropped past the limit).
 */
function withStatementCache(sqlite: SQLite.Database): { database: SQLite.Database; prepare: (source: string) => SQLite.Statement } {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  const cached = (source: string) => {
    let statement = cache.get(source);
    if (statement) cache.delete(source);
    else {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  };
  const database = new Proxy(sqlite, {
    get: (target, property, receiver) => (property === 'prepare' ? cached : Reflect.get(target, property, receiver)),
  });
  return { database, prepare: cached };
}

/** SQLite: the connection of each database openDatabase opened (its statement cache too), for readRows. */
const sqliteConnections = new WeakMap<Kysely<any>, { sqlite: SQLite.Database; prepare: (source: string) => SQLite.Statement; log?: (query: CompiledQuery) => void }>();

/** SQLite: the database's bytes (sqlite3_serialize), to open a copy of it with DatabaseOptions.image. */
export function sqliteImage(db: Kysely<any>): Buffer {
  const connection = sqliteConnections.get(db);
  if (!connection) throw new Error('sqliteImage: not a SQLite database opened by openDatabase');
  return connection.sqlite.serialize();
}

/**
 * The rows of a read. On SQLite outside a transaction the statement runs at once on the connection:
 * better-sqlite3 runs a statement to its end before anything else runs, so Kysely's connection queue (a
 * lock and several promise turns a query: a few µs, as much as the guard's own read) adds only time there.
 * In a transaction (whose connection the queue holds until it ends), for a statement that writes, and on
 * PostgreSQL, it goes through Kysely like any query.
 */
export async function readRows<R>(db: Kysely<any>, query: CompiledQuery): Promise<R[]> {
  const connection = sqliteConnections.get(db);
  if (connection && !connection.sqlite.inTransaction) {
    const statement = connection.prepare(query.sql);
    if (statement.reader) {
      connection.log?.(query);
      return statement.all(query.parameters as unknown[]) as R[];
    }
  }
  return (await db.executeQuery<R>(query)).rows;
}

/**
 * Kysely's PostgreSQL introspection reads the tables of EVERY schema of the database, calling functions that look
 * up each schema by name (has_schema_privilege, pg_get_serial_sequence): a schema another process drops meanwhile
 * (a test file ending beside another one's migration) failed the reader with 'schema "..." does not exist'. The
 * migrator, the resource tables' sync and every other reader only ever need the connection's own schema
 * (current_schema(), the search_path's): this introspector reads that one, by name, before any function runs.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const rows = await this.db.selectFrom('pg_catalog.pg_namespace').select('nspname').execute();
    return rows.map((r) => ({ name: String(r.nspname) }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    let query = this.db
      .selectFrom('pg_catalog.pg_attribute as a')
      .innerJoin('pg_catalog.pg_class as c', 'a.attrelid', 'c.oid')
      .innerJoin('pg_catalog.pg_namespace as ns', 'c.relnamespace', 'ns.oid')
      .innerJoin('pg_catalog.pg_type as typ', 'a.atttypid', 'typ.oid')
      .innerJoin('pg_catalog.pg_namespace as dtns', 'typ.typnamespace', 'dtns.oid')
      .select([
        'a.attname as column',
        'a.attnotnull as not_null',
        'a.atthasdef as has_default',
        'c.relname as table',
        'c.relkind as table_type',
        'ns.nspname as schema',
        'typ.typname as type',
        'dtns.nspname as type_schema',
        sql<string | null>`col_description(a.attrelid, a.attnum)`.as('column_description'),
        sql<string | null>`pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)`.as('auto_incrementing'),
      ])
      .where(sql<boolean>`ns.nspname = current_schema()`)
      .where('c.relkind', 'in', ['r', 'v', 'p'])
      .where('a.attnum', '>=', 0)
      .where('a.attisdropped', '!=', true)
      .orderBy('c.relname')
      .orderBy('a.attnum');
    if (!options.withInternalKyselyTables) query = query.where('c.relname', 'not in', ['kysely_migration', 'kysely_migration_lock']);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: TableMetadata['columns'][number][] }>();
    for (const r of (await query.execute()) as Record<string, any>[]) {
      let table = tables.get(r.table);
      if (!table) tables.set(r.table, (table = { name: r.table, schema: r.schema, isView: r.table_type === 'v', columns: [] }));
      table.columns.push({ name: r.column, dataType: r.type, dataTypeSchema: r.type_schema, isNullable: !r.not_null, hasDefaultValue: r.has_default, isAutoIncrementing: r.auto_incrementing !== null, comment: r.column_description ?? undefined });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // Numeric and bigint columns come back as JS numbers: counts and miles stay far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.PG_POOL_SIZE ?? 10),
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    pool.on('connect', preparedStatements);
    // An idle connection the server ends (a restart, an administrator's terminate, a dropped database) is an
    // 'error' on the pool: without a listener it would end the process. The pool drops that client and the next
    // query opens a new one; the reason is printed as a warning.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
    const writes = new TableWrites();
    const db = new RetryingKysely<Schema>({ dialect: new OwnSchemaPostgresDialect({ pool }), plugins: [writes], ...(options.log ? { log: options.log } : {}) });
    const listen = async (channel: string, handler: (payload: string) => void) => {
      const client = new pg.Client({ connectionString: url });
      // A listening connection the server ends is a warning: the job worker's poll still finds the jobs.
      client.on('error', (error) => process.emitWarning(`PostgreSQL closed the listening connection: ${error.message}`));
      client.on('notification', (message) => {
        if (message.channel === channel) handler(message.payload ?? '');
      });
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    };
    return { db, dialect: 'postgres', schema: options.schema ?? 'public', onTableWrite: (listener) => writes.listen(listener), listen, close: () => db.destroy() };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length) || ':memory:';
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file === ':memory:' && options.image ? options.image : file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // A multi-row statement inside a transaction keeps the pages it changes in a statement journal (to undo itself
    // alone); past 64 KiB SQLite spills that journal to a temporary file, a write a page. In memory: a batch of
    // posts cost 466-503 against 548-580 µs of CPU a post (bench:accrual).
    sqlite.pragma('temp_store = MEMORY');
    const checkpointer = startCheckpointer(sqlite, file);
    const { database: statements, prepare } = withStatementCache(sqlite);
    const { log } = options;
    const writes = new TableWrites();
    const db = new RetryingKysely<Schema>({ dialect: new WriterSqliteDialect({ database: statements }), plugins: [writes], ...(log ? { log } : {}) });
    // A log of levels is Kysely's own printing: such a database reads through Kysely only.
    if (typeof log === 'function' || !log) sqliteConnections.set(db, { sqlite, prepare, log: log && ((query) => log({ level: 'query', query, queryDurationMillis: 0 })) });
    return {
      db,
      dialect: 'sqlite',
      schema: undefined,
      onTableWrite: (listener) => writes.listen(listener),
      close: async () => {
        await checkpointer?.stop();
        await db.destroy();
      },
    };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url.replace(/\/\/[^@]*@/, '//***@')}"`);
}
