// The dashboard's rollups (migration 0035): counts by day and by what the panels filter on, kept equal to their
// source rows by database triggers, so every write path keeps them (enrollment, the ledger store, the batch
// writer of activity files, merges, imports) in the transaction of its rows, on SQLite and PostgreSQL alike.
// installRollups runs at every start once the definition-built tables exist: it creates the triggers a
// database lacks and, when it creates them, recounts every rollup from scratch in the same transaction.
// seed:volume drops the triggers before its bulk load and installs them (with the recount) after it.
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { isSqlite } from '../db/columnTypes';

export const ROLLUP_TABLE = 'dashboard_rollup';

/** The metrics of the rollup table and their keys (k1..k3, '' when a key is not used). */
export const METRICS = { ENROLL: 'ENROLL', REDEEM: 'REDEEM', ACTIVITY: 'ACTIVITY' } as const;

/** The ledger source prefix of a redemption: 'redemption:<awardcode>'. */
export const REDEMPTION_SOURCE = 'redemption:';
/** The member activity status that counts (screens/member-management/memactivity.json). */
export const CREDITED = 'CREDITED';

/** Bumped when a trigger's body changes: a database with older triggers gets the new ones and a recount. */
const VERSION = 'v1';
const trigger = (name: string) => `dashboard_${name}_${VERSION}`;

interface Source {
  table: string;
  /** The metric's key columns as SQL over the row alias (NEW / OLD / a table alias): day, k1, k2, k3. */
  keys(row: string): [string, string, string, string];
  /** When the row counts, as SQL over the row alias. */
  counts(row: string): string;
  /** Columns whose update can move the row between keys. */
  columns: string[];
  metric: string;
}

const text = (expr: string) => `coalesce(cast(${expr} as varchar(40)), '')`;

const SOURCES: Source[] = [
  {
    metric: METRICS.ENROLL,
    table: 'member',
    keys: (r) => [`cast(${r}.enrollmentdate as varchar(10))`, text(`${r}.enrollchannel`), text(`${r}.membershipid`), text(`${r}.tierid`)],
    counts: (r) => `${r}.enrollmentdate is not null`,
    columns: ['enrollmentdate', 'enrollchannel', 'membershipid', 'tierid'],
  },
  {
    metric: METRICS.REDEEM,
    table: 'ledger_transaction',
    keys: (r) => [`cast(${r}.activitydate as varchar(10))`, text(`substr(${r}.source, ${REDEMPTION_SOURCE.length + 1})`), `''`, `''`],
    counts: (r) => `${r}.trxtype = 'REDEMPTION'`,
    columns: ['trxtype', 'activitydate', 'source'],
  },
  {
    metric: METRICS.ACTIVITY,
    table: 'member_activity',
    keys: (r) => [`cast(${r}.activitydate as varchar(10))`, text(`${r}.activitytype`), text(`case when ${r}.activitytype = 'AIR' then ${r}.carrier else ${r}.partnercode end`), `''`],
    counts: (r) => `${r}.status = '${CREDITED}' and ${r}.activitydate is not null`,
    columns: ['activitydate', 'activitytype', 'carrier', 'partnercode', 'status'],
  },
];

type Db = Kysely<Schema>;
const loose = (db: Db) => db as unknown as Kysely<any>;

const add = (source: Source, row: string, delta: '+ 1' | '- 1') => {
  const [day, k1, k2, k3] = source.keys(row);
  return `insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total) values ('${source.metric}', ${day}, ${k1}, ${k2}, ${k3}, 0 ${delta})
    on conflict (metric, day, k1, k2, k3) do update set total = ${ROLLUP_TABLE}.total ${delta}`;
};

/** SQLite: three triggers a source (insert, update of its key columns, delete). */
function sqliteTriggers(source: Source): string[] {
  const { table } = source;
  return [
    `create trigger if not exists ${trigger(`${table}_ins`)} after insert on ${table} when ${source.counts('new')} begin ${add(source, 'new', '+ 1')}; end`,
    `create trigger if not exists ${trigger(`${table}_del`)} after delete on ${table} when ${source.counts('old')} begin ${add(source, 'old', '- 1')}; end`,
    `create trigger if not exists ${trigger(`${table}_upd_old`)} after update of ${source.columns.join(', ')} on ${table} when ${source.counts('old')} begin ${add(source, 'old', '- 1')}; end`,
    `create trigger if not exists ${trigger(`${table}_upd_new`)} after update of ${source.columns.join(', ')} on ${table} when ${source.counts('new')} begin ${add(source, 'new', '+ 1')}; end`,
  ];
}

/** PostgreSQL: one row trigger function a source, in the connection's schema. */
function postgresTrigger(source: Source): string[] {
  const { table } = source;
  const fn = trigger(table);
  return [
    `create or replace function ${fn}() returns trigger language plpgsql as $$
begin
  if (tg_op = 'DELETE' or tg_op = 'UPDATE') and (${source.counts('old')}) then
    ${add(source, 'old', '- 1')};
  end if;
  if (tg_op = 'INSERT' or tg_op = 'UPDATE') and (${source.counts('new')}) then
    ${add(source, 'new', '+ 1')};
  end if;
  return null;
end $$`,
    `drop trigger if exists ${fn} on ${table}`,
    `create trigger ${fn} after insert or delete or update of ${source.columns.join(', ')} on ${table} for each row execute function ${fn}()`,
  ];
}

const triggerNames = (db: Db): string[] =>
  isSqlite(db as unknown as Kysely<unknown>) ? SOURCES.flatMap((s) => ['ins', 'del', 'upd_old', 'upd_new'].map((k) => trigger(`${s.table}_${k}`))) : SOURCES.map((s) => trigger(s.table));

/** The rollup triggers present in the database (its own schema on PostgreSQL). */
async function presentTriggers(db: Db): Promise<Set<string>> {
  if (isSqlite(db as unknown as Kysely<unknown>)) {
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'dashboard_%'`.execute(db);
    return new Set(rows.rows.map((r) => r.name));
  }
  const rows = await sql<{ name: string }>`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and t.tgname like 'dashboard_%'`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

/** Every rollup row as a from-scratch count of its source rows (what the triggers keep; tests compare the two). */
export function recountQuery(): string {
  return SOURCES.map((s) => {
    const [day, k1, k2, k3] = s.keys('r');
    // PostgreSQL refuses a constant in GROUP BY: the unused keys ('') are left out of it.
    const grouped = [day, k1, k2, k3].filter((key) => key !== `''`);
    return `select '${s.metric}' as metric, ${day} as day, ${k1} as k1, ${k2} as k2, ${k3} as k3, count(*) as total from ${s.table} r where ${s.counts('r')} group by ${grouped.join(', ')}`;
  }).join(' union all ');
}

export interface RollupRow {
  metric: string;
  day: string;
  k1: string;
  k2: string;
  k3: string;
  total: number;
}

const sorted = (rows: RollupRow[]): RollupRow[] =>
  rows.map((r) => ({ metric: r.metric, day: r.day, k1: r.k1, k2: r.k2, k3: r.k3, total: Number(r.total) })).filter((r) => r.total !== 0).sort((a, b) => {
    const x = `${a.metric}|${a.day}|${a.k1}|${a.k2}|${a.k3}`;
    const y = `${b.metric}|${b.day}|${b.k1}|${b.k2}|${b.k3}`;
    return x < y ? -1 : x > y ? 1 : 0;
  });

/** The rollup table's rows (zero counts left out), in key order. */
export async function rollupRows(db: Db): Promise<RollupRow[]> {
  return sorted((await loose(db).selectFrom(ROLLUP_TABLE).selectAll().execute()) as RollupRow[]);
}

/** The rows the rollup table should hold, counted from scratch, in key order. */
export async function recountRows(db: Db): Promise<RollupRow[]> {
  return sorted((await sql.raw<RollupRow>(recountQuery()).execute(db)).rows);
}

/** Empties the rollup table and counts it again from the source rows (in the caller's transaction). */
export async function rebuildRollups(trx: Db): Promise<void> {
  await loose(trx).deleteFrom(ROLLUP_TABLE).execute();
  await sql.raw(`insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total) ${recountQuery()}`).execute(trx);
}

/** Indexes of definition-built tables the live panel reads use (created here: their tables are not the migrations'). */
const INDEXES = [
  `create index if not exists dashboard_member_activity_day on member_activity (activitydate, status)`,
  `create index if not exists dashboard_member_corporate on member (corporatecode)`,
];

/**
 * Creates the triggers the database lacks (and drops older versions'); when any was missing, recounts every
 * rollup from scratch in the same transaction, so no write is counted twice or missed. Returns whether it
 * recounted.
 */
export async function installRollups(db: Db): Promise<boolean> {
  const sqlite = isSqlite(db as unknown as Kysely<unknown>);
  for (const index of INDEXES) await sql.raw(index).execute(db);
  const wanted = triggerNames(db);
  const present = await presentTriggers(db);
  if (wanted.every((name) => present.has(name))) return false;
  await db.transaction().execute(async (trx) => {
    if (!sqlite) await sql`lock table ${sql.table(ROLLUP_TABLE)} in exclusive mode`.execute(trx);
    await dropStale(trx, present, new Set(wanted));
    for (const source of SOURCES) for (const statement of sqlite ? sqliteTriggers(source) : postgresTrigger(source)) await sql.raw(statement).execute(trx);
    await rebuildRollups(trx);
  });
  return true;
}

async function dropStale(trx: Db, present: Set<string>, wanted: Set<string>): Promise<void> {
  const sqlite = isSqlite(trx as unknown as Kysely<unknown>);
  for (const name of present) {
    if (wanted.has(name)) continue;
    await dropTrigger(trx, sqlite, name);
  }
}

/** Drops the rollup triggers (seed:volume before a bulk load; installRollups recounts after it). */
export async function dropRollupTriggers(db: Db): Promise<void> {
  const sqlite = isSqlite(db as unknown as Kysely<unknown>);
  for (const name of await presentTriggers(db)) {
    await dropTrigger(db, sqlite, name);
  }
}

/** PostgreSQL's trigger names are dashboard_<table>_<version>: the table it is on. */
async function dropTrigger(db: Db, sqlite: boolean, name: string): Promise<void> {
  if (sqlite) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
    return;
  }
  const table = /^dashboard_([a-z_]+)_v\d+$/.exec(name)?.[1];
  if (table && SOURCES.some((s) => s.table === table)) await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
}
