// The rule book: every accrual rule table's records (as the rule screens store them) gathered once, headers
// with their booking classes, tier minimums and tier rates, and cut per activity into the candidate rows the
// engine (accrualRules.ts) rates with. Pure: accrualStore loads the tables, this assembles them.
import type {
  AccrualPromo,
  ActivityBonus,
  ActivityLimit,
  AirRules,
  BcClass,
  BcRule,
  Codeshare,
  Coordinates,
  DistanceRange,
  NonAirRule,
  OdRule,
  RevenueRule,
} from './accrualRules';
import type { Promotion } from '../promotions/promotionRules';

type Row = Record<string, unknown>;

/** The resources a rule book is read from (each a rule screen's table), by what the book calls them. */
export const RULE_RESOURCES = {
  od: 'accrual-rule-od',
  bc: 'accrual-rule-bc',
  bcClasses: 'accrual-rule-bc-detail',
  bcMinimums: 'accrual-rule-bc-minimum',
  revenue: 'accrual-rule',
  revenueRates: 'accrual-rule-rate',
  nonAir: 'accrual-rule-non-air',
  promos: 'accrual-promo',
  bonuses: 'activity-bonus',
  codeshares: 'codeshare',
  bands: 'distance-range',
  limits: 'activity-code-limit',
  promotions: 'promotion',
  promotionBonuses: 'promotion-bonus-activity',
  bookingClasses: 'booking-class',
} as const;

export type RuleTables = { [K in keyof typeof RULE_RESOURCES]: Row[] };

export interface RuleBook {
  od: OdRule[];
  bc: BcRule[];
  revenue: RevenueRule[];
  nonAir: NonAirRule[];
  promos: AccrualPromo[];
  bonuses: ActivityBonus[];
  codeshares: Codeshare[];
  bands: DistanceRange[];
  limits: ActivityLimit[];
  /** Promo Manage Catalog's promotions. */
  promotions: Promotion[];
  /** A carrier's booking class -> its compartment, keyed 'GA|J'. */
  compartments: ReadonlyMap<string, string>;
}

/** The key of a carrier's booking class in the book's compartments. */
export const classKey = (airlinecode: string, bookingclass: string) => `${airlinecode}|${bookingclass}`;

const groupBy = (rows: Row[], key: string): Map<unknown, Row[]> => {
  const map = new Map<unknown, Row[]>();
  for (const row of rows) {
    const list = map.get(row[key]);
    if (list) list.push(row);
    else map.set(row[key], [row]);
  }
  return map;
};

/** Assembles the book from the tables' records: a header's children attached to it. */
export function assembleRuleBook(tables: RuleTables): RuleBook {
  const classes = groupBy(tables.bcClasses, 'rulecode');
  const minimums = groupBy(tables.bcMinimums, 'rulecode');
  const rates = groupBy(tables.revenueRates, 'rulecode');
  const promotionBonuses = groupBy(tables.promotionBonuses, 'promocode');
  return {
    od: tables.od as unknown as OdRule[],
    bc: tables.bc.map((rule) => ({
      ...(rule as unknown as BcRule),
      classes: (classes.get(rule.rulecode) ?? []) as unknown as BcClass[],
      minimums: (minimums.get(rule.rulecode) ?? []) as unknown as BcRule['minimums'],
    })),
    revenue: tables.revenue.map((rule) => ({ ...(rule as unknown as RevenueRule), rates: (rates.get(rule.rulecode) ?? []) as unknown as RevenueRule['rates'] })),
    nonAir: tables.nonAir as unknown as NonAirRule[],
    promos: tables.promos as unknown as AccrualPromo[],
    bonuses: tables.bonuses as unknown as ActivityBonus[],
    codeshares: tables.codeshares as unknown as Codeshare[],
    bands: tables.bands as unknown as DistanceRange[],
    limits: tables.limits as unknown as ActivityLimit[],
    promotions: tables.promotions.map((p) => ({ ...(p as unknown as Promotion), activitybonuses: (promotionBonuses.get(p.promocode) ?? []) as unknown as Promotion['activitybonuses'] })),
    compartments: new Map(tables.bookingClasses.map((c) => [classKey(String(c.airlinecode), String(c.bookingclass)), String(c.compartmentcode)])),
  };
}

/** The candidate rows of a flight: the carrier's tables, routes, promotions and codeshares, every tier bonus and band, every air promotion of Promo Manage Catalog. */
export function airRulesFor(book: RuleBook, carrier: string, airports: Readonly<Record<string, Coordinates | undefined>>): AirRules {
  const own = <T extends { airlinecode: string }>(rows: T[]) => rows.filter((r) => r.airlinecode === carrier);
  return {
    od: own(book.od),
    bc: own(book.bc),
    revenue: own(book.revenue),
    promos: own(book.promos),
    bonuses: book.bonuses,
    codeshares: book.codeshares.filter((c) => c.marketingairline === carrier),
    bands: book.bands,
    airports,
    promotions: book.promotions.filter((p) => p.promotiontype === 'AIR'),
  };
}

/** The candidate rows of a partner activity: the partner's rules and limits, every tier bonus. */
export function nonAirRulesFor(book: RuleBook, partnercode: string): { rules: NonAirRule[]; bonuses: ActivityBonus[]; limits: ActivityLimit[]; promotions: Promotion[] } {
  return {
    rules: book.nonAir.filter((r) => r.partnercode === partnercode),
    bonuses: book.bonuses,
    limits: book.limits.filter((l) => l.partnercode === partnercode),
    promotions: book.promotions.filter((p) => p.promotiontype !== 'AIR'),
  };
}
