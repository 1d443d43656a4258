// The pure buy-mileage rules: which price row a tier buys on a day, the miles allowed, and the price with a
// discount promo and VAT to the cent.
import { describe, expect, it } from 'vitest';
import { milesProblem, priceFor, quote, type BuyMileagePrice, type BuyMileagePromo } from '../../server/catalog/buyMileage/buyMileageRules';

const row = (over: Partial<BuyMileagePrice>): BuyMileagePrice => ({
  buymileageid: 'BML', receipttypeid: 'BUYMILES', tierid: null, minmiles: 1000, maxmiles: 50000, milesstep: 1000, pricepermile: 250, currencycode: 'IDR', effectivedate: '2026-01-01', expireddate: null, status: 'ACTIVE', ...over,
});
const promo = (over: Partial<BuyMileagePromo>): BuyMileagePromo => ({ promocode: 'P', buymileageid: 'BML', promotype: 'DISCOUNT', percentage: 20, startdate: '2026-11-01', enddate: '2026-11-30', status: 'ACTIVE', ...over });

describe('buy mileage rules', () => {
  it('finds the price row of the tier or all tiers in force on the day, active', () => {
    const prices = [row({ tierid: 'GOLD' }), row({ buymileageid: 'OLD', expireddate: '2025-12-31', effectivedate: '2025-01-01' })];
    expect(priceFor(prices, 'BML', 'GOLD', '2026-05-01')).toBe(prices[0]);
    expect(priceFor(prices, 'BML', 'BLUE', '2026-05-01')).toBeUndefined();
    expect(priceFor(prices, 'OLD', 'BLUE', '2026-05-01')).toBeUndefined();
    expect(priceFor([row({ status: 'INACTIVE' })], 'BML', 'BLUE', '2026-05-01')).toBeUndefined();
  });

  it('takes the discount promo of the day off the price before VAT', () => {
    const promos = [promo({})];
    expect(quote(3000, row({}), promos, 11, '2026-11-24')).toEqual({ promocode: 'P', bonusmiles: 0, pricepermile: 250, amount: 750_000, discount: 150_000, vatpercent: 11, vat: 66_000, total: 666_000, currencycode: 'IDR' });
    expect(quote(3000, row({}), promos, 11, '2026-12-01')).toMatchObject({ promocode: null, discount: 0, vat: 82_500, total: 832_500 });
    expect(quote(1, row({ pricepermile: 0.55 }), [], 11, '2026-12-01')).toMatchObject({ amount: 0.55, vat: 0.06, total: 0.61 });
  });

  it('keeps the miles within the row and the yearly limit', () => {
    expect(milesProblem(500, row({}), 0, 100_000)).toBe('Miles must be at least 1,000');
    expect(milesProblem(1500, row({}), 0, 100_000)).toBe('Miles must be a multiple of 1,000');
    expect(milesProblem(50000, row({}), 60_000, 100_000)).toBe('Miles over the yearly limit of 100,000: 60,000 bought this year, 40,000 left');
    expect(milesProblem(40000, row({}), 60_000, 100_000)).toBeUndefined();
  });
});
