// Demo vendor regions (not production): the geographic regions' codes (the vendors' regions use them too),
// each with the countries and branch offices it covers and the SLA days of printing, packaging and delivery;
// and card orders of the named demo members in every status with their tracking history (some steps over
// their SLA, some returned and reordered, some sent to a branch office), filled once.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { REGION_RESOURCE, SEND_TO, createOrder, moveOrders } from './orderStore';
import type { OrderStatus } from '../../../domain/orderStatus';
import { REGION_CODES } from '../../platform/seed/referenceLists';
import { seedTables } from '../../platform/seed/seedTables';
import { definitionDb } from '../../platform/db/definitionDb';

export const VENDOR_REGIONS = [
  {
    regioncode: REGION_CODES.AS, regionname: 'Asia', slaprinting: 3, slapackaging: 2, sladelivery: 5,
    countries: ['ID', 'SG', 'MY', 'TH', 'PH', 'VN', 'JP', 'KR', 'CN', 'HK', 'IN', 'SA', 'AE'],
    branches: ['JKTHO', 'DPSBO', 'SUBBO', 'MESBO', 'UPGBO', 'BPNBO', 'JOGBO'],
  },
  { regioncode: REGION_CODES.OC, regionname: 'Oceania', slaprinting: 3, slapackaging: 2, sladelivery: 8, countries: ['AU', 'NZ'], branches: [] },
  { regioncode: REGION_CODES.EU, regionname: 'Europe', slaprinting: 3, slapackaging: 3, sladelivery: 12, countries: ['NL', 'FR', 'DE', 'GB', 'IT', 'ES', 'CH'], branches: [] },
  { regioncode: REGION_CODES.NA, regionname: 'North America', slaprinting: 3, slapackaging: 3, sladelivery: 14, countries: ['US', 'CA'], branches: [] },
  // Naming no country and no branch: every destination no other region covers.
  { regioncode: 'WORLD', regionname: 'Rest of the World', slaprinting: 5, slapackaging: 3, sladelivery: 21, countries: [], branches: [] },
];

/** Where each demo order stops: its path of statuses after payment success. */
const FORWARD: OrderStatus[] = ['READYTOPRINT', 'PRINTING', 'PRINTED', 'READYTOPACK', 'PACKING', 'PACKED', 'READYTODELIVER', 'DELIVERING'];
const DEMO_PATHS: OrderStatus[][] = [
  [],
  ...FORWARD.map((_, i) => FORWARD.slice(0, i + 1)),
  [...FORWARD, 'DELIVERED'],
  [...FORWARD, 'RETURN'],
  [...FORWARD, 'RETURN', 'REORDER'],
  [...FORWARD, 'RETURN', 'REORDER', 'READYTODELIVER', 'DELIVERING'],
  [...FORWARD, 'RETURN', 'REORDER', 'READYTODELIVER', 'DELIVERING', 'DELIVERED'],
  [...FORWARD, 'DELIVERED'],
  [...FORWARD, 'DELIVERED'],
];
const DAY_MS = 86_400_000;
const DEMO_USER = 'system';

export async function seedOrderData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  const inserted = await seedTables(db, catalogue, [{ resource: REGION_RESOURCE, rows: VENDOR_REGIONS }], now);
  inserted.order = await seedOrders(db, now);
  return inserted;
}

async function seedOrders(db: Kysely<Schema>, now: Date): Promise<number> {
  const any = definitionDb(db);
  if (await any.selectFrom('order_tracking').select('trackingid').limit(1).executeTakeFirst()) return 0;
  const members = (await any
    .selectFrom('member')
    .select(['memberid', 'cardnumber', 'membershipid', 'tierid', 'nameoncard', 'branchcode'])
    .where('status', '=', 'ACTIVE')
    .where('cardnumber', 'is not', null)
    .orderBy('memberid')
    .limit(DEMO_PATHS.length)
    .execute()) as { memberid: string; cardnumber: string; membershipid: string; tierid: string; nameoncard: string | null; branchcode: string | null }[];
  // Every membership's cards are made of the card product: its card orders (enrollment, tier change, reorder) need one.
  await any.updateTable('membership').set({ cardmailingproduct: 'CARDBLUE' }).where('cardmailingproduct', 'is', null).execute();
  return db.transaction().execute(async (trx) => {
    let count = 0;
    for (const [i, member] of members.entries()) {
      const path = DEMO_PATHS[i]!;
      // Every third order is slow (two days a step: some steps over their SLA); the rest take half a day a step.
      const pace = i % 3 === 2 ? 2 : 0.5;
      let at = new Date(now.getTime() - (path.length * pace + 1 + (i % 4)) * DAY_MS);
      const toBranch = i % 4 === 1;
      const orderid = await createOrder(trx, {
        memberid: member.memberid,
        cardnumber: member.cardnumber,
        membershipid: member.membershipid,
        tierid: member.tierid,
        nameoncard: member.nameoncard,
        reason: i % 5 === 4 ? 'TIERCHANGE' : 'ENROLLMENT',
        ...(toBranch ? { destination: { sendto: SEND_TO.branchOffice, branchcode: member.branchcode ?? 'JKTHO', ticketoffice: 'JKT01', address: 'Jl. Gajah Mada No. 18, Jakarta' } } : {}),
        user: DEMO_USER,
        now: at,
      });
      if (orderid === undefined) continue;
      for (const to of path) {
        at = new Date(at.getTime() + pace * DAY_MS);
        const { problems } = await moveOrders(trx, [{ orderid, to }], { user: DEMO_USER, now: at });
        if (problems.length > 0) throw new Error(`demo order ${orderid}: ${problems[0]!.message}`);
      }
      count++;
    }
    return count;
  });
}
