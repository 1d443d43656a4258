// The demo population: about 2,000 members (the named twenty first) across memberships, tiers, ages,
// nationalities, branches and channels, with cards, addresses, tier history and a ledger written through
// server/ledger that passes the ledger check, on SQLite (the full set) and PostgreSQL (a smaller set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/core/config';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/migrations';
import { loadCatalogue } from '../../server/platform/definitions';
import { checkLedger } from '../../server/ledger/ledgerStore';
import { syncResourceTables } from '../../server/platform/resources/schemaSync';
import { cardNumberOf } from '../../server/mailingProduct/cards/cardNumbers';
import { demoPopulation, NAMED_MEMBERS } from '../../server/demoPopulation/memberData';
import { seed } from '../../server/platform/seeding';
import { createTestSchema, dropTestSchema, testDatabases } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const NOW = new Date('2026-11-23T08:00:00Z');
const SIZE = { sqlite: 400, postgres: 150 } as const;

describe.each(testDatabases)('demo members on $name', (target) => {
  const size = SIZE[target.name];
  let database: Database;
  let schema: string | undefined;
  let seedMs = 0;
  const db = () => definitionDb(database.db);
  const all = (table: string) => db().selectFrom(table).selectAll().execute();

  beforeAll(async () => {
    schema = target.name === 'postgres' ? await createTestSchema(target.url) : undefined;
    database = openDatabase(target.url, { schema });
    const catalogue = loadCatalogue();
    await migrateToLatest(database.db, database.schema);
    await syncResourceTables(database.db, catalogue, database.schema);
    const started = performance.now();
    await seed(database.db, catalogue, readConfig({ DEMO_MEMBERS: String(size) }), NOW);
    seedMs = performance.now() - started;
    console.log(`demo seed of ${size} members on ${target.name}: ${Math.round(seedMs)} ms`);
  }, 600_000);
  afterAll(async () => {
    await database?.close();
    if (schema) await dropTestSchema(target.url, schema);
  });

  it('keeps the named twenty as they were and adds drawn members up to the size', async () => {
    const members = await db().selectFrom('member').selectAll().orderBy('memberid').execute();
    expect(members).toHaveLength(size);
    NAMED_MEMBERS.forEach((named, i) => {
      expect(members[i]).toMatchObject({ memberid: `MBR${String(i + 1).padStart(7, '0')}`, firstname: named.firstname, lastname: named.lastname, gender: named.gender, status: named.state === 'inactive' ? 'INACTIVE' : 'ACTIVE' });
      expect(members[i]!.passwordhash === null).toBe(named.state === 'toActivate');
    });
    expect(members[0]).toMatchObject({ cardnumber: cardNumberOf('51', 1), membershipid: 'FFP', tierid: 'GOLD' });
    const cards = await all('member_card');
    for (const [i, named] of NAMED_MEMBERS.entries()) {
      const own = cards.filter((c) => c.memberid === members[i]!.memberid).map((c) => c.cardnumber);
      expect(own).toContain(cardNumberOf(({ FFP: '51', COBRAND: '52', CORPORATE: '53' } as const)[named.membershipid], i + 1));
      if (named.cobrand) expect(own).toContain(cardNumberOf('52', 100 + i));
    }
    // Unique but for the seeded suspect duplicates: two second enrollments under the same e-mail, two under the same ID card.
    for (const [key, shared] of [['username', 0], ['email', 2], ['cardnumber', 0], ['idcardno', 2], ['passportno', 0]] as const) {
      const values = members.map((m) => m[key]).filter((v) => v !== null);
      expect(values.length - new Set(values).size, key).toBe(shared);
    }
    expect(new Set(cards.map((c) => c.cardnumber)).size).toBe(cards.length);
  });

  it('spreads members over memberships, tiers, genders, ages, nationalities, branches, channels and ten years', async () => {
    const members = await all('member');
    const share = (pick: (m: any) => unknown) => {
      const counts = new Map<unknown, number>();
      for (const m of members) counts.set(pick(m), (counts.get(pick(m)) ?? 0) + 1);
      return counts;
    };
    const memberships = share((m) => m.membershipid);
    expect(memberships.get('FFP')!).toBeGreaterThan(members.length * 0.6);
    expect(memberships.get('COBRAND')!).toBeGreaterThan(members.length * 0.05);
    expect(memberships.get('CORPORATE')!).toBeGreaterThan(members.length * 0.03);
    const tiers = share((m) => m.tierid);
    expect(tiers.get('BLUE')!).toBeGreaterThan(tiers.get('SILVER')!);
    expect(tiers.get('SILVER')!).toBeGreaterThan(tiers.get('GOLD')!);
    expect(tiers.get('GOLD')!).toBeGreaterThan(tiers.get('PLATINUM')!);
    expect(tiers.get('PLATINUM')!).toBeGreaterThan(0);
    expect(share((m) => m.gender).size).toBe(2);
    const ages = members.map((m) => (NOW.getTime() - Date.parse(m.birthdate)) / (365.25 * 86_400_000));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThan(81);
    const nationalities = share((m) => m.nationality);
    expect(nationalities.get('ID')!).toBeGreaterThan(members.length * 0.6);
    expect(nationalities.size).toBeGreaterThanOrEqual(target.name === 'sqlite' ? 8 : 4);
    expect(share((m) => m.branchcode).size).toBeGreaterThanOrEqual(8);
    expect(share((m) => m.enrollchannel).size).toBeGreaterThanOrEqual(6);
    const enrolled = members.map((m) => m.enrollmentdate as string).sort();
    expect(Date.parse(enrolled.at(-1)!) - Date.parse(enrolled[0]!)).toBeGreaterThan(8 * 365 * 86_400_000);
    expect(share((m) => m.status).size).toBeGreaterThanOrEqual(target.name === 'sqlite' ? 3 : 2);
  });

  it('gives every member an account period, cards of its membership and tier, a private address and a tier history ending in its tier', async () => {
    const [members, cards, accounts, addresses, tiers] = await Promise.all(['member', 'member_card', 'member_account', 'member_address', 'member_tier'].map(all));
    const byMember = (rows: Record<string, any>[]) => {
      const map = new Map<string, Record<string, any>[]>();
      for (const r of rows) map.set(r.memberid, [...(map.get(r.memberid) ?? []), r]);
      return map;
    };
    const cardsOf = byMember(cards!);
    const addressesOf = byMember(addresses!);
    const tiersOf = byMember(tiers!);
    expect(accounts).toHaveLength(members!.length);
    expect(cards!.length).toBeGreaterThan(members!.length);
    expect(addresses!.some((a) => a.addresstype === 'BUSINESS' && a.companyname)).toBe(true);
    for (const m of members!) {
      expect(cardsOf.get(m.memberid)?.map((c) => c.cardnumber), m.memberid).toContain(m.cardnumber);
      expect(addressesOf.get(m.memberid)?.filter((a) => a.addresstype === 'PRIVATE'), m.memberid).toHaveLength(1);
      expect(addressesOf.get(m.memberid)!.filter((a) => Number(a.preferred) === 1).map((a) => a.addresstype), m.memberid).toEqual([m.preferredaddress]);
      const history = tiersOf.get(m.memberid)!.sort((a, b) => (a.startdate < b.startdate ? -1 : 1));
      expect(history.at(-1)!.tierid, m.memberid).toBe(m.tierid);
      expect(history[0]!.startdate, m.memberid).toBe(m.enrollmentdate);
    }
  });

  it('writes years of miles through the ledger: every kind of movement, activities behind earnings, and a clean ledger check', async () => {
    expect(await checkLedger(database.db)).toEqual([]);
    const rows = await db().selectFrom('ledger_transaction').select(['trxtype', db().fn.countAll().as('n')]).groupBy('trxtype').execute();
    const types = new Map(rows.map((r) => [r.trxtype, Number(r.n)]));
    for (const type of ['ENROLLBONUS', 'EARNING', 'REDEMPTION', 'EXPIRATION', ...(target.name === 'sqlite' ? ['TRANSFEROUT', 'TRANSFERIN'] : [])]) expect(types.get(type) ?? 0, type).toBeGreaterThan(0);
    const total = [...types.values()].reduce((a, b) => a + b, 0);
    expect(total / size).toBeGreaterThan(10);
    expect(total / size).toBeLessThan(60);
    const activities = Number((await db().selectFrom('member_activity').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const sourced = Number((await db().selectFrom('ledger_transaction').select(db().fn.countAll().as('n')).where('source', 'like', 'activity:%').executeTakeFirstOrThrow()).n);
    expect(activities).toBe(types.get('EARNING'));
    expect(sourced).toBeGreaterThan(activities * 0.9);
    // Higher tiers fly more: average tier miles rise with the tier.
    const avg = await db().selectFrom('member').select(['tierid', db().fn.avg('tiermiles').as('miles')]).where('membershipid', '=', 'FFP').groupBy('tierid').execute();
    const miles = new Map(avg.map((r) => [r.tierid, Number(r.miles)]));
    expect(miles.get('SILVER')!).toBeGreaterThan(miles.get('BLUE')!);
    expect(miles.get('GOLD')!).toBeGreaterThan(miles.get('SILVER')!);
  });

  it('holds a few suspect duplicates for /suspect-duplicate: the same name and birth date, the same e-mail, the same ID card', async () => {
    const suspects = await db().selectFrom('suspect_duplicate').selectAll().orderBy('matchrule').orderBy('memberid').execute();
    expect(suspects.map((s) => [s.matchrule, s.status])).toEqual([
      ['EMAIL', 'OPEN'],
      ['EMAIL', 'OPEN'],
      ['IDCARD', 'OPEN'],
      ['IDCARD', 'OPEN'],
      ['NAME_BIRTHDATE', 'OPEN'],
      ['NAME_BIRTHDATE', 'OPEN'],
    ]);
    const byId = new Map((await db().selectFrom('member').selectAll().execute()).map((m) => [m.memberid, m]));
    for (const suspect of suspects) {
      const [newer, older] = [byId.get(suspect.memberid)!, byId.get(suspect.matchedmemberid)!];
      expect(suspect).toMatchObject({ cardnumber: newer.cardnumber, matchedcardnumber: older.cardnumber, matchedmembername: older.memberfullname });
      if (suspect.matchrule === 'EMAIL') expect(newer.email).toBe(older.email);
      if (suspect.matchrule === 'IDCARD') expect(newer.idcardno).toBe(older.idcardno);
      if (suspect.matchrule === 'NAME_BIRTHDATE') expect([newer.memberfullname, newer.birthdate]).toEqual([older.memberfullname, older.birthdate]);
    }
  });

  it('is drawn deterministically: the same size and clock give the same members', () => {
    expect(JSON.stringify(demoPopulation(60, NOW, 36))).toBe(JSON.stringify(demoPopulation(60, NOW, 36)));
    expect(demoPopulation(60, NOW, 36)[40]!.fields.firstname).toBe(demoPopulation(41, NOW, 36)[40]!.fields.firstname);
  });

  it('seeds once: a second start adds nothing', async () => {
    const before = await db().selectFrom('ledger_transaction').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    await seed(database.db, loadCatalogue(), readConfig({ DEMO_MEMBERS: String(size) }), NOW);
    expect(await db().selectFrom('ledger_transaction').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });
});
