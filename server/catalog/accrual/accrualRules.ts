// The accrual engine: pure functions from an activity, the member and the candidate rule rows (fed by
// accrualStore) to the miles it earns, each criterion with its miles, and why every other candidate rule
// did not apply. No database here: the posting API, the simulator, re-rating and the batch all call these.
import { ACCRUAL_REASONS, type AccrualLine, type AccrualReason, type AccrualResult, type RuleSource, type RuleVerdict } from '../../../domain/accrualResult';
import { STATUS_ACTIVE as ACTIVE } from '../../../engine/definition/compile';
import { inEffect } from '../../../engine/definition/dates';
import { promotionBonuses, type Promotion, type PromotionMember } from '../promotions/promotionRules';
import { greatCircleMiles } from './geo';
import { flightNumber } from '../../../domain/flightIdentity';

// ---- rows, as the rule screens declare them (records: numbers, booleans and lists already decoded) ----------

interface Dated {
  effectivedate: string;
  expireddate: string | null;
  status: string;
}

/** Accrual Rule OD: a route's sector miles (empty: the great-circle distance) and whether it earns. */
export interface OdRule extends Dated {
  rulecode: string;
  airlinecode: string;
  originairport: string;
  destinationairport: string;
  sectormiles: number | null;
  earning: boolean;
}

export interface BcClass {
  bookingclass: string;
  awardpercent: number;
  tierpercent: number;
  segments: number;
  minimummiles: number | null;
  status: string;
}

/** Accrual Rule BC: a carrier's booking-class table for a route, a route band or all its routes, by issue and flight dates. */
export interface BcRule extends Dated {
  rulecode: string;
  rulename: string;
  airlinecode: string;
  distancerangecode: string | null;
  originairport: string | null;
  destinationairport: string | null;
  issuedatefrom: string;
  issuedateto: string | null;
  classes: BcClass[];
  /** Minimum miles per segment by tier (the distance counted is at least this). */
  minimums: { tierid: string; minimummiles: number }[];
}

/** Accrual Rule (revenue based): miles per unit of the fare's currency, by tier. */
export interface RevenueRule extends Dated {
  rulecode: string;
  rulename: string;
  airlinecode: string;
  currencycode: string;
  amountperunit: number;
  segments: number;
  issuedatefrom: string;
  issuedateto: string | null;
  rates: { tierid: string; awardmilesperunit: number; tiermilesperunit: number }[];
}

export interface NonAirRule extends Dated {
  rulecode: string;
  partnercode: string;
  activitycode: string;
  calculationtype: 'FIXED' | 'PERUNIT' | string;
  fixedmiles: number | null;
  currencycode: string | null;
  amountperunit: number | null;
  milesperunit: number | null;
  minimumamount: number | null;
  maximummiles: number | null;
  earntiermiles: boolean;
}

export interface AccrualPromo {
  promocode: string;
  promoname: string;
  airlinecode: string;
  originairport: string | null;
  destinationairport: string | null;
  bookingclasses: string[];
  tiers: string[];
  bonustype: 'PERCENTAGE' | 'FIXED' | string;
  bonusvalue: number;
  milestype: 'AWARD' | 'TIER' | 'BOTH' | string;
  startdate: string;
  enddate: string;
  status: string;
}

export interface ActivityBonus extends Dated {
  tierid: string;
  activitytype: 'AIR' | 'NONAIR' | string;
  bonuspercent: number;
}

export interface Codeshare extends Dated {
  codeshareid: string;
  routetype: 'ALLROUTE' | 'SPECIFICROUTE' | string;
  marketingairline: string;
  marketingfltnum: string | null;
  operatingairline: string;
  operatingfltnum: string | null;
  originairport: string | null;
  destinationairport: string | null;
  earnmiles: boolean;
}

export interface DistanceRange extends Dated {
  distancerangecode: string;
  distancerangename: string;
  mindistance: number;
  maxdistance: number;
}

export interface ActivityLimit extends Dated {
  limitcode: string;
  partnercode: string;
  activitycode: string;
  maxmilesday: number | null;
  maxmilesmonth: number | null;
  maxmilesyear: number | null;
  maxcountday: number | null;
  maxcountmonth: number | null;
  maxcountyear: number | null;
}

export interface Coordinates {
  latitude: number | null;
  longitude: number | null;
}

// ---- the activity and the member ---------------------------------------------------------------------------

export interface AccrualMember extends PromotionMember {
  memberid: string;
  /** The member's tier on the activity's date. */
  tierid: string | null;
  status: string;
  enrollmentdate: string | null;
}

export interface AirActivity {
  carrier: string;
  flightnumber: string;
  /** YYYY-MM-DD */
  flightdate: string;
  origin: string;
  destination: string;
  bookingclass: string;
  ticketissuedate: string;
  operatingcarrier?: string | null;
  fareamount?: number | null;
  farecurrency?: string | null;
  /** The booking class's compartment (Booking Class), for the promotions' compartment criteria. */
  compartment?: string | null;
}

export interface NonAirActivity {
  partnercode: string;
  activitycode: string;
  activitydate: string;
  amount?: number | null;
  currencycode?: string | null;
}

/** The candidate rows of one air activity: every row of the carrier's tables, whatever their dates (the verdicts explain). */
export interface AirRules {
  od: OdRule[];
  bc: BcRule[];
  revenue: RevenueRule[];
  promos: AccrualPromo[];
  bonuses: ActivityBonus[];
  codeshares: Codeshare[];
  bands: DistanceRange[];
  airports: Readonly<Record<string, Coordinates | undefined>>;
  /** Promo Manage Catalog's air promotions. */
  promotions?: Promotion[];
}

/** What a member has already earned on an activity code in the day, month and year of the activity. */
export interface LimitUsage {
  day: { miles: number; count: number };
  month: { miles: number; count: number };
  year: { miles: number; count: number };
}

export interface NonAirRules {
  rules: NonAirRule[];
  bonuses: ActivityBonus[];
  limits: ActivityLimit[];
  usage: LimitUsage;
  /** Promo Manage Catalog's non-air promotions. */
  promotions?: Promotion[];
}

// ---- helpers -------------------------------------------------------------------------------------------------

const miles = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${Number(n.toFixed(4))}%`;

/** Whole miles of a fraction, rounded down (a float's 0.9999... counts as 1). */
export const floorMiles = (value: number): number => Math.floor(Math.round(value * 1e6) / 1e6);

const period = (from: string | null, to: string | null) => `${from ?? 'the start'} - ${to ?? 'no end'}`;

/** Why a dated row does not apply on a date, or undefined when it does. */
function datedMiss(row: Dated, date: string, what: string): string | undefined {
  if (row.status !== ACTIVE) return `Inactive`;
  if (!inEffect(date, row.effectivedate, row.expireddate)) return `${what} ${date} is outside its validity (${period(row.effectivedate, row.expireddate)})`;
  return undefined;
}

/** A route matches in either direction (distances and fares are the same both ways). */
const sameRoute = (origin: string, destination: string, a: string | null, b: string | null) => (a === origin && b === destination) || (a === destination && b === origin);

interface Tally {
  award: number;
  tier: number;
  segments: number;
}

function result(outcome: AccrualResult['outcome'], fields: Partial<AccrualResult> & { lines: AccrualLine[]; verdicts: RuleVerdict[] }): AccrualResult {
  const total = fields.lines.reduce<Tally>((t, l) => ({ award: t.award + l.awardmiles, tier: t.tier + l.tiermiles, segments: t.segments + l.segments }), { award: 0, tier: 0, segments: 0 });
  return { outcome, awardmiles: total.award, tiermiles: total.tier, segments: total.segments, ...fields };
}

const refuse = (outcome: 'REJECTED' | 'PARKED', reasoncode: AccrualReason, detail: string, rest: Omit<Partial<AccrualResult>, 'lines'> & { verdicts: RuleVerdict[] }): AccrualResult =>
  ({ ...result(outcome, { ...rest, lines: [] }), reasoncode, reason: `${ACCRUAL_REASONS[reasoncode]}: ${detail}` });

/** The member checks every activity passes first: found, active, enrolled by the activity's date. */
function memberRefusal(member: AccrualMember | undefined, date: string, verdicts: RuleVerdict[]): AccrualResult | undefined {
  if (!member) return refuse('PARKED', 'NO_MEMBER', 'no member holds this card', { verdicts });
  if (member.status !== ACTIVE) return refuse('PARKED', 'MEMBER_NOT_ACTIVE', `member ${member.memberid} is ${member.status}`, { verdicts, tierid: member.tierid });
  if (member.enrollmentdate && date < member.enrollmentdate) {
    return refuse('REJECTED', 'BEFORE_ENROLLMENT', `${date} is before the enrollment on ${member.enrollmentdate}`, { verdicts, tierid: member.tierid });
  }
  return undefined;
}

/** The tier bonus of the member's tier on the activity (Activity Bonus), on the base award miles. */
function tierBonus(bonuses: ActivityBonus[], type: 'AIR' | 'NONAIR', member: AccrualMember, date: string, baseAward: number, lines: AccrualLine[], verdicts: RuleVerdict[]) {
  let applied = false;
  for (const bonus of bonuses) {
    const code = `${bonus.tierid}/${bonus.activitytype}/${bonus.effectivedate}`;
    const miss =
      bonus.activitytype !== type
        ? `For ${bonus.activitytype === 'AIR' ? 'air' : 'non-air'} activity`
        : bonus.tierid !== member.tierid
          ? `For tier ${bonus.tierid}, the member is ${member.tierid ?? 'without a tier'}`
          : datedMiss(bonus, date, 'Date');
    if (miss === undefined && applied) {
      verdicts.push({ ruletype: 'ACTBONUS', rulecode: code, applied: false, reason: 'Another tier bonus of the tier applied already' });
      continue;
    }
    if (miss !== undefined) {
      verdicts.push({ ruletype: 'ACTBONUS', rulecode: code, applied: false, reason: miss });
      continue;
    }
    applied = true;
    const award = floorMiles((baseAward * bonus.bonuspercent) / 100);
    lines.push({ criterion: 'TIERBONUS', ruletype: 'ACTBONUS', rulecode: code, description: `Tier bonus ${bonus.tierid} +${pct(bonus.bonuspercent)} of ${miles(baseAward)}`, awardmiles: award, tiermiles: 0, segments: 0 });
    verdicts.push({ ruletype: 'ACTBONUS', rulecode: code, applied: true, reason: `+${pct(bonus.bonuspercent)} for tier ${bonus.tierid}` });
  }
}

// ---- air ---------------------------------------------------------------------------------------------------------

/** The codeshare rows that decide whether a flight marketed by one carrier and operated by another earns. */
function codeshareRefusal(activity: AirActivity, rules: AirRules, verdicts: RuleVerdict[]): string | undefined {
  const operating = activity.operatingcarrier;
  if (!operating || operating === activity.carrier) return undefined;
  let earning: Codeshare | undefined;
  let blocking: Codeshare | undefined;
  for (const cs of rules.codeshares) {
    const miss =
      cs.marketingairline !== activity.carrier || cs.operatingairline !== operating
        ? `Codeshare of ${cs.marketingairline} operated by ${cs.operatingairline}`
        : cs.marketingfltnum && flightNumber(cs.marketingfltnum, cs.marketingairline) !== flightNumber(activity.flightnumber, activity.carrier)
          ? `For flight ${cs.marketingairline}${cs.marketingfltnum}`
          : cs.routetype === 'SPECIFICROUTE' && !sameRoute(activity.origin, activity.destination, cs.originairport, cs.destinationairport)
            ? `For route ${cs.originairport}-${cs.destinationairport}`
            : datedMiss(cs, activity.flightdate, 'Flight date');
    if (miss !== undefined) {
      verdicts.push({ ruletype: 'CODESHARE', rulecode: cs.codeshareid, applied: false, reason: miss });
      continue;
    }
    if (cs.earnmiles) earning ??= cs;
    else blocking ??= cs;
    verdicts.push({ ruletype: 'CODESHARE', rulecode: cs.codeshareid, applied: true, reason: cs.earnmiles ? 'The codeshare earns miles' : 'The codeshare does not earn miles' });
  }
  if (blocking) return `${activity.carrier}${activity.flightnumber} operated by ${operating} is listed as not earning (${blocking.codeshareid})`;
  if (!earning) return `${activity.carrier}${activity.flightnumber} operated by ${operating} is not on the codeshare list`;
  return undefined;
}

/** The route's miles: an OD rule's sector miles, else the great-circle distance of the two airports. */
function routeMiles(activity: AirActivity, rules: AirRules, verdicts: RuleVerdict[]): { miles: number; source: string } | { refusal: AccrualResult } {
  let chosen: OdRule | undefined;
  for (const od of rules.od) {
    const miss =
      od.airlinecode !== activity.carrier
        ? `For carrier ${od.airlinecode}`
        : !sameRoute(activity.origin, activity.destination, od.originairport, od.destinationairport)
          ? `For route ${od.originairport}-${od.destinationairport}`
          : (datedMiss(od, activity.flightdate, 'Flight date') ?? (chosen ? `Rule ${chosen.rulecode} applied already` : undefined));
    if (miss !== undefined) {
      verdicts.push({ ruletype: 'ACRULEOD', rulecode: od.rulecode, applied: false, reason: miss });
      continue;
    }
    chosen = od;
    verdicts.push({ ruletype: 'ACRULEOD', rulecode: od.rulecode, applied: true, reason: !od.earning ? 'The route does not earn miles' : od.sectormiles != null ? `Sector miles ${miles(od.sectormiles)}` : 'The route earns; distance by great circle' });
  }
  if (chosen && !chosen.earning) {
    return { refusal: refuse('REJECTED', 'ROUTE_NOT_EARNING', `${activity.carrier} ${activity.origin}-${activity.destination} does not earn (rule ${chosen.rulecode})`, { verdicts }) };
  }
  if (chosen && chosen.sectormiles != null) return { miles: chosen.sectormiles, source: `Sector miles of rule ${chosen.rulecode}` };
  const a = rules.airports[activity.origin];
  const b = rules.airports[activity.destination];
  if (!a || !b || a.latitude == null || a.longitude == null || b.latitude == null || b.longitude == null) {
    const missing = [activity.origin, activity.destination].filter((code) => {
      const c = rules.airports[code];
      return !c || c.latitude == null || c.longitude == null;
    });
    return { refusal: refuse('PARKED', 'NO_DISTANCE', `no coordinates for ${missing.join(' and ')} and no sector miles`, { verdicts }) };
  }
  return { miles: greatCircleMiles({ latitude: a.latitude, longitude: a.longitude }, { latitude: b.latitude, longitude: b.longitude }), source: `Great-circle distance ${activity.origin}-${activity.destination}` };
}

/** How specific a table is for the flight: a route of its own (3), a route band (2), every route (1); 0 when it does not cover the route. */
function coverage(rule: BcRule, activity: AirActivity, distance: number, bands: DistanceRange[]): { rank: number; miss?: string } {
  if (rule.originairport || rule.destinationairport) {
    return sameRoute(activity.origin, activity.destination, rule.originairport, rule.destinationairport) ? { rank: 3 } : { rank: 0, miss: `For route ${rule.originairport ?? '*'}-${rule.destinationairport ?? '*'}` };
  }
  if (rule.distancerangecode) {
    const band = bands.find((b) => b.distancerangecode === rule.distancerangecode && b.status === ACTIVE && inEffect(activity.flightdate, b.effectivedate, b.expireddate));
    if (!band) return { rank: 0, miss: `Route band ${rule.distancerangecode} is not valid on ${activity.flightdate}` };
    if (distance < band.mindistance || distance > band.maxdistance) {
      return { rank: 0, miss: `For route band ${band.distancerangecode} (${miles(band.mindistance)} - ${miles(band.maxdistance)} miles), the route is ${miles(distance)}` };
    }
    return { rank: 2 };
  }
  return { rank: 1 };
}

function ticketMiss(rule: { issuedatefrom: string; issuedateto: string | null; airlinecode: string } & Dated, activity: AirActivity): string | undefined {
  if (rule.airlinecode !== activity.carrier) return `For carrier ${rule.airlinecode}`;
  if (rule.status !== ACTIVE) return 'Inactive';
  if (!inEffect(activity.ticketissuedate, rule.issuedatefrom, rule.issuedateto)) {
    return `Ticket issued ${activity.ticketissuedate} is outside its issue dates (${period(rule.issuedatefrom, rule.issuedateto)})`;
  }
  if (!inEffect(activity.flightdate, rule.effectivedate, rule.expireddate)) return `Flight date ${activity.flightdate} is outside its flight dates (${period(rule.effectivedate, rule.expireddate)})`;
  return undefined;
}

/** The revenue-based rule for a fare: valid on the ticket's dates, in the fare's currency, with a rate for the tier. */
function revenueBase(activity: AirActivity, member: AccrualMember, rules: AirRules, verdicts: RuleVerdict[]): AccrualLine | undefined {
  let line: AccrualLine | undefined;
  for (const rule of rules.revenue) {
    const rate = rule.rates.find((r) => r.tierid === member.tierid);
    const miss =
      ticketMiss(rule, activity) ??
      (activity.fareamount == null || !activity.farecurrency
        ? 'No fare given (revenue-based rules rate the fare)'
        : activity.farecurrency !== rule.currencycode
          ? `Fare in ${activity.farecurrency}, the rule rates ${rule.currencycode}`
          : !rate
            ? `No rate for tier ${member.tierid ?? '(none)'}`
            : line
              ? `Rule ${line.rulecode} applied already`
              : undefined);
    if (miss !== undefined || !rate) {
      verdicts.push({ ruletype: 'ACRULE', rulecode: rule.rulecode, applied: false, reason: miss ?? '' });
      continue;
    }
    const units = activity.fareamount! / rule.amountperunit;
    line = {
      criterion: 'BASE',
      ruletype: 'ACRULE',
      rulecode: rule.rulecode,
      description: `Fare ${rule.currencycode} ${miles(activity.fareamount!)}: ${rate.awardmilesperunit} award and ${rate.tiermilesperunit} tier miles per ${rule.currencycode} ${miles(rule.amountperunit)} (tier ${member.tierid})`,
      awardmiles: floorMiles(units * rate.awardmilesperunit),
      tiermiles: floorMiles(units * rate.tiermilesperunit),
      segments: rule.segments,
    };
    verdicts.push({ ruletype: 'ACRULE', rulecode: rule.rulecode, applied: true, reason: `Revenue based, tier ${member.tierid}` });
  }
  return line;
}

/** Rates a flight. `credited` names the activity that already credited this segment, if any. */
export function rateAir(activity: AirActivity, member: AccrualMember | undefined, rules: AirRules, credited?: string): AccrualResult {
  const verdicts: RuleVerdict[] = [];
  const refused = memberRefusal(member, activity.flightdate, verdicts);
  if (refused) return refused;
  const m = member!;
  const base = { verdicts, tierid: m.tierid };
  if (credited) return refuse('REJECTED', 'ALREADY_CREDITED', `${activity.carrier}${activity.flightnumber} ${activity.origin}-${activity.destination} on ${activity.flightdate} was credited by activity ${credited}`, base);
  const codeshare = codeshareRefusal(activity, rules, verdicts);
  if (codeshare) return refuse('REJECTED', 'CODESHARE_NOT_EARNING', codeshare, base);
  const route = routeMiles(activity, rules, verdicts);
  if ('refusal' in route) return { ...route.refusal, tierid: m.tierid };
  const distance = route;
  const lines: AccrualLine[] = [];

  const revenue = revenueBase(activity, m, rules, verdicts);
  let baseAward: number;
  if (revenue) {
    lines.push(revenue);
    baseAward = revenue.awardmiles;
    for (const rule of rules.bc) verdicts.push({ ruletype: 'ACRULEBC', rulecode: rule.rulecode, applied: false, reason: `The fare is rated by revenue rule ${revenue.rulecode}` });
  } else {
    // The most specific booking-class table valid on the ticket's issue date and the flight date.
    const candidates: { rule: BcRule; rank: number }[] = [];
    const misses = new Map<BcRule, string>();
    for (const rule of rules.bc) {
      const miss = ticketMiss(rule, activity);
      if (miss) {
        misses.set(rule, miss);
        continue;
      }
      const cover = coverage(rule, activity, distance.miles, rules.bands);
      if (cover.rank === 0) misses.set(rule, cover.miss!);
      else candidates.push({ rule, rank: cover.rank });
    }
    candidates.sort((a, b) => b.rank - a.rank || (a.rule.effectivedate < b.rule.effectivedate ? 1 : a.rule.effectivedate > b.rule.effectivedate ? -1 : 0) || (a.rule.rulecode < b.rule.rulecode ? -1 : 1));
    const chosen = candidates[0]?.rule;
    for (const rule of rules.bc) {
      if (rule === chosen) continue;
      verdicts.push({ ruletype: 'ACRULEBC', rulecode: rule.rulecode, applied: false, reason: misses.get(rule) ?? `Rule ${chosen!.rulecode} is more specific or newer` });
    }
    if (!chosen) return refuse('PARKED', 'NO_RULE', `no booking-class or revenue rule of ${activity.carrier} covers ${activity.origin}-${activity.destination}, ticket issued ${activity.ticketissuedate}, flown ${activity.flightdate}`, { ...base, distance });
    const cls = chosen.classes.find((c) => c.bookingclass === activity.bookingclass && c.status === ACTIVE);
    if (!cls) {
      verdicts.push({ ruletype: 'ACRULEBC', rulecode: chosen.rulecode, applied: false, reason: `Booking class ${activity.bookingclass} has no accrual in this table` });
      return refuse('REJECTED', 'CLASS_NOT_EARNING', `booking class ${activity.bookingclass} earns no miles under rule ${chosen.rulecode}`, { ...base, distance });
    }
    verdicts.push({ ruletype: 'ACRULEBC', rulecode: chosen.rulecode, applied: true, reason: `Class ${cls.bookingclass}: award ${pct(cls.awardpercent)}, tier ${pct(cls.tierpercent)}, ${cls.segments} segment(s)` });
    const award = (basis: number) => floorMiles((basis * cls.awardpercent) / 100);
    const tier = (basis: number) => floorMiles((basis * cls.tierpercent) / 100);
    lines.push({
      criterion: 'BASE',
      ruletype: 'ACRULEBC',
      rulecode: chosen.rulecode,
      description: `${distance.source} ${miles(distance.miles)} x class ${cls.bookingclass} (award ${pct(cls.awardpercent)}, tier ${pct(cls.tierpercent)})`,
      awardmiles: award(distance.miles),
      tiermiles: tier(distance.miles),
      segments: cls.segments,
    });
    // A minimum counts the route as at least that many miles (the class's own, or the tier's of the table).
    const tierMinimum = chosen.minimums.find((x) => x.tierid === m.tierid)?.minimummiles ?? 0;
    const minimum = Math.max(cls.minimummiles ?? 0, tierMinimum);
    if (minimum > distance.miles) {
      const extraAward = award(minimum) - award(distance.miles);
      const extraTier = tier(minimum) - tier(distance.miles);
      const whose = tierMinimum >= (cls.minimummiles ?? 0) ? `tier ${m.tierid}` : `class ${cls.bookingclass}`;
      lines.push({ criterion: 'MINIMUM', ruletype: 'ACRULEBC', rulecode: chosen.rulecode, description: `Minimum ${miles(minimum)} miles per segment for ${whose}`, awardmiles: extraAward, tiermiles: extraTier, segments: 0 });
    }
    baseAward = lines.reduce((sum, l) => sum + l.awardmiles, 0);
  }
  const baseTier = lines.reduce((sum, l) => sum + l.tiermiles, 0);

  tierBonus(rules.bonuses, 'AIR', m, activity.flightdate, baseAward, lines, verdicts);
  for (const promo of rules.promos) {
    const miss =
      promo.status !== ACTIVE
        ? 'Inactive'
        : promo.airlinecode !== activity.carrier
          ? `For carrier ${promo.airlinecode}`
          : !inEffect(activity.flightdate, promo.startdate, promo.enddate)
            ? `Flight date ${activity.flightdate} is outside the promotion (${period(promo.startdate, promo.enddate)})`
            : (promo.originairport || promo.destinationairport) && !sameRoute(activity.origin, activity.destination, promo.originairport, promo.destinationairport)
              ? `For route ${promo.originairport ?? '*'}-${promo.destinationairport ?? '*'}`
              : promo.bookingclasses.length > 0 && !promo.bookingclasses.includes(activity.bookingclass)
                ? `For booking classes ${promo.bookingclasses.join(', ')}`
                : promo.tiers.length > 0 && !promo.tiers.includes(m.tierid ?? '')
                  ? `For tiers ${promo.tiers.join(', ')}`
                  : undefined;
    if (miss !== undefined) {
      verdicts.push({ ruletype: 'ACPROMO', rulecode: promo.promocode, applied: false, reason: miss });
      continue;
    }
    const toAward = promo.milestype !== 'TIER';
    const toTier = promo.milestype !== 'AWARD';
    const fixed = promo.bonustype === 'FIXED';
    const of = (basis: number) => (fixed ? floorMiles(promo.bonusvalue) : floorMiles((basis * promo.bonusvalue) / 100));
    lines.push({
      criterion: 'PROMO',
      ruletype: 'ACPROMO',
      rulecode: promo.promocode,
      description: `${promo.promoname}: ${fixed ? `${miles(promo.bonusvalue)} miles` : `+${pct(promo.bonusvalue)}`}`,
      awardmiles: toAward ? of(baseAward) : 0,
      tiermiles: toTier ? of(baseTier) : 0,
      segments: 0,
    });
    verdicts.push({ ruletype: 'ACPROMO', rulecode: promo.promocode, applied: true, reason: fixed ? `${miles(promo.bonusvalue)} bonus miles` : `+${pct(promo.bonusvalue)} bonus` });
  }
  const flight = { type: 'AIR' as const, date: activity.flightdate, carrier: activity.carrier, origin: activity.origin, destination: activity.destination, bookingclass: activity.bookingclass, compartment: activity.compartment };
  const baseSegments = lines.reduce((sum, l) => sum + l.segments, 0);
  const promoted = promotionBonuses(rules.promotions ?? [], m, flight, { awardmiles: baseAward, tiermiles: baseTier, segments: baseSegments });
  lines.push(...promoted.lines);
  verdicts.push(...promoted.verdicts);
  return result('CREDIT', { lines, verdicts, distance, tierid: m.tierid });
}

// ---- non-air -------------------------------------------------------------------------------------------------

const PERIODS = [
  ['day', 'maxmilesday', 'maxcountday'],
  ['month', 'maxmilesmonth', 'maxcountmonth'],
  ['year', 'maxmilesyear', 'maxcountyear'],
] as const;

/** Rates a partner activity by its activity code's rule, the tier bonus and the activity limits. */
export function rateNonAir(activity: NonAirActivity, member: AccrualMember | undefined, rules: NonAirRules): AccrualResult {
  const verdicts: RuleVerdict[] = [];
  const refused = memberRefusal(member, activity.activitydate, verdicts);
  if (refused) return refused;
  const m = member!;
  let chosen: NonAirRule | undefined;
  const ordered = [...rules.rules].sort((a, b) => (a.effectivedate < b.effectivedate ? 1 : a.effectivedate > b.effectivedate ? -1 : 0));
  for (const rule of ordered) {
    const miss =
      rule.partnercode !== activity.partnercode || rule.activitycode !== activity.activitycode
        ? `For ${rule.partnercode} activity ${rule.activitycode}`
        : (datedMiss(rule, activity.activitydate, 'Activity date') ??
          (rule.calculationtype === 'PERUNIT' && (activity.amount == null || !activity.currencycode)
            ? 'No amount given (the rule rates per currency unit)'
            : rule.calculationtype === 'PERUNIT' && activity.currencycode !== rule.currencycode
              ? `Amount in ${activity.currencycode}, the rule rates ${rule.currencycode}`
              : chosen
                ? `Rule ${chosen.rulecode} is newer`
                : undefined));
    if (miss !== undefined) {
      verdicts.push({ ruletype: 'ACRULENA', rulecode: rule.rulecode, applied: false, reason: miss });
      continue;
    }
    chosen = rule;
  }
  const base = { verdicts, tierid: m.tierid };
  if (!chosen) return refuse('PARKED', 'NO_RULE', `no non-air rule of ${activity.partnercode} covers activity ${activity.activitycode} on ${activity.activitydate}${activity.currencycode ? ` in ${activity.currencycode}` : ''}`, base);
  if (chosen.minimumamount != null && (activity.amount ?? 0) < chosen.minimumamount) {
    verdicts.push({ ruletype: 'ACRULENA', rulecode: chosen.rulecode, applied: false, reason: `Amount ${miles(activity.amount ?? 0)} is below the minimum ${miles(chosen.minimumamount)}` });
    return refuse('REJECTED', 'BELOW_MINIMUM', `${miles(activity.amount ?? 0)} is below the minimum ${miles(chosen.minimumamount)} of rule ${chosen.rulecode}`, base);
  }
  const lines: AccrualLine[] = [];
  let award: number;
  let description: string;
  if (chosen.calculationtype === 'PERUNIT') {
    const units = (activity.amount ?? 0) / (chosen.amountperunit || 1);
    award = floorMiles(units * (chosen.milesperunit ?? 0));
    description = `${chosen.currencycode} ${miles(activity.amount ?? 0)}: ${chosen.milesperunit} miles per ${chosen.currencycode} ${miles(chosen.amountperunit ?? 1)}`;
  } else {
    award = floorMiles(chosen.fixedmiles ?? 0);
    description = `Fixed ${miles(award)} miles for ${activity.activitycode}`;
  }
  verdicts.push({ ruletype: 'ACRULENA', rulecode: chosen.rulecode, applied: true, reason: description });
  lines.push({ criterion: 'BASE', ruletype: 'ACRULENA', rulecode: chosen.rulecode, description, awardmiles: award, tiermiles: chosen.earntiermiles ? award : 0, segments: 0 });
  if (chosen.maximummiles != null && award > chosen.maximummiles) {
    const cut = award - chosen.maximummiles;
    lines.push({ criterion: 'CAP', ruletype: 'ACRULENA', rulecode: chosen.rulecode, description: `At most ${miles(chosen.maximummiles)} miles per activity`, awardmiles: -cut, tiermiles: chosen.earntiermiles ? -cut : 0, segments: 0 });
    award = chosen.maximummiles;
  }
  tierBonus(rules.bonuses, 'NONAIR', m, activity.activitydate, award, lines, verdicts);

  // Activity limits: a count limit reached refuses the activity; a miles limit credits what is left of it.
  for (const limit of rules.limits) {
    const miss = limit.partnercode !== activity.partnercode || limit.activitycode !== activity.activitycode ? `For ${limit.partnercode} activity ${limit.activitycode}` : datedMiss(limit, activity.activitydate, 'Activity date');
    if (miss !== undefined) {
      verdicts.push({ ruletype: 'ACTCODELIM', rulecode: limit.limitcode, applied: false, reason: miss });
      continue;
    }
    for (const [name, , countField] of PERIODS) {
      const maxCount = limit[countField];
      if (maxCount != null && rules.usage[name].count >= maxCount) {
        verdicts.push({ ruletype: 'ACTCODELIM', rulecode: limit.limitcode, applied: true, reason: `${rules.usage[name].count} activities this ${name} already (at most ${maxCount})` });
        return refuse('REJECTED', 'LIMIT_REACHED', `at most ${maxCount} ${activity.activitycode} activities a ${name} (limit ${limit.limitcode})`, base);
      }
    }
    const total = lines.reduce((sum, l) => sum + l.awardmiles, 0);
    let allowed = total;
    let binding: string | undefined;
    for (const [name, milesField] of PERIODS) {
      const maxMiles = limit[milesField];
      if (maxMiles == null) continue;
      const left = Math.max(0, maxMiles - rules.usage[name].miles);
      if (left < allowed) {
        allowed = left;
        binding = `at most ${miles(maxMiles)} miles a ${name}, ${miles(rules.usage[name].miles)} earned already`;
      }
    }
    if (binding && allowed === 0) {
      verdicts.push({ ruletype: 'ACTCODELIM', rulecode: limit.limitcode, applied: true, reason: binding });
      return refuse('REJECTED', 'LIMIT_REACHED', `${binding} (limit ${limit.limitcode})`, base);
    }
    if (binding) {
      const tierShare = lines.reduce((sum, l) => sum + l.tiermiles, 0);
      lines.push({ criterion: 'LIMIT', ruletype: 'ACTCODELIM', rulecode: limit.limitcode, description: `Limit: ${binding}`, awardmiles: allowed - total, tiermiles: Math.min(0, allowed - tierShare), segments: 0 });
    }
    verdicts.push({ ruletype: 'ACTCODELIM', rulecode: limit.limitcode, applied: true, reason: binding ?? 'Within the limits' });
  }
  // Promotions give their bonus on what the activity earns within its cap and limits.
  const spend = { type: 'NONAIR' as const, date: activity.activitydate, partnercode: activity.partnercode, activitycode: activity.activitycode, amount: activity.amount, currencycode: activity.currencycode };
  const earned = { awardmiles: lines.reduce((sum, l) => sum + l.awardmiles, 0), tiermiles: lines.reduce((sum, l) => sum + l.tiermiles, 0), segments: 0 };
  const promoted = promotionBonuses(rules.promotions ?? [], m, spend, earned);
  lines.push(...promoted.lines);
  verdicts.push(...promoted.verdicts);
  return result('CREDIT', { lines, verdicts, tierid: m.tierid });
}
