// The pure rules of a redemption: a passenger's traveller type by the age bands of spec 000 §9, an award's
// eligibility for a member (tier, country, branch) before any flight is chosen, the summary's figures from the
// price list, and whether a redemption waits for approval. Texts declared once here.
import { PRICING_REASONS, type Award, type AwardPrice } from '../awards/awardPricing';
import { STATUS_ACTIVE } from '../../../engine/definition/compile';
import { inEffect } from '../../../engine/definition/dates';
import * as moduleTexts from './texts.json';

// not in spec: the product's own messages for a redemption (the eligibility ones are the pricing engine's).
export const REDEMPTION_TEXTS = moduleTexts.redemption;

export type TravelerType = 'INFANT' | 'CHILD' | 'ADULT';

/** Spec 000 §9: up to 2 infant, up to 11 child, else adult (the age in whole years, `ageOn`). */
export function travelerType(age: number): TravelerType {
  if (age <= 2) return 'INFANT';
  if (age <= 11) return 'CHILD';
  return 'ADULT';
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/** Why this member cannot redeem this award whatever the flight (status, tier, country, branch), or undefined. */
export function eligibilityProblem(award: Award, member: { tierid: string; countrycode: string; branchcode: string | null }, day: string): string | undefined {
  const values = { award: award.awardcode, date: day, tier: member.tierid, country: member.countrycode, branch: member.branchcode ?? '-' };
  if (award.status !== STATUS_ACTIVE) return fill(PRICING_REASONS.notActive, values);
  if (!award.alltiers && !(award.tiers ?? []).includes(member.tierid)) return fill(PRICING_REASONS.tierNotEligible, values);
  if (!award.allcountries && !(award.countries ?? []).includes(member.countrycode)) return fill(PRICING_REASONS.countryNotEligible, values);
  if ((award.branches ?? []).length > 0 && !(member.branchcode && award.branches!.includes(member.branchcode))) return fill(PRICING_REASONS.branchNotEligible, values);
  return undefined;
}

/** Spec 001 §3.3's summary: miles per passenger (departure + return), times passengers, plus the nominee fees. */
export function redemptionSummary(pricedeparture: number, pricereturn: number, passengers: number, nomineeFeeMiles: number) {
  const activityprice = pricedeparture + pricereturn;
  const mileage = activityprice * passengers;
  return { activityprice, mileage, certificateprice: nomineeFeeMiles, totalmileage: mileage + nomineeFeeMiles };
}

/** A redemption waits for approval when configured always, or when it costs more than the configured miles (0: never by amount). */
export const needsRedemptionApproval = (totalmileage: number, policy: { always: boolean; aboveMiles: number }) =>
  policy.always || (policy.aboveMiles > 0 && totalmileage > policy.aboveMiles);

/**
 * What an award costs before any flight is chosen: a fixed price as it is; a charted award's lowest one-way miles
 * for the member's tier among the rows in effect on `day` ('Price From'); nothing when no row is.
 */
export function awardPriceHint(award: Award, prices: readonly AwardPrice[], tierid: string, day: string): { priceaward: number } | { pricefrom: number } | Record<string, never> {
  if (award.fixedprice) return { priceaward: award.priceaward ?? 0 };
  const miles = prices
    .filter((p) => p.status === STATUS_ACTIVE && (p.tierid === null || p.tierid === tierid) && inEffect(day, p.effectivedate, p.expireddate))
    .map((p) => p.normalmiles);
  return miles.length > 0 ? { pricefrom: Math.min(...miles) } : {};
}
