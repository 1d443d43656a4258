// Dumps what a first start seeds: every table of a fresh database after createServer at a fixed day, one file a
// table (its rows as sorted JSON lines), so two versions of the seed can be compared with `diff -r`.
// Usage: npm run seed:dump -- --out DIR [--postgres [URL]] [--members 2000]
//        (URL: a PostgreSQL server's admin URL, postgres://postgres@127.0.0.1:5432/postgres by default; the
//        database made for the dump is dropped after it)
//
// The random parts of keys and mail ids come from a seeded generator, so two dumps of one version are equal.
// Password hashes carry a random salt (argon2's own): they are written as <hash>. SQLite's contains indexes (FTS5 tables) are
// not rows of their own: each is checked against its table (FTS5's integrity-check) and written as "ok".
// _schema.txt lists the tables', indexes', triggers' and constraints' definitions (what a start builds, in any order).
import nodeCrypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { createDatabase, databaseUrl, dropDatabase } from '../server/platform/db/pgSchema';
import { createServer } from '../server/platform/server';
import { definitionDb } from '../server/platform/db/definitionDb';

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The day the dump's seed runs on (the demo's dates follow it). */
const SEED_DAY = new Date('2026-12-01T08:00:00.000Z');
const MASKED = new Set(['passwordhash']);
/** Kysely's own bookkeeping: when the migrations ran. */
const SKIPPED = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Web Crypto's getRandomValues and randomUUID (both Node's and the global one) from a seeded generator. */
function seededRandom(seed: number): void {
  let state = seed >>> 0;
  const byte = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) & 0xff;
  };
  const getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    if (array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = byte();
    }
    return array;
  };
  const randomUUID = () => {
    const b = Array.from({ length: 16 }, byte);
    b[6] = (b[6]! & 0x0f) | 0x40;
    b[8] = (b[8]! & 0x3f) | 0x80;
    const hex = b.map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` as `${string}-${string}-${string}-${string}-${string}`;
  };
  Object.assign(globalThis.crypto, { getRandomValues, randomUUID });
  Object.assign(nodeCrypto, { randomUUID });
  syncBuiltinESMExports();
}

function readOptions() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--postgres');
  if (at >= 0 && (args[at + 1] === undefined || args[at + 1]!.startsWith('--'))) args.splice(at + 1, 0, DEFAULT_POSTGRES);
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, postgres: { type: 'string' }, members: { type: 'string' } } });
  if (!values.out) throw new Error('--out DIR is required');
  return { out: values.out, postgres: values.postgres, members: values.members ?? '2000' };
}

/** One row as a line: columns in name order, masked where salted. */
function line(row: Record<string, unknown>): string {
  const names = Object.keys(row).sort();
  return JSON.stringify(Object.fromEntries(names.map((name) => [name, MASKED.has(name) && row[name] !== null ? '<hash>' : row[name]])));
}

async function tables(db: Kysely<any>, sqlite: boolean): Promise<{ rows: string[]; fts: string[] }> {
  if (!sqlite) {
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
    return { rows: rows.map((r) => r.name).filter((name) => !SKIPPED.has(name)), fts: [] };
  }
  const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const fts = rows.filter((r) => r.sql.startsWith('CREATE VIRTUAL TABLE')).map((r) => r.name);
  // An FTS5 table's shadow tables hold its index in segments whose bytes depend on how it was filled.
  const shadow = (name: string) => fts.some((f) => name.startsWith(`${f}_`));
  return { rows: rows.map((r) => r.name).filter((name) => !SKIPPED.has(name) && !fts.includes(name) && !shadow(name)), fts };
}

/** Every table, index, trigger and constraint with its definition, one a line, sorted. */
async function schemaLines(db: Kysely<any>, sqlite: boolean): Promise<string[]> {
  if (sqlite) {
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master where name not like 'sqlite_%'`.execute(db);
    return rows.map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`).sort();
  }
  const indexes = await sql<{ line: string }>`select 'index ' || indexname || ': ' || indexdef as line from pg_indexes where schemaname = current_schema()`.execute(db);
  const triggers = await sql<{ line: string }>`select 'trigger ' || t.tgname || ': ' || pg_get_triggerdef(t.oid) as line from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and not t.tgisinternal`.execute(db);
  const constraints = await sql<{ line: string }>`select 'constraint ' || c.relname || '.' || k.conname || ': ' || pg_get_constraintdef(k.oid) as line from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema()`.execute(db);
  const columns = await sql<{ line: string }>`select 'column ' || table_name || '.' || column_name || ': ' || data_type || coalesce(' default ' || column_default, '') as line
    from information_schema.columns where table_schema = current_schema()`.execute(db);
  return [...indexes.rows, ...triggers.rows, ...constraints.rows, ...columns.rows].map((r) => r.line).sort();
}

const options = readOptions();
seededRandom(2026);
const folder = mkdtempSync(join(tmpdir(), 'alms-seed-dump-'));
const name = options.postgres ? await createDatabase(options.postgres, 'seed_dump') : undefined;
const url = name ? databaseUrl(options.postgres!, name) : `sqlite:${join(folder, 'alms.sqlite')}`;
const database = openDatabase(url);
try {
  const config = readConfig({ DATABASE_URL: url, DEMO_MEMBERS: options.members, REPORT_DIR: join(folder, 'reports') });
  const started = performance.now();
  const { app } = await createServer({ config, database, now: () => new Date(SEED_DAY), logger: false });
  console.log(`seeded ${options.members} members on ${database.dialect} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const db = definitionDb(database.db);
  const found = await tables(db, database.dialect === 'sqlite');
  rmSync(options.out, { recursive: true, force: true });
  mkdirSync(options.out, { recursive: true });
  let total = 0;
  for (const table of found.rows) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    total += rows.length;
    writeFileSync(join(options.out, `${table}.jsonl`), rows.map(line).sort().join('\n') + (rows.length ? '\n' : ''));
  }
  writeFileSync(join(options.out, '_schema.txt'), `${(await schemaLines(db, database.dialect === 'sqlite')).join('\n')}\n`);
  for (const table of found.fts) {
    await sql`insert into ${sql.table(table)} (${sql.table(table)}) values ('integrity-check')`.execute(db);
    writeFileSync(join(options.out, `${table}.fts`), 'ok\n');
  }
  console.log(`dumped ${found.rows.length} tables (${total} rows) and checked ${found.fts.length} contains indexes into ${options.out}`);
  await app.close();
} finally {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
  if (name) await dropDatabase(options.postgres!, name);
}
