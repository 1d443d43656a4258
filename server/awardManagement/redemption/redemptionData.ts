// Demo redemptions (not production): a few named members' redemptions made through the redemption
// store itself (the ledger's REDEMPTION debit, the certificates, a partner voucher), so the member page's
// Redemption and Redemption Certificate tabs and Voucher Verification show realistic rows. Made once, while
// no redemption exists; dates some weeks after the seeding day.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { addDays, isoDay } from '../../../engine/definition/dates';
import type { ActionContext } from '../../platform/core/action';
import type { Schema } from '../../platform/db/schema';
import { confirmRedemption, type RedemptionDraft } from './redemptionStore';
import { definitionDb } from '../../platform/db/definitionDb';

const day = (now: Date, days: number) => isoDay(new Date(now.getTime() + days * 86_400_000));

const drafts = (now: Date): RedemptionDraft[] => [
  {
    // Hendra Gunawan and his wife to Bali and back.
    cardnumber: '5300000121',
    awardcode: 'AWD-DOM-Y',
    search: { origin: 'CGK', destination: 'DPS', departuredate: day(now, 80), isreturn: true, returndate: day(now, 87), compartmentcode: 'Y', passenger: 2 },
    passengers: [
      { name: 'Hendra', familyname: 'Gunawan', memberiduser: '5300000121', birthdate: '1978-03-14', selfusage: true },
      { name: 'Lina', familyname: 'Gunawan', birthdate: '1982-09-02', selfusage: false },
    ],
  },
  {
    // Rina Kusumawati: a night at the Hilton Bali (a partner voucher).
    cardnumber: '5300000139',
    awardcode: 'HTL-HILTON',
    search: { departuredate: day(now, 30), passenger: 1 },
    passengers: [{ name: 'Rina', familyname: 'Kusumawati', memberiduser: '5300000139', birthdate: '1985-06-21', selfusage: true }],
  },
  {
    // Rina Kusumawati: one way to Singapore.
    cardnumber: '5300000139',
    awardcode: 'AWD-INT-Y',
    search: { origin: 'CGK', destination: 'SIN', departuredate: day(now, 95), isreturn: false, compartmentcode: 'Y', passenger: 1 },
    passengers: [{ name: 'Rina', familyname: 'Kusumawati', memberiduser: '5300000139', birthdate: '1985-06-21', selfusage: true }],
  },
];

/** The draft with its travel dates moved `days` later. */
const later = (draft: RedemptionDraft, days: number): RedemptionDraft => {
  const move = (value: string) => addDays(value, days);
  const { search } = draft;
  return { ...draft, search: { ...search, departuredate: move(search.departuredate), ...(search.returndate ? { returndate: move(search.returndate) } : {}) } };
};

/** How far a demo redemption's dates move, a week at a time, to leave a blackout or reach the award's validity. */
const TRIES = 8;

/**
 * Makes the demo redemptions while none exists and their members do; returns how many were made. A date the
 * award is not offered on (a blackout, outside its validity) moves the trip a week later, so the demo keeps its
 * redemptions whatever day it is seeded.
 */
export async function seedRedemptionData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<number> {
  const tables = definitionDb(db);
  if (await tables.selectFrom('member_redemption').select('redemptionid').limit(1).executeTakeFirst()) return 0;
  let made = 0;
  for (const draft of drafts(now)) {
    const card = await tables.selectFrom('member_card').select('memberid').where('cardnumber', '=', draft.cardnumber).executeTakeFirst();
    if (!card) continue;
    const ctx = { db, user: { username: 'system' }, now: () => now, ip: '127.0.0.1' } as unknown as ActionContext;
    for (let week = 0; week < TRIES; week++) {
      try {
        await db.transaction().execute((trx) => confirmRedemption(ctx, trx, catalogue, later(draft, week * 7)));
        made += 1;
        break;
      } catch {
        // A date the award is not offered on: a week later. A member whose seeded balance no longer covers it
        // (a smaller demo population) gets none after the last try.
      }
    }
  }
  return made;
}
