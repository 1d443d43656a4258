// A deterministic population of members: who they are (names, birth dates, documents, contacts,
// addresses), their membership, cards and tier history, and the miles events of their years in the
// programme (flights, partner earnings, redemptions, transfers). Pure: the same index and clock give
// the same member; the demo seed writes them through the ledger, the volume seed in bulk.
import { addMonths as addMonthsRule, isoDay } from '../../engine/definition/dates';
import { cardNumberOf } from '../mailingProduct/cards/cardNumbers';
import {
  AWARDS, BRANCH_SHARES, COBRAND_BANKS, DOMESTIC_ROUTES, ECONOMY_CLASSES, EMPLOYERS, ENROLL_CHANNELS, ENROLLMENT_BONUS_MILES, FLYER_PROFILES, FOREIGN_HOMES,
  FOREIGN_STREETS, HOME_CITIES, INTERNATIONAL_ROUTES, MEMBERSHIP_SHARES, NAME_ORIGINS, PARTNER_EARNINGS, PREMIUM_CLASSES, STREETS, TIER_BONUS_PERCENT,
  TIER_ORDER, TIER_SHARES, type Gender, type NameOrigin, type TierName,
} from './populationLists';
import { tierId, type MembershipId } from '../tierManagement/tiers/tierData';
import { HOBBIES, INDONESIAN_CITIES } from '../platform/seed/referenceLists';
import { AIRLINES, BOOKING_CLASSES } from '../catalog/accrual/programmeData';

// ---------------------------------------------------------------- a seeded random source

/** mulberry32: a small, fast PRNG; one per member, seeded from the member's index. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Draw {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let at = this.next() * total;
    for (const [item, w] of items) {
      at -= w;
      if (at < 0) return item;
    }
    return items[items.length - 1]![0];
  }
  /** Poisson-distributed count with mean `mean` (Knuth; means here are small). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }
}

// ---------------------------------------------------------------- dates as day numbers

const DAY_MS = 86_400_000;
// A million members ask for the same few thousand days again and again: each conversion is kept.
const dayNumbers = new Map<string, number>();
const dayTexts = new Map<number, string>();
const monthSums = new Map<string, string>();
function toDay(date: string): number {
  let day = dayNumbers.get(date);
  if (day === undefined) dayNumbers.set(date, (day = Date.parse(`${date}T00:00:00Z`) / DAY_MS));
  return day;
}
function fromDay(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) dayTexts.set(day, (text = isoDay(new Date(day * DAY_MS))));
  return text;
}
/** The ledger's own month arithmetic (ledgerRules.addMonths), remembered. */
export function addMonths(date: string, months: number): string {
  const key = `${date}|${months}`;
  let sum = monthSums.get(key);
  if (sum === undefined) monthSums.set(key, (sum = addMonthsRule(date, months)));
  return sum;
}
const monthStart = (date: string): string => `${date.slice(0, 8)}01`;

// ---------------------------------------------------------------- what a member is

/** A member's miles event, in the order the ledger must see them. */
export interface MilesEvent {
  date: string;
  kind: 'credit' | 'debit' | 'transfer';
  trxtype: 'ENROLLBONUS' | 'EARNING' | 'REDEMPTION' | 'TRANSFEROUT';
  awardmiles: number;
  tiermiles: number;
  segments: number;
  source: string;
  reason: string;
  /** A transfer's receiving member. */
  to?: string;
  /** The activity that earned it (member-activity's fields; its activityid is the source). */
  activity?: Record<string, unknown>;
  /** The rating's lines, when the accrual rules rated the activity. */
  lines?: readonly Record<string, unknown>[];
}

export interface TierPeriod {
  membershipid: MembershipId;
  tierid: string;
  tiername: TierName;
  startdate: string;
  enddate: string;
  tierreason: 'ENROLLMENT' | 'QUALIFICATION' | 'COMPLIMENTARY' | 'CORPORATE';
}

export interface PopulationCard {
  cardnumber: string;
  membershipid: MembershipId;
  tierid: string;
  status: 'ACTIVE' | 'INACTIVE' | 'REPLACED';
  issuedate: string;
}

export interface PopulationMember {
  index: number;
  memberid: string;
  /** The member's own fields, named as screens/member-management/member.json names them. */
  fields: Record<string, unknown>;
  username: string;
  /** Activated (has a password), e-mail verified. */
  activated: boolean;
  emailverified: boolean;
  /** The status the member ends in (the ledger is written while every member is ACTIVE). */
  status: 'ACTIVE' | 'INACTIVE' | 'SUSPENDED' | 'TERMINATED';
  cards: PopulationCard[];
  account: { startperiod: string; endperiod: string };
  addresses: Record<string, unknown>[];
  tiers: TierPeriod[];
  events: MilesEvent[];
  /** The co-brand bank of a co-brand card holder. */
  cobrandbank?: string;
  aliases: Record<string, unknown>[];
  retroclaims: Record<string, unknown>[];
}

/** What the named demo members fix; everything else is drawn. */
export interface FixedMember {
  firstname: string;
  lastname: string;
  gender: Gender;
  membershipid: MembershipId;
  tier: TierName;
  /** Months since enrollment. */
  months: number;
  state: 'active' | 'toActivate' | 'inactive';
  byEmail?: boolean;
  cobrand?: boolean;
}

/** What an activity is rated for: the member as the accrual rules read it, with the tier held on the activity's day. */
export interface RatingMember {
  memberid: string;
  status: 'ACTIVE';
  tierid: string;
  membershipid: MembershipId;
  enrollmentdate: string;
  gender: Gender;
  birthdate: string;
}

/** The miles the accrual rules give an activity, with the rating's lines (the ledger's detail). */
export interface RatedMiles {
  awardmiles: number;
  tiermiles: number;
  segments: number;
  lines?: readonly Record<string, unknown>[];
}

/**
 * Rates a drawn activity as a post rates it (the demo seed hands server/catalog/accrual's rating): its miles, or undefined
 * when the rules credit nothing (the activity is then not part of the member's history). Called in the order of
 * the member's activities, so what a limit counts is what came before. `drawnMiles`: what the population drew
 * (a partner's activity is given the spend that earns about as much); the rating may add to the activity's fields.
 */
export type ActivityRating = (activity: Record<string, unknown>, member: RatingMember, drawnMiles: number) => RatedMiles | undefined;

export interface PopulationOptions {
  now: Date;
  /** Rates each activity by the programme's accrual rules; without it, the demo's class table approximates them. */
  rate?: ActivityRating;
  /** MILES_EXPIRY_MONTHS: the simulation that keeps redemptions within the balance expires lots as the ledger will. */
  expiryMonths: number;
  /** Scales every member's activity (1 = the demo's; the volume seed uses less for ~10 rows a member). */
  activity?: number;
  /** The members a transfer may go to: indexes below this one (the receiver must exist). */
  firstIndex?: number;
  /** Oldest enrollment, in months before now. */
  maxMonths?: number;
}

export const memberIdOf = (index: number): string => `MBR${String(index).padStart(7, '0')}`;

export const CARD_PREFIX: Record<MembershipId, '51' | '52' | '53'> = { FFP: '51', COBRAND: '52', CORPORATE: '53' };
/**
 * Card sequences: a named demo member's primary card is its index, its co-brand card 100 + index; a drawn
 * member's primary card is 1,000 + index and its co-brand card 5,000,000 + index, so none meet.
 */
const primarySequence = (index: number, named: boolean) => (named ? index : 1000 + index);
const cobrandSequence = (index: number, named: boolean) => (named ? 99 + index : 5_000_000 + index);

const CITIES = new Map(INDONESIAN_CITIES.map((c) => [c.citycode, c]));
const cityOf = (code: string) => CITIES.get(code)!;

const ORIGIN_WEIGHTS = NAME_ORIGINS.map((o) => [o, o.weight] as const);
const DOMESTIC_WEIGHTS = DOMESTIC_ROUTES.map((r) => [r, r[4]] as const);
const INTERNATIONAL_WEIGHTS = INTERNATIONAL_ROUTES.map((r) => [r, r[4]] as const);

const CORPORATES = ['PTNUSAENERGI', 'BALITOURS', 'KEMENHUB'];
const TRANSFER_MIN = 500;

/** Miles a flight earns in a booking class (the demo accrual rules' class table: award %, tier %, minimum). */
const CLASS_RULES = new Map(BOOKING_CLASSES.map(([cls, award, tier, , minimum]) => [cls, { award, tier, minimum }]));

function nameOf(draw: Draw, gender: Gender): { origin: NameOrigin; firstname: string; lastname: string } {
  const origin = draw.weighted(ORIGIN_WEIGHTS);
  const firstname = draw.pick(gender === 'MALE' ? origin.male : origin.female);
  const lastname = origin.singleName && draw.chance(origin.singleName) ? '' : draw.pick(origin.family);
  return { origin, firstname, lastname };
}

/** Name on card: LASTNAME/FIRSTNAME as airlines print it, at most 24 characters, the first-name piece trimmed to 22. */
function nameOnCard(firstname: string, lastname: string): string {
  const first = firstname.toUpperCase().replace(/[^A-Z ]/g, '').slice(0, 22).trim();
  const last = lastname.toUpperCase().replace(/[^A-Z ]/g, '');
  return (last ? `${first} ${last}` : first).slice(0, 24).trim();
}

/** A 16-digit Indonesian NIK: province, regency, district, birth date (day + 40 for women), a sequence. */
function nik(draw: Draw, birthdate: string, gender: Gender, index: number): string {
  const [y, m, d] = birthdate.split('-');
  const day = Number(d) + (gender === 'FEMALE' ? 40 : 0);
  return `${draw.int(11, 94)}${String(draw.int(1, 79)).padStart(2, '0')}${String(draw.int(1, 40)).padStart(2, '0')}${String(day).padStart(2, '0')}${m}${y!.slice(2)}${String(index % 10000).padStart(4, '0')}`;
}

function emailOf(firstname: string, lastname: string, index: number, draw: Draw): string {
  const local = [firstname, lastname].filter(Boolean).join('.').toLowerCase().replace(/[^a-z.]+/g, '');
  const domain = draw.weighted([['example.com', 5], ['example.co.id', 3], ['example.net', 2], ['example.org', 1]] as const);
  return `${local}.${index}@${domain}`;
}

function tierPath(draw: Draw, membershipid: MembershipId, target: TierName, enrolled: string, today: string): TierPeriod[] {
  const rank = TIER_ORDER.indexOf(target);
  const months = Math.max(0, Math.round((toDay(today) - toDay(enrolled)) / 30.44));
  const periods: TierPeriod[] = [];
  // Companies and co-brand cards may start above Blue; everyone else climbs a level at a time, a year or two each.
  const start = membershipid === 'CORPORATE' ? Math.min(rank, 1 + (draw.chance(0.3) ? 1 : 0)) : membershipid === 'COBRAND' && rank >= 1 && draw.chance(0.6) ? 1 : 0;
  const climbs = rank - start;
  let at = enrolled;
  let level = start;
  const spare = Math.max(0, months - 2);
  const steps = climbs > 0 ? Array.from({ length: climbs }, () => Math.max(1, Math.round((spare / climbs) * (0.5 + draw.next() * 0.5)))) : [];
  let reason: TierPeriod['tierreason'] = start === 0 ? 'ENROLLMENT' : membershipid === 'CORPORATE' ? 'CORPORATE' : 'COMPLIMENTARY';
  for (const step of [...steps, 0]) {
    const next = step > 0 ? addMonths(at, step) : today;
    const done = step === 0 || next >= today;
    const tiername = TIER_ORDER[level]!;
    periods.push({ membershipid, tierid: tierId(membershipid, tiername), tiername, startdate: at, enddate: done ? '' : fromDay(toDay(next) - 1), tierreason: reason });
    if (done) break;
    at = next;
    level++;
    reason = 'QUALIFICATION';
  }
  // A climb that ran out of time lands on the target anyway (a complimentary upgrade): the shares hold.
  const last = periods[periods.length - 1]!;
  if (last.tiername !== target) {
    last.tiername = target;
    last.tierid = tierId(membershipid, target);
    last.tierreason = 'COMPLIMENTARY';
  }
  return periods;
}

/** The tier period held on a day. */
const periodOn = (tiers: readonly TierPeriod[], date: string): TierPeriod => {
  for (let i = tiers.length - 1; i >= 0; i--) if (tiers[i]!.startdate <= date) return tiers[i]!;
  return tiers[0]!;
};
/** The tier held on a day. */
const tierOn = (tiers: readonly TierPeriod[], date: string): TierName => periodOn(tiers, date).tiername;

// ---------------------------------------------------------------- the miles history

/** Lots as the ledger keeps them, to keep drawn redemptions and transfers within the balance of their day. */
class Lots {
  private lots: { expirydate: string; remaining: number; seq: number }[] = [];
  private seq = 0;
  balance = 0;
  add(amount: number, expirydate: string) {
    this.lots.push({ expirydate, remaining: amount, seq: this.seq++ });
    this.balance += amount;
  }
  expire(today: string) {
    for (const lot of this.lots) {
      if (lot.expirydate < today && lot.remaining > 0) {
        this.balance -= lot.remaining;
        lot.remaining = 0;
      }
    }
    this.lots = this.lots.filter((l) => l.remaining > 0);
  }
  take(amount: number) {
    this.lots.sort((a, b) => (a.expirydate < b.expirydate ? -1 : a.expirydate > b.expirydate ? 1 : a.seq - b.seq));
    let left = amount;
    for (const lot of this.lots) {
      const t = Math.min(lot.remaining, left);
      lot.remaining -= t;
      left -= t;
      if (left === 0) break;
    }
    this.balance -= amount;
    this.lots = this.lots.filter((l) => l.remaining > 0);
  }
}

function flight(draw: Draw, tier: TierName, date: string): MilesEvent {
  const profile = FLYER_PROFILES[tier];
  const [carrier, origin, destination, miles] = draw.weighted(draw.chance(profile.international) ? INTERNATIONAL_WEIGHTS : DOMESTIC_WEIGHTS);
  const cls = draw.weighted(draw.chance(profile.premium) ? PREMIUM_CLASSES : ECONOMY_CLASSES);
  const rule = CLASS_RULES.get(cls) ?? { award: 100, tier: 100, minimum: 0 };
  const base = Math.max(Math.round((miles * rule.award) / 100), rule.minimum);
  const tiermiles = Math.max(Math.round((miles * rule.tier) / 100), rule.minimum);
  const awardmiles = base + Math.round((base * TIER_BONUS_PERCENT[tier]) / 100);
  const number = `${carrier}${String(draw.int(100, 999))}`;
  const [from, to] = draw.chance(0.5) ? [origin, destination] : [destination, origin];
  return {
    date,
    kind: 'credit',
    trxtype: 'EARNING',
    awardmiles,
    tiermiles,
    segments: 1,
    source: '',
    reason: `${number} ${from}-${to} class ${cls}`,
    activity: { activitydate: date, activitytype: 'AIR', carrier, flightnumber: number, origin: from, destination: to, bookingclass: cls, status: 'CREDITED' },
  };
}

function history(
  draw: Draw,
  m: { index: number; memberid: string; membershipid: MembershipId; tiers: TierPeriod[]; enrolled: string; today: string; channel: string; bank: (typeof COBRAND_BANKS)[number] | undefined; gender: Gender; birthdate: string },
  options: PopulationOptions,
): MilesEvent[] {
  const activity = options.activity ?? 1;
  const events: MilesEvent[] = [];
  const lots = new Lots();
  const expiry = (date: string) => addMonths(date, options.expiryMonths);
  const credit = (event: MilesEvent) => {
    events.push(event);
    lots.add(event.awardmiles, expiry(event.date));
  };
  const rate = draw.next();
  const bank = m.bank;
  const redeemer = draw.next();
  if (m.channel !== 'CHECKIN' && draw.chance(0.35 * activity)) {
    credit({ date: m.enrolled, kind: 'credit', trxtype: 'ENROLLBONUS', awardmiles: ENROLLMENT_BONUS_MILES, tiermiles: 0, segments: 0, source: 'bonus:ENROLLMENT', reason: 'Welcome miles of the enrollment campaign' });
  }
  const todayDay = toDay(m.today);
  for (let month = monthStart(m.enrolled); month <= m.today; month = addMonths(month, 1)) {
    if (month > m.enrolled) lots.expire(month);
    const first = Math.max(toDay(month), toDay(m.enrolled));
    const last = Math.min(toDay(addMonths(month, 1)) - 1, todayDay);
    if (last < first) continue;
    const dayIn = () => fromDay(draw.int(first, last));
    const tier = tierOn(m.tiers, fromDay(first));
    // Flights at the rate of the tier being earned (the next one), or the tier held at the end.
    const earning = TIER_ORDER[Math.min(TIER_ORDER.indexOf(tier) + (tier === m.tiers[m.tiers.length - 1]!.tiername ? 0 : 1), 3)]!;
    const [low, high] = FLYER_PROFILES[earning].flightsPerYear;
    const month_events: MilesEvent[] = [];
    for (let n = draw.poisson(((low + (high - low) * rate) / 12) * activity); n > 0; n--) month_events.push(flight(draw, tier, dayIn()));
    if (bank && draw.chance(0.5 * activity)) {
      const miles = Math.round(draw.int(bank[1], bank[2]) / 10) * 10;
      const date = fromDay(last);
      month_events.push({
        date, kind: 'credit', trxtype: 'EARNING', awardmiles: miles, tiermiles: 0, segments: 0, source: '', reason: 'Co-brand card spend of the month',
        activity: { activitydate: date, activitytype: 'NONAIR', partnercode: bank[0], activitycode: 'CARDSPEND', status: 'CREDITED' },
      });
    }
    for (const [partner, what, code, low_, high_, p] of PARTNER_EARNINGS) {
      if (!draw.chance(p * activity * (0.5 + rate))) continue;
      const date = dayIn();
      month_events.push({
        date, kind: 'credit', trxtype: 'EARNING', awardmiles: Math.round(draw.int(low_, high_) / 10) * 10, tiermiles: 0, segments: 0, source: '', reason: what,
        activity: { activitydate: date, activitytype: 'NONAIR', partnercode: partner, activitycode: code, status: 'CREDITED' },
      });
    }
    month_events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    for (const event of month_events) {
      if (event.activity && options.rate) {
        // The miles the programme's rules give it, as a post would be credited; an activity they credit nothing is not had.
        const held = periodOn(m.tiers, event.date);
        const rated = options.rate(event.activity, { memberid: m.memberid, status: 'ACTIVE', tierid: held.tierid, membershipid: m.membershipid, enrollmentdate: m.enrolled, gender: m.gender, birthdate: m.birthdate }, event.awardmiles);
        if (!rated) continue;
        Object.assign(event, { awardmiles: rated.awardmiles, tiermiles: rated.tiermiles, segments: rated.segments, ...(rated.lines?.length ? { lines: rated.lines } : {}) });
      }
      if (event.activity) {
        const activityid = `ACT${m.memberid.slice(3)}${String(events.length + 1).padStart(4, '0')}`;
        event.activity = { activityid, ...event.activity };
        event.source = `activity:${activityid}`;
      }
      credit(event);
    }
    // A redemption when the balance allows an award the member wants; now and then a transfer to someone else.
    if (lots.balance >= 1500 && draw.chance(0.05 * (0.3 + redeemer))) {
      const affordable = AWARDS.filter(([, price]) => price <= lots.balance);
      const [, price, awardcode] = draw.pick(affordable);
      const date = fromDay(last);
      // The reason as a redemption writes it ('Redemption <awardcode>': the dashboard's Redemption panel reads the award there).
      events.push({ date, kind: 'debit', trxtype: 'REDEMPTION', awardmiles: price, tiermiles: 0, segments: 0, source: 'redemption:AWARD', reason: `Redemption ${awardcode}` });
      lots.take(price);
    } else if (lots.balance >= 4 * TRANSFER_MIN && m.index > (options.firstIndex ?? 1) + 1 && draw.chance(0.004)) {
      const miles = Math.min(Math.round(draw.int(TRANSFER_MIN, lots.balance / 2) / 100) * 100, lots.balance);
      const to = memberIdOf(draw.int(options.firstIndex ?? 1, m.index - 1));
      events.push({ date: fromDay(last), kind: 'transfer', trxtype: 'TRANSFEROUT', awardmiles: miles, tiermiles: 0, segments: 0, source: 'transfer:MEMBER', reason: 'Transfer to a family member', to });
      lots.take(miles);
    }
  }
  return events;
}

// ---------------------------------------------------------------- one member

/** The member of `index` (1-based), drawn from its own seed; `fixed` pins what a named demo member is. */
export function populationMember(index: number, options: PopulationOptions, fixed?: FixedMember): PopulationMember {
  const draw = new Draw(seededRandom(0x5eed0000 ^ Math.imul(index, 2654435761)));
  const today = isoDay(options.now);
  const gender: Gender = fixed?.gender ?? (draw.chance(0.54) ? 'MALE' : 'FEMALE');
  const drawn = nameOf(draw, gender);
  const origin = fixed ? NAME_ORIGINS[0]! : drawn.origin;
  const firstname = fixed?.firstname ?? drawn.firstname;
  const lastname = fixed?.lastname ?? drawn.lastname;
  const membershipid = fixed?.membershipid ?? draw.weighted(MEMBERSHIP_SHARES);
  const target = fixed?.tier ?? draw.weighted(TIER_SHARES[membershipid]);
  const maxMonths = options.maxMonths ?? 120;
  // Enrollment spread over the years, more in recent ones (the programme grows).
  const months = fixed?.months ?? Math.floor(maxMonths * draw.next() ** 1.6);
  const enrolled = fixed ? addMonths(today, -fixed.months).slice(0, 8) + String(Math.min(Number(today.slice(8)), 28)).padStart(2, '0') : fromDay(toDay(today) - months * 30 - draw.int(0, 29));
  const enrolledOn = enrolled > today ? today : enrolled;
  const age = draw.weighted([[draw.int(18, 24), 10], [draw.int(25, 39), 38], [draw.int(40, 54), 32], [draw.int(55, 64), 14], [draw.int(65, 80), 6]] as const);
  const birthdate = fromDay(toDay(today) - age * 365 - draw.int(0, 364));
  const memberid = memberIdOf(index);
  const named = !!fixed;
  const card = cardNumberOf(CARD_PREFIX[membershipid], primarySequence(index, named));
  const tiers = tierPath(draw, membershipid, target, enrolledOn, today);
  const current = tiers[tiers.length - 1]!;
  const periodStart = addMonths(enrolledOn, 12 * Math.floor(Math.max(0, toDay(today) - toDay(enrolledOn)) / 365.25));
  const account = { startperiod: periodStart > today ? enrolledOn : periodStart, endperiod: fromDay(toDay(addMonths(periodStart > today ? enrolledOn : periodStart, 12)) - 1) };
  current.enddate = account.endperiod;
  const channel = membershipid === 'COBRAND' ? 'COBRAND' : membershipid === 'CORPORATE' ? 'CORPORATE' : draw.weighted(ENROLL_CHANNELS);
  const hasEmail = fixed ? true : channel !== 'CHECKIN' || draw.chance(0.7);
  const email = fixed ? `${firstname}.${lastname}@example.com`.toLowerCase() : hasEmail ? emailOf(firstname, lastname, index, draw) : null;
  const indonesian = origin.nationality === 'ID';
  const foreignHome = indonesian ? undefined : FOREIGN_HOMES[origin.nationality];
  const city = cityOf(draw.weighted(HOME_CITIES));
  const mobile = indonesian ? `8${draw.pick(['11', '12', '13', '21', '22', '52', '53', '57', '58', '77', '78', '81', '95', '96'])}${String(draw.int(1_000_000, 99_999_999))}` : String(draw.int(200_000_000, 999_999_999));
  const phonecode = indonesian ? '+62' : ({ MY: '+60', AU: '+61', NL: '+31', JP: '+81', KR: '+82', IN: '+91', SA: '+966', US: '+1' } as Record<string, string>)[origin.nationality] ?? '+62';
  const business = draw.chance(membershipid === 'CORPORATE' ? 0.9 : 0.25);
  const addresses: Record<string, unknown>[] = [];
  if (foreignHome) {
    const [cityname, postalcode] = draw.pick(foreignHome);
    addresses.push({ addresstype: 'PRIVATE', address: `${draw.int(1, 250)} ${draw.pick(FOREIGN_STREETS)}, ${cityname}`, postalcode: postalcode.replace(/-/g, ''), country: origin.nationality, province: null, city: null, phonecode, phonenumber: mobile, preferred: true });
  } else {
    addresses.push({
      addresstype: 'PRIVATE',
      address: `${draw.pick(STREETS)} ${draw.int(1, 199)} RT ${String(draw.int(1, 15)).padStart(3, '0')} RW ${String(draw.int(1, 12)).padStart(3, '0')}`,
      postalcode: String(draw.int(10110, 99999)),
      country: 'ID',
      province: city.statecode,
      city: city.citycode,
      phonecode: '+62',
      phonenumber: mobile,
    });
  }
  if (business) {
    const [companyname, department] = draw.pick(EMPLOYERS);
    const office = cityOf(draw.weighted(HOME_CITIES));
    addresses.push({
      addresstype: 'BUSINESS', companyname, department, address: `${draw.pick(STREETS)} Kav ${draw.int(1, 80)}`, postalcode: String(draw.int(10110, 99999)),
      country: 'ID', province: office.statecode, city: office.citycode, phonecode: '+62', phonenumber: `21${draw.int(1_000_000, 9_999_999)}`,
    });
  }
  const cards: PopulationCard[] = [{ cardnumber: card, membershipid, tierid: current.tierid, status: 'ACTIVE', issuedate: enrolledOn }];
  // A lost or worn card replaced (drawn members of two years and more): the old number stays on record.
  if (!named && months >= 24 && draw.chance(0.08)) {
    cards.push({ cardnumber: cardNumberOf(CARD_PREFIX[membershipid], 6_000_000 + index), membershipid, tierid: tiers[0]!.tierid, status: 'REPLACED' as PopulationCard['status'], issuedate: enrolledOn });
    cards[0]!.issuedate = addMonths(enrolledOn, draw.int(12, months - 1));
  }
  const cobrand = fixed ? !!fixed.cobrand : membershipid === 'FFP' && draw.chance(0.06);
  if (cobrand) cards.push({ cardnumber: cardNumberOf('52', cobrandSequence(index, named)), membershipid: 'COBRAND', tierid: tierId('COBRAND', target), status: 'ACTIVE', issuedate: addMonths(enrolledOn, Math.min(6, months)) });
  const status = fixed ? (fixed.state === 'inactive' ? 'INACTIVE' : 'ACTIVE') : draw.weighted([['ACTIVE', 955], ['INACTIVE', 25], ['SUSPENDED', 10], ['TERMINATED', 10]] as const);
  if (status !== 'ACTIVE') for (const c of cards) if (c.status === 'ACTIVE') c.status = 'INACTIVE';
  const bank = membershipid === 'COBRAND' || cobrand ? draw.pick(COBRAND_BANKS) : undefined;
  const activated = fixed ? fixed.state !== 'toActivate' : !!email && draw.chance(months < 3 ? 0.5 : 0.88);
  const emailverified = fixed ? fixed.state === 'active' : activated && draw.chance(0.9);
  const byEmail = fixed ? !!fixed.byEmail : !!email && draw.chance(0.3);
  const hobbyCount = draw.int(0, 3);
  const hobbies = [...new Set(Array.from({ length: hobbyCount }, () => draw.pick(HOBBIES).hobbiesid))];
  const passport = !indonesian || draw.chance(0.35);
  const fields: Record<string, unknown> = {
    memberid,
    cardnumber: card,
    memberfullname: [firstname, lastname].filter(Boolean).join(' '),
    salutation: indonesian ? (gender === 'MALE' ? draw.pick(['IDBAPAK', 'IDTUAN']) : draw.pick(['IDIBU', 'IDNYONYA', 'IDNONA'])) : gender === 'MALE' ? 'ENMR' : draw.pick(['ENMRS', 'ENMS']),
    title: draw.chance(0.06) ? draw.pick(['DR', 'IR', 'PROF', 'HAJI']) : gender === 'MALE' ? 'MR' : draw.pick(['MRS', 'MS']),
    firstname,
    lastname,
    gender,
    birthdate,
    nationality: origin.nationality,
    religion: draw.weighted(origin.religions),
    language: origin.language,
    idcardno: indonesian ? nik(draw, birthdate, gender, index) : null,
    passportno: passport ? `${indonesian ? draw.pick(['A', 'B', 'C']) : draw.pick(['N', 'E', 'M', 'P'])}${String(index).padStart(7, '0')}` : null,
    email,
    mobilephonecode: phonecode,
    mobilephonenumber: mobile,
    preferredaddress: business && draw.chance(0.3) ? 'BUSINESS' : 'PRIVATE',
    hobbies,
    nameoncard: nameOnCard(firstname, lastname),
    membershipid,
    tierid: current.tierid,
    branchcode: draw.weighted(BRANCH_SHARES),
    enrollchannel: channel,
    enrollmentdate: enrolledOn,
    effectivedate: current.startdate,
    expireddate: current.enddate,
    corporatecode: membershipid === 'CORPORATE' ? draw.pick(CORPORATES) : null,
    referralcode: null,
    identitystatus: draw.weighted([['VERIFIED', 80], ['UNVERIFIED', 15], ['PENDING', 4], ['REJECTED', 1]] as const),
    locked: false,
    status,
  };
  for (const address of addresses) address.preferred = address.addresstype === fields.preferredaddress;
  const events = history(draw, { index, memberid, membershipid, tiers, enrolled: enrolledOn, today, channel, bank, gender, birthdate }, options);
  const aliases: Record<string, unknown>[] = [];
  if (lastname && draw.chance(0.05)) {
    const married = gender === 'FEMALE' && fields.salutation !== 'IDNONA' && draw.chance(0.4);
    aliases.push(married ? { aliasname: `${firstname} ${draw.pick(origin.family)}`, aliastype: 'MAIDEN', status: 'ACTIVE' } : { aliasname: `${lastname} ${firstname}`, aliastype: 'NAMEORDER', remark: 'Family name first on the passport', status: 'ACTIVE' });
  }
  const retroclaims: Record<string, unknown>[] = [];
  const flights = events.filter((e) => e.activity?.activitytype === 'AIR');
  if (flights.length > 0 && draw.chance(0.05)) {
    const claimed = draw.pick(flights);
    const claimid = `RC${memberid.slice(3)}01`;
    const a = claimed.activity!;
    // A retro claim names its manager's claim type: the own carrier's, or the partner's alliance.
    const alliance = AIRLINES.find((airline) => airline.airlinecode === a.carrier)?.alliancetype;
    const claimtype = a.carrier === 'GA' ? 'OWN' : alliance;
    const claimdate = fromDay(toDay(claimed.date) + draw.int(4, 60));
    const ticketnumber = `126${String(draw.int(1_000_000_000, 9_999_999_999))}`;
    if (claimtype && claimtype !== 'NONE') {
      claimed.source = `retro:${claimid}`;
      retroclaims.push({ claimid, claimtype, claimdate, cardnumber: card, ticketname: `${(lastname || firstname).toUpperCase()}/${firstname.toUpperCase()}`, carrier: a.carrier, flightnumber: a.flightnumber, flightdate: claimed.date, origin: a.origin, destination: a.destination, bookingclass: a.bookingclass, ticketnumber, status: 'APPROVED' });
    }
  }
  return {
    index,
    memberid,
    fields,
    username: byEmail && email ? email : card,
    activated,
    emailverified,
    status,
    cards,
    account,
    addresses,
    tiers,
    events,
    ...(bank ? { cobrandbank: bank[0] } : {}),
    aliases,
    retroclaims,
  };
}
