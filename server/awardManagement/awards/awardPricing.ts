// The redemption pricing engine: pure functions from an award, its price rows, the peak seasons, blackouts
// and nominee fees (rows as the award screens declare them) and a request (zone, compartment, member's tier,
// country and branch, travel date, route, nominees) to the miles it costs, or the reason it cannot be
// redeemed. No database here: the redemption wizard, its approval and any simulator call these.
import { STATUS_ACTIVE as ACTIVE } from '../../../engine/definition/compile';
import { inEffect } from '../../../engine/definition/dates';

// ---- rows, as the award screens declare them (records: numbers, booleans and lists already decoded) ----------

export interface Award {
  awardcode: string;
  awardtypecode: string;
  status: string;
  startdate: string;
  enddate: string | null;
  maxperson: number;
  fixedprice: boolean;
  priceaward: number | null;
  alltiers: boolean;
  tiers: readonly string[] | null;
  allcountries: boolean;
  countries: readonly string[] | null;
  branches: readonly string[] | null;
}

export interface AwardPrice {
  awardcode: string;
  pricecode: string;
  zonecode: string;
  compartmentcode: string;
  tierid: string | null;
  normalmiles: number;
  peakmiles: number | null;
  effectivedate: string;
  expireddate: string | null;
  status: string;
}

export interface PeakSeason {
  peakseasoncode: string;
  awardtypecode: string | null;
  startdate: string;
  enddate: string;
  status: string;
}

export interface Blackout {
  blackoutcode: string;
  blackouttype: 'ROUTE' | 'AWARD';
  originairport: string | null;
  destinationairport: string | null;
  awardcode: string | null;
  startdate: string;
  enddate: string;
  status: string;
}

export interface NomineeFee {
  nomineefeecode: string;
  awardtypecode: string | null;
  tierid: string | null;
  feemiles: number;
  feeamount: number | null;
  currencycode: string | null;
  effectivedate: string;
  expireddate: string | null;
  status: string;
}

export interface PricingRequest {
  /** The day of travel or use (YYYY-MM-DD): it picks the price rows, peak seasons and blackouts. */
  date: string;
  tierid: string;
  countrycode: string;
  branchcode: string | null;
  /** Flight awards: the zone or route band and compartment of the price, and the route a blackout may name. */
  zonecode?: string;
  compartmentcode?: string;
  originairport?: string;
  destinationairport?: string;
  /** Passengers: the member (when travelling) and nominees. */
  passengers: number;
  nominees: number;
}

export interface PricingRows {
  prices: readonly AwardPrice[];
  peakSeasons: readonly PeakSeason[];
  blackouts: readonly Blackout[];
  nomineeFees: readonly NomineeFee[];
}

/** Why an award cannot be redeemed; texts live once here. */
export const PRICING_REASONS = {
  notActive: 'Award {award} is not active',
  outsideDates: 'Award {award} is not offered on {date}',
  tooManyPassengers: 'Award {award} is for at most {max} passengers',
  tierNotEligible: 'Award {award} is not offered to tier {tier}',
  countryNotEligible: 'Award {award} is not offered in country {country}',
  branchNotEligible: 'Award {award} is not redeemable at branch {branch}',
  noPrice: 'Award {award} has no price for zone {zone}, compartment {compartment} on {date}',
  blackout: 'Award {award} is not available on {date}: blackout {blackout}',
} as const;

export type PricingResult =
  | {
      ok: true;
      /** The price row used (empty for a fixed price). */
      pricecode: string | null;
      peakseasoncode: string | null;
      milesPerPassenger: number;
      nomineeFeeMiles: number;
      nomineeFeeCash: { amount: number; currencycode: string | null } | null;
      totalMiles: number;
    }
  | { ok: false; reason: string };

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/** The price of one redemption, or why there is none. */
export function priceAward(award: Award, rows: PricingRows, request: PricingRequest): PricingResult {
  const refuse = (text: string, values: Record<string, string | number> = {}): PricingResult => ({ ok: false, reason: fill(text, { award: award.awardcode, date: request.date, ...values }) });
  if (award.status !== ACTIVE) return refuse(PRICING_REASONS.notActive);
  if (!inEffect(request.date, award.startdate, award.enddate)) return refuse(PRICING_REASONS.outsideDates);
  if (request.passengers > award.maxperson) return refuse(PRICING_REASONS.tooManyPassengers, { max: award.maxperson });
  if (!award.alltiers && !(award.tiers ?? []).includes(request.tierid)) return refuse(PRICING_REASONS.tierNotEligible, { tier: request.tierid });
  if (!award.allcountries && !(award.countries ?? []).includes(request.countrycode)) return refuse(PRICING_REASONS.countryNotEligible, { country: request.countrycode });
  if ((award.branches ?? []).length > 0 && !(request.branchcode && award.branches!.includes(request.branchcode))) {
    return refuse(PRICING_REASONS.branchNotEligible, { branch: request.branchcode ?? '-' });
  }

  const blackout = rows.blackouts.find(
    (b) =>
      b.status === ACTIVE &&
      inEffect(request.date, b.startdate, b.enddate) &&
      (b.blackouttype === 'AWARD' ? b.awardcode === award.awardcode : b.originairport === request.originairport && b.destinationairport === request.destinationairport),
  );
  if (blackout) return refuse(PRICING_REASONS.blackout, { blackout: blackout.blackoutcode });

  const peak = rows.peakSeasons.find((p) => p.status === ACTIVE && (!p.awardtypecode || p.awardtypecode === award.awardtypecode) && inEffect(request.date, p.startdate, p.enddate));

  let pricecode: string | null = null;
  let miles: number;
  if (award.fixedprice) {
    miles = award.priceaward ?? 0;
  } else {
    const candidates = rows.prices.filter(
      (p) =>
        p.awardcode === award.awardcode &&
        p.status === ACTIVE &&
        p.zonecode === request.zonecode &&
        p.compartmentcode === request.compartmentcode &&
        (!p.tierid || p.tierid === request.tierid) &&
        inEffect(request.date, p.effectivedate, p.expireddate),
    );
    // The member's own tier's price before the price of all tiers.
    const price = candidates.find((p) => p.tierid === request.tierid) ?? candidates.find((p) => !p.tierid);
    if (!price) return refuse(PRICING_REASONS.noPrice, { zone: request.zonecode ?? '-', compartment: request.compartmentcode ?? '-' });
    pricecode = price.pricecode;
    miles = peak && price.peakmiles !== null ? price.peakmiles : price.normalmiles;
  }

  const fee = request.nominees > 0 ? nomineeFee(rows.nomineeFees, award.awardtypecode, request.tierid, request.date) : undefined;
  const nomineeFeeMiles = fee ? fee.feemiles * request.nominees : 0;
  const nomineeFeeCash = fee && fee.feeamount ? { amount: fee.feeamount * request.nominees, currencycode: fee.currencycode } : null;
  return {
    ok: true,
    pricecode,
    peakseasoncode: peak && !award.fixedprice ? peak.peakseasoncode : null,
    milesPerPassenger: miles,
    nomineeFeeMiles,
    nomineeFeeCash,
    totalMiles: miles * request.passengers + nomineeFeeMiles,
  };
}

/** The most specific nominee fee in force: award type and tier, then award type, then tier, then all. */
export function nomineeFee(fees: readonly NomineeFee[], awardtypecode: string, tierid: string, date: string): NomineeFee | undefined {
  const current = fees.filter(
    (f) => f.status === ACTIVE && inEffect(date, f.effectivedate, f.expireddate) && (!f.awardtypecode || f.awardtypecode === awardtypecode) && (!f.tierid || f.tierid === tierid),
  );
  const rank = (f: NomineeFee) => (f.awardtypecode ? 2 : 0) + (f.tierid ? 1 : 0);
  return current.sort((a, b) => rank(b) - rank(a))[0];
}
