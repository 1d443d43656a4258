// Demo partner management data (not production): each airline's compartments and booking classes,
// codeshares that earn and do not, partner programmes, partner locations and co-brand cards, earning miles
// per carrier, distance bands, and the non-air partners' activity codes and limits, each table filled once
// while it is empty. Codes match the other demo data (airlines, partners, tiers, the accrual rules' classes).
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';

/** Compartments by code: name and rank (1 is the highest cabin). */
const CABINS = { F: ['First', 1], C: ['Business', 2], W: ['Premium Economy', 3], Y: ['Economy', 4] } as const;
type Cabin = keyof typeof CABINS;

/**
 * Each airline's booking classes by compartment. GA's are GarudaMiles' (O award and R staff tickets earn
 * nothing: they are in no accrual table); the SkyTeam partners' follow their own class tables.
 */
const CLASSES: Record<string, Partial<Record<Cabin, string>>> = {
  GA: { F: 'FAP', C: 'JCDI', Y: 'YWBMKNQTVHSGLEUZOR' },
  KL: { C: 'JCDIZ', W: 'WSA', Y: 'YBMUKHLQTENRVG' },
  AF: { C: 'JCDIZ', W: 'WSA', Y: 'YBMUKHLQTENRVG' },
  DL: { C: 'JCDIZ', W: 'PAG', Y: 'YBMHQKLUTXVE' },
  KE: { F: 'PFA', C: 'JCDIR', Y: 'YBMSHEKLUQNTG' },
  QG: { Y: 'YBMKNQTVHSGLEO' },
};

const DESCRIPTIONS: Partial<Record<string, string>> = { 'GA-O': 'Award ticket', 'GA-R': 'Staff ticket', 'GA-Y': 'Full fare economy', 'GA-J': 'Full fare business', 'GA-F': 'Full fare first' };

const COMPARTMENTS = Object.entries(CLASSES).flatMap(([airlinecode, cabins]) =>
  (Object.keys(cabins) as Cabin[]).map((compartmentcode) => ({ airlinecode, compartmentcode, compartmentname: CABINS[compartmentcode][0], rank: CABINS[compartmentcode][1] })),
);

const BOOKING_CLASSES = Object.entries(CLASSES).flatMap(([airlinecode, cabins]) =>
  (Object.entries(cabins) as [Cabin, string][]).flatMap(([compartmentcode, letters]) =>
    [...letters].map((bookingclass) => ({ airlinecode, bookingclass, compartmentcode, description: DESCRIPTIONS[`${airlinecode}-${bookingclass}`] ?? null })),
  ),
);

/** Codeshares: flights GA sells on partners' aircraft (and the reverse); earnmiles says whether a member earns on them. */
const CODESHARES = [
  { codeshareid: 'CS-GA-QG', routetype: 'ALLROUTE', marketingairline: 'GA', operatingairline: 'QG', earnmiles: true, effectivedate: '2020-01-01' },
  { codeshareid: 'CS-GA-KL-AMS', routetype: 'SPECIFICROUTE', marketingairline: 'GA', marketingfltnum: '9480', operatingairline: 'KL', operatingfltnum: '809', originairport: 'CGK', destinationairport: 'AMS', earnmiles: true, effectivedate: '2019-01-01' },
  { codeshareid: 'CS-KL-GA-AMS', routetype: 'SPECIFICROUTE', marketingairline: 'KL', marketingfltnum: '4049', operatingairline: 'GA', operatingfltnum: '88', originairport: 'CGK', destinationairport: 'AMS', earnmiles: true, effectivedate: '2019-01-01' },
  { codeshareid: 'CS-GA-SQ-SIN', routetype: 'SPECIFICROUTE', marketingairline: 'GA', marketingfltnum: '9730', operatingairline: 'SQ', operatingfltnum: '951', originairport: 'CGK', destinationairport: 'SIN', earnmiles: false, effectivedate: '2022-01-01', expireddate: '2026-12-31' },
  { codeshareid: 'CS-GA-NH', routetype: 'ALLROUTE', marketingairline: 'GA', operatingairline: 'NH', earnmiles: false, effectivedate: '2023-04-01' },
];

/** Partner programmes: an airline's frequent-flyer programme, a bank's reward points, a hotel's loyalty points. */
const PROGRAMS = [
  { programcode: 'FLYINGBLUE', programname: 'Flying Blue', partnercode: 'AFKL', pointname: 'Flying Blue Miles', conversionrate: 1, description: 'Air France and KLM members claiming Garuda flights (SkyTeam IN)' },
  { programcode: 'SKYMILES', programname: 'Delta SkyMiles', partnercode: 'DELTA', pointname: 'SkyMiles', conversionrate: 1 },
  { programcode: 'SKYPASS', programname: 'Korean Air SKYPASS', partnercode: 'KOREANAIR', pointname: 'SKYPASS Miles', conversionrate: 1 },
  { programcode: 'BNIREWARDS', programname: 'BNI Rewards', partnercode: 'BNI', pointname: 'BNI Reward Points', conversionrate: 0.5, description: 'Two BNI Reward Points convert to one award mile' },
  { programcode: 'HHONORS', programname: 'Hilton Honors', partnercode: 'HILTON', pointname: 'Hilton Honors Points', conversionrate: 0.1 },
  { programcode: 'ALLACCOR', programname: 'ALL Accor Live Limitless', partnercode: 'ACCOR', pointname: 'Reward points', conversionrate: 1 },
];

const PARTNER_LOCATIONS = [
  { partnercode: 'BNI', partnerlocationcode: 'JKTHQ', partnerlocationname: 'BNI Head Office', address: 'Jl. Jenderal Sudirman Kav. 1', cityname: 'Jakarta', countrycode: 'ID' },
  { partnercode: 'BNI', partnerlocationcode: 'SBYMAIN', partnerlocationname: 'BNI Surabaya Main Branch', address: 'Jl. Pemuda No. 50', cityname: 'Surabaya', countrycode: 'ID' },
  { partnercode: 'HILTON', partnerlocationcode: 'DPSRESORT', partnerlocationname: 'Hilton Bali Resort', address: 'Jl. Raya Nusa Dua Selatan', cityname: 'Denpasar', countrycode: 'ID' },
  { partnercode: 'HILTON', partnerlocationcode: 'AMSCENTRE', partnerlocationname: 'Hilton Amsterdam', address: 'Apollolaan 138', cityname: 'Amsterdam', countrycode: 'NL' },
  { partnercode: 'ACCOR', partnerlocationcode: 'JKTPULLMAN', partnerlocationname: 'Pullman Jakarta Indonesia', address: 'Jl. M.H. Thamrin No. 59', cityname: 'Jakarta', countrycode: 'ID' },
  { partnercode: 'ACCOR', partnerlocationcode: 'DPSNOVOTEL', partnerlocationname: 'Novotel Bali Nusa Dua', address: 'Kawasan ITDC Lot SW 1', cityname: 'Denpasar', countrycode: 'ID' },
  { partnercode: 'AVIS', partnerlocationcode: 'CGKAIRPORT', partnerlocationname: 'Avis Soekarno-Hatta Airport', address: 'Terminal 3 Arrival Hall', cityname: 'Tangerang', countrycode: 'ID' },
  { partnercode: 'AVIS', partnerlocationcode: 'DPSAIRPORT', partnerlocationname: 'Avis Ngurah Rai Airport', address: 'International Arrival Hall', cityname: 'Denpasar', countrycode: 'ID' },
  { partnercode: 'BLUEBIRD', partnerlocationcode: 'JKTPOOL', partnerlocationname: 'Blue Bird Jakarta Pool', address: 'Jl. Mampang Prapatan Raya No. 60', cityname: 'Jakarta', countrycode: 'ID' },
];

/** Co-brand cards: each bank's card per co-brand tier (the demo members' co-brand codes are bank + tier). */
const COBRAND_BANKS = { BNI: 'BNI', BCA: 'BCA', MANDIRI: 'Mandiri' } as const;
const COBRAND_TIERS = ['BLUE', 'SILVER', 'GOLD', 'PLATINUM'] as const;
const PARTNER_COBRANDS = Object.entries(COBRAND_BANKS).flatMap(([partnercode, bank]) =>
  COBRAND_TIERS.map((tier) => ({
    partnercode,
    cobrandcode: `${partnercode}${tier}`,
    cobrandname: `${bank} Miles ${tier.charAt(0)}${tier.slice(1).toLowerCase()} Card`,
    membershipid: 'COBRAND',
    tierid: `CB${tier}`,
  })),
);

/** Which carriers' flights earn, how, and what: GA stopped giving segments for tickets from 15 Dec 2020. */
const EARNING_MILES = [
  { earningmilesid: 'EM-GA-2016', airlinecode: 'GA', earnmethod: 'DISTANCE', awardmiles: true, tiermiles: true, frequency: true, effectivedate: '2016-01-01', expireddate: '2020-12-14' },
  { earningmilesid: 'EM-GA-2020', airlinecode: 'GA', earnmethod: 'DISTANCE', awardmiles: true, tiermiles: true, frequency: false, effectivedate: '2020-12-15' },
  ...['KL', 'AF', 'DL', 'KE'].map((airlinecode) => ({ earningmilesid: `EM-${airlinecode}-2019`, airlinecode, earnmethod: 'DISTANCE', awardmiles: true, tiermiles: true, frequency: true, effectivedate: '2019-01-01' })),
  { earningmilesid: 'EM-QG-2024', airlinecode: 'QG', earnmethod: 'REVENUE', awardmiles: true, tiermiles: true, frequency: true, effectivedate: '2024-01-01' },
];

/** Great-circle distance bands in miles: a band's bounds are both included. */
const DISTANCE_RANGES = (
  [
    ['SHORT', 'Short haul up to 500 miles', 0, 500],
    ['REGIONAL', 'Regional 501 to 1000 miles', 501, 1000],
    ['MEDIUM', 'Medium haul 1001 to 2000 miles', 1001, 2000],
    ['LONG', 'Long haul 2001 to 4000 miles', 2001, 4000],
    ['XLONG', 'Extra long haul 4001 to 7000 miles', 4001, 7000],
    ['ULTRA', 'Ultra long haul over 7000 miles', 7001, 12500],
  ] as const
).map(([distancerangecode, distancerangename, mindistance, maxdistance]) => ({ distancerangecode, distancerangename, mindistance, maxdistance, effectivedate: '2016-01-01' }));

/** Non-air activity codes per partner (what the partner reports a member did). */
const ACTIVITY_CODES = [
  { partnercode: 'BNI', activitycode: 'CARDSPEND', activityname: 'Co-brand card spending', nonairactivitytype: 'CARD_SPEND', description: 'Miles per IDR spent on a BNI co-brand card' },
  { partnercode: 'BNI', activitycode: 'CARDSIGNUP', activityname: 'Co-brand card approval', nonairactivitytype: 'CARD_SIGNUP' },
  { partnercode: 'BNI', activitycode: 'POINTCONV', activityname: 'BNI Rewards conversion', nonairactivitytype: 'POINT_CONVERSION' },
  { partnercode: 'BCA', activitycode: 'CARDSPEND', activityname: 'Co-brand card spending', nonairactivitytype: 'CARD_SPEND' },
  { partnercode: 'MANDIRI', activitycode: 'CARDSPEND', activityname: 'Co-brand card spending', nonairactivitytype: 'CARD_SPEND' },
  { partnercode: 'HILTON', activitycode: 'STAY', activityname: 'Eligible hotel stay', nonairactivitytype: 'HOTEL_STAY', description: 'A fixed amount per eligible stay' },
  { partnercode: 'ACCOR', activitycode: 'STAY', activityname: 'Eligible hotel stay', nonairactivitytype: 'HOTEL_STAY' },
  { partnercode: 'AVIS', activitycode: 'RENTAL', activityname: 'Car rental', nonairactivitytype: 'CAR_RENTAL', description: 'Miles per USD of the rental' },
  { partnercode: 'BLUEBIRD', activitycode: 'RIDE', activityname: 'Taxi ride', nonairactivitytype: 'CAR_RENTAL' },
  { partnercode: 'SARINAH', activitycode: 'PURCHASE', activityname: 'Store purchase', nonairactivitytype: 'RETAIL' },
];

/** Limits per member: card spending capped per month and year, one hotel stay a day, a few rentals a month. */
const ACTIVITY_CODE_LIMITS = [
  { limitcode: 'BNI-SPEND', partnercode: 'BNI', activitycode: 'CARDSPEND', maxmilesmonth: 50000, maxmilesyear: 300000, effectivedate: '2024-01-01' },
  { limitcode: 'BNI-SIGNUP', partnercode: 'BNI', activitycode: 'CARDSIGNUP', maxcountyear: 1, effectivedate: '2024-01-01' },
  { limitcode: 'BCA-SPEND', partnercode: 'BCA', activitycode: 'CARDSPEND', maxmilesmonth: 40000, maxmilesyear: 250000, effectivedate: '2024-01-01' },
  { limitcode: 'HILTON-STAY', partnercode: 'HILTON', activitycode: 'STAY', maxcountday: 1, maxmilesyear: 60000, effectivedate: '2024-01-01' },
  { limitcode: 'AVIS-RENTAL', partnercode: 'AVIS', activitycode: 'RENTAL', maxcountday: 1, maxcountmonth: 4, effectivedate: '2024-01-01' },
  { limitcode: 'BLUEBIRD-RIDE', partnercode: 'BLUEBIRD', activitycode: 'RIDE', maxcountday: 4, maxmilesmonth: 2000, effectivedate: '2025-01-01', expireddate: '2026-12-31' },
];

export const PARTNER_TABLES: SeedTable[] = [
  { resource: 'compartment', rows: COMPARTMENTS },
  { resource: 'booking-class', rows: BOOKING_CLASSES },
  { resource: 'codeshare', rows: CODESHARES },
  { resource: 'program', rows: PROGRAMS },
  { resource: 'partner-location', rows: PARTNER_LOCATIONS },
  { resource: 'partner-cobrand', rows: PARTNER_COBRANDS },
  { resource: 'earning-miles', rows: EARNING_MILES },
  { resource: 'distance-range', rows: DISTANCE_RANGES },
  { resource: 'activity-code', rows: ACTIVITY_CODES },
  { resource: 'activity-code-limit', rows: ACTIVITY_CODE_LIMITS },
];

/** Fills each partner management table that is still empty; returns the rows inserted per resource. */
export function seedPartnerData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  return seedTables(db, catalogue, PARTNER_TABLES, now, { demoCalendar: true });
}
