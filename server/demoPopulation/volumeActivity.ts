// The activity side of a volume member's history, for seed:volume: the member activity each earning event
// stands for (credited, linked to its ledger row), the promotion bonus lines the accrual engine's own rules
// (promotionRules.promotionBonuses) give it, the member's promotion registrations, and flights of people who
// are not members, parked as the posting API parks them (Park Activity, NO_MEMBER). Pure, but for the rule
// book it is handed: the same member index and clock give the same rows.
import { ACCRUAL_REASONS, type AccrualLine } from '../../domain/accrualResult';
import { generateKey } from '../../engine/definition/generatedKey';
import type { NonAirRule } from '../catalog/accrual/accrualRules';
import { classKey, type RuleBook } from '../catalog/accrual/ruleBook';
import { cardNumberOf } from '../mailingProduct/cards/cardNumbers';
import { promotionBonuses, type Promotion, type PromotionActivity } from '../catalog/promotions/promotionRules';
import { CREDITED } from '../platform/rollups/rollupStore';
import type { BookTransaction } from './ledgerBook';
import { seededRandom, type MilesEvent, type PopulationMember } from './memberPopulation';
import { DOMESTIC_ROUTES, INTERNATIONAL_ROUTES } from './populationLists';
import { BOOKING_CLASSES } from '../catalog/accrual/programmeData';
import { isoDay } from '../../engine/definition/dates';

/** What the activity rows need of the rule book: the promotions, the booking classes' compartments, the non-air rules. */
export type ActivityRules = Pick<RuleBook, 'promotions' | 'compartments' | 'nonAir'>;

/** The Park Activity reason of a card no member holds (the posting API's). */
export const NO_MEMBER = 'NO_MEMBER' satisfies keyof typeof ACCRUAL_REASONS;
/** Flights of non-members parked a member drawn (Poisson mean), over the last NON_MEMBER_DAYS days. */
const NON_MEMBER_FLIGHTS = 0.3;
const NON_MEMBER_DAYS = 730;
/** Share of the members a registration promotion admits who register to it. */
const REGISTERING = 0.2;

/** The member's registrations (Member Promo) to the promotions that need one and whose member criteria its current self meets. */
export function registrationsOf(m: PopulationMember, promotions: readonly Promotion[]): Record<string, unknown>[] {
  const draw = seededRandom(0x9e61 ^ Math.imul(m.index, 40503));
  const tierid = String(m.fields.tierid);
  return promotions
    .filter((p) => p.needregister && p.status === 'ACTIVE' && (!p.membershipid || p.membershipid === m.fields.membershipid) && (!p.tiers?.length || p.tiers.includes(tierid)))
    .filter(() => draw() < REGISTERING)
    .map((p) => ({ promocode: p.promocode, cardnumber: m.fields.cardnumber, memberid: m.memberid, registrationcode: null, channel: draw() < 0.5 ? 'STAFF' : 'FILE', status: 'REGISTERED' }));
}

/** The tier of the member's tier history on a day (its first one before any). */
function tierOn(m: PopulationMember, date: string): string {
  return (m.tiers.find((t) => t.startdate <= date && (!t.enddate || date <= t.enddate)) ?? m.tiers[0]!).tierid;
}

/** A spend the non-air rule of the partner's activity code turns into the event's miles (per-unit rules only). */
function spendOf(rules: readonly NonAirRule[], partnercode: string, activitycode: string, awardmiles: number): { amount: number; currencycode: string } | undefined {
  const rule = rules.find((r) => r.partnercode === partnercode && r.activitycode === activitycode && r.calculationtype === 'PERUNIT');
  if (!rule?.amountperunit || !rule.milesperunit || !rule.currencycode) return undefined;
  return { amount: Math.round((awardmiles / rule.milesperunit) * rule.amountperunit), currencycode: rule.currencycode };
}

/**
 * Each earning event's promotion lines: what promotionBonuses gives the activity for the member on its day.
 * The bonus is added to the event's miles (the ledger row credits base and bonus together, as accrual does).
 */
export function promote(m: PopulationMember, registered: readonly string[], rules: ActivityRules): Map<MilesEvent, AccrualLine[]> {
  const out = new Map<MilesEvent, AccrualLine[]>();
  if (rules.promotions.length === 0) return out;
  for (const event of m.events) {
    const a = event.activity;
    if (!a) continue;
    const date = String(a.activitydate);
    const activity: PromotionActivity =
      a.activitytype === 'AIR'
        ? { type: 'AIR', date, carrier: String(a.carrier), origin: String(a.origin), destination: String(a.destination), bookingclass: String(a.bookingclass), compartment: rules.compartments.get(classKey(String(a.carrier), String(a.bookingclass))) ?? null }
        : { type: 'NONAIR', date, partnercode: String(a.partnercode), activitycode: String(a.activitycode), ...spendOf(rules.nonAir, String(a.partnercode), String(a.activitycode), event.awardmiles) };
    const member = { tierid: tierOn(m, date), membershipid: String(m.fields.membershipid), gender: String(m.fields.gender), birthdate: String(m.fields.birthdate), enrollmentdate: String(m.fields.enrollmentdate), promotions: registered };
    const { lines } = promotionBonuses(rules.promotions, member, activity, { awardmiles: event.awardmiles, tiermiles: event.tiermiles, segments: event.segments });
    if (lines.length === 0) continue;
    for (const line of lines) {
      event.awardmiles += line.awardmiles;
      event.tiermiles += line.tiermiles;
    }
    out.set(event, lines);
  }
  return out;
}

/** The member's activities as Member Activity stores them: credited, with the miles and the ledger row that credited them. */
export function memberActivities(m: PopulationMember, trxids: ReadonlyMap<MilesEvent, BookTransaction>, rules: ActivityRules): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const event of m.events) {
    const trx = trxids.get(event);
    if (!event.activity || !trx) continue;
    const a = event.activity;
    const spend = a.activitytype === 'AIR' ? undefined : spendOf(rules.nonAir, String(a.partnercode), String(a.activitycode), trx.awardmiles);
    rows.push({
      ...a,
      ...spend,
      awardmiles: trx.awardmiles,
      tiermiles: trx.tiermiles,
      segments: trx.segments,
      trxid: trx.trxid,
      // Carriers send their flights in files; partners post theirs.
      channel: a.activitytype === 'AIR' ? 'FILE' : 'API',
      status: CREDITED,
    });
  }
  return rows;
}

/** The ledger_detail rows of the promotion lines (numbered from 1 per ledger row). */
export function detailRows(lines: ReadonlyMap<MilesEvent, AccrualLine[]>, trxids: ReadonlyMap<MilesEvent, BookTransaction>): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const [event, eventLines] of lines) {
    const trx = trxids.get(event);
    if (!trx) continue;
    eventLines.forEach((line, n) => rows.push({ trxid: trx.trxid, lineno: n + 1, ...line }));
  }
  return rows;
}

/**
 * Flights of people who hold no card of the programme, drawn beside member `index`: parked with reason
 * NO_MEMBER and no member, as the posting API parks them (the Flight panel's Non-Member series).
 */
export function nonMemberFlights(index: number, now: Date): Record<string, unknown>[] {
  const draw = seededRandom(0x0a11 ^ Math.imul(index, 69069));
  const rows: Record<string, unknown>[] = [];
  for (let n = 0; draw() < NON_MEMBER_FLIGHTS / (n + 1) && n < 5; n++) {
    const day = new Date(now.getTime() - Math.floor(draw() * NON_MEMBER_DAYS) * 86_400_000);
    const routes = draw() < 0.7 ? DOMESTIC_ROUTES : INTERNATIONAL_ROUTES;
    const route = routes[Math.floor(draw() * routes.length)]!;
    const [carrier, from, to] = route;
    const [origin, destination] = draw() < 0.5 ? [from, to] : [to, from];
    const [cls] = BOOKING_CLASSES[Math.floor(draw() * BOOKING_CLASSES.length)]!;
    // Parked three days later, a millisecond apart per flight drawn: the key's time part is the flight's own
    // (index * 5 + n stays under a day's milliseconds below 17 M members), so no two keys meet, whatever their
    // random part (a day's ~1,000 keys sharing one time met at 960,000 members).
    const parked = new Date(day.getTime() + 3 * 86_400_000 + index * 5 + n);
    rows.push({
      parkid: generateKey(parked),
      parkeddate: parked.toISOString(),
      channel: 'FILE',
      activitytype: 'AIR',
      // A number of the programme's range no card has (the 54 prefix is never issued).
      cardnumber: cardNumberOf('54', index * 5 + n),
      activitydate: isoDay(day),
      carrier,
      flightnumber: `${carrier}${100 + Math.floor(draw() * 900)}`,
      origin,
      destination,
      bookingclass: cls,
      reasoncode: NO_MEMBER,
      reason: `${ACCRUAL_REASONS[NO_MEMBER]}: no member holds this card`,
      memberid: null,
      status: 'PARKED',
    });
  }
  return rows;
}
