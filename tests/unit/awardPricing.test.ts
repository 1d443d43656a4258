// The redemption pricing engine without a database: a zone and compartment's price, the member's tier's own
// price before the all-tier one, peak-season miles (a season of all award types or of the award's own type),
// a fixed price, nominee fees (the most specific in force) and each reason an award cannot be redeemed.
import { describe, expect, it } from 'vitest';
import { nomineeFee, priceAward, type Award, type AwardPrice, type NomineeFee, type PricingRequest, type PricingRows } from '../../server/awardManagement/awards/awardPricing';

const AWARD: Award = {
  awardcode: 'AWD-INT-C',
  awardtypecode: 'FLIGHT',
  status: 'ACTIVE',
  startdate: '2024-01-01',
  enddate: null,
  maxperson: 4,
  fixedprice: false,
  priceaward: null,
  alltiers: true,
  tiers: null,
  allcountries: true,
  countries: null,
  branches: null,
};

const price = (pricecode: string, zonecode: string, normalmiles: number, peakmiles: number | null, extra: Partial<AwardPrice> = {}): AwardPrice => ({
  awardcode: 'AWD-INT-C',
  pricecode,
  zonecode,
  compartmentcode: 'C',
  tierid: null,
  normalmiles,
  peakmiles,
  effectivedate: '2024-01-01',
  expireddate: null,
  status: 'ACTIVE',
  ...extra,
});

const fee = (nomineefeecode: string, feemiles: number, extra: Partial<NomineeFee> = {}): NomineeFee => ({
  nomineefeecode,
  awardtypecode: null,
  tierid: null,
  feemiles,
  feeamount: null,
  currencycode: null,
  effectivedate: '2024-01-01',
  expireddate: null,
  status: 'ACTIVE',
  ...extra,
});

const ROWS: PricingRows = {
  prices: [
    price('EUROPE-C', 'EUROPE', 120000, 180000),
    price('EUROPE-C-PLAT', 'EUROPE', 100000, 150000, { tierid: 'PLATINUM' }),
    price('ASIA-1-C-OLD', 'ASIA-1', 35000, null, { effectivedate: '2020-01-01', expireddate: '2023-12-31' }),
    price('ASIA-1-C', 'ASIA-1', 40000, null),
  ],
  peakSeasons: [
    { peakseasoncode: 'LEBARAN-26', awardtypecode: null, startdate: '2026-03-13', enddate: '2026-03-29', status: 'ACTIVE' },
    { peakseasoncode: 'HAJJ-26', awardtypecode: 'UPGRADE', startdate: '2026-05-01', enddate: '2026-05-31', status: 'ACTIVE' },
  ],
  blackouts: [
    { blackoutcode: 'BO-CGK-AMS', blackouttype: 'ROUTE', originairport: 'CGK', destinationairport: 'AMS', awardcode: null, startdate: '2026-12-24', enddate: '2027-01-01', status: 'ACTIVE' },
    { blackoutcode: 'BO-AWARD', blackouttype: 'AWARD', originairport: null, destinationairport: null, awardcode: 'AWD-INT-C', startdate: '2026-08-15', enddate: '2026-08-17', status: 'ACTIVE' },
    { blackoutcode: 'BO-OFF', blackouttype: 'AWARD', originairport: null, destinationairport: null, awardcode: 'AWD-INT-C', startdate: '2026-09-01', enddate: '2026-09-30', status: 'INACTIVE' },
  ],
  nomineeFees: [fee('NOM-ALL', 2000), fee('NOM-FLIGHT-GOLD', 1000, { awardtypecode: 'FLIGHT', tierid: 'GOLD' }), fee('NOM-HOTEL', 1500, { awardtypecode: 'HOTEL', feeamount: 50000, currencycode: 'IDR' })],
};

const REQUEST: PricingRequest = { date: '2026-06-10', tierid: 'GOLD', countrycode: 'ID', branchcode: 'JKTHO', zonecode: 'EUROPE', compartmentcode: 'C', originairport: 'CGK', destinationairport: 'AMS', passengers: 1, nominees: 0 };

describe('priceAward', () => {
  it("prices a zone and compartment, and the member's tier's own price before the price of all tiers", () => {
    expect(priceAward(AWARD, ROWS, REQUEST)).toEqual({ ok: true, pricecode: 'EUROPE-C', peakseasoncode: null, milesPerPassenger: 120000, nomineeFeeMiles: 0, nomineeFeeCash: null, totalMiles: 120000 });
    expect(priceAward(AWARD, ROWS, { ...REQUEST, tierid: 'PLATINUM' })).toMatchObject({ pricecode: 'EUROPE-C-PLAT', totalMiles: 100000 });
  });

  it('takes the price row in force on the date', () => {
    expect(priceAward(AWARD, ROWS, { ...REQUEST, zonecode: 'ASIA-1' })).toMatchObject({ pricecode: 'ASIA-1-C', milesPerPassenger: 40000 });
  });

  it("charges peak-season miles in a season of all award types, not in another type's season, and normal miles where a row has none", () => {
    expect(priceAward(AWARD, ROWS, { ...REQUEST, date: '2026-03-20' })).toMatchObject({ peakseasoncode: 'LEBARAN-26', milesPerPassenger: 180000 });
    expect(priceAward(AWARD, ROWS, { ...REQUEST, date: '2026-05-10' })).toMatchObject({ peakseasoncode: null, milesPerPassenger: 120000 });
    expect(priceAward(AWARD, ROWS, { ...REQUEST, date: '2026-03-20', zonecode: 'ASIA-1' })).toMatchObject({ milesPerPassenger: 40000 });
  });

  it('adds the most specific nominee fee per nominee to the miles of every passenger', () => {
    expect(priceAward(AWARD, ROWS, { ...REQUEST, passengers: 3, nominees: 2 })).toMatchObject({ milesPerPassenger: 120000, nomineeFeeMiles: 2000, totalMiles: 362000 });
    expect(priceAward(AWARD, ROWS, { ...REQUEST, tierid: 'SILVER', passengers: 2, nominees: 1 })).toMatchObject({ nomineeFeeMiles: 2000, totalMiles: 242000 });
  });

  it('prices a fixed-price voucher without zones, with its cash nominee fee', () => {
    const hotel: Award = { ...AWARD, awardcode: 'HTL-HILTON', awardtypecode: 'HOTEL', fixedprice: true, priceaward: 25000, maxperson: 2 };
    expect(priceAward(hotel, ROWS, { date: '2026-06-10', tierid: 'BLUE', countrycode: 'ID', branchcode: null, passengers: 2, nominees: 1 })).toEqual({
      ok: true,
      pricecode: null,
      peakseasoncode: null,
      milesPerPassenger: 25000,
      nomineeFeeMiles: 1500,
      nomineeFeeCash: { amount: 50000, currencycode: 'IDR' },
      totalMiles: 51500,
    });
  });

  it.each([
    ['an inactive award', { ...AWARD, status: 'INACTIVE' }, REQUEST, 'Award AWD-INT-C is not active'],
    ['a terminated award', { ...AWARD, status: 'TERMINATED' }, REQUEST, 'Award AWD-INT-C is not active'],
    ['a date before the award starts', { ...AWARD, startdate: '2027-01-01' }, REQUEST, 'Award AWD-INT-C is not offered on 2026-06-10'],
    ['too many passengers', AWARD, { ...REQUEST, passengers: 5 }, 'Award AWD-INT-C is for at most 4 passengers'],
    ['a tier not eligible', { ...AWARD, alltiers: false, tiers: ['PLATINUM'] }, REQUEST, 'Award AWD-INT-C is not offered to tier GOLD'],
    ['a country not eligible', { ...AWARD, allcountries: false, countries: ['SG'] }, REQUEST, 'Award AWD-INT-C is not offered in country ID'],
    ['a branch not eligible', { ...AWARD, branches: ['DPSBO'] }, REQUEST, 'Award AWD-INT-C is not redeemable at branch JKTHO'],
    ['a zone without a price', AWARD, { ...REQUEST, zonecode: 'AMERICA' }, 'Award AWD-INT-C has no price for zone AMERICA, compartment C on 2026-06-10'],
    ['a route blackout', AWARD, { ...REQUEST, date: '2026-12-25' }, 'Award AWD-INT-C is not available on 2026-12-25: blackout BO-CGK-AMS'],
    ['an award blackout', AWARD, { ...REQUEST, date: '2026-08-16', originairport: 'CGK', destinationairport: 'SIN' }, 'Award AWD-INT-C is not available on 2026-08-16: blackout BO-AWARD'],
  ] as const)('refuses %s', (_name, award, request, reason) => {
    expect(priceAward(award, ROWS, request)).toEqual({ ok: false, reason });
  });

  it('ignores a blackout staff deactivated, and a blackout of another route', () => {
    expect(priceAward(AWARD, ROWS, { ...REQUEST, date: '2026-09-10' }).ok).toBe(true);
    expect(priceAward(AWARD, ROWS, { ...REQUEST, date: '2026-12-25', originairport: 'AMS', destinationairport: 'CGK' }).ok).toBe(true);
  });
});

describe('nomineeFee', () => {
  it('picks award type and tier, then award type, then tier, then all, in force on the date', () => {
    const fees = [fee('ALL', 2000), fee('TIER', 1800, { tierid: 'GOLD' }), fee('TYPE', 1500, { awardtypecode: 'FLIGHT' }), fee('BOTH', 1000, { awardtypecode: 'FLIGHT', tierid: 'GOLD' })];
    expect(nomineeFee(fees, 'FLIGHT', 'GOLD', '2026-01-01')?.nomineefeecode).toBe('BOTH');
    expect(nomineeFee(fees, 'FLIGHT', 'SILVER', '2026-01-01')?.nomineefeecode).toBe('TYPE');
    expect(nomineeFee(fees, 'HOTEL', 'GOLD', '2026-01-01')?.nomineefeecode).toBe('TIER');
    expect(nomineeFee(fees, 'HOTEL', 'BLUE', '2026-01-01')?.nomineefeecode).toBe('ALL');
    expect(nomineeFee([fee('LATER', 1, { effectivedate: '2027-01-01' })], 'HOTEL', 'BLUE', '2026-01-01')).toBeUndefined();
  });
});
