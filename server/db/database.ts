// Opens the database named by DATABASE_URL: SQLite (better-sqlite3, embedded default) or PostgreSQL (pg).
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type KyselyConfig } from 'kysely';
import type { Schema } from './schema';
import { startCheckpointer } from './walCheckpointer';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Schema>;
  dialect: DialectName;
  /** PostgreSQL: the schema the tables live in ('public' unless told otherwise); SQLite: undefined. */
  schema: string | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: the schema every connection works in (tests give each file its own). */
  schema?: string;
  /** Kysely's query log (benchmarks record the statements a request runs with it). */
  log?: KyselyConfig['log'];
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * PostgreSQL parses and plans an unnamed statement on every call; naming each parameterised statement
 * by its SQL lets every connection prepare it once and reuse the plan (the database shares the cores).
 */
export function preparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = `s${createHash('sha1').update(config).digest('hex')}`;
      return query({ name, text: config, values }, callback);
    }
    return query(config, values, callback);
  };
}

/**
 * Kysely prepares every query anew; parsing SQL was the largest single cost of a small request.
 * Statements are reused by their SQL text (least recently used ones dropped past the limit).
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver);
      return (source: string) => {
        let statement = cache.get(source);
        if (statement) cache.delete(source);
        else {
          statement = prepare(source);
          if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        }
        cache.set(source, statement);
        return statement;
      };
    },
  });
}

/** SQLite: the connection of each database openDatabase opened (its statement cache too), for readRows. */
const sqliteConnections = new WeakMap<Kysely<any>, { sqlite: SQLite.Database; statements: SQLite.Database; log?: (query: CompiledQuery) => void }>();

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
    const statement = connection.statements.prepare(query.sql);
    if (statement.reader) {
      connection.log?.(query);
      return statement.all(query.parameters as unknown[]) as R[];
    }
  }
  return (await db.executeQuery<R>(query)).rows;
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
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), ...(options.log ? { log: options.log } : {}) });
    return { db, dialect: 'postgres', schema: options.schema ?? 'public', close: () => db.destroy() };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length) || ':memory:';
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const checkpointer = startCheckpointer(sqlite, file);
    const statements = withStatementCache(sqlite);
    const { log } = options;
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: statements }), ...(log ? { log } : {}) });
    // A log of levels is Kysely's own printing: such a database reads through Kysely only.
    if (typeof log === 'function' || !log) sqliteConnections.set(db, { sqlite, statements, log: log && ((query) => log({ level: 'query', query, queryDurationMillis: 0 })) });
    return {
      db,
      dialect: 'sqlite',
      schema: undefined,
      close: async () => {
        await checkpointer?.stop();
        await db.destroy();
      },
    };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url.replace(/\/\/[^@]*@/, '//***@')}"`);
}
