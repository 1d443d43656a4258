// Demo programme master data (not production): airlines, partners and partner groups, vendors and the
// mailing products they serve, promotions and tier durations, each table
// filled once while it is empty. Codes match the other demo data (tiers, airports, the partner user's BNI).
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { REGION_CODES } from '../../platform/seed/referenceLists';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';
import { TIERS } from '../../tierManagement/tiers/tierData';

export const AIRLINES = [
  { airlinecode: 'GA', airlinename: 'Garuda Indonesia', alliancetype: 'SKYTEAM' },
  { airlinecode: 'KL', airlinename: 'KLM Royal Dutch Airlines', alliancetype: 'SKYTEAM' },
  { airlinecode: 'AF', airlinename: 'Air France', alliancetype: 'SKYTEAM' },
  { airlinecode: 'DL', airlinename: 'Delta Air Lines', alliancetype: 'SKYTEAM' },
  { airlinecode: 'KE', airlinename: 'Korean Air', alliancetype: 'SKYTEAM' },
  { airlinecode: 'SQ', airlinename: 'Singapore Airlines', alliancetype: 'STAR_ALLIANCE' },
  { airlinecode: 'NH', airlinename: 'All Nippon Airways', alliancetype: 'STAR_ALLIANCE' },
  { airlinecode: 'QF', airlinename: 'Qantas', alliancetype: 'ONEWORLD' },
  { airlinecode: 'CX', airlinename: 'Cathay Pacific', alliancetype: 'ONEWORLD' },
  { airlinecode: 'QG', airlinename: 'Citilink', alliancetype: 'NONE' },
  { airlinecode: 'CI', airlinename: 'China Airlines', alliancetype: 'SKYTEAM' },
  { airlinecode: 'VN', airlinename: 'Vietnam Airlines', alliancetype: 'SKYTEAM' },
  { airlinecode: 'MU', airlinename: 'China Eastern Airlines', alliancetype: 'SKYTEAM' },
  { airlinecode: 'SV', airlinename: 'Saudia', alliancetype: 'SKYTEAM' },
  { airlinecode: 'AM', airlinename: 'Aeromexico', alliancetype: 'SKYTEAM' },
  { airlinecode: 'VS', airlinename: 'Virgin Atlantic', alliancetype: 'SKYTEAM' },
] as const;

export const PARTNERS = [
  { partnercode: 'BNI', partnername: 'Bank Negara Indonesia', partnertype: 'BANK', countrycode: 'ID', email: 'cobrand@bni.example' },
  { partnercode: 'BCA', partnername: 'Bank Central Asia', partnertype: 'BANK', countrycode: 'ID', email: 'loyalty@bca.example' },
  { partnercode: 'MANDIRI', partnername: 'Bank Mandiri', partnertype: 'BANK', countrycode: 'ID', email: 'cards@mandiri.example' },
  { partnercode: 'HILTON', partnername: 'Hilton Hotels and Resorts', partnertype: 'HOTEL', countrycode: 'US', email: 'partners@hilton.example' },
  { partnercode: 'ACCOR', partnername: 'Accor Live Limitless', partnertype: 'HOTEL', countrycode: 'FR', email: 'airlines@accor.example' },
  { partnercode: 'AVIS', partnername: 'Avis Car Rental', partnertype: 'CAR_RENTAL', countrycode: 'US', email: 'loyalty@avis.example' },
  { partnercode: 'BLUEBIRD', partnername: 'Blue Bird Taxi', partnertype: 'CAR_RENTAL', countrycode: 'ID', email: 'corporate@bluebird.example' },
  { partnercode: 'SARINAH', partnername: 'Sarinah Department Store', partnertype: 'RETAIL', countrycode: 'ID', email: 'rewards@sarinah.example' },
  { partnercode: 'AFKL', partnername: 'Air France KLM', partnertype: 'AIRLINE', countrycode: 'FR', email: 'flyingblue@afkl.example' },
  { partnercode: 'DELTA', partnername: 'Delta Air Lines', partnertype: 'AIRLINE', countrycode: 'US', email: 'skymiles@delta.example' },
  { partnercode: 'KOREANAIR', partnername: 'Korean Air', partnertype: 'AIRLINE', countrycode: 'KR', email: 'skypass@koreanair.example' },
] as const;

const PARTNER_GROUPS = [
  { partnergroupcode: 'BANKS', partnergroupname: 'Co-Brand Banks', description: 'Banks issuing co-brand credit cards that earn miles on spend' },
  { partnergroupcode: 'HOTELS', partnergroupname: 'Hotel Partners', description: 'Hotel chains crediting miles per eligible stay' },
  { partnergroupcode: 'GROUND', partnergroupname: 'Ground Transport', description: 'Car rental and taxi partners' },
];

const GROUP_MEMBERS: Record<string, string[]> = { BANKS: ['BNI', 'BCA', 'MANDIRI'], HOTELS: ['HILTON', 'ACCOR'], GROUND: ['AVIS', 'BLUEBIRD'] };

// Cards per tier (cash, with tax: 'Total Price (Include Tax)' as the product screen derives it), the welcome
// letter, and merchandise bought with miles (or cash); the variants and stock are server/mailingProduct/mailing/mailingData.ts.
const card = (code: string, name: string, price: number, letter = 'LTR-CARD') => ({
  mailingproductcode: code, mailingproductname: name, producttype: 'CARD', description: `${name} printed on PVC and mailed with its carrier letter`,
  inventorycode: 'PVC-CARD', envelopecode: 'ENV-DL', lettercode: letter, paymenttype: 'CASH', currencycode: 'IDR', price, taxpercent: 11,
  totalprice: Math.round(price * 111) / 100, cancelfee: 10000, updatefee: 15000, feecurrencycode: 'IDR', cancelperioddays: 3,
});

const MAILING_PRODUCTS = [
  card('CARDBLUE', 'Blue Membership Card', 50000, 'LTR-WELCOME'),
  card('CARDSILV', 'Silver Membership Card', 60000, 'LTR-TIER'),
  card('CARDGOLD', 'Gold Membership Card', 75000, 'LTR-TIER'),
  { ...card('CARDPLAT', 'Platinum Membership Card', 0, 'LTR-TIER'), paymenttype: 'MILEAGE', currencycode: null, price: null, taxpercent: null, totalprice: null, mileageprice: 2500, cancelfee: 0, updatefee: 0, cancelperioddays: 7 },
  { mailingproductcode: 'WELCOMELTR', mailingproductname: 'Welcome Letter', producttype: 'LETTER', description: 'The welcome pack letter for a new member', inventorycode: 'A4-LETTERHEAD', envelopecode: 'ENV-DL', lettercode: 'LTR-WELCOME', paymenttype: 'CASH', currencycode: 'IDR', price: 0, taxpercent: 0, totalprice: 0, usepackagingvendor: false },
  { mailingproductcode: 'LUGTAG', mailingproductname: 'Luggage Tag', producttype: 'MERCHANDISE', description: 'Leather luggage tag with the member card number embossed', envelopecode: 'ENV-C5', lettercode: 'LTR-PRODUCT', paymenttype: 'MILEAGE', mileageprice: 1500, useprintingvendor: false },
  { mailingproductcode: 'MODEL737', mailingproductname: 'Boeing 737 MAX 8 Model 1:200', producttype: 'MERCHANDISE', description: 'Die-cast model in the airline livery, boxed', lettercode: 'LTR-PRODUCT', paymenttype: 'BOTH', currencycode: 'IDR', price: 350000, taxpercent: 11, totalprice: 388500, mileageprice: 12000, useprintingvendor: false },
  { mailingproductcode: 'UMBRELLA', mailingproductname: 'Golf Umbrella', producttype: 'MERCHANDISE', description: 'Windproof 30-inch golf umbrella', lettercode: 'LTR-PRODUCT', paymenttype: 'MILEAGE', mileageprice: 4000, useprintingvendor: false },
];

const ASIA = REGION_CODES.AS;
const EUROPE = REGION_CODES.EU;
const NORTH_AMERICA = REGION_CODES.NA;

const VENDORS = [
  { vendorcode: 'PRTNUS', vendorname: 'Percetakan Nusantara', vendortype: 'PRINTING', allregion: true, regions: [], mailingproducts: ['CARDBLUE', 'CARDSILV', 'CARDGOLD', 'CARDPLAT', 'WELCOMELTR'] },
  { vendorcode: 'PRTGRF', vendorname: 'Grafika Prima', vendortype: 'PRINTING', allregion: false, regions: [ASIA], mailingproducts: ['CARDPLAT'] },
  { vendorcode: 'PKGKMS', vendorname: 'Kemas Jaya Packaging', vendortype: 'PACKAGING', allregion: true, regions: [], mailingproducts: ['CARDBLUE', 'CARDSILV', 'CARDGOLD', 'CARDPLAT', 'LUGTAG', 'MODEL737', 'UMBRELLA'] },
  { vendorcode: 'JNE', vendorname: 'JNE Express', vendortype: 'COURIER', allregion: false, regions: [ASIA], mailingproducts: ['CARDBLUE', 'CARDSILV', 'CARDGOLD', 'CARDPLAT', 'WELCOMELTR', 'LUGTAG', 'MODEL737', 'UMBRELLA'] },
  { vendorcode: 'POSIND', vendorname: 'Pos Indonesia', vendortype: 'COURIER', allregion: false, regions: [ASIA], mailingproducts: ['WELCOMELTR'] },
  { vendorcode: 'DHL', vendorname: 'DHL Express', vendortype: 'COURIER', allregion: false, regions: [ASIA, EUROPE, NORTH_AMERICA], mailingproducts: ['CARDGOLD', 'CARDPLAT'] },
];

const PROMOTIONS = [
  {
    promocode: 'DOUBLEDPS26', name: 'Double Miles Jakarta - Bali', promotiontype: 'AIR', startdate: '2026-01-01', enddate: '2026-12-31', needregister: false,
    description: 'Twice the award miles on Garuda Indonesia economy flights between Jakarta and Denpasar.',
    membershipid: 'FFP', tiers: ['BLUE', 'SILVER', 'GOLD', 'PLATINUM'], gender: 'ALL',
    airlinecode: 'GA', originairport: 'CGK', destinationairport: 'DPS', compartments: ['Y'], minsegments: 1,
    bonusactivitycode: 'BNSDPS26', bonustype: 'PERCENTAGE', bonusvalue: 100, milestype: 'AWARD',
  },
  {
    promocode: 'SKYTEAMEU26', name: 'SkyTeam Europe Bonus', promotiontype: 'AIR', startdate: '2026-03-01', enddate: '2026-09-30', needregister: true,
    description: 'Registered Gold and Platinum members earn 2,000 bonus miles on KLM flights to Amsterdam.',
    membershipid: 'FFP', tiers: ['GOLD', 'PLATINUM'], gender: 'ALL',
    airlinecode: 'KL', originairport: 'CGK', destinationairport: 'AMS', compartments: ['F', 'C'], minsegments: 2,
    bonusactivitycode: 'BNSKLEU26', bonustype: 'FIXED', bonusvalue: 2000, milestype: 'BOTH',
  },
  {
    promocode: 'HILTONSTAY26', name: 'Hilton Stay Bonus', promotiontype: 'NON_AIR', startdate: '2026-02-01', enddate: '2026-07-31', needregister: false,
    description: '500 bonus miles for a stay of two nights or more at Hilton hotels.',
    membershipid: 'FFP', tiers: ['SILVER', 'GOLD', 'PLATINUM'], gender: 'ALL', minage: 18,
    partnercode: 'HILTON', minspend: 200, spendcurrency: 'USD',
    bonusactivitycode: 'BNSHIL26', bonustype: 'FIXED', bonusvalue: 500, milestype: 'AWARD',
  },
  {
    promocode: 'BNICARD26', name: 'BNI Co-Brand Welcome', promotiontype: 'NON_AIR', startdate: '2026-01-15', enddate: '2026-06-30', needregister: false,
    description: 'Welcome bonus for new BNI co-brand card holders.',
    membershipid: 'COBRAND', tiers: [], gender: 'ALL',
    partnercode: 'BNI', minspend: 5000000, spendcurrency: 'IDR',
    bonusactivitycode: 'BNSBNI26', bonustype: 'FIXED', bonusvalue: 5000, milestype: 'AWARD',
  },
];

/** How long a tier, once reached, is kept (months), per programme tier. */
const TIER_MONTHS: Record<string, number> = { Blue: 12, Silver: 12, Gold: 12, Platinum: 24 };

const TIER_DURATIONS = [
  ...TIERS.map((tier) => ({ tierid: tier.tierid, effectivedate: '2025-01-01', expireddate: '2025-12-31', durationmonths: TIER_MONTHS[tier.tiername]! })),
  ...TIERS.filter((tier) => tier.tiername !== 'Blue').map((tier) => ({ tierid: tier.tierid, effectivedate: '2026-01-01', expireddate: null, durationmonths: TIER_MONTHS[tier.tiername]! + 3 })),
];

/**
 * Card number ranges per membership (Card Inventory): a million numbers each from sequence 5,000,000, clear of
 * the demo members' own numbers; enrollment takes them in order.
 */
const CARD_RANGE = { firstnumber: 5_000_000, lastnumber: 5_999_999 };
const CARD_INVENTORY = (
  [
    ['FFP2026', 'FFP', '51'],
    ['COBRAND2026', 'COBRAND', '52'],
    ['CORP2026', 'CORPORATE', '53'],
  ] as const
).map(([inventorycode, membershipid, prefix]) => ({
  inventorycode,
  membershipid,
  prefix,
  ...CARD_RANGE,
  nextnumber: CARD_RANGE.firstnumber,
  issuedcount: 0,
  usedcount: 0,
  leftcount: CARD_RANGE.lastnumber - CARD_RANGE.firstnumber + 1,
}));

/** Enrollment bonus per membership (Enroll Bonus): award miles a new member starts with. */
const ENROLL_BONUSES = [
  { membershipid: 'FFP', effectivedate: '2025-01-01', expireddate: null, awardmiles: 500, tiermiles: 0 },
  { membershipid: 'COBRAND', effectivedate: '2025-01-01', expireddate: null, awardmiles: 1000, tiermiles: 0 },
];

/** The demo members' history earns by these (booking class -> award %, tier %, segments, minimum miles); the accrual rules are server/catalog/accrual/accrualData.ts. */
export const BOOKING_CLASSES: [string, number, number, number, number][] = [
  ['J', 150, 150, 1.5, 1000],
  ['C', 125, 125, 1.25, 1000],
  ['Y', 100, 100, 1, 500],
  ['B', 100, 100, 1, 500],
  ['M', 75, 75, 1, 250],
  ['K', 50, 50, 0.5, 0],
  ['N', 25, 25, 0.5, 0],
];

const PROGRAMME_TABLES: SeedTable[] = [
  { resource: 'airline', rows: AIRLINES },
  { resource: 'partner', rows: PARTNERS },
  { resource: 'partner-group', rows: PARTNER_GROUPS },
  { resource: 'partner-group-member', rows: Object.entries(GROUP_MEMBERS).flatMap(([partnergroupcode, codes]) => codes.map((partnercode) => ({ partnergroupcode, partnercode }))) },
  { resource: 'mailing-product', rows: MAILING_PRODUCTS },
  { resource: 'vendor', rows: VENDORS },
  { resource: 'promotion', rows: PROMOTIONS },
  { resource: 'tier-duration', rows: TIER_DURATIONS },
  { resource: 'card-inventory', rows: CARD_INVENTORY },
  { resource: 'enroll-bonus', rows: ENROLL_BONUSES },
];

/** Fills each of these tables that is still empty; returns the rows inserted per resource. */
export function seedProgrammeData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  return seedTables(db, catalogue, PROGRAMME_TABLES, now, { demoCalendar: true });
}
