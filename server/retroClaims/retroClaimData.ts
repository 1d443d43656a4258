// Demo retro claims beside the approved ones of the member population: per manager, claims waiting on their
// approval page (with their approval requests, made by admin for the checker) and a rejected one; SkyTeam In
// claims of other programmes' members waiting, ready for export and rejected. Written once.
import type { Kysely } from 'kysely';
import { APPROVAL_TEXTS } from '../../engine/definition/approvals';
import type { Catalogue } from '../../engine/definition/catalogue';
import { resourceModel } from '../../engine/definition/compile';
import { formatMessage } from '../../engine/rules';
import type { Schema } from '../platform/db/schema';
import { insertRequest } from '../platform/approvals/approvalStore';
import { recordName } from '../platform/approvals/recordNames';
import { recordKey } from '../platform/resources/records';
import { claimManagers } from './retroClaimHooks';
import { IN_CLAIM_RESOURCE } from './retroClaimStore';
import { isoDay } from '../../engine/definition/dates';
import { definitionDb } from '../platform/db/definitionDb';

const SEED_USER = 'admin';

/** A flight per claim type: carrier, number, route, class. */
const FLIGHTS: Record<string, [string, string, string, string, string][]> = {
  OWN: [['GA', '406', 'CGK', 'DPS', 'Y'], ['GA', '152', 'CGK', 'KNO', 'M'], ['GA', '880', 'CGK', 'NRT', 'C']],
  SKYTEAM: [['KL', '810', 'CGK', 'AMS', 'Y'], ['AF', '256', 'CDG', 'SIN', 'M'], ['KE', '628', 'CGK', 'ICN', 'B']],
  STAR_ALLIANCE: [['SQ', '951', 'SIN', 'CGK', 'Y'], ['SQ', '638', 'SIN', 'NRT', 'B'], ['NH', '836', 'NRT', 'CGK', 'M']],
  ONEWORLD: [['QF', '42', 'SYD', 'CGK', 'Y'], ['CX', '777', 'HKG', 'CGK', 'B'], ['CX', '718', 'CGK', 'HKG', 'M']],
};
const IN_FLIGHTS: [string, string, string, string, string, string][] = [
  ['FLYINGBLUE', '2004117735', 'DUPONT/MARIE', 'GA', '88', 'CGK'],
  ['SKYMILES', '2004552190', 'JANSEN/PIETER', 'GA', '88', 'CGK'],
  ['SKYPASS', '1998300412', 'SMITH/JOHN', 'GA', '880', 'CGK'],
];
/** A 1x1 PNG standing in for the scanned e-ticket and boarding pass. */
const SCAN = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export async function seedRetroClaimData(db: Kysely<Schema>, catalogue: Catalogue, now: Date): Promise<void> {
  const managers = claimManagers(catalogue);
  if (managers.length === 0) return;
  const done = await definitionDb(db).selectFrom('approval_request').select('requestid').where('menucode', 'in', managers.map((m) => m.menucode)).limit(1).executeTakeFirst();
  if (done) return;
  const members = (await definitionDb(db)
    .selectFrom('member')
    .select(['memberid', 'cardnumber', 'firstname', 'lastname', 'enrollmentdate', 'gender'])
    .where('status', '=', 'ACTIVE')
    .where('enrollmentdate', '<', isoDay(new Date(now.getTime() - 365 * 86_400_000)))
    .orderBy('memberid')
    .limit(12)
    .execute()) as { memberid: string; cardnumber: string; firstname: string; lastname: string | null; enrollmentdate: string; gender: string | null }[];
  if (members.length < 12) return;
  const day = (ago: number) => isoDay(new Date(now.getTime() - ago * 86_400_000));
  const stamp = (ago: number) => ({ createdby: SEED_USER, createddate: `${day(ago)}T02:00:00.000Z`, updatedby: SEED_USER, updateddate: `${day(ago)}T02:00:00.000Z` });
  let sequence = 0;
  const claimid = (ago: number) => `${day(ago).replace(/-/g, '')}RC${String(++sequence).padStart(4, '0')}`;

  await db.transaction().execute(async (trx) => {
    const request = async (screen: (typeof managers)[number], record: Record<string, unknown>, ago: number) => {
      const model = resourceModel(screen);
      const key = Object.fromEntries(model.key.map((k) => [k, record[k]]));
      const recordkey = recordKey(model, key);
      const { eticket: _e, boardingpass: _b, rejectreason: _r, ...shown } = record;
      const proposed = { ...shown, status: screen.resource.name === IN_CLAIM_RESOURCE ? 'EXPORT' : 'APPROVED' };
      const recordname = await recordName(trx, catalogue, model.name, record);
      const requestid = await insertRequest(trx, { menucode: screen.menucode, action: 'create', resource: model.name, recordkey, recordname, key, data: key, proposed, before: null, requestedby: SEED_USER, requestdate: `${day(ago)}T02:00:00.000Z` }, formatMessage(APPROVAL_TEXTS.pending, { title: screen.title, key: recordkey }));
      let update = definitionDb(trx).updateTable(model.table).set({ requestid });
      for (const [name, value] of Object.entries(key)) update = update.where(name, '=', value);
      await update.execute();
    };
    let next = 0;
    for (const screen of managers) {
      const model = resourceModel(screen);
      if (screen.resource.name === IN_CLAIM_RESOURCE) {
        for (const [i, [programcode, ffpnumber, ticketname, carrier, flightnumber, origin]] of IN_FLIGHTS.entries()) {
          const ago = 5 + i * 6;
          const status = ['SUBMITTED', 'EXPORT', 'REJECTED'][i]!;
          const record = { claimid: claimid(ago), claimdate: day(ago), programcode, ffpnumber, ticketname, carrier, flightnumber, flightdate: day(ago + 4), origin, destination: flightnumber === '88' ? 'AMS' : 'NRT', bookingclass: 'Y', ticketnumber: `126${String(4_100_000_000 + i * 7919)}`, eticket: SCAN, boardingpass: SCAN, status, rejectreason: status === 'REJECTED' ? 'The boarding pass shows another passenger' : null };
          await definitionDb(trx).insertInto(model.table).values({ ...record, ...stamp(ago) }).execute();
          if (status === 'SUBMITTED') await request(screen, record, ago);
        }
        continue;
      }
      const claimtype = (model.filter as Record<string, string>).claimtype!;
      const own = claimtype === 'OWN';
      for (const [i, [carrier, flightnumber, origin, destination, bookingclass]] of FLIGHTS[claimtype]!.entries()) {
        const member = members[next++ % members.length]!;
        const ago = 2 + i * 5;
        const status = i < 2 ? 'SUBMITTED' : 'REJECTED';
        const record = {
          memberid: member.memberid,
          claimid: claimid(ago),
          claimtype,
          claimdate: day(ago),
          cardnumber: member.cardnumber,
          ticketname: `${(member.lastname || member.firstname).toUpperCase()}/${member.firstname.toUpperCase()} ${member.gender === 'FEMALE' ? 'MS' : 'MR'}`,
          carrier,
          flightnumber,
          flightdate: day(ago + (own ? 4 : 15)),
          origin,
          destination,
          bookingclass,
          ticketnumber: `126${String(4_200_000_000 + next * 7919)}`,
          eticket: SCAN,
          boardingpass: own ? null : SCAN,
          status,
          rejectreason: status === 'REJECTED' ? 'The flight is not on the e-ticket' : null,
        };
        await definitionDb(trx).insertInto(model.table).values({ ...record, ...stamp(ago) }).execute();
        if (status === 'SUBMITTED') await request(screen, record, ago);
      }
    }
  });
}
