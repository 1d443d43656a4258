// The tier-management screens' demo data on both databases: membership types, memberships and four
// ranked tiers per membership, offered by their selectors, and demo members holding cards in them;
// seeded once, never in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/core/config';
import { openDatabase } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/migrations';
import { loadCatalogue } from '../../server/platform/definitions';
import { syncResourceTables } from '../../server/platform/resources/schemaSync';
import { seed } from '../../server/platform/seeding';
import { seedTierData } from '../../server/tierManagement/tiers/tierData';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

describe.each(testDatabases)('tier management data on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const options = async (selector: string) =>
    (await server.call('/api/selector/options', { selector }, { token: admin })).body.result as Record<string, unknown>[];

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.identity!.signature!;
  });
  afterAll(async () => server?.close());

  it('offers the membership types, memberships and tiers through their selectors', async () => {
    expect(await options('membership-type')).toEqual([
      { value: 'CORP', label: 'Corporate' },
      { value: 'IND', label: 'Individual' },
    ]);
    const memberships = await options('membership');
    expect(memberships.map((m) => m.value).sort()).toEqual(['COBRAND', 'CORPORATE', 'FFP']);
    expect(memberships.find((m) => m.value === 'CORPORATE')).toMatchObject({ membershiptypeid: 'CORP' });

    const tiers = await options('tier');
    expect(tiers).toHaveLength(12);
    const labels = tiers.map((t) => t.label as string);
    expect(labels).toEqual([...labels].sort());
    expect(tiers.find((t) => t.value === 'GOLD')).toEqual({ value: 'GOLD', label: 'Gold', membershipid: 'FFP', rank: 3 });
    for (const membershipid of ['FFP', 'COBRAND', 'CORPORATE']) {
      const ranked = tiers.filter((t) => t.membershipid === membershipid).sort((a, b) => (a.rank as number) - (b.rank as number));
      expect(ranked.map((t) => t.label)).toEqual(['Blue', 'Silver', 'Gold', 'Platinum']);
    }
  });

  it('seeds demo members whose cards sit in the seeded memberships and tiers', async () => {
    const db = server.database.db;
    const members = await db.selectFrom('member').selectAll().execute();
    expect(members.length).toBeGreaterThanOrEqual(20);
    expect(members.filter((m) => m.status === 'INACTIVE')).toHaveLength(1);
    expect(members.filter((m) => m.status === 'ACTIVE' && m.passwordhash === null).length).toBeGreaterThan(2);
    expect(new Set(members.map((m) => m.username)).size).toBe(members.length);
    const cards = (await definitionDb(db)
      .selectFrom('member_card')
      .leftJoin('tier', 'tier.tierid', 'member_card.tierid')
      .select(['member_card.cardnumber', 'member_card.membershipid', 'tier.membershipid as tiermembership'])
      .execute()) as { cardnumber: string; membershipid: string; tiermembership: string | null }[];
    expect(cards.length).toBeGreaterThan(members.length);
    for (const card of cards) {
      expect(card.cardnumber).toMatch(/^\d{10}$/);
      expect(card.tiermembership).toBe(card.membershipid);
    }
    const accounts = await db.selectFrom('member_account').selectAll().execute();
    expect(accounts).toHaveLength(members.length);
    for (const a of accounts) expect(a.startperiod < a.endperiod).toBe(true);
  });

  it('seeds again without duplicating or restoring what staff deleted', async () => {
    const db = definitionDb(server.database.db);
    await db.deleteFrom('tier').where('tierid', '=', 'CORPPLATINUM').execute();
    expect(await seedTierData(server.database.db, loadCatalogue())).toEqual({});
    expect((await db.selectFrom('tier').select('tierid').execute()).length).toBe(11);
  });
});

describe('tier management data in production', () => {
  it('is not seeded', async () => {
    const database = openDatabase('sqlite::memory:');
    try {
      await migrateToLatest(database.db);
      const catalogue = loadCatalogue();
      await syncResourceTables(database.db, catalogue);
      await seed(database.db, catalogue, readConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'Prod#Secret1' }));
      const db = definitionDb(database.db);
      for (const table of ['membership_type', 'membership', 'tier', 'member', 'member_card']) expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
