// The dashboard's named panel queries (spec 000 §2, §3, §7): each a criteria list and a read, registered in
// panelQueries. Every chart panel reads the rollups (server/platform/rollups: counts by day and key, kept by triggers
// with their rows), so a read costs days x keys, not rows. Rows are in the shapes of spec 000 §3.
import type { Kysely } from 'kysely';
import { DEFAULT_RANGE } from '../../../engine/definition/panelPage';
import { resolveDateBound } from '../../../engine/definition/dateBounds';
import type { FilterValue } from '../../../engine/definition/panelPage';
import type { Schema } from '../db/schema';
import { readConfigKey } from '../configuration/configKeys';
import { ANY_TYPE, METRICS, rollupOf } from '../rollups/rollupStore';
import type { MemberFilter } from '../core/scope';
import type { PanelQuery, PanelQueryContext } from './panelQuery';
import { definitionDb } from '../db/definitionDb';

/** The gender filter's "every gender" choice (spec 000 §3: gender ALL, MALE or FEMALE). */
export const ALL = 'ALL';

export interface MemberTierRow {
  tiername: string;
  /** The gender the figures are for: the filter's value (ALL, MALE or FEMALE). */
  gender: string;
  /** Share of the counted members, in percent with two decimals. */
  percentage: number;
  /** Members holding a card of the tier. */
  jumlah: number;
}

/**
 * Member Tier: the active members holding an active card of each tier name on `startdate` (cards issued
 * on or before it; today when empty), of one gender or all, with each tier's share. A member with cards
 * of one tier name in several memberships counts once for it. Tiers in rank order, all of them (a tier
 * chart is not cut to the first 10).
 */
export async function memberTiers(db: Kysely<Schema>, criteria: { gender: string | null; startdate: string | null }, today: string, members: MemberFilter = {}): Promise<MemberTierRow[]> {
  const gender = criteria.gender ?? ALL;
  // The TIER rollup: a member counts for a tier name from the earliest issue day of its active cards of it.
  const rows = await definitionDb(db)
    .selectFrom(rollupOf(METRICS.TIER, members))
    .where('r.metric', '=', METRICS.TIER)
    .where('r.day', '<=', criteria.startdate ?? today)
    .$if(gender !== ALL, (qb) => qb.where('r.k2', '=', gender))
    .select((eb) => ['r.k1 as tiername', eb.fn.sum('r.total').as('jumlah')])
    .groupBy('r.k1')
    .execute();
  const ranks = new Map(
    ((await definitionDb(db).selectFrom('tier').select((eb) => ['tiername', eb.fn.min('rank').as('tierrank')]).groupBy('tiername').execute()) as { tiername: string; tierrank: number }[]).map((t) => [t.tiername, Number(t.tierrank)]),
  );
  const counted = rows
    .map((row) => ({ tiername: String(row.tiername), jumlah: Number(row.jumlah) }))
    .filter((row) => row.jumlah > 0)
    .sort((a, b) => (ranks.get(a.tiername) ?? 0) - (ranks.get(b.tiername) ?? 0) || (a.tiername < b.tiername ? -1 : a.tiername > b.tiername ? 1 : 0));
  const total = counted.reduce((sum, row) => sum + row.jumlah, 0);
  return counted.map((row) => ({ tiername: row.tiername, gender, percentage: total === 0 ? 0 : Math.round((row.jumlah * 10000) / total) / 100, jumlah: row.jumlah }));
}

type Criteria = Record<string, FilterValue>;
const str = (value: FilterValue | undefined): string | null => (value === null || value === undefined || value === '' || Array.isArray(value) ? null : String(value));
const list = (value: FilterValue | undefined): string[] => (Array.isArray(value) ? value.filter((v) => v !== null && v !== '').map(String) : []);
/** A choice that means "every value" (the ALL option) or none made. */
const chosen = (value: FilterValue | undefined): string | null => {
  const v = str(value);
  return v === null || v === ALL ? null : v;
};

/** A date range's days: an empty end is today, an empty start the default range's (the last 30 days). */
export function dayRange(start: FilterValue | undefined, end: FilterValue | undefined, now: Date): { from: string; to: string } {
  return { from: str(start) ?? resolveDateBound(DEFAULT_RANGE.start, now)!, to: str(end) ?? resolveDateBound(DEFAULT_RANGE.end, now)! };
}

/** Spec 000 §3: the activity type filter says NON_AIR; member activities store NONAIR. */
export const ACTIVITY_TYPES: Record<string, string> = { AIR: 'AIR', NON_AIR: 'NONAIR' };

export interface DayPoint {
  [x: string]: string | number;
}

/** Nested rows (spec 000 §3: "list of tiername with data of date and totalmember"): one row a series. */
function nest<K extends string>(rows: { series: string; x: string; y: number }[], seriesField: K, xField: string, yField: string): ({ [P in K]: string } & { data: DayPoint[] })[] {
  const out = new Map<string, DayPoint[]>();
  for (const row of rows) {
    if (!row.y) continue;
    const points = out.get(row.series) ?? [];
    // Rows of several keys of one series (carriers of Member Non-GA under ALL) add up on their day.
    const same = points.find((p) => p[xField] === row.x);
    if (same) same[yField] = Number(same[yField]) + row.y;
    else points.push({ [xField]: row.x, [yField]: row.y });
    out.set(row.series, points);
  }
  return [...out.entries()].map(([series, data]) => ({ [seriesField]: series, data: data.sort((a, b) => (a[xField]! < b[xField]! ? -1 : 1)) }) as { [P in K]: string } & { data: DayPoint[] });
}

/** A metric's rollup rows of the days from..to (a branch user's are counted over their own members). */
const rollupDays = (db: Kysely<Schema>, metric: string, members: MemberFilter, from: string, to: string) =>
  definitionDb(db).selectFrom(rollupOf(metric, members)).where('r.metric', '=', metric).where('r.day', '>=', from).where('r.day', '<=', to);

// ---- Enrollment Member: members by enrollment date and tier -------------------------------------------------

export async function enrollments(db: Kysely<Schema>, criteria: Criteria, now: Date, members: MemberFilter = {}) {
  const { from, to } = dayRange(criteria.enrollmentdate, criteria.enddate, now);
  const channel = chosen(criteria.enrollchannel);
  const membership = str(criteria.membershipid);
  const rows = await rollupDays(db, METRICS.ENROLL, members, from, to)
    .innerJoin('tier as t', 't.tierid', 'r.k3')
    .$if(channel !== null, (qb) => qb.where('r.k1', '=', channel))
    .$if(membership !== null, (qb) => qb.where('r.k2', '=', membership))
    .select((eb) => ['t.tiername as series', 'r.day as x', eb.fn.min('t.rank').as('tierrank'), eb.fn.sum('r.total').as('y')])
    .groupBy(['t.tiername', 'r.day'])
    .orderBy('tierrank')
    .orderBy('t.tiername')
    .orderBy('r.day')
    .execute();
  return nest(rows.map((r: any) => ({ series: String(r.series), x: String(r.x), y: Number(r.y) })), 'tiername', 'enrollmentdate', 'totalmember');
}

// ---- Flight: flights by member type and date -----------------------------------------------------------------

/** Spec 000 §3, §5: the Flight panel's member types (the carrier filter is off for ALL and NONMEMBER). */
export const FLIGHT_MEMBER_TYPES = { ALL: 'ALL', MEMBERGA: 'MEMBERGA', MEMBERNONGA: 'MEMBERNONGA', NONMEMBER: 'NONMEMBER' } as const;

export interface FlightRow {
  type: string;
  /** The carrier of a member series; null for a series of every carrier. */
  ffpcarriercode: string | null;
  /** The series' name on the chart: the type, and the carrier of a Member Non-GA series. */
  series: string;
  data: DayPoint[];
}

const TYPE_NAMES: Record<string, string> = { MEMBERGA: 'Member GA', MEMBERNONGA: 'Member Non-GA', NONMEMBER: 'Non-Member' };

export async function flights(db: Kysely<Schema>, criteria: Criteria, now: Date, members: MemberFilter = {}): Promise<FlightRow[]> {
  const { from, to } = dayRange(criteria.startdate, criteria.enddate, now);
  const type = str(criteria.member) ?? FLIGHT_MEMBER_TYPES.ALL;
  const carriers = list(criteria.ffpcarriercode);
  const own = await readConfigKey(db, 'PROGRAMME_CARRIER');
  const out: FlightRow[] = [];
  if (type !== FLIGHT_MEMBER_TYPES.NONMEMBER) {
    const rows = await rollupDays(db, METRICS.ACTIVITY, members, from, to)
      .where('r.k1', '=', 'AIR')
      .$if(type === FLIGHT_MEMBER_TYPES.MEMBERGA, (qb) => qb.where('r.k2', '=', own))
      .$if(type === FLIGHT_MEMBER_TYPES.MEMBERNONGA, (qb) => qb.where('r.k2', '<>', own))
      .$if(carriers.length > 0, (qb) => qb.where('r.k2', 'in', carriers))
      .select((eb) => ['r.k2 as carrier', 'r.day as x', eb.fn.sum('r.total').as('y')])
      .groupBy(['r.k2', 'r.day'])
      .execute();
    const byCarrier = type === FLIGHT_MEMBER_TYPES.MEMBERNONGA;
    const points = rows.map((r: any) => {
      const memberType = r.carrier === own ? FLIGHT_MEMBER_TYPES.MEMBERGA : FLIGHT_MEMBER_TYPES.MEMBERNONGA;
      return { series: byCarrier ? `${memberType}|${r.carrier}` : memberType, x: String(r.x), y: Number(r.y) };
    });
    for (const row of nest(points, 'key', 'date', 'totalmember').sort((a, b) => (a.key < b.key ? -1 : 1))) {
      const [memberType, carrier] = row.key.split('|') as [string, string | undefined];
      const ffpcarriercode = carrier ?? (memberType === FLIGHT_MEMBER_TYPES.MEMBERGA ? own : null);
      out.push({ type: memberType, ffpcarriercode, series: carrier ? `${TYPE_NAMES[memberType]} ${carrier}` : TYPE_NAMES[memberType]!, data: row.data });
    }
    // Member Non-GA by carrier: the carriers with most flights first, so the first 10 drawn are the busiest.
    if (byCarrier) out.sort((a, b) => total(b) - total(a) || (a.series < b.series ? -1 : 1));
  }
  if (type === FLIGHT_MEMBER_TYPES.ALL || type === FLIGHT_MEMBER_TYPES.NONMEMBER) {
    // Non-members: flights parked because no member holds the card (PARK rows: Park Activity rows without a member).
    const rows = await rollupDays(db, METRICS.PARK, members, from, to)
      .where('r.k1', '=', 'AIR')
      .select((eb) => ['r.day as x', eb.fn.sum('r.total').as('y')])
      .groupBy('r.day')
      .execute();
    const [row] = nest(rows.map((r: any) => ({ series: FLIGHT_MEMBER_TYPES.NONMEMBER, x: String(r.x), y: Number(r.y) })), 'key', 'date', 'totalmember');
    if (row) out.push({ type: FLIGHT_MEMBER_TYPES.NONMEMBER, ffpcarriercode: null, series: TYPE_NAMES.NONMEMBER!, data: row.data });
  }
  return out;
}

const total = (row: { data: DayPoint[] }) => row.data.reduce((sum, p) => sum + Number(p.totalmember ?? 0), 0);

// ---- Promo Code: activities that earned a promotion's bonus --------------------------------------------------

export async function promoCodes(db: Kysely<Schema>, criteria: Criteria, now: Date, members: MemberFilter = {}) {
  const { from, to } = dayRange(criteria.startdate, criteria.enddate, now);
  const promocode = str(criteria.promocode);
  // PROMO rows: the promotion lines of EARNING ledger rows by the row's activity day (one line a promotion a row).
  const rows = await rollupDays(db, METRICS.PROMO, members, from, to)
    .$if(promocode !== null, (qb) => qb.where('r.k1', '=', promocode))
    .select((eb) => ['r.k1 as promocode', eb.fn.sum('r.total').as('jumlah')])
    .groupBy('r.k1')
    .execute();
  return byCount(rows.map((r: any) => ({ promocode: String(r.promocode), jumlah: Number(r.jumlah) })), 'jumlah', 'promocode');
}

/** Most first, then by name: the first 10 drawn are the largest. */
function byCount<T extends Record<string, unknown>>(rows: T[], count: keyof T, name: keyof T): T[] {
  return rows.filter((r) => Number(r[count]) > 0).sort((a, b) => Number(b[count]) - Number(a[count]) || (String(a[name]) < String(b[name]) ? -1 : 1));
}

// ---- Non-Air Activity: credited partner activities by partner -------------------------------------------------

export async function nonAirActivities(db: Kysely<Schema>, criteria: Criteria, now: Date, members: MemberFilter = {}) {
  const { from, to } = dayRange(criteria.startdate, criteria.enddate, now);
  const partner = str(criteria.partnercode);
  const rows = await rollupDays(db, METRICS.ACTIVITY, members, from, to)
    .where('r.k1', '=', ACTIVITY_TYPES.NON_AIR)
    .$if(partner !== null, (qb) => qb.where('r.k2', '=', partner))
    .select((eb) => ['r.k2 as partnercode', eb.fn.sum('r.total').as('jumlah')])
    .groupBy('r.k2')
    .execute();
  return byCount(rows.map((r: any) => ({ partnercode: String(r.partnercode), jumlah: Number(r.jumlah) })), 'jumlah', 'partnercode');
}

// ---- Corporate Activity: credited activities of corporate members by corporate -------------------------------

export async function corporateActivities(db: Kysely<Schema>, criteria: Criteria, now: Date, members: MemberFilter = {}) {
  const { from, to } = dayRange(criteria.startdate, criteria.enddate, now);
  const type = chosen(criteria.activitytype);
  // CORP rows: credited activities by day, k1 activity type, k2 the member's corporate.
  const rows = await rollupDays(db, METRICS.CORP, members, from, to)
    .innerJoin('corporate as c', 'c.corporatecode', 'r.k2')
    .$if(type !== null, (qb) => qb.where('r.k1', '=', ACTIVITY_TYPES[type!] ?? type))
    .select((eb) => ['c.corporatename', eb.fn.sum('r.total').as('jumlahactivity')])
    .groupBy('c.corporatename')
    .execute();
  return byCount(rows.map((r: any) => ({ corporatename: String(r.corporatename), jumlahactivity: Number(r.jumlahactivity) })), 'jumlahactivity', 'corporatename');
}

// ---- Member Activity: members with a credited activity a day, by tier -----------------------------------------

export async function memberActivities(db: Kysely<Schema>, criteria: Criteria, now: Date, members: MemberFilter = {}) {
  const { from, to } = dayRange(criteria.startdate, criteria.enddate, now);
  const type = chosen(criteria.activitytype);
  const membership = str(criteria.membershipid);
  // MACT rows: members with a credited activity a day (each once), k1 its tier, k2 its membership, k3 the type or ALL.
  const rows = await rollupDays(db, METRICS.MACT, members, from, to)
    .innerJoin('tier as t', 't.tierid', 'r.k1')
    .where('r.k3', '=', type === null ? ANY_TYPE : (ACTIVITY_TYPES[type] ?? type))
    .$if(membership !== null, (qb) => qb.where('r.k2', '=', membership))
    .select((eb) => ['t.tiername as series', 'r.day as x', eb.fn.min('t.rank').as('tierrank'), eb.fn.sum('r.total').as('y')])
    .groupBy(['t.tiername', 'r.day'])
    .orderBy('tierrank')
    .orderBy('t.tiername')
    .execute();
  return nest(rows.map((r: any) => ({ series: String(r.series), x: String(r.x), y: Number(r.y) })), 'tiername', 'date', 'totalmember');
}

// ---- Redemption: REDEMPTION ledger rows by award (their reason 'Redemption <awardcode>') and its partner ------------------------------------------------

export async function redemptions(db: Kysely<Schema>, criteria: Criteria, now: Date, members: MemberFilter = {}) {
  const { from, to } = dayRange(criteria.startdate, criteria.enddate, now);
  const partner = str(criteria.partnercode);
  const award = str(criteria.awardcode);
  const rows = await definitionDb(db)
    .selectFrom(rollupOf(METRICS.REDEEM, members))
    .leftJoin('award as w', 'w.awardcode', 'r.k1')
    .where('r.metric', '=', METRICS.REDEEM)
    // A redemption whose reason names no award (not written by a redemption) is not drawn.
    .where('r.k1', '<>', '')
    .where('r.day', '>=', from)
    .where('r.day', '<=', to)
    .$if(award !== null, (qb) => qb.where('r.k1', '=', award))
    .$if(partner !== null, (qb) => qb.where('w.partnercode', '=', partner))
    .select((eb) => ['r.k1 as awardcode', 'w.partnercode', eb.fn.sum('r.total').as('totalredemption')])
    .groupBy(['r.k1', 'w.partnercode'])
    .execute();
  return byCount(rows.map((r: any) => ({ awardcode: String(r.awardcode), partnercode: r.partnercode === null || r.partnercode === undefined ? null : String(r.partnercode), totalredemption: Number(r.totalredemption) })), 'totalredemption', 'awardcode');
}

// ---- the announcement (spec 000 §2, §7) -------------------------------------------------------------------------

export async function announcement(db: Kysely<Schema>): Promise<[{ show: boolean; content: string }]> {
  const [show, content] = await Promise.all([readConfigKey(db, 'ANNOUNCEMENT_SHOW'), readConfigKey(db, 'ANNOUNCEMENT_CONTENT')]);
  return [{ show, content: show ? content : '' }];
}

const read =
  (fn: (db: Kysely<Schema>, criteria: Criteria, now: Date, members: MemberFilter) => Promise<unknown[]>) =>
  ({ db, now, members }: PanelQueryContext, criteria: Criteria) =>
    fn(db, criteria, now, members);

export const dashboardQueries: Record<string, PanelQuery> = {
  'dashboard/announcement': { criteria: [], run: ({ db }) => announcement(db) },
  'dashboard/enrollment': { criteria: ['enrollchannel', 'membershipid', 'enrollmentdate', 'enddate'], run: read(enrollments) },
  'dashboard/flight': { criteria: ['member', 'ffpcarriercode', 'startdate', 'enddate'], run: read(flights) },
  'dashboard/promo-code': { criteria: ['promocode', 'startdate', 'enddate'], run: read(promoCodes) },
  'dashboard/non-air-activity': { criteria: ['partnercode', 'startdate', 'enddate'], run: read(nonAirActivities) },
  'dashboard/corporate-activity': { criteria: ['activitytype', 'startdate', 'enddate'], run: read(corporateActivities) },
  'dashboard/member-tier': {
    criteria: ['gender', 'startdate'],
    run: ({ db, today, members }, criteria) => memberTiers(db, { gender: criteria.gender as string | null, startdate: criteria.startdate as string | null }, today, members),
  },
  'dashboard/member-activity': { criteria: ['activitytype', 'membershipid', 'startdate', 'enddate'], run: read(memberActivities) },
  'dashboard/redemption': { criteria: ['partnercode', 'awardcode', 'startdate', 'enddate'], run: read(redemptions) },
};
