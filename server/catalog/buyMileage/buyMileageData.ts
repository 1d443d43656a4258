// Demo buy-mileage catalogue (not production): the two receipt types spec 001 §4.7 relabels, the
// per-mile prices by tier with their effective dates, and a discount and a bonus promo; each table filled
// once while it is empty. Codes match the other demo data (tiers, currencies).
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';

const RECEIPT_TYPES = [
  { receipttypeid: 'BUYMILES', receipttypename: 'BUY AWARD MILES', receiptprefix: 'BM', milestype: 'BUY', description: 'Award miles bought by the member' },
  { receipttypeid: 'BUYEXTEND', receipttypename: 'BUY EXPIRED MILEAGE', receiptprefix: 'BX', milestype: 'BUYEXTEND', description: 'Miles bought back to extend expiring ones' },
];

const PRICES = [
  { buymileageid: 'BML-STD-2025', buymileagename: 'Buy Mileage 2025', receipttypeid: 'BUYMILES', minmiles: 1000, maxmiles: 50000, milesstep: 1000, pricepermile: 220, currencycode: 'IDR', effectivedate: '2025-01-01', expireddate: '2025-12-31' },
  { buymileageid: 'BML-STD', buymileagename: 'Buy Mileage', receipttypeid: 'BUYMILES', minmiles: 1000, maxmiles: 50000, milesstep: 1000, pricepermile: 250, currencycode: 'IDR', effectivedate: '2026-01-01' },
  { buymileageid: 'BML-PLAT', buymileagename: 'Buy Mileage Platinum', receipttypeid: 'BUYMILES', tierid: 'PLATINUM', minmiles: 1000, maxmiles: 100000, milesstep: 1000, pricepermile: 200, currencycode: 'IDR', effectivedate: '2026-01-01' },
  { buymileageid: 'BML-EXT', buymileagename: 'Buy to Extend Mileage', receipttypeid: 'BUYEXTEND', minmiles: 500, maxmiles: 20000, milesstep: 500, pricepermile: 150, currencycode: 'IDR', effectivedate: '2026-01-01' },
];

const PROMOS = [
  { promocode: 'BML-1111', promoname: 'Eleven-Eleven 20% Off', buymileageid: 'BML-STD', promotype: 'DISCOUNT', percentage: 20, startdate: '2026-11-01', enddate: '2026-11-30' },
  { promocode: 'BML-YEAREND', promoname: 'Year End 50% Bonus Miles', buymileageid: 'BML-STD', promotype: 'BONUS', percentage: 50, startdate: '2026-12-01', enddate: '2026-12-31' },
  { promocode: 'BML-PLAT-BONUS', promoname: 'Platinum 25% Bonus Miles', buymileageid: 'BML-PLAT', promotype: 'BONUS', percentage: 25, startdate: '2026-06-01', enddate: '2026-06-30' },
];

export const BUY_MILEAGE_TABLES: SeedTable[] = [
  { resource: 'receipt-catalogue', rows: RECEIPT_TYPES },
  { resource: 'buy-mileage-catalog', rows: PRICES },
  { resource: 'buy-mileage-promo', rows: PROMOS },
];

/** Fills each buy-mileage catalogue table that is still empty; returns the rows inserted per resource. */
export function seedBuyMileageData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  return seedTables(db, catalogue, BUY_MILEAGE_TABLES, now, { demoCalendar: true });
}
