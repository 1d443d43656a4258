// Demo award catalogue (not production): a GarudaMiles-like award chart: award types, flight awards
// priced by zone and compartment (with peak-season miles), an upgrade, a hotel voucher and a partner voucher,
// the peak seasons and blackouts they meet, the nominee fees and a few members' redemption nominees; each table
// filled once while it is empty.
// Codes match the other demo data (tiers, partners, airports, countries, branches).
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';
import { definitionDb } from '../../platform/db/definitionDb';

const AWARD_TYPES = [
  { awardtypecode: 'FLIGHT', awardtypename: 'Flight Award', categorytype: 'AIR', categorycode: 'FLIGHT', description: 'A Garuda ticket paid with award miles; taxes in cash' },
  { awardtypecode: 'UPGRADE', awardtypename: 'Upgrade Award', categorytype: 'AIR', categorycode: 'UPGRADE', description: 'A paid Economy ticket moved to Business' },
  { awardtypecode: 'HOTEL', awardtypename: 'Hotel Voucher', categorytype: 'NON_AIR', categorycode: 'HOTEL' },
  { awardtypecode: 'PARTNER', awardtypename: 'Partner Voucher', categorytype: 'NON_AIR', categorycode: 'VOUCHER' },
  { awardtypecode: 'MERCH', awardtypename: 'Merchandise', categorytype: 'NON_AIR', categorycode: 'MERCHANDISE' },
];

const CERTIFICATE = 'This certificate is valid for travel on Garuda Indonesia flights only. Not transferable; airport taxes and surcharges are paid in cash.';
const FLIGHT_RULES = { cancelfee: 1000, canceldeadlinedays: 1, updatefee: 500, updatedeadlinedays: 1, validitydays: 365, certificatetext: CERTIFICATE };

const AWARDS = [
  { awardcode: 'AWD-DOM-Y', awardname: 'Domestic Economy Award', awardtypecode: 'FLIGHT', pricingby: 'ZONE', maxperson: 9, startdate: '2024-01-01', ...FLIGHT_RULES, status: 'ACTIVE' },
  { awardcode: 'AWD-DOM-C', awardname: 'Domestic Business Award', awardtypecode: 'FLIGHT', pricingby: 'ZONE', maxperson: 9, startdate: '2024-01-01', ...FLIGHT_RULES, status: 'ACTIVE' },
  { awardcode: 'AWD-INT-Y', awardname: 'International Economy Award', awardtypecode: 'FLIGHT', pricingby: 'ZONE', maxperson: 9, startdate: '2024-01-01', ...FLIGHT_RULES, status: 'ACTIVE' },
  {
    awardcode: 'AWD-INT-C', awardname: 'International Business Award', awardtypecode: 'FLIGHT', pricingby: 'ZONE', maxperson: 4, startdate: '2024-01-01', ...FLIGHT_RULES,
    alltiers: false, tiers: ['SILVER', 'GOLD', 'PLATINUM'], status: 'ACTIVE',
  },
  {
    awardcode: 'UPG-DOM', awardname: 'Domestic Upgrade to Business', awardtypecode: 'UPGRADE', pricingby: 'ROUTE', maxperson: 1, startdate: '2024-01-01', ...FLIGHT_RULES,
    description: 'Upgrades a paid Y, B or M class ticket to Business', status: 'ACTIVE',
  },
  {
    awardcode: 'HTL-HILTON', awardname: 'Hilton Bali One Night Stay', awardtypecode: 'HOTEL', pricingby: 'ZONE', maxperson: 1, startdate: '2025-01-01', enddate: '2027-12-31',
    partnercode: 'HILTON', partnerawardcode: 'HH-DPS-1N', fixedprice: true, priceaward: 25000, cancelfee: 2500, canceldeadlinedays: 7, validitydays: 180,
    vouchertext: 'One night in a Deluxe room at Hilton Bali Resort, breakfast for two. Book with the hotel 14 days ahead quoting the voucher number.',
    allcountries: false, countries: ['ID'], status: 'ACTIVE',
  },
  {
    awardcode: 'VCH-SARINAH', awardname: 'Sarinah Shopping Voucher IDR 500,000', awardtypecode: 'PARTNER', pricingby: 'ZONE', maxperson: 1, startdate: '2025-01-01',
    partnercode: 'SARINAH', partnerawardcode: 'SRN-500K', fixedprice: true, priceaward: 6000, validitydays: 90,
    vouchertext: 'Worth IDR 500,000 at any Sarinah store. One voucher per purchase; no cash back.',
    allcountries: false, countries: ['ID'], branches: ['JKTHO', 'DPSBO'], status: 'ACTIVE',
  },
  { awardcode: 'AWD-INT-F', awardname: 'International First Award', awardtypecode: 'FLIGHT', pricingby: 'ZONE', maxperson: 2, startdate: '2020-01-01', enddate: '2023-12-31', ...FLIGHT_RULES, status: 'TERMINATED' },
];

/** Miles one way by zone and compartment; peak-season miles are half as much again. */
const ZONE_MILES: [string, string, string, number][] = [
  ['AWD-DOM-Y', 'DOM-1', 'Y', 7500],
  ['AWD-DOM-Y', 'DOM-2', 'Y', 12500],
  ['AWD-DOM-Y', 'DOM-3', 'Y', 17500],
  ['AWD-DOM-C', 'DOM-1', 'C', 15000],
  ['AWD-DOM-C', 'DOM-2', 'C', 25000],
  ['AWD-DOM-C', 'DOM-3', 'C', 35000],
  ['AWD-INT-Y', 'ASIA-1', 'Y', 20000],
  ['AWD-INT-Y', 'ASIA-2', 'Y', 30000],
  ['AWD-INT-Y', 'EUROPE', 'Y', 60000],
  ['AWD-INT-C', 'ASIA-1', 'C', 40000],
  ['AWD-INT-C', 'ASIA-2', 'C', 60000],
  ['AWD-INT-C', 'EUROPE', 'C', 120000],
  ['UPG-DOM', 'BAND-1', 'Y-C', 5000],
  ['UPG-DOM', 'BAND-2', 'Y-C', 9000],
];

const AWARD_PRICES = [
  ...ZONE_MILES.map(([awardcode, zonecode, compartmentcode, normalmiles]) => ({
    awardcode,
    pricecode: `${zonecode}-${compartmentcode}`,
    zonecode,
    compartmentcode,
    normalmiles,
    peakmiles: normalmiles * 1.5,
    effectivedate: '2024-01-01',
  })),
  // Platinum members pay less for international Business.
  { awardcode: 'AWD-INT-C', pricecode: 'EUROPE-C-PLAT', zonecode: 'EUROPE', compartmentcode: 'C', tierid: 'PLATINUM', normalmiles: 100000, peakmiles: 150000, effectivedate: '2024-01-01' },
];

const PEAK_SEASONS = [
  { peakseasoncode: 'LEBARAN-26', peakseasonname: 'Idul Fitri 2026', startdate: '2026-03-13', enddate: '2026-03-29', description: 'Mudik: the weeks around Lebaran' },
  { peakseasoncode: 'SCHOOL-26', peakseasonname: 'School Holiday 2026', startdate: '2026-06-20', enddate: '2026-07-12' },
  { peakseasoncode: 'YEAREND-26', peakseasonname: 'Christmas and New Year 2026', startdate: '2026-12-18', enddate: '2027-01-04' },
  { peakseasoncode: 'HAJJ-26', peakseasonname: 'Hajj Season 2026', awardtypecode: 'UPGRADE', startdate: '2026-05-01', enddate: '2026-05-31' },
];

const BLACKOUTS = [
  { blackoutcode: 'BO-CGK-DPS-NYE', blackouttype: 'ROUTE', originairport: 'CGK', destinationairport: 'DPS', startdate: '2026-12-24', enddate: '2027-01-01', description: 'Bali at year end' },
  { blackoutcode: 'BO-DPS-CGK-NYE', blackouttype: 'ROUTE', originairport: 'DPS', destinationairport: 'CGK', startdate: '2027-01-01', enddate: '2027-01-05' },
  { blackoutcode: 'BO-HILTON-NYE', blackouttype: 'AWARD', awardcode: 'HTL-HILTON', startdate: '2026-12-28', enddate: '2027-01-02', description: 'Hotel fully booked' },
];

const NOMINEE_FEES = [
  { nomineefeecode: 'NOM-ALL', feemiles: 2000, effectivedate: '2024-01-01' },
  { nomineefeecode: 'NOM-FLIGHT-GOLD', awardtypecode: 'FLIGHT', tierid: 'GOLD', feemiles: 1000, effectivedate: '2024-01-01' },
  { nomineefeecode: 'NOM-FLIGHT-PLAT', awardtypecode: 'FLIGHT', tierid: 'PLATINUM', feemiles: 0, effectivedate: '2024-01-01' },
  { nomineefeecode: 'NOM-HOTEL', awardtypecode: 'HOTEL', feemiles: 1500, feeamount: 50000, currencycode: 'IDR', effectivedate: '2025-01-01' },
];

/** Which zone (flight awards) and route band (upgrades) a route is priced by, both ways. */
const ROUTES: [string, string, string, string | null][] = [
  ['CGK', 'DPS', 'DOM-1', 'BAND-1'],
  ['CGK', 'SUB', 'DOM-1', 'BAND-1'],
  ['CGK', 'KNO', 'DOM-2', 'BAND-1'],
  ['CGK', 'UPG', 'DOM-2', 'BAND-2'],
  ['CGK', 'DJJ', 'DOM-3', 'BAND-2'],
  ['DPS', 'SUB', 'DOM-1', 'BAND-1'],
  ['CGK', 'SIN', 'ASIA-1', null],
  ['CGK', 'KUL', 'ASIA-1', null],
  ['DPS', 'SIN', 'ASIA-1', null],
  ['CGK', 'NRT', 'ASIA-2', null],
  ['CGK', 'HND', 'ASIA-2', null],
  ['CGK', 'ICN', 'ASIA-2', null],
  ['CGK', 'AMS', 'EUROPE', null],
  ['CGK', 'LHR', 'EUROPE', null],
];
const ROUTE_ZONES = ROUTES.flatMap(([a, b, zonecode, routeband]) => [
  { originairport: a, destinationairport: b, zonecode, routeband },
  { originairport: b, destinationairport: a, zonecode, routeband },
]);

export const AWARD_TABLES: SeedTable[] = [
  { resource: 'award-type', rows: AWARD_TYPES },
  { resource: 'award', rows: AWARDS },
  { resource: 'award-price', rows: AWARD_PRICES },
  { resource: 'peak-season', rows: PEAK_SEASONS },
  { resource: 'blackout', rows: BLACKOUTS },
  { resource: 'nominee-fee-config', rows: NOMINEE_FEES },
  { resource: 'award-route-zone', rows: ROUTE_ZONES },
];

/** Redemption nominees of named demo members (by member id; the twenty named members come first). */
const NOMINEES = [
  { memberid: 'MBR0000001', nomineeid: 'MBR0000001-1', firstname: 'Sari', lastname: 'Santoso', relationship: 'SPOUSE', dateofbirth: '1986-04-12' },
  { memberid: 'MBR0000001', nomineeid: 'MBR0000001-2', firstname: 'Raka', lastname: 'Santoso', relationship: 'CHILD', dateofbirth: '2012-09-03' },
  { memberid: 'MBR0000001', nomineeid: 'MBR0000001-3', firstname: 'Hartono', lastname: 'Santoso', relationship: 'PARENT', dateofbirth: '1955-01-20', status: 'INACTIVE' },
  { memberid: 'MBR0000002', nomineeid: 'MBR0000002-1', firstname: 'Dewi', lastname: 'Lestari', relationship: 'SIBLING', dateofbirth: '1990-11-30' },
];

/** Fills each award catalogue table that is still empty; returns the rows inserted per resource. */
export function seedAwardData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  return seedTables(db, catalogue, AWARD_TABLES, now, { demoCalendar: true });
}

/** Fills the members' redemption nominees while the table is empty, for the demo members that exist (after the members are seeded). */
export async function seedNomineeData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  const ids = [...new Set(NOMINEES.map((n) => n.memberid))];
  const found = await definitionDb(db).selectFrom('member').select('memberid').where('memberid', 'in', ids).execute();
  const existing = new Set(found.map((m) => String(m.memberid)));
  return seedTables(db, catalogue, [{ resource: 'member-redemption-nominee', rows: NOMINEES.filter((n) => existing.has(n.memberid)) }], now);
}
