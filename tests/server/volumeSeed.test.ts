// seed:volume at a small size: the rows it writes in bulk are the ledger's own (ledger check clean on
// SQLite and PostgreSQL), the members carry the definition's fields, a database with members is refused;
// the activities behind the ledger are written and linked to it (member activities, promotion lines,
// registrations, non-members' parked flights), the dashboard's rollups equal a recount of the rows and every
// panel reads them; what the load sets aside (secondary indexes, foreign keys, the contains indexes and their
// triggers) is all back afterwards, as a first start makes it, and a contains search finds what a scan finds.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { defaultSort, resourceModel } from '../../engine/definition/compile';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/migrations';
import { loadCatalogue } from '../../server/platform/definitions';
import { checkLedger } from '../../server/ledger/ledgerStore';
import { NAMED_MEMBERS } from '../../server/demoPopulation/memberData';
import { CountCache } from '../../server/platform/resources/countCache';
import { listRecords } from '../../server/platform/resources/listQuery';
import { syncResourceTables } from '../../server/platform/resources/schemaSync';
import { seedVolume, VolumeRefusal } from '../../server/demoPopulation/volumeSeed';
import { createTestSchema, dropTestSchema, testDatabases } from './harness';
import { installRollups, METRICS, recountRows, rollupRows } from '../../server/platform/rollups/rollupStore';
import { PANEL_QUERIES } from '../../server/platform/panels/panelQueries';
import { PROMOTION_RULE } from '../../domain/accrualResult';
import { NO_MEMBER } from '../../server/demoPopulation/volumeActivity';
import type { SessionUser } from '../../server/platform/core/action';
import { definitionDb } from '../../server/platform/db/definitionDb';

const MEMBERS = 500;
const catalogue = loadCatalogue();
const memberScreen = catalogue.screenByResource.get('member')!;
const memberModel = resourceModel(memberScreen);

/** The schema's indexes, constraints and triggers, named and defined as the database tells them. */
async function schemaObjects(db: Kysely<any>, schema: string | undefined): Promise<string[]> {
  if (!schema) {
    // Statistics tables come from ANALYZE, not the schema.
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master where name not like 'sqlite_stat%' order by type, name`.execute(db);
    return rows.map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`);
  }
  const { rows } = await sql<{ entry: string }>`
    select 'index ' || indexname || ': ' || replace(indexdef, ${`${schema}.`}, '') as entry from pg_indexes where schemaname = ${schema}
    union all
    select 'constraint ' || c.conname || ' on ' || t.relname || ': ' || pg_get_constraintdef(c.oid) || case when c.convalidated then '' else ' (not validated)' end
      from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace where n.nspname = ${schema}
    union all
    select 'trigger ' || g.tgname || ' on ' || t.relname || ' ' || g.tgenabled::text
      from pg_trigger g join pg_class t on t.oid = g.tgrelid join pg_namespace n on n.oid = t.relnamespace where n.nspname = ${schema} and not g.tgisinternal
    union all
    select 'table ' || c.relname || ': ' || coalesce(obj_description(c.oid, 'pg_class'), '')
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relkind = 'r'
    order by 1`.execute(db);
  return rows.map((r) => r.entry);
}

describe.each(testDatabases)('seed:volume on $name', (target) => {
  const file = `.tmp/test-volume-${process.pid}.sqlite`;
  const freshFile = `.tmp/test-volume-fresh-${process.pid}.sqlite`;
  const cleanups: (() => Promise<void> | void)[] = [];
  let url: string;
  let schema: string | undefined;
  let rows: Record<string, number>;
  let database: Database;
  let db: Kysely<any>;
  const count = async (table: string) => Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    schema = target.name === 'postgres' ? await createTestSchema(target.url) : undefined;
    url = target.name === 'postgres' ? target.url : `sqlite:${file}`;
    cleanups.push(() => {
      if (schema) return dropTestSchema(target.url, schema);
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    });
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    ({ rows } = await seedVolume({ url, members: MEMBERS, schema, chunk: 700 }));
    database = openDatabase(url, { schema });
    cleanups.push(() => database.close());
    db = definitionDb(database.db);
  }, 300_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(`writes ${MEMBERS.toLocaleString('en-US')} members whose bulk ledger passes the ledger check`, async () => {
    expect(rows.member).toBe(MEMBERS - 20);
    expect(rows.ledger_transaction / rows.member).toBeGreaterThan(4);
    expect(rows.ledger_transaction / rows.member).toBeLessThan(20);
    expect(await checkLedger(database.db)).toEqual([]);
    expect(await count('member')).toBe(MEMBERS);
    expect(await count('member_card')).toBeGreaterThan(MEMBERS);
    expect(await count('member_account')).toBe(MEMBERS);
    // Every kind of movement is there, expirations included, and balances are not all zero.
    const types = (await db.selectFrom('ledger_transaction').select('trxtype').distinct().execute()).map((r) => r.trxtype).sort();
    expect(types).toEqual(expect.arrayContaining(['EARNING', 'EXPIRATION', 'REDEMPTION']));
    expect(await count('ledger_lot_use')).toBeGreaterThan(0);
    const rich = await db.selectFrom('member').select('memberid').where('awardmiles', '>', 10_000).execute();
    expect(rich.length).toBeGreaterThan(MEMBERS / 50);
    // A drawn member carries the summary fields the member screen lists, and a card that finds it.
    const drawn = await db.selectFrom('member').selectAll().where('memberid', '=', 'MBR0000234').executeTakeFirstOrThrow();
    expect(drawn).toMatchObject({ cardnumber: expect.stringMatching(/^5[123]\d{8}$/), membershipid: expect.stringMatching(/^(FFP|COBRAND|CORPORATE)$/), enrollmentdate: expect.any(String), branchcode: expect.any(String) });
    const card = await db.selectFrom('member_card').select('memberid').where('cardnumber', '=', drawn.cardnumber).executeTakeFirstOrThrow();
    expect(card.memberid).toBe('MBR0000234');
  });

  it('writes the activities behind the ledger: each credited activity names the ledger row that credited it, promotion lines, registrations, parked non-members', async () => {
    // The drawn members' (the twenty named ones are the first start's, through the ledger).
    const activities = await db.selectFrom('member_activity').selectAll().where('memberid', '>', 'MBR0000020').execute();
    expect(activities.length).toBe(rows.member_activity);
    expect(activities.length / rows.member!).toBeGreaterThan(3);
    expect(new Set(activities.map((a) => a.activitytype))).toEqual(new Set(['AIR', 'NONAIR']));
    // Flights of the own carrier and of partners, over the last two years at least.
    const flights = activities.filter((a) => a.activitytype === 'AIR');
    expect(new Set(flights.map((a) => a.carrier)).size).toBeGreaterThan(2);
    const twoYears = new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
    expect(flights.filter((a) => a.activitydate >= twoYears).length).toBeGreaterThan(flights.length / 10);
    const ledger = new Map((await db.selectFrom('ledger_transaction').selectAll().where('trxtype', '=', 'EARNING').execute()).map((t) => [Number(t.trxid), t]));
    for (const a of activities) {
      const trx = ledger.get(Number(a.trxid));
      // A flight credited through a retro claim names the claim.
      const source = new RegExp(`^(activity:${a.activityid}|retro:RC${String(a.memberid).slice(3)}\\d+)$`);
      expect(trx, a.activityid).toMatchObject({ memberid: a.memberid, activitydate: a.activitydate, source: expect.stringMatching(source), awardmiles: a.awardmiles, tiermiles: a.tiermiles, segments: a.segments });
      expect(a.status).toBe('CREDITED');
    }
    // The corporate members' activities are among them.
    const corporate = await db.selectFrom('member_activity as a').innerJoin('member as m', 'm.memberid', 'a.memberid').select('a.activityid').where('m.corporatecode', 'is not', null).execute();
    expect(corporate.length).toBeGreaterThan(0);
    // Detail lines sit on EARNING rows of a credited activity: the named members' are their whole rating (the first
    // start rates them as a post does); the volume members' are promotion lines, their bonus in the row's miles.
    const lines = await db.selectFrom('ledger_detail').selectAll().execute();
    expect(lines.length).toBeGreaterThan(0);
    const credited = new Map(activities.map((a) => [Number(a.trxid), a]));
    const firstStart = new Map((await db.selectFrom('member_activity').select(['trxid', 'memberid']).where('memberid', '<=', `MBR${String(NAMED_MEMBERS.length).padStart(7, '0')}`).execute()).map((a) => [Number(a.trxid), a]));
    const named = (trxid: number) => firstStart.has(trxid);
    for (const line of lines) {
      expect(credited.has(Number(line.trxid)) || named(Number(line.trxid)), String(line.trxid)).toBe(true);
      if (named(Number(line.trxid))) continue;
      expect(line.ruletype).toBe(PROMOTION_RULE);
      expect(Number(ledger.get(Number(line.trxid))!.awardmiles)).toBeGreaterThan(Number(line.awardmiles));
    }
    expect(lines.some((line) => !named(Number(line.trxid)))).toBe(true);
    // Registrations name the member's own card; parked flights name cards no member holds.
    const registrations = await db.selectFrom('member_promo').innerJoin('member as m', 'm.memberid', 'member_promo.memberid').select(['member_promo.cardnumber', 'm.cardnumber as own']).execute();
    expect(registrations.length).toBeGreaterThan(0);
    for (const r of registrations) expect(r.cardnumber).toBe(r.own);
    const parked = await db.selectFrom('park_activity').selectAll().execute();
    expect(parked.length).toBeGreaterThan(0);
    for (const p of parked) expect(p).toMatchObject({ reasoncode: NO_MEMBER, memberid: null, status: 'PARKED', activitytype: 'AIR' });
    const cards = await db.selectFrom('member_card').select('cardnumber').where('cardnumber', 'in', parked.map((p) => p.cardnumber)).execute();
    expect(cards).toEqual([]);
  });

  it('leaves the rollups equal to a recount of the rows, and every panel reads them', async () => {
    const rollups = await rollupRows(database.db);
    expect(rollups).toEqual(await recountRows(database.db));
    expect(new Set(rollups.map((r) => r.metric))).toEqual(new Set(Object.values(METRICS)));
    // The triggers are back: a credited activity written now is counted by every metric it feeds.
    const member = await db.selectFrom('member').select(['memberid', 'corporatecode']).where('corporatecode', 'is not', null).where('status', '=', 'ACTIVE').executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await db.insertInto('member_activity').values({ memberid: member.memberid, activityid: 'VOLTEST1', activitytype: 'AIR', activitydate: at.slice(0, 10), carrier: 'GA', status: 'CREDITED', createdby: 'test', createddate: at, updatedby: 'test', updateddate: at }).execute();
    expect(await rollupRows(database.db)).toEqual(await recountRows(database.db));
    await db.deleteFrom('member_activity').where('activityid', '=', 'VOLTEST1').execute();
    // Each chart panel has figures over the last year (the promotions run in 2026), and the member tiers today.
    const now = new Date();
    const user = { username: 'test', rolename: 'ADMIN' } as unknown as SessionUser;
    const startdate = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
    for (const [name, query] of Object.entries(PANEL_QUERIES)) {
      const criteria = Object.fromEntries(query.criteria.map((c) => [c, c === 'startdate' || c === 'enrollmentdate' ? startdate : null]));
      const found = await query.run({ db: database.db, user, now, today: now.toISOString().slice(0, 10), members: {} }, criteria);
      expect(found.length, name).toBeGreaterThan(0);
    }
  });

  it('leaves the indexes, foreign keys, contains indexes and triggers a first start makes', async () => {
    const freshSchema = schema ? await createTestSchema(target.url) : undefined;
    const freshUrl = schema ? target.url : `sqlite:${freshFile}`;
    const fresh = openDatabase(freshUrl, { schema: freshSchema });
    try {
      await migrateToLatest(fresh.db, fresh.schema);
      await syncResourceTables(fresh.db, catalogue, fresh.schema);
      // A first start installs the dashboard's rollups (their indexes and triggers) once the tables exist.
      await installRollups(fresh.db);
      const expected = await schemaObjects(fresh.db, freshSchema);
      expect(expected.some((entry) => entry.startsWith('index ledger_transaction_member_idx'))).toBe(true);
      expect(await schemaObjects(db, schema)).toEqual(expected);
    } finally {
      await fresh.close();
      if (freshSchema) await dropTestSchema(target.url, freshSchema);
      else for (const suffix of ['', '-wal', '-shm']) rmSync(freshFile + suffix, { force: true });
    }
  }, 120_000);

  it('builds the contains indexes of the members: a search finds what a scan finds, and follows later writes', async () => {
    expect([...memberModel.contains].sort()).toEqual(['email', 'memberfullname', 'mobilephonenumber']);
    const search = async (field: string, text: string) => {
      const { rows: found } = await listRecords(db, database.dialect, memberModel, new CountCache(), { criteria: { [field]: `%${text}%` }, paging: { limit: -1, page: 1 }, offThread: false }, defaultSort(memberScreen));
      return found.map((r) => r.memberid as string).sort();
    };
    const members = await db.selectFrom('member').select(['memberid', 'email', 'memberfullname', 'mobilephonenumber']).orderBy('memberid').execute();
    type Searched = 'email' | 'memberfullname' | 'mobilephonenumber';
    const scan = (field: Searched, text: string) => members.filter((m) => typeof m[field] === 'string' && m[field].toLowerCase().includes(text.toLowerCase())).map((m) => m.memberid as string);
    const drawn = members.find((m) => m.memberid === 'MBR0000234')!;
    const texts: [Searched, string][] = [
      ['memberfullname', drawn.memberfullname.slice(0, 3)],
      ['memberfullname', drawn.memberfullname.slice(1, 6).toUpperCase()],
      ['email', drawn.email.slice(0, 4)],
      ['email', '.234@'],
      ['mobilephonenumber', drawn.mobilephonenumber.slice(2, 6)],
      ['mobilephonenumber', drawn.mobilephonenumber.slice(-3)],
    ];
    for (const [field, text] of texts) {
      const want = scan(field, text);
      expect(want, `${field} ${text}`).toContain('MBR0000234');
      expect(await search(field, text), `${field} ${text}`).toEqual(want);
    }
    // The triggers are back: a changed e-mail is found at once, the old one no longer.
    await db.updateTable('member').set({ email: 'zqxwv.volume@example.com' }).where('memberid', '=', 'MBR0000234').execute();
    expect(await search('email', 'zqxwv')).toEqual(['MBR0000234']);
    expect(await search('email', '.234@')).toEqual([]);
  });

  it('moves the trxid sequence past the bulk rows, and refuses to run twice', async () => {
    const last = Number((await db.selectFrom('ledger_transaction').select(db.fn.max('trxid').as('n')).executeTakeFirstOrThrow()).n);
    const next = await db
      .insertInto('ledger_transaction')
      .values({ memberid: 'MBR0000234', trxtype: 'CORRECTION', activitydate: '2026-01-01', awardmiles: 0, tiermiles: 0, segments: 0, createdby: 'test', createddate: new Date().toISOString() })
      .returning('trxid')
      .executeTakeFirstOrThrow();
    expect(Number(next.trxid)).toBe(last + 1);

    await expect(seedVolume({ url, members: MEMBERS, schema })).rejects.toThrow(VolumeRefusal);
    expect(await count('member')).toBe(MEMBERS);
  }, 120_000);
});
