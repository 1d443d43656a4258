// Demo accrual rules (not production): the GarudaMiles booking-class table for tickets issued from 15 Dec
// 2020 and the older table before it, SkyTeam partners' tables, Citilink by fare and by route band, route
// miles, the partners' activity codes, tier bonuses and promotions, each table filled once while it is
// empty. Figures from ../shared/DOMAIN.md.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';

type ClassRow = { bookingclass: string; awardpercent: number; tierpercent: number; segments: number };

/** The date GarudaMiles' current table starts: tickets issued from it earn by it. */
export const GARUDA_TABLE_2020 = '2020-12-15';

/** GarudaMiles, tickets issued from 15 Dec 2020: award % = tier %, no segments on the programme's own flights. */
export const GARUDA_2020: [string, number][] = [
  ['FAP', 400],
  ['J', 300],
  ['C', 250],
  ['D', 225],
  ['I', 200],
  ['Y', 100],
  ['W', 80],
  ['BMKN', 80],
  ['QTVHS', 30],
  ['G', 30],
  ['L', 10],
  ['EUZ', 2],
];

/** The older table, tickets issued before 15 Dec 2020: tier %, award %, segments; E, U and Z earned nothing. */
export const GARUDA_2016: [string, number, number, number][] = [
  ['FAP', 300, 250, 4],
  ['JC', 200, 175, 3],
  ['DI', 175, 150, 3],
  ['Y', 150, 105, 3],
  ['W', 125, 100, 2],
  ['BMKN', 100, 80, 2],
  ['QTVHS', 75, 30, 1],
  ['G', 50, 25, 1],
  ['L', 25, 10, 1],
];

/** SkyTeam partners' own class tables (award % = tier %, one segment a flight). */
export const SKYTEAM: Record<string, [string, number][]> = {
  KL: [['JCDIZ', 150], ['WSA', 110], ['YBM', 100], ['UKH', 75], ['LQTE', 50], ['NRVG', 25]],
  AF: [['JCDIZ', 150], ['WSA', 110], ['YBM', 100], ['UKH', 75], ['LQTE', 50], ['NRVG', 25]],
  DL: [['JCDIZ', 150], ['PAG', 110], ['YBM', 100], ['HQK', 75], ['LUT', 50], ['XVE', 25]],
  KE: [['PFA', 200], ['JCDIR', 150], ['YBMS', 100], ['HEKLU', 75], ['QNT', 50], ['G', 25]],
};

const classRows = (rulecode: string, rows: ClassRow[]) => rows.map((row) => ({ rulecode, ...row }));
const spread = (letters: string, row: (cls: string) => ClassRow): ClassRow[] => [...letters].map(row);

/** Citilink without a fare (a codeshare, a file without fares): by route band, from 2024. */
const QG_BANDS: [string, string, [string, number][]][] = [
  ['QG-SHORT', 'SHORT', [['YBM', 50], ['KNQTV', 25]]],
  ['QG-REGIONAL', 'REGIONAL', [['YBM', 60], ['KNQTV', 30]]],
];

const BC_RULES = [
  ...QG_BANDS.map(([rulecode, distancerangecode]) => ({ rulecode, rulename: `Citilink ${distancerangecode.toLowerCase()} band`, airlinecode: 'QG', distancerangecode, issuedatefrom: '2024-01-01', effectivedate: '2024-01-01' })),
  { rulecode: 'GA-2020', rulename: 'GarudaMiles tickets from 15 Dec 2020', airlinecode: 'GA', issuedatefrom: GARUDA_TABLE_2020, effectivedate: GARUDA_TABLE_2020 },
  { rulecode: 'GA-2016', rulename: 'GarudaMiles tickets issued before 15 Dec 2020', airlinecode: 'GA', issuedatefrom: '2016-01-01', issuedateto: '2020-12-14', effectivedate: '2016-01-01' },
  ...Object.keys(SKYTEAM).map((airlinecode) => ({ rulecode: `${airlinecode}-SKYTEAM`, rulename: `SkyTeam partner ${airlinecode}`, airlinecode, issuedatefrom: '2019-01-01', effectivedate: '2019-01-01' })),
];

const BC_CLASSES = [
  ...classRows('GA-2020', GARUDA_2020.flatMap(([letters, percent]) => spread(letters, (bookingclass) => ({ bookingclass, awardpercent: percent, tierpercent: percent, segments: 0 })))),
  ...classRows('GA-2016', GARUDA_2016.flatMap(([letters, tier, award, segments]) => spread(letters, (bookingclass) => ({ bookingclass, awardpercent: award, tierpercent: tier, segments })))),
  ...QG_BANDS.flatMap(([rulecode, , table]) => classRows(rulecode, table.flatMap(([letters, percent]) => spread(letters, (bookingclass) => ({ bookingclass, awardpercent: percent, tierpercent: percent, segments: 1 }))))),
  ...Object.entries(SKYTEAM).flatMap(([airline, table]) =>
    classRows(`${airline}-SKYTEAM`, table.flatMap(([letters, percent]) => spread(letters, (bookingclass) => ({ bookingclass, awardpercent: percent, tierpercent: percent, segments: 1 })))),
  ),
];

/** Status holders count a short GA flight as at least this many miles (e.g. 250 x the class %). */
const BC_MINIMUMS = [
  { rulecode: 'GA-2020', tierid: 'GOLD', minimummiles: 250 },
  { rulecode: 'GA-2020', tierid: 'PLATINUM', minimummiles: 500 },
  { rulecode: 'GA-2020', tierid: 'CBGOLD', minimummiles: 250 },
  { rulecode: 'GA-2020', tierid: 'CBPLATINUM', minimummiles: 500 },
];

/** Route miles: a published sector mileage, and a charter route that earns nothing. */
const OD_RULES = [
  { rulecode: 'GA-CGK-DPS', airlinecode: 'GA', originairport: 'CGK', destinationairport: 'DPS', sectormiles: 612, earning: true, effectivedate: '2016-01-01' },
  { rulecode: 'GA-CGK-AMS', airlinecode: 'GA', originairport: 'CGK', destinationairport: 'AMS', sectormiles: 7068, earning: true, effectivedate: '2016-01-01' },
  { rulecode: 'GA-CGK-JED-HAJJ', airlinecode: 'GA', originairport: 'CGK', destinationairport: 'JED', earning: false, effectivedate: '2016-01-01' },
];

/** Citilink earns by the fare: miles per IDR 10,000 by tier. */
const REVENUE_RULES = [
  { rulecode: 'QG-REV-2024', rulename: 'Citilink fare based', airlinecode: 'QG', currencycode: 'IDR', amountperunit: 10000, segments: 1, issuedatefrom: '2024-01-01', effectivedate: '2024-01-01' },
];
const REVENUE_RATES = (
  [
    ['BLUE', 1],
    ['SILVER', 1.25],
    ['GOLD', 1.5],
    ['PLATINUM', 2],
    ['CBBLUE', 1],
    ['CBSILVER', 1.25],
    ['CBGOLD', 1.5],
    ['CBPLATINUM', 2],
  ] as const
).map(([tierid, award]) => ({ rulecode: 'QG-REV-2024', tierid, awardmilesperunit: award, tiermilesperunit: 1 }));

/** +25% award miles for Gold and Platinum on flights. */
const ACTIVITY_BONUSES = ['GOLD', 'PLATINUM', 'CBGOLD', 'CBPLATINUM'].map((tierid) => ({ tierid, activitytype: 'AIR', bonuspercent: 25, effectivedate: '2016-01-01' }));

const PROMOS = [
  {
    promocode: 'DPS-DOUBLE-26', promoname: 'Double Miles Jakarta - Bali', airlinecode: 'GA', originairport: 'CGK', destinationairport: 'DPS', bookingclasses: [], tiers: [],
    bonustype: 'PERCENTAGE', bonusvalue: 100, milestype: 'AWARD', startdate: '2026-01-01', enddate: '2026-12-31',
  },
  {
    promocode: 'GA-BIZ-GOLD-26', promoname: 'Business Class Bonus for Gold and Platinum', airlinecode: 'GA', bookingclasses: ['J', 'C', 'D'], tiers: ['GOLD', 'PLATINUM'],
    bonustype: 'FIXED', bonusvalue: 1000, milestype: 'BOTH', startdate: '2026-03-01', enddate: '2026-09-30',
  },
];

/** Partners' activity codes (server/catalog/accrual/partnerData.ts): a fixed amount, or miles per currency unit. */
const NON_AIR_RULES = [
  { rulecode: 'BNI-SPEND', partnercode: 'BNI', activitycode: 'CARDSPEND', calculationtype: 'PERUNIT', currencycode: 'IDR', amountperunit: 10000, milesperunit: 1, effectivedate: '2020-01-01' },
  { rulecode: 'BNI-SIGNUP', partnercode: 'BNI', activitycode: 'CARDSIGNUP', calculationtype: 'FIXED', fixedmiles: 5000, effectivedate: '2020-01-01' },
  { rulecode: 'BCA-SPEND', partnercode: 'BCA', activitycode: 'CARDSPEND', calculationtype: 'PERUNIT', currencycode: 'IDR', amountperunit: 12500, milesperunit: 1, effectivedate: '2020-01-01' },
  { rulecode: 'MANDIRI-SPEND', partnercode: 'MANDIRI', activitycode: 'CARDSPEND', calculationtype: 'PERUNIT', currencycode: 'IDR', amountperunit: 15000, milesperunit: 1, effectivedate: '2020-01-01' },
  { rulecode: 'HILTON-STAY', partnercode: 'HILTON', activitycode: 'STAY', calculationtype: 'FIXED', fixedmiles: 500, effectivedate: '2020-01-01' },
  { rulecode: 'ACCOR-STAY', partnercode: 'ACCOR', activitycode: 'STAY', calculationtype: 'PERUNIT', currencycode: 'EUR', amountperunit: 1, milesperunit: 2, maximummiles: 5000, effectivedate: '2020-01-01' },
  { rulecode: 'AVIS-RENTAL', partnercode: 'AVIS', activitycode: 'RENTAL', calculationtype: 'PERUNIT', currencycode: 'USD', amountperunit: 1, milesperunit: 2, maximummiles: 2000, effectivedate: '2020-01-01' },
  { rulecode: 'BLUEBIRD-RIDE', partnercode: 'BLUEBIRD', activitycode: 'RIDE', calculationtype: 'FIXED', fixedmiles: 50, currencycode: 'IDR', minimumamount: 100000, effectivedate: '2020-01-01' },
  { rulecode: 'SARINAH-BUY', partnercode: 'SARINAH', activitycode: 'PURCHASE', calculationtype: 'PERUNIT', currencycode: 'IDR', amountperunit: 20000, milesperunit: 1, effectivedate: '2020-01-01' },
];

export const ACCRUAL_TABLES: SeedTable[] = [
  { resource: 'accrual-rule-od', rows: OD_RULES },
  { resource: 'accrual-rule-bc', rows: BC_RULES },
  { resource: 'accrual-rule-bc-detail', rows: BC_CLASSES },
  { resource: 'accrual-rule-bc-minimum', rows: BC_MINIMUMS },
  { resource: 'accrual-rule', rows: REVENUE_RULES },
  { resource: 'accrual-rule-rate', rows: REVENUE_RATES },
  { resource: 'accrual-rule-non-air', rows: NON_AIR_RULES },
  { resource: 'accrual-promo', rows: PROMOS },
  { resource: 'activity-bonus', rows: ACTIVITY_BONUSES },
];

/** Fills each accrual rule table that is still empty; returns the rows inserted per resource. */
export function seedAccrualData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  return seedTables(db, catalogue, ACCRUAL_TABLES, now, { demoCalendar: true });
}
