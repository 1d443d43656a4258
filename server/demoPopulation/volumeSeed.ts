// Fills an EMPTY database with a large member population for benchmarks and the dashboard: the normal
// first-start seed (users, reference data, the twenty named members through the ledger), then drawn
// members in chunks, each chunk's ledger computed in memory (ledgerBook.ts: the rows server/ledger would
// write) with the activities behind it (volumeActivity.ts: member activities linked to their ledger rows,
// the promotion lines the accrual's promotions give, registrations, non-members' parked flights), handed
// to a bulk writer; only the writer differs between the databases. The dashboard's rollup triggers are
// dropped for the load and installed after it, which recounts every rollup from the rows with the SQL the
// triggers keep (rollupStore.installRollups). What a load would
// otherwise keep up row by row is set aside first and built once at the end: the loaded tables' secondary
// indexes, the contains indexes (trigramIndex.ts) and, on PostgreSQL, the foreign keys. SQLite takes
// multi-row prepared inserts, a transaction per chunk; PostgreSQL takes COPY, the whole load one
// transaction (a failed load leaves the database as the first start made it), then VACUUM ANALYZE.
// Refuses a database with members.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { resourceModel, type ResourceModel } from '../../engine/definition/compile';
import { readConfig } from '../platform/core/config';
import { readConfigKey } from '../platform/configuration/configKeys';
import { openDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/migrations';
import { loadCatalogue } from '../platform/definitions';
import { syncResourceTables } from '../platform/resources/schemaSync';
import { dropTrigramIndexes, syncTrigramIndexes, vacuumPostings } from '../platform/resources/trigramIndex';
import { hashPassword } from '../platform/session/passwordHash';
import { sha256Hex } from '../platform/core/sha256';
import { LedgerBook, bookHistories } from './ledgerBook';
import { DEMO_MEMBER_PASSWORD, NAMED_MEMBERS, SEED_USER, memberTableRow } from './memberData';
import { populationMember } from './memberPopulation';
import { seed } from '../platform/seeding';
import { dropRollupTriggers, installRollups } from '../platform/rollups/rollupStore';
import { ACTIVITY_RESOURCE, PARK_RESOURCE, rowOf, ruleBook } from '../catalog/accrual/accrualStore';
import { REGISTRATION_RESOURCE } from '../catalog/promotions/promotionStore';
import type { BookTransaction } from './ledgerBook';
import type { MilesEvent } from './memberPopulation';
import { detailRows, memberActivities, nonMemberFlights, promote, registrationsOf, type ActivityRules } from './volumeActivity';
import { isoDay } from '../../engine/definition/dates';
import { definitionDb } from '../platform/db/definitionDb';

export interface VolumeOptions {
  url: string;
  /** Members in all, the twenty named ones included. */
  members: number;
  /** PostgreSQL schema (tests); default public. */
  schema?: string;
  /** Members generated and written at a time (SQLite: per transaction). */
  chunk?: number;
  /** Activity scale of the population (1 = the demo's; VOLUME_DEFAULTS.activity by default). */
  activity?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface VolumeResult {
  rows: Record<string, number>;
  ms: number;
}

export class VolumeRefusal extends Error {}

/** The defaults of a chunk and of the activity scale (0.36: about ten ledger rows a member, 10 M at 1 M members). */
export const VOLUME_DEFAULTS = { chunk: 10_000, activity: 0.36 } as const;

type Value = string | number | null;

/** The core tables the volume seed fills, in the order a chunk writes them; the activity tables follow (their screens name them). */
const CORE_TABLES = ['member', 'member_card', 'member_account', 'ledger_transaction', 'ledger_lot', 'ledger_lot_use', 'ledger_detail'] as const;
/** The definition-built tables a chunk writes after the core ones. */
const ACTIVITY_RESOURCES = [ACTIVITY_RESOURCE, PARK_RESOURCE, REGISTRATION_RESOURCE] as const;
const DETAIL_COLUMNS = ['trxid', 'lineno', 'criterion', 'ruletype', 'rulecode', 'description', 'awardmiles', 'tiermiles', 'segments'] as const;

/** One connection for the whole load: raw bulk inserts, and a Kysely over the same connection for the contains indexes. */
interface BulkWriter {
  dialect: 'sqlite' | 'postgres';
  schema: string | undefined;
  db: Kysely<any>;
  /** Drops the tables' secondary indexes (PostgreSQL: and their foreign keys), remembering them for `rebuild`. */
  setAside(tables: readonly string[]): Promise<void>;
  insert(table: string, columns: string[], rows: Value[][]): Promise<void>;
  /** One chunk's inserts: SQLite commits each; PostgreSQL's whole load is one transaction. */
  chunk(work: () => Promise<void>): Promise<void>;
  /** Creates what setAside dropped, runs `more` (the contains indexes), moves the trxid sequence on, commits. */
  rebuild(lastTrxid: number, more: () => Promise<void>): Promise<void>;
  /** Statistics (PostgreSQL: VACUUM ANALYZE of the loaded tables too, outside the transaction). */
  analyze(tables: readonly string[], models: readonly ResourceModel[]): Promise<void>;
  /** Closes; a load that never reached `rebuild` is rolled back (PostgreSQL) or gets its indexes back (SQLite). */
  close(): Promise<void>;
}

function sqliteWriter(file: string): BulkWriter {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('cache_size = -200000');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  const statements = new Map<string, SQLite.Statement>();
  let indexes: string[] = [];
  const createIndexes = () => {
    for (const index of indexes) sqlite.exec(index);
    indexes = [];
  };
  return {
    dialect: 'sqlite',
    schema: undefined,
    db,
    async setAside(tables) {
      const found = sqlite
        .prepare<string[], { name: string; sql: string }>(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => '?').join(',')})`)
        .all(...tables);
      sqlite.transaction(() => {
        for (const index of found) sqlite.exec(`drop index "${index.name}"`);
      })();
      indexes = found.map((index) => index.sql);
    },
    async insert(table, columns, rows) {
      const per = Math.max(1, Math.min(500, Math.floor(32_000 / columns.length)));
      for (let i = 0; i < rows.length; i += per) {
        const slice = rows.slice(i, i + per);
        const key = `${table}:${slice.length}`;
        let statement = statements.get(key);
        if (!statement) {
          const one = `(${columns.map(() => '?').join(',')})`;
          statement = sqlite.prepare(`insert into ${table} (${columns.join(',')}) values ${Array(slice.length).fill(one).join(',')}`);
          statements.set(key, statement);
        }
        statement.run(slice.flat());
      }
    },
    async chunk(work) {
      sqlite.exec('begin');
      try {
        await work();
        sqlite.exec('commit');
      } catch (error) {
        sqlite.exec('rollback');
        throw error;
      }
    },
    async rebuild(_lastTrxid, more) {
      sqlite.exec('begin');
      createIndexes();
      await more();
      sqlite.exec('commit');
    },
    async analyze() {
      sqlite.exec('analyze');
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      // A load that failed keeps the rows it committed, and gets its indexes back.
      if (sqlite.inTransaction) sqlite.exec('rollback');
      if (indexes.length > 0) createIndexes();
      await db.destroy();
    },
  };
}

/** COPY's text format: tab-separated, \N for null, backslash escapes. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function copyText(value: Value): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : text;
}

/** COPY's input in pieces of about a megabyte. */
function* copyPieces(rows: Value[][]): Generator<Buffer> {
  let lines: string[] = [];
  let size = 0;
  for (const row of rows) {
    const line = row.map(copyText).join('\t');
    lines.push(line);
    size += line.length + 1;
    if (size >= 1 << 20) {
      yield Buffer.from(`${lines.join('\n')}\n`);
      lines = [];
      size = 0;
    }
  }
  if (lines.length > 0) yield Buffer.from(`${lines.join('\n')}\n`);
}

async function postgresWriter(url: string, schema: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  // Kysely's statements (the contains indexes) go through this same connection, inside the load's transaction.
  const connection = Object.assign(client, { release() {} });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: { connect: async () => connection, end: async () => {} } }) });
  await client.query('set synchronous_commit = off');
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query('begin');
  let open = true;
  let indexes: string[] = [];
  let foreignKeys: string[] = [];
  return {
    dialect: 'postgres',
    schema,
    db,
    async setAside(tables) {
      // Indexes of no constraint (primary keys and unique constraints stay and check the load), and foreign keys.
      const found = await client.query<{ name: string; definition: string }>(
        `select i.relname as name, pg_get_indexdef(i.oid) as definition from pg_index x join pg_class i on i.oid = x.indexrelid
         join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
         where n.nspname = $1 and t.relname = any($2) and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`,
        [schema, tables],
      );
      const keys = await client.query<{ name: string; table: string; definition: string }>(
        `select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as definition from pg_constraint c
         join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
         where c.contype = 'f' and n.nspname = $1 and t.relname = any($2)`,
        [schema, tables],
      );
      for (const key of keys.rows) await client.query(`alter table "${key.table}" drop constraint "${key.name}"`);
      for (const index of found.rows) await client.query(`drop index "${index.name}"`);
      indexes = found.rows.map((index) => index.definition);
      foreignKeys = keys.rows.map((key) => `alter table "${key.table}" add constraint "${key.name}" ${key.definition}`);
    },
    async insert(table, columns, rows) {
      if (rows.length === 0) return;
      await pipeline(Readable.from(copyPieces(rows)), client.query(copyFrom(`copy ${table} (${columns.join(',')}) from stdin`)));
    },
    async chunk(work) {
      await work();
    },
    async rebuild(lastTrxid, more) {
      // Each index in one sort; each foreign key checked in one join.
      for (const definition of [...indexes, ...foreignKeys]) await client.query(definition);
      await more();
      await client.query(`select setval(pg_get_serial_sequence('ledger_transaction', 'trxid'), $1)`, [lastTrxid]);
      await client.query('commit');
      open = false;
    },
    async analyze(tables, models) {
      // VACUUM sets the visibility map now (index-only counts at once), not autovacuum in the middle of a benchmark.
      for (const table of tables) await client.query(`vacuum (analyze) "${table}"`);
      for (const model of models) await vacuumPostings(db, schema, model);
    },
    async close() {
      if (open) await client.query('rollback').catch(() => {});
      await client.end();
    },
  };
}

const rowsOf = <T extends object>(items: readonly T[], columns: (keyof T & string)[]): Value[][] => items.map((item) => columns.map((c) => (item[c] ?? null) as Value));

/** Seeds `members` members into an empty database; returns the rows written per table and the time. */
export async function seedVolume(options: VolumeOptions): Promise<VolumeResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const today = isoDay(now);
  const at = now.toISOString();
  const total = Math.max(options.members, NAMED_MEMBERS.length);
  const chunk = options.chunk ?? VOLUME_DEFAULTS.chunk;
  const activity = options.activity ?? VOLUME_DEFAULTS.activity;
  const postgres = options.url.startsWith('postgres');
  const catalogue = loadCatalogue();

  if (postgres && options.schema) {
    const admin = new pg.Client({ connectionString: options.url });
    await admin.connect();
    await admin.query(`create schema if not exists ${options.schema.replace(/[^a-z0-9_]/gi, '')}`).finally(() => admin.end());
  }
  // The ordinary first start: schema, users, roles, reference data, the named members with their ledger.
  const database = openDatabase(options.url, postgres ? { schema: options.schema ?? 'public' } : {});
  let settings: { expiryMonths: number; transferExpiryMonths: number };
  let firstTrxid: number;
  let memberModel;
  let rules: ActivityRules;
  let activityModels: ResourceModel[];
  try {
    await migrateToLatest(database.db, database.schema);
    await syncResourceTables(database.db, catalogue, database.schema);
    const existing = Number((await database.db.selectFrom('member').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if (existing > 0) throw new VolumeRefusal(`the database already has ${existing} members: seed:volume fills an empty database (drop it or use another DATABASE_URL)`);
    await seed(database.db, catalogue, readConfig({ DEMO_MEMBERS: '0' }), now);
    settings = { expiryMonths: await readConfigKey(database.db, 'MILES_EXPIRY_MONTHS'), transferExpiryMonths: await readConfigKey(database.db, 'TRANSFER_MILES_EXPIRY_MONTHS') };
    const last = await definitionDb(database.db).selectFrom('ledger_transaction').select((eb) => eb.fn.max('trxid').as('n')).executeTakeFirst();
    firstTrxid = Number(last?.n ?? 0) + 1;
    const screen = catalogue.screenByResource.get('member');
    memberModel = screen ? resourceModel(screen) : undefined;
    activityModels = ACTIVITY_RESOURCES.map((resource) => {
      const activityScreen = catalogue.screenByResource.get(resource);
      if (!activityScreen) throw new Error(`seed:volume needs the screen of ${resource}`);
      return resourceModel(activityScreen);
    });
    // The accrual's own promotions, booking classes and non-air rules, as the first start wrote them.
    ({ book: rules } = await ruleBook(database.db, catalogue));
    // The dashboard's rollups are counted once after the load, not row by row by their triggers during it.
    await dropRollupTriggers(database.db);
  } finally {
    await database.close();
  }
  log(`seed:volume: users, reference data and the ${NAMED_MEMBERS.length} named members in ${Math.round(performance.now() - started)} ms`);

  const writer = postgres ? await postgresWriter(options.url, options.schema ?? 'public') : sqliteWriter(options.url.slice('sqlite:'.length));
  const [activityModel, parkModel, registrationModel] = activityModels as [ResourceModel, ResourceModel, ResourceModel];
  const loadedTables = [...CORE_TABLES, ...activityModels.map((model) => model.table)];
  const rows: Record<string, number> = Object.fromEntries(loadedTables.map((table) => [table, 0]));
  const passwordhash = await hashPassword(sha256Hex(DEMO_MEMBER_PASSWORD));
  // The loaded tables' fields searched by contains: their indexes are dropped now and built once at the end.
  const searched = catalogue.screens.map(resourceModel).filter((model) => !model.filter && model.contains.size > 0 && loadedTables.includes(model.table));
  let nextTrxid = firstTrxid;
  try {
    await writer.setAside(loadedTables);
    for (const model of searched) await dropTrigramIndexes(writer.db, writer.dialect, model, writer.schema);
    // A chunk is drawn while the one before is still being written (PostgreSQL takes COPY data as the
    // drawing yields now and then), so the database and this process work side by side.
    let writing: Promise<void> = Promise.resolve();
    for (let from = NAMED_MEMBERS.length + 1; from <= total; from += chunk) {
      const to = Math.min(total, from + chunk - 1);
      const members = [];
      for (let index = from; index <= to; index++) {
        members.push(populationMember(index, { now, expiryMonths: settings.expiryMonths, activity, firstIndex: from }));
        if (index % 250 === 0) await new Promise(setImmediate);
      }
      // Registrations first (a promotion may need one), then each activity's promotion bonus on its miles, then the ledger.
      const registrations = members.map((m) => registrationsOf(m, rules.promotions));
      const promoted = members.map((m, i) => promote(m, registrations[i]!.map((r) => String(r.promocode)), rules));
      const book = new LedgerBook(nextTrxid, { ...settings, user: SEED_USER });
      for (const m of members) book.addMember(m.memberid);
      const credits = new Map<MilesEvent, BookTransaction>();
      bookHistories(book, members, today, (event, trx) => credits.set(event, trx));
      nextTrxid = book.lastTrxid + 1;
      const stamp = (model: ResourceModel, records: Record<string, unknown>[]) => records.map((record) => rowOf(model, record, SEED_USER, now));
      const activities = members.flatMap((m) => stamp(activityModel, memberActivities(m, credits, rules).map((a) => ({ ...a, memberid: m.memberid }))));
      const parked = members.flatMap((m) => stamp(parkModel, nonMemberFlights(m.index, now)));
      const registered = stamp(registrationModel, registrations.flat());
      const details = promoted.flatMap((lines) => detailRows(lines, credits));

      const memberRows = members.map((m) => ({ ...memberTableRow(memberModel, m, passwordhash, at), ...book.balances.get(m.memberid)!, status: m.status }));
      const memberColumns = Object.keys(memberRows[0]!);
      const cards = members.flatMap((m) => m.cards.map((c) => ({ ...c, memberid: m.memberid })));
      const accounts = members.map((m) => ({ memberid: m.memberid, ...m.account }));
      const lots = [...book.lots.values()];
      await writing;
      writing = writer.chunk(async () => {
        await writer.insert('member', memberColumns, memberRows.map((r) => memberColumns.map((c) => (r as Record<string, Value>)[c] ?? null)));
        await writer.insert('member_card', ['cardnumber', 'memberid', 'membershipid', 'tierid', 'status', 'issuedate'], rowsOf(cards, ['cardnumber', 'memberid', 'membershipid', 'tierid', 'status', 'issuedate']));
        await writer.insert('member_account', ['memberid', 'startperiod', 'endperiod'], rowsOf(accounts, ['memberid', 'startperiod', 'endperiod']));
        const trxColumns = ['trxid', 'memberid', 'trxtype', 'activitydate', 'awardmiles', 'tiermiles', 'segments', 'expirydate', 'source', 'reason', 'relatedtrxid', 'mergedfrom', 'createdby', 'createddate'] as const;
        await writer.insert('ledger_transaction', [...trxColumns], rowsOf(book.transactions, [...trxColumns]));
        await writer.insert('ledger_lot', ['lotid', 'memberid', 'expirydate', 'awardmiles', 'remaining'], rowsOf(lots, ['lotid', 'memberid', 'expirydate', 'awardmiles', 'remaining']));
        await writer.insert('ledger_lot_use', ['trxid', 'lotid', 'amount'], rowsOf(book.uses, ['trxid', 'lotid', 'amount']));
        await writer.insert('ledger_detail', [...DETAIL_COLUMNS], rowsOf(details as Record<(typeof DETAIL_COLUMNS)[number], Value>[], [...DETAIL_COLUMNS]));
        for (const [model, written] of [[activityModel, activities], [parkModel, parked], [registrationModel, registered]] as const) {
          if (written.length === 0) continue;
          const columns = Object.keys(written[0]!);
          await writer.insert(model.table, columns, written.map((r) => columns.map((c) => (r[c] ?? null) as Value)));
          rows[model.table]! += written.length;
        }
        rows.member! += memberRows.length;
        rows.member_card! += cards.length;
        rows.member_account! += accounts.length;
        rows.ledger_transaction! += book.transactions.length;
        rows.ledger_lot! += lots.length;
        rows.ledger_lot_use! += book.uses.length;
        rows.ledger_detail! += details.length;
        const seconds = (performance.now() - started) / 1000;
        log(`seed:volume: ${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} members, ${rows.ledger_transaction!.toLocaleString('en-US')} ledger rows, ${seconds.toFixed(1)} s`);
      });
      // Awaited before the next chunk or after the last; meanwhile a failure is not an unhandled rejection.
      writing.catch(() => {});
    }
    await writing;
    let step = performance.now();
    await writer.rebuild(nextTrxid - 1, async () => {
      for (const model of searched) await syncTrigramIndexes(writer.db, writer.dialect, model, writer.schema);
    });
    log(`seed:volume: indexes, foreign keys and contains indexes built in ${((performance.now() - step) / 1000).toFixed(1)} s`);
    step = performance.now();
    await writer.analyze(loadedTables, searched);
    log(`seed:volume: ${postgres ? 'vacuum analyze' : 'analyze'} in ${((performance.now() - step) / 1000).toFixed(1)} s`);
  } finally {
    await writer.close();
  }
  const step = performance.now();
  const loaded = openDatabase(options.url, postgres ? { schema: options.schema ?? 'public' } : {});
  try {
    await installRollups(loaded.db);
  } finally {
    await loaded.close();
  }
  log(`seed:volume: dashboard rollups counted in ${((performance.now() - step) / 1000).toFixed(1)} s`);
  return { rows, ms: Math.round(performance.now() - started) };
}
