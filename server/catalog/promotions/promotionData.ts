// Demo promotion data (not production): the bonus per activity code of the non-air promotions, the registration codes of the promotions that need registration,
// the redemption promo criteria types and catalogues, and a few demo members registered to SkyTeam Europe
// Bonus (two by staff with a code, one by a Promo File), each table filled once while it is empty. The
// promotions themselves are in programmeData.ts.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';
import { definitionDb } from '../../platform/db/definitionDb';

const REGISTERED_PROMO = 'SKYTEAMEU26';

const REGISTRATION_CODES = [
  { registrationcode: 'KLEU2026', promocode: REGISTERED_PROMO, description: 'Registration code of the SkyTeam Europe campaign e-mail' },
  { registrationcode: 'KLGOLD26', promocode: REGISTERED_PROMO, description: 'Registration code for Gold members at the lounge' },
];

const CRITERIA_TYPES = [
  { criteriatypecode: 'TIER', criteria: 'Member tier', active: true },
  { criteriatypecode: 'ROUTE', criteria: 'Route of the award flight', active: true },
  { criteriatypecode: 'PARTNER', criteria: 'Redemption partner', active: true },
  { criteriatypecode: 'SEASON', criteria: 'Travel season', active: false },
];

const CATALOGS = [
  { promocatalogcode: 'REDEEM26', catalogname: 'Redemption Deals 2026', criteriatypecode: 'TIER', ischildpromotion: false, parentcatalogcode: null, startdate: '2026-01-01', enddate: '2026-12-31' },
  { promocatalogcode: 'REDEEMDPS26', catalogname: 'Bali Award Seats', criteriatypecode: 'ROUTE', ischildpromotion: true, parentcatalogcode: 'REDEEM26', startdate: '2026-03-01', enddate: '2026-06-30' },
  { promocatalogcode: 'REDEEMHTL26', catalogname: 'Hotel Nights for Miles', criteriatypecode: 'PARTNER', ischildpromotion: true, parentcatalogcode: 'REDEEM26', startdate: '2026-02-01', enddate: '2026-12-31' },
];

/** Bonus per Activity Code of the non-air promotions: a code's own bonus instead of the promotion's. */
const ACTIVITY_BONUSES = [
  { promocode: 'HILTONSTAY26', activitycode: 'STAY', bonustype: 'FIXED', bonusvalue: 500, milestype: 'AWARD' },
  { promocode: 'BNICARD26', activitycode: 'CARDSIGNUP', bonustype: 'FIXED', bonusvalue: 5000, milestype: 'AWARD' },
  { promocode: 'BNICARD26', activitycode: 'CARDSPEND', bonustype: 'PERCENTAGE', bonusvalue: 20, milestype: 'AWARD' },
];

/** Three Gold or Platinum demo members of the programme (the first by member ID), with their card. */
async function goldMembers(db: Kysely<Schema>): Promise<{ memberid: string; cardnumber: string }[]> {
  return (await definitionDb(db)
    .selectFrom('member')
    .select(['memberid', 'cardnumber'])
    .where('membershipid', '=', 'FFP')
    .where('tierid', 'in', ['GOLD', 'PLATINUM'])
    .where('status', '=', 'ACTIVE')
    .where('cardnumber', 'is not', null)
    .orderBy('memberid')
    .limit(3)
    .execute()) as { memberid: string; cardnumber: string }[];
}

/** Fills each promotion table that is still empty (after the demo members exist); returns the rows inserted per resource. */
export async function seedPromotionData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  const members = await goldMembers(db);
  const byStaff = members.slice(0, 2).map((m, i) => ({ promocode: REGISTERED_PROMO, cardnumber: m.cardnumber, memberid: m.memberid, registrationcode: REGISTRATION_CODES[i]!.registrationcode, channel: 'STAFF', status: 'REGISTERED' }));
  const byFile = members.slice(2).map((m) => ({ promocode: REGISTERED_PROMO, cardnumber: m.cardnumber, memberid: m.memberid }));
  const tables: SeedTable[] = [
    { resource: 'promotion-bonus-activity', rows: ACTIVITY_BONUSES },
    { resource: 'registration-code', rows: REGISTRATION_CODES },
    { resource: 'promo-criteria-type', rows: CRITERIA_TYPES },
    { resource: 'promo-catalog', rows: CATALOGS },
    { resource: 'member-promo', rows: [...byStaff, ...byFile.map((r) => ({ ...r, registrationcode: null, channel: 'FILE', status: 'REGISTERED' }))] },
    { resource: 'promo-file', rows: byFile },
  ];
  return seedTables(db, catalogue, tables, now, { demoCalendar: true });
}
