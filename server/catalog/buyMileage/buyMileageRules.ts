// The pure rules of a member's purchase of miles: which price row applies (the member's tier's before the
// all-tier one, in force on the day), its promo, the miles allowed, and the price: miles x price per mile,
// less a discount promo, plus VAT; a bonus promo adds miles. Figures come from catalogue rows and configuration.
import { inEffect } from '../../../engine/definition/dates';
import { formatMessage } from '../../../engine/rules';
import * as moduleTexts from './texts.json';

export interface BuyMileagePrice {
  buymileageid: string;
  receipttypeid: string;
  tierid: string | null;
  minmiles: number;
  maxmiles: number;
  milesstep: number;
  pricepermile: number;
  currencycode: string;
  effectivedate: string;
  expireddate: string | null;
  status: string;
}

export interface BuyMileagePromo {
  promocode: string;
  buymileageid: string;
  promotype: 'DISCOUNT' | 'BONUS';
  percentage: number;
  startdate: string;
  enddate: string;
  status: string;
}

export interface BuyMileageQuote {
  promocode: string | null;
  bonusmiles: number;
  pricepermile: number;
  amount: number;
  discount: number;
  vatpercent: number;
  vat: number;
  total: number;
  currencycode: string;
}

// not in spec: the product's own messages for a purchase of miles.
export const BUY_MILEAGE_TEXTS = moduleTexts.buyMileage;

/** Money to the cent (an IDR amount stays whole when its inputs are). */
const cents = (amount: number) => Math.round(amount * 100) / 100;
const miles = (n: number) => n.toLocaleString('en-US');

/** The price row a member of `tierid` buys on `day` under `buymileageid`: its own, active, in force, for the member's tier or all tiers. */
export function priceFor(prices: readonly BuyMileagePrice[], buymileageid: string, tierid: string, day: string): BuyMileagePrice | undefined {
  return prices.find((p) => p.buymileageid === buymileageid && p.status === 'ACTIVE' && (p.tierid === null || p.tierid === tierid) && inEffect(day, p.effectivedate, p.expireddate));
}

/** What keeps these miles off the price row and the yearly limit, or undefined (`boughtThisYear` excludes this purchase). */
export function milesProblem(wanted: number, price: BuyMileagePrice, boughtThisYear: number, maxPerYear: number): string | undefined {
  if (wanted < price.minmiles) return formatMessage(BUY_MILEAGE_TEXTS.belowMinimum, { min: miles(price.minmiles) });
  if (wanted > price.maxmiles) return formatMessage(BUY_MILEAGE_TEXTS.aboveMaximum, { max: miles(price.maxmiles) });
  if (wanted % price.milesstep !== 0) return formatMessage(BUY_MILEAGE_TEXTS.notStep, { step: miles(price.milesstep) });
  if (boughtThisYear + wanted > maxPerYear) {
    return formatMessage(BUY_MILEAGE_TEXTS.aboveYearLimit, { max: miles(maxPerYear), used: miles(boughtThisYear), left: miles(Math.max(0, maxPerYear - boughtThisYear)) });
  }
  return undefined;
}

/** The price of `wanted` miles on `day`: the promo of the price row running that day (the first by code), then VAT on what is paid. */
export function quote(wanted: number, price: BuyMileagePrice, promos: readonly BuyMileagePromo[], vatpercent: number, day: string): BuyMileageQuote {
  const promo = promos
    .filter((p) => p.buymileageid === price.buymileageid && p.status === 'ACTIVE' && inEffect(day, p.startdate, p.enddate))
    .sort((a, b) => a.promocode.localeCompare(b.promocode))[0];
  const amount = cents(wanted * price.pricepermile);
  const discount = promo?.promotype === 'DISCOUNT' ? cents((amount * promo.percentage) / 100) : 0;
  const bonusmiles = promo?.promotype === 'BONUS' ? Math.floor((wanted * promo.percentage) / 100) : 0;
  const vat = cents(((amount - discount) * vatpercent) / 100);
  return {
    promocode: promo?.promocode ?? null,
    bonusmiles,
    pricepermile: price.pricepermile,
    amount,
    discount,
    vatpercent,
    vat,
    total: cents(amount - discount + vat),
    currencycode: price.currencycode,
  };
}
