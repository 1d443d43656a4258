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
export const METRICS = { ENROLL: 'ENROLL', REDEEM: 'REDEEM', ACTIVITY: 'ACTIVITY', TIER: 'TIER' } as const;

/**
 * Member Tier (migration 0036): each active member's tier names among its active cards, with the earliest issue
 * day of each (a member counts once a tier name, from that day). TIER rollup rows: day, k1 tier name, k2 gender.
 * A change to a member's cards, status or gender recounts that member's rows (delete its old ones from the
 * rollup, read them again, add them), so the rollup stays exact however the cards move.
 */
export const MEMBER_TIER_TABLE = 'dashboard_member_tier';

/**
 * A REDEMPTION ledger row's reason names its award: 'Redemption <awardcode>' (server/redemption/redemptionStore.ts
 * writes it so; the volume and demo population too). The Redemption panel reads the award from it.
 */
export const REDEMPTION_REASON = 'Redemption ';
/** The member activity status that counts (screens/member-management/memactivity.json). */
export const CREDITED = 'CREDITED';

/** Bumped when a trigger's body changes: a database with older triggers gets the new ones and a recount. */
const VERSION = 'v3';
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

const text = (expr: string) => `coalesce(cast(${expr} as varchar(100)), '')`;

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
    keys: (r) => [`cast(${r}.activitydate as varchar(10))`, text(`case when ${r}.reason like '${REDEMPTION_REASON}%' then substr(${r}.reason, ${REDEMPTION_REASON.length + 1}) end`), `''`, `''`],
    counts: (r) => `${r}.trxtype = 'REDEMPTION'`,
    columns: ['trxtype', 'activitydate', 'reason'],
  },
  {
    metric: METRICS.ACTIVITY,
    table: 'member_activity',
    keys: (r) => [`cast(${r}.activitydate as varchar(10))`, text(`${r}.activitytype`), text(`case when ${r}.activitytype = 'AIR' then ${r}.carrier else ${r}.partnercode end`), `''`],
    counts: (r) => `${r}.status = '${CREDITED}' and ${r}.activitydate is not null`,
    columns: ['activitydate', 'activitytype', 'carrier', 'partnercode', 'status'],
  },
];

/** The member's tier rows as they should be: [memberid, tiername, day, gender] of its active cards. */
const memberTierSelect = (where: string) => `select c.memberid as memberid, t.tiername as tiername, min(c.issuedate) as day, coalesce(m.gender, '') as gender from member_card c
  join member m on m.memberid = c.memberid join tier t on t.tierid = c.tierid
  where c.status = 'ACTIVE' and m.status = 'ACTIVE' and c.issuedate is not null${where} group by c.memberid, t.tiername, m.gender`;

const tierDelta = (member: string, sign: '' | '-') => `insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total)
  select '${METRICS.TIER}', day, tiername, gender, '', ${sign}count(*) from ${MEMBER_TIER_TABLE} where memberid = ${member} group by day, tiername, gender
  on conflict (metric, day, k1, k2, k3) do update set total = ${ROLLUP_TABLE}.total + excluded.total`;

/** The statements that recount one member's Member Tier rows (`member`: an SQL expression of its memberid). */
const recountMemberTier = (member: string): string[] => [
  tierDelta(member, '-'),
  `delete from ${MEMBER_TIER_TABLE} where memberid = ${member}`,
  `insert into ${MEMBER_TIER_TABLE} (memberid, tiername, day, gender) ${memberTierSelect(` and c.memberid = ${member}`)}`,
  tierDelta(member, ''),
];

/** The Member Tier triggers: [name, table, SQLite event, the memberids it recounts]. */
const TIER_TRIGGERS: [string, string, string, string[]][] = [
  ['tier_card_ins', 'member_card', 'after insert on member_card', ['new.memberid']],
  ['tier_card_del', 'member_card', 'after delete on member_card', ['old.memberid']],
  ['tier_card_upd', 'member_card', 'after update of status, tierid, issuedate, memberid on member_card', ['old.memberid', 'new.memberid']],
  ['tier_member_upd', 'member', 'after update of status, gender on member', ['new.memberid']],
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

/** SQLite: the Member Tier triggers, each recounting the members it names. */
const sqliteTierTriggers = (): string[] =>
  TIER_TRIGGERS.map(([name, , event, members]) => `create trigger if not exists ${trigger(name)} ${event} begin ${members.flatMap(recountMemberTier).join('; ')}; end`);

/** PostgreSQL: a function recounting one member, and a trigger a table calling it. */
function postgresTierTriggers(): string[] {
  const fn = trigger('tier_recount');
  const statements = [
    `create or replace function ${fn}(mid varchar) returns void language plpgsql as $$
begin
  ${recountMemberTier('mid').join(';\n  ')};
end $$`,
  ];
  for (const [table, events, members] of [
    ['member_card', 'insert or delete or update of status, tierid, issuedate, memberid', ['old', 'new']],
    ['member', 'update of status, gender', ['new']],
  ] as const) {
    const name = trigger(`tier_${table}`);
    const calls = members.map((row) => `if tg_op <> '${row === 'old' ? 'INSERT' : 'DELETE'}' then perform ${fn}(${row}.memberid); end if;`).join('\n  ');
    statements.push(
      `create or replace function ${name}() returns trigger language plpgsql as $$
begin
  ${calls}
  return null;
end $$`,
      `drop trigger if exists ${name} on ${table}`,
      `create trigger ${name} after ${events} on ${table} for each row execute function ${name}()`,
    );
  }
  return statements;
}

const triggerNames = (db: Db): string[] =>
  isSqlite(db as unknown as Kysely<unknown>)
    ? [...SOURCES.flatMap((s) => ['ins', 'del', 'upd_old', 'upd_new'].map((k) => trigger(`${s.table}_${k}`))), ...TIER_TRIGGERS.map(([name]) => trigger(name))]
    : [...SOURCES.map((s) => trigger(s.table)), trigger('tier_member_card'), trigger('tier_member')];

/** The rollup triggers present in the database (its own schema on PostgreSQL). */
async function presentTriggers(db: Db): Promise<Map<string, string>> {
  if (isSqlite(db as unknown as Kysely<unknown>)) {
    const rows = await sql<{ name: string; tablename: string }>`select name, tbl_name as tablename from sqlite_master where type = 'trigger' and name like 'dashboard_%'`.execute(db);
    return new Map(rows.rows.map((r) => [r.name, r.tablename]));
  }
  const rows = await sql<{ name: string; tablename: string }>`select t.tgname as name, c.relname as tablename from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and t.tgname like 'dashboard_%'`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, r.tablename]));
}

/** Every rollup row as a from-scratch count of its source rows (what the triggers keep; tests compare the two). */
export function recountQuery(): string {
  return SOURCES.map((s) => {
    const [day, k1, k2, k3] = s.keys('r');
    // PostgreSQL refuses a constant in GROUP BY: the unused keys ('') are left out of it.
    const grouped = [day, k1, k2, k3].filter((key) => key !== `''`);
    return `select '${s.metric}' as metric, ${day} as day, ${k1} as k1, ${k2} as k2, ${k3} as k3, count(*) as total from ${s.table} r where ${s.counts('r')} group by ${grouped.join(', ')}`;
  })
    .concat(`select '${METRICS.TIER}' as metric, day, tiername as k1, gender as k2, '' as k3, count(*) as total from (${memberTierSelect('')}) h group by day, tiername, gender`)
    .join(' union all ');
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
  await loose(trx).deleteFrom(MEMBER_TIER_TABLE).execute();
  await sql.raw(`insert into ${MEMBER_TIER_TABLE} (memberid, tiername, day, gender) ${memberTierSelect('')}`).execute(trx);
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
    for (const statement of sqlite ? sqliteTierTriggers() : postgresTierTriggers()) await sql.raw(statement).execute(trx);
    await rebuildRollups(trx);
  });
  return true;
}

async function dropStale(trx: Db, present: Map<string, string>, wanted: Set<string>): Promise<void> {
  const sqlite = isSqlite(trx as unknown as Kysely<unknown>);
  for (const [name, table] of present) {
    if (wanted.has(name)) continue;
    await dropTrigger(trx, sqlite, name, table);
  }
}

/** Drops the rollup triggers (seed:volume before a bulk load; installRollups recounts after it). */
export async function dropRollupTriggers(db: Db): Promise<void> {
  const sqlite = isSqlite(db as unknown as Kysely<unknown>);
  for (const [name, table] of await presentTriggers(db)) await dropTrigger(db, sqlite, name, table);
}

async function dropTrigger(db: Db, sqlite: boolean, name: string, table: string): Promise<void> {
  await sql.raw(sqlite ? `drop trigger if exists ${name}` : `drop trigger if exists ${name} on ${table}`).execute(db);
}
