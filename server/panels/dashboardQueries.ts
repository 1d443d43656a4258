// The dashboard's named panel queries (spec 000 §2, §3): aggregates over the stored members and cards.
// The dashboard issue adds the other panels here; each is a criteria list and a read, registered in panelQueries.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { PanelQuery } from './panelQueries';

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
export async function memberTiers(db: Kysely<Schema>, criteria: { gender: string | null; startdate: string | null }, today: string): Promise<MemberTierRow[]> {
  const gender = criteria.gender ?? ALL;
  const rows = await (db as unknown as Kysely<any>)
    .selectFrom('member_card as c')
    .innerJoin('member as m', 'm.memberid', 'c.memberid')
    .innerJoin('tier as t', 't.tierid', 'c.tierid')
    .where('c.status', '=', 'ACTIVE')
    .where('m.status', '=', 'ACTIVE')
    .where('c.issuedate', '<=', criteria.startdate ?? today)
    .$if(gender !== ALL, (qb) => qb.where('m.gender', '=', gender))
    .select((eb) => ['t.tiername', eb.fn.min<number>('t.rank').as('tierrank'), eb.fn.count<number | string>('c.memberid').distinct().as('jumlah')])
    .groupBy('t.tiername')
    .orderBy('tierrank')
    .orderBy('t.tiername')
    .execute();
  const counted = rows.map((row) => ({ tiername: String(row.tiername), jumlah: Number(row.jumlah) }));
  const total = counted.reduce((sum, row) => sum + row.jumlah, 0);
  return counted.map((row) => ({ tiername: row.tiername, gender, percentage: total === 0 ? 0 : Math.round((row.jumlah * 10000) / total) / 100, jumlah: row.jumlah }));
}

export const dashboardQueries: Record<string, PanelQuery> = {
  'dashboard/member-tier': {
    criteria: ['gender', 'startdate'],
    run: ({ db, today }, criteria) => memberTiers(db, { gender: criteria.gender as string | null, startdate: criteria.startdate as string | null }, today),
  },
};
