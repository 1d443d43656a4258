// PostgreSQL schemas of their own, for test files and benchmarks that run beside each other.
// Names carry their creation time by the database server's clock (one clock for every process that shares the
// server, whatever their own say), so a schema left by an interrupted run is dropped six hours later.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const STALE_AFTER_SECONDS = 6 * 3600;

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export async function createSchema(url: string, prefix: string): Promise<string> {
  return withAdmin(url, async (admin) => {
    const clock = await admin.query<{ now: string }>('select floor(extract(epoch from clock_timestamp()))::bigint as now');
    const now = Number(clock.rows[0].now);
    const schema = `${prefix}_${now}_${randomBytes(4).toString('hex')}`;
    const { rows } = await admin.query<{ name: string }>('select schema_name as name from information_schema.schemata where schema_name like $1', [`${prefix}\\_%`]);
    for (const { name } of rows) {
      const created = Number(name.slice(prefix.length + 1).split('_')[0]);
      if (Number.isInteger(created) && created > 0 && now - created > STALE_AFTER_SECONDS) await admin.query(`drop schema if exists ${name} cascade`);
    }
    await admin.query(`create schema ${schema}`);
    return schema;
  });
}

export const dropSchema = (url: string, schema: string): Promise<void> =>
  withAdmin(url, async (admin) => {
    await admin.query(`drop schema if exists ${schema} cascade`);
  });

/** A database's URL: the server's URL with another database name. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Databases named `${prefix}_<epoch>_<hex>` older than six hours: left by an interrupted run. */
async function dropStaleDatabases(admin: pg.Client, prefix: string, now: number): Promise<void> {
  const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where datname like $1', [`${prefix}\\_%`]);
  for (const { name } of rows) {
    const created = Number(name.slice(prefix.length + 1).split('_')[0]);
    if (Number.isInteger(created) && created > 0 && now - created > STALE_AFTER_SECONDS) await admin.query(`drop database if exists ${name} with (force)`);
  }
}

/**
 * A new database on the server of `url`, empty or a copy of `template` (PostgreSQL copies its files: a
 * test file's database with every table, index and trigger in a fraction of the time building them takes).
 */
export async function createDatabase(url: string, prefix: string, template?: string): Promise<string> {
  return withAdmin(url, async (admin) => {
    const clock = await admin.query<{ now: string }>('select floor(extract(epoch from clock_timestamp()))::bigint as now');
    const now = Number(clock.rows[0].now);
    await dropStaleDatabases(admin, prefix, now);
    const name = `${prefix}_${now}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    return name;
  });
}

export const dropDatabase = (url: string, name: string): Promise<void> =>
  withAdmin(url, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
  });

/** Whether the server of `url` has a database of this name. */
export const databaseExists = (url: string, name: string): Promise<boolean> =>
  withAdmin(url, async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);

/** Renames a database (no one may be connected to it); false when the new name is taken. */
export const renameDatabase = (url: string, from: string, to: string): Promise<boolean> =>
  withAdmin(url, async (admin) => {
    try {
      await admin.query(`alter database ${from} rename to ${to}`);
      return true;
    } catch {
      return false;
    }
  });

/** Drops every database whose name starts with `${prefix}_`. */
export const dropDatabases = (url: string, prefix: string): Promise<void> =>
  withAdmin(url, async (admin) => {
    const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where datname like $1', [`${prefix}\\_%`]);
    for (const { name } of rows) await admin.query(`drop database if exists ${name} with (force)`);
  });
