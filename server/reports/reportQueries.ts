// The named report queries: name -> the criteria it reads, the formats it allows, its columns, a count (for
// the job's percentage) and its rows in pages of keyset order (each page one query; never the whole result in
// memory). A report page (kind "report") names one; npm run validate checks that it exists and that the page's
// filters send exactly its criteria. Each reads the real tables: the ledger, members, activities, purchases.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { FilterValue } from '../../engine/definition/panelPage';
import type { Schema } from '../platform/db/schema';
import { readConfigKey } from '../platform/configuration/configKeys';
import { TRX_TYPES } from '../ledger/ledgerRules';
import { isSqlite } from '../platform/db/columnTypes';
import type { ReportColumn, ReportFormat } from './reportWriters';
import type { MemberFilter } from '../platform/core/scope';

type Row = Record<string, unknown>;
type Criteria = Record<string, FilterValue>;
type AnyDb = Kysely<any>;

export interface ReportQueryContext {
  db: Kysely<Schema>;
  now: Date;
  /** Today as YYYY-MM-DD on the server's clock. */
  today: string;
  /** The members the requester reads (a branch user's); every report keeps to them. Empty: all. */
  members: MemberFilter;
}

export interface ReportQuery {
  /** The criteria it reads (each null when empty), checked against the page's filters before the job is queued. */
  criteria: readonly string[];
  formats: readonly ReportFormat[];
  columns: ReportColumn[];
  /** How many rows the report will have (the percentage's denominator). */
  count(ctx: ReportQueryContext, criteria: Criteria): Promise<number>;
  /** The rows, a page at a time. */
  pages(ctx: ReportQueryContext, criteria: Criteria, pageSize: number): AsyncIterable<Row[]>;
}

const text = (value: FilterValue | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Keyset paging over a query: `build` adds the report's filters; each page is the next `pageSize` rows after
 * the last key read (the key column unique and selected under `keyAlias`).
 */
async function* keysetPages(build: () => SelectQueryBuilder<any, any, any>, keyColumn: string, keyAlias: string, pageSize: number): AsyncGenerator<Row[]> {
  let after: unknown;
  for (;;) {
    let query = build();
    if (after !== undefined) query = query.where(keyColumn, '>', after);
    const rows = (await query.orderBy(keyColumn).limit(pageSize).execute()) as Row[];
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1][keyAlias];
  }
}

/** Keeps a query to the requester's members: conditions on its member table (alias m). */
const keep = <Q extends SelectQueryBuilder<any, any, any>>(query: Q, members: MemberFilter): Q =>
  Object.entries(members).reduce((q, [column, value]) => q.where(`m.${column}`, '=', value) as Q, query);

const countOf = async (query: SelectQueryBuilder<any, any, any>): Promise<number> => {
  const row = (await query.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string | bigint } | undefined;
  return Number(row?.n ?? 0);
};

/** A report over one base query: its count and its pages come from the same filters. */
function listReport(spec: {
  criteria: readonly string[];
  formats?: readonly ReportFormat[];
  columns: ReportColumn[];
  key: { column: string; alias: string };
  base(db: AnyDb, criteria: Criteria): SelectQueryBuilder<any, any, any>;
  select(query: SelectQueryBuilder<any, any, any>): SelectQueryBuilder<any, any, any>;
}): ReportQuery {
  return {
    criteria: spec.criteria,
    formats: spec.formats ?? ['CSV', 'XLSX'],
    columns: spec.columns,
    count: (ctx, criteria) => countOf(keep(spec.base(ctx.db as unknown as AnyDb, criteria), ctx.members)),
    pages: (ctx, criteria, pageSize) => keysetPages(() => spec.select(keep(spec.base(ctx.db as unknown as AnyDb, criteria), ctx.members)), spec.key.column, spec.key.alias, pageSize),
  };
}

/** A summary: few rows computed in one read (PDF allowed). */
function summaryReport(spec: { criteria: readonly string[]; columns: ReportColumn[]; rows(ctx: ReportQueryContext, criteria: Criteria): Promise<Row[]> }): ReportQuery {
  return {
    criteria: spec.criteria,
    formats: ['PDF', 'XLSX', 'CSV'],
    columns: spec.columns,
    count: async (ctx, criteria) => (await spec.rows(ctx, criteria)).length,
    async *pages(ctx, criteria) {
      yield await spec.rows(ctx, criteria);
    },
  };
}

/** A period on a YYYY-MM-DD (or ISO instant) column: start inclusive, end inclusive to the day. */
function period<Q extends SelectQueryBuilder<any, any, any>>(query: Q, column: string, criteria: Criteria, instant = false): Q {
  const start = text(criteria.startdate);
  const end = text(criteria.enddate);
  let q = query;
  if (start) q = q.where(column, '>=', start) as Q;
  // An instant column (createddate, updateddate) holds the whole end day: everything before the next day's start.
  if (end) q = (instant ? q.where(column, '<', `${end}T99`) : q.where(column, '<=', end)) as Q;
  return q;
}

const equalsIf = <Q extends SelectQueryBuilder<any, any, any>>(query: Q, column: string, value: FilterValue | undefined): Q => (text(value) ? (query.where(column, '=', text(value)) as Q) : query);

const MEMBER_COLUMNS: ReportColumn[] = [
  { name: 'cardnumber', label: 'Card Number' },
  { name: 'memberfullname', label: 'Member Name' },
  { name: 'tierid', label: 'Tier' },
];

const memberName = sql<string>`m.firstname || ' ' || m.lastname`;

const ledgerReport = (trxtype: string, extra: ReportColumn[] = []): ReportQuery =>
  listReport({
    criteria: ['startdate', 'enddate', 'tierid'],
    columns: [
      { name: 'trxid', label: 'Transaction ID' },
      { name: 'activitydate', label: 'Activity Date' },
      ...MEMBER_COLUMNS,
      { name: 'awardmiles', label: 'Award Miles', format: 'number' },
      { name: 'tiermiles', label: 'Tier Miles', format: 'number' },
      ...extra,
      { name: 'reason', label: 'Reason' },
      { name: 'createdby', label: 'Created By' },
    ],
    key: { column: 't.trxid', alias: 'trxid' },
    // SQLite: the unary + keeps the planner on the key's order (with the type's index it sorted the whole type for every page).
    base: (db, c) => equalsIf(period(db.selectFrom('ledger_transaction as t').innerJoin('member as m', 'm.memberid', 't.memberid').where(isSqlite(db) ? sql`+t.trxtype` : sql.ref('t.trxtype'), '=', trxtype), 't.activitydate', c), 'm.tierid', c.tierid),
    select: (q) => q.select(['t.trxid as trxid', 't.activitydate as activitydate', 'm.cardnumber as cardnumber', memberName.as('memberfullname'), 'm.tierid as tierid', 't.awardmiles as awardmiles', 't.tiermiles as tiermiles', 't.source as source', 't.relatedtrxid as relatedtrxid', 't.reason as reason', 't.createdby as createdby']),
  });

const activityReport = (air: boolean): ReportQuery =>
  listReport({
    criteria: air ? ['startdate', 'enddate', 'tierid', 'carrier'] : ['startdate', 'enddate', 'tierid', 'partnercode'],
    columns: [
      { name: 'activityid', label: 'Activity ID' },
      { name: 'activitydate', label: 'Activity Date' },
      ...MEMBER_COLUMNS,
      ...(air
        ? [
            { name: 'carrier', label: 'Carrier' },
            { name: 'flightnumber', label: 'Flight Number' },
            { name: 'origin', label: 'Origin' },
            { name: 'destination', label: 'Destination' },
            { name: 'bookingclass', label: 'Booking Class' },
            { name: 'ticketnumber', label: 'Ticket Number' },
          ]
        : [
            { name: 'partnercode', label: 'Partner' },
            { name: 'activitycode', label: 'Activity Code' },
            { name: 'amount', label: 'Amount', format: 'number' as const },
            { name: 'currencycode', label: 'Currency' },
          ]),
      { name: 'awardmiles', label: 'Award Miles', format: 'number' },
      { name: 'tiermiles', label: 'Tier Miles', format: 'number' },
      ...(air ? [{ name: 'segments', label: 'Segments', format: 'number' as const }] : []),
      { name: 'channel', label: 'Channel' },
      { name: 'status', label: 'Status' },
    ],
    key: { column: 'a.activityid', alias: 'activityid' },
    base: (db, c) => {
      let q = period(db.selectFrom('member_activity as a').innerJoin('member as m', 'm.memberid', 'a.memberid'), 'a.activitydate', c);
      q = air ? q.where('a.activitytype', '=', 'AIR') : q.where('a.activitytype', '<>', 'AIR');
      q = equalsIf(q, 'm.tierid', c.tierid);
      return air ? equalsIf(q, 'a.carrier', c.carrier) : equalsIf(q, 'a.partnercode', c.partnercode);
    },
    select: (q) =>
      q.select([
        'a.activityid as activityid',
        'a.activitydate as activitydate',
        'm.cardnumber as cardnumber',
        memberName.as('memberfullname'),
        'm.tierid as tierid',
        ...(air
          ? (['a.carrier as carrier', 'a.flightnumber as flightnumber', 'a.origin as origin', 'a.destination as destination', 'a.bookingclass as bookingclass', 'a.ticketnumber as ticketnumber', 'a.segments as segments'] as const)
          : (['a.partnercode as partnercode', 'a.activitycode as activitycode', 'a.amount as amount', 'a.currencycode as currencycode'] as const)),
        'a.awardmiles as awardmiles',
        'a.tiermiles as tiermiles',
        'a.channel as channel',
        'a.status as status',
      ]),
  });

const memberReport = (terminated: boolean): ReportQuery =>
  listReport({
    criteria: terminated ? ['startdate', 'enddate', 'tierid'] : ['startdate', 'enddate', 'tierid', 'branchcode', 'status'],
    columns: [
      { name: 'memberid', label: 'Member ID' },
      ...MEMBER_COLUMNS,
      { name: 'gender', label: 'Gender' },
      { name: 'birthdate', label: 'Birth Date' },
      { name: 'email', label: 'Email' },
      { name: 'branchcode', label: 'Branch' },
      { name: 'enrollchannel', label: 'Enroll Channel' },
      { name: 'enrollmentdate', label: 'Enrollment Date' },
      { name: 'awardmiles', label: 'Award Miles', format: 'number' },
      { name: 'tiermiles', label: 'Tier Miles', format: 'number' },
      { name: 'status', label: 'Status' },
      ...(terminated ? [{ name: 'terminateddate', label: 'Terminated Date' }, { name: 'terminatedby', label: 'Terminated By' }] : []),
    ],
    key: { column: 'm.memberid', alias: 'memberid' },
    base: (db, c) => {
      let q = db.selectFrom('member as m');
      if (terminated) q = period(q.where('m.status', '=', 'TERMINATED'), 'm.updateddate', c, true);
      else q = equalsIf(equalsIf(period(q, 'm.enrollmentdate', c), 'm.branchcode', c.branchcode), 'm.status', c.status);
      return equalsIf(q, 'm.tierid', c.tierid);
    },
    select: (q) =>
      q.select([
        'm.memberid as memberid',
        'm.cardnumber as cardnumber',
        memberName.as('memberfullname'),
        'm.tierid as tierid',
        'm.gender as gender',
        'm.birthdate as birthdate',
        'm.email as email',
        'm.branchcode as branchcode',
        'm.enrollchannel as enrollchannel',
        'm.enrollmentdate as enrollmentdate',
        'm.awardmiles as awardmiles',
        'm.tiermiles as tiermiles',
        'm.status as status',
        sql<string>`substr(m.updateddate, 1, 10)`.as('terminateddate'),
        'm.updatedby as terminatedby',
      ]),
  });

const buyMileageReport: ReportQuery = listReport({
  criteria: ['startdate', 'enddate', 'status'],
  columns: [
    { name: 'purchaseid', label: 'Purchase ID' },
    { name: 'purchasedate', label: 'Purchase Date' },
    { name: 'receiptnumber', label: 'Receipt Number' },
    ...MEMBER_COLUMNS,
    { name: 'miles', label: 'Miles', format: 'number' },
    { name: 'bonusmiles', label: 'Bonus Miles', format: 'number' },
    { name: 'promocode', label: 'Promo Code' },
    { name: 'amount', label: 'Amount', format: 'number' },
    { name: 'discount', label: 'Discount', format: 'number' },
    { name: 'vat', label: 'VAT', format: 'number' },
    { name: 'total', label: 'Total', format: 'number' },
    { name: 'currencycode', label: 'Currency' },
    { name: 'status', label: 'Status' },
  ],
  key: { column: 'b.purchaseid', alias: 'purchaseid' },
  base: (db, c) => equalsIf(period(db.selectFrom('member_buy_mileage as b').innerJoin('member as m', 'm.memberid', 'b.memberid'), 'b.purchasedate', c), 'b.status', c.status),
  select: (q) =>
    q.select([
      'b.purchaseid as purchaseid',
      'b.purchasedate as purchasedate',
      'b.receiptnumber as receiptnumber',
      'm.cardnumber as cardnumber',
      memberName.as('memberfullname'),
      'm.tierid as tierid',
      'b.miles as miles',
      'b.bonusmiles as bonusmiles',
      'b.promocode as promocode',
      'b.amount as amount',
      'b.discount as discount',
      'b.vat as vat',
      'b.total as total',
      'b.currencycode as currencycode',
      'b.status as status',
    ]),
});

const cobrandMemberReport: ReportQuery = listReport({
  criteria: ['partnercode', 'status'],
  columns: [
    { name: 'cobrandcardnumber', label: 'Cobrand Card Number' },
    { name: 'partnercode', label: 'Partner' },
    { name: 'cobrandcode', label: 'Cobrand' },
    ...MEMBER_COLUMNS,
    { name: 'awardmiles', label: 'Award Miles', format: 'number' },
    { name: 'status', label: 'Status' },
  ],
  key: { column: 'c.cobrandcardnumber', alias: 'cobrandcardnumber' },
  base: (db, c) => equalsIf(equalsIf(db.selectFrom('member_cobrand as c').innerJoin('member as m', 'm.memberid', 'c.memberid'), 'c.partnercode', c.partnercode), 'c.status', c.status),
  select: (q) =>
    q.select(['c.cobrandcardnumber as cobrandcardnumber', 'c.partnercode as partnercode', 'c.cobrandcode as cobrandcode', 'm.cardnumber as cardnumber', memberName.as('memberfullname'), 'm.tierid as tierid', 'm.awardmiles as awardmiles', 'c.status as status']),
});

/** Dashboard Accounting: the period's ledger by transaction type, credits and debits apart (the miles liability's movement). */
const accountingReport: ReportQuery = summaryReport({
  criteria: ['startdate', 'enddate'],
  columns: [
    { name: 'trxtype', label: 'Transaction Type' },
    { name: 'transactions', label: 'Transactions', format: 'number' },
    { name: 'members', label: 'Members', format: 'number' },
    { name: 'credited', label: 'Miles Credited', format: 'number' },
    { name: 'debited', label: 'Miles Debited', format: 'number' },
    { name: 'net', label: 'Net Miles', format: 'number' },
  ],
  async rows(ctx, c) {
    const db = ctx.db as unknown as AnyDb;
    // A scoped requester's ledger is their members' rows.
    const scoped = Object.keys(ctx.members).length > 0;
    const ledger = scoped ? keep(db.selectFrom('ledger_transaction as t').innerJoin('member as m', 'm.memberid', 't.memberid'), ctx.members) : db.selectFrom('ledger_transaction as t');
    const rows = (await period(ledger, 't.activitydate', c)
      .select([
        't.trxtype as trxtype',
        (eb) => eb.fn.countAll().as('transactions'),
        sql<number>`count(distinct t.memberid)`.as('members'),
        sql<number>`sum(case when t.awardmiles > 0 then t.awardmiles else 0 end)`.as('credited'),
        sql<number>`sum(case when t.awardmiles < 0 then -t.awardmiles else 0 end)`.as('debited'),
        sql<number>`sum(t.awardmiles)`.as('net'),
      ])
      .groupBy('t.trxtype')
      .orderBy('t.trxtype')
      .execute()) as Row[];
    return rows.map((r) => ({ trxtype: r.trxtype, transactions: Number(r.transactions), members: Number(r.members), credited: Number(r.credited), debited: Number(r.debited), net: Number(r.net) }));
  },
});

/**
 * The dashboard summaries by a member column: per value (tier, corporate, branch), its members, new enrolments
 * of the period, active members (any ledger row in the period), miles earned (EARNING, RATING) and redeemed.
 */
const memberSummary = (group: { column: string; label: string }): ReportQuery =>
  summaryReport({
    criteria: ['startdate', 'enddate'],
    columns: [
      { name: 'groupkey', label: group.label },
      { name: 'members', label: 'Members', format: 'number' },
      { name: 'enrolled', label: 'New Members', format: 'number' },
      { name: 'active', label: 'Active Members', format: 'number' },
      { name: 'earned', label: 'Miles Earned', format: 'number' },
      { name: 'redeemed', label: 'Miles Redeemed', format: 'number' },
    ],
    async rows(ctx, c) {
      const db = ctx.db as unknown as AnyDb;
      const key = sql<string>`coalesce(m.${sql.ref(group.column)}, '(none)')`;
      const members = (await keep(db.selectFrom('member as m'), ctx.members).select([key.as('groupkey'), (eb) => eb.fn.countAll().as('members')]).groupBy(key).execute()) as Row[];
      const enrolled = (await period(keep(db.selectFrom('member as m'), ctx.members), 'm.enrollmentdate', c).select([key.as('groupkey'), (eb) => eb.fn.countAll().as('n')]).groupBy(key).execute()) as Row[];
      const activity = (await period(keep(db.selectFrom('ledger_transaction as t').innerJoin('member as m', 'm.memberid', 't.memberid'), ctx.members), 't.activitydate', c)
        .select([
          key.as('groupkey'),
          sql<number>`count(distinct t.memberid)`.as('active'),
          sql<number>`sum(case when t.trxtype in (${TRX_TYPES.EARNING}, ${TRX_TYPES.RATING}) then t.awardmiles else 0 end)`.as('earned'),
          sql<number>`sum(case when t.trxtype = ${TRX_TYPES.REDEMPTION} then -t.awardmiles else 0 end)`.as('redeemed'),
        ])
        .groupBy(key)
        .execute()) as Row[];
      const by = (rows: Row[]) => new Map(rows.map((r) => [String(r.groupkey), r]));
      const e = by(enrolled);
      const a = by(activity);
      return members
        .map((r) => {
          const k = String(r.groupkey);
          return { groupkey: k, members: Number(r.members), enrolled: Number(e.get(k)?.n ?? 0), active: Number(a.get(k)?.active ?? 0), earned: Number(a.get(k)?.earned ?? 0), redeemed: Number(a.get(k)?.redeemed ?? 0) };
        })
        .sort((x, y) => x.groupkey.localeCompare(y.groupkey));
    },
  });

/** Dashboard Executive: by tier. */
const executiveReport = memberSummary({ column: 'tierid', label: 'Tier' });

/** The rule that flags a member on the Fraud Suspect report. */
export const FRAUD_RULES = {
  ACCRUALS: 'Many accruals in a short time',
  TRANSFERS: 'Transfers to many accounts',
  REDEMPTION: 'Redemption right after a large transfer',
} as const;

/**
 * Fraud Suspect: members with unusual activity in the period, one row per member and rule, with what was
 * seen; the thresholds are configuration keys (FRAUD_*), so staff tune them on General Configuration.
 */
const fraudReport: ReportQuery = summaryReport({
  criteria: ['startdate', 'enddate'],
  columns: [
    { name: 'cardnumber', label: 'Card Number' },
    { name: 'memberfullname', label: 'Member Name' },
    { name: 'rule', label: 'Rule' },
    { name: 'detail', label: 'Detail' },
    { name: 'observed', label: 'Observed', format: 'number' },
    { name: 'threshold', label: 'Threshold', format: 'number' },
  ],
  async rows(ctx, c) {
    const db = ctx.db as unknown as AnyDb;
    const accruals = await readConfigKey(ctx.db, 'FRAUD_ACCRUALS_PER_DAY');
    const accounts = await readConfigKey(ctx.db, 'FRAUD_TRANSFER_ACCOUNTS');
    const largeTransfer = await readConfigKey(ctx.db, 'FRAUD_LARGE_TRANSFER_MILES');
    const withinDays = await readConfigKey(ctx.db, 'FRAUD_REDEMPTION_DAYS');
    const flagged: Row[] = [];
    // 1. Many accruals on one day: EARNING rows of one member with the same activity date.
    const busy = (await period(keep(db.selectFrom('ledger_transaction as t').innerJoin('member as m', 'm.memberid', 't.memberid'), ctx.members), 't.activitydate', c)
      .where('t.trxtype', '=', TRX_TYPES.EARNING)
      .select(['m.memberid as memberid', 'm.cardnumber as cardnumber', memberName.as('memberfullname'), 't.activitydate as day', (eb) => eb.fn.countAll().as('n')])
      .groupBy(['m.memberid', 'm.cardnumber', 'm.firstname', 'm.lastname', 't.activitydate'])
      .having((eb) => eb.fn.countAll(), '>=', accruals)
      .orderBy('m.memberid')
      .orderBy('t.activitydate')
      .execute()) as Row[];
    for (const r of busy) flagged.push({ memberid: r.memberid, cardnumber: r.cardnumber, memberfullname: r.memberfullname, rule: FRAUD_RULES.ACCRUALS, detail: `${Number(r.n)} accruals on ${String(r.day)}`, observed: Number(r.n), threshold: accruals });
    // 2. Transfers out to many different members in the period.
    const spread = (await period(
      db
        .selectFrom('ledger_transaction as o')
        .innerJoin('ledger_transaction as i', (j) => j.onRef('i.relatedtrxid', '=', 'o.trxid').on('i.trxtype', '=', TRX_TYPES.TRANSFERIN))
        .innerJoin('member as m', 'm.memberid', 'o.memberid')
        .$call((q) => keep(q, ctx.members)),
      'o.activitydate',
      c,
    )
      .where('o.trxtype', '=', TRX_TYPES.TRANSFEROUT)
      .select(['m.memberid as memberid', 'm.cardnumber as cardnumber', memberName.as('memberfullname'), sql<number>`count(distinct i.memberid)`.as('n'), sql<number>`sum(-o.awardmiles)`.as('miles')])
      .groupBy(['m.memberid', 'm.cardnumber', 'm.firstname', 'm.lastname'])
      .having(sql`count(distinct i.memberid)`, '>=', accounts)
      .orderBy('m.memberid')
      .execute()) as Row[];
    for (const r of spread) flagged.push({ memberid: r.memberid, cardnumber: r.cardnumber, memberfullname: r.memberfullname, rule: FRAUD_RULES.TRANSFERS, detail: `${Number(r.n)} accounts received ${Number(r.miles).toLocaleString('en-US')} miles`, observed: Number(r.n), threshold: accounts });
    // 3. A redemption within N days after receiving a large transfer.
    const quick = (await period(
      db
        .selectFrom('ledger_transaction as r')
        .innerJoin('ledger_transaction as i', (j) => j.onRef('i.memberid', '=', 'r.memberid').on('i.trxtype', '=', TRX_TYPES.TRANSFERIN).on('i.awardmiles', '>=', largeTransfer).onRef('i.activitydate', '<=', 'r.activitydate'))
        .innerJoin('member as m', 'm.memberid', 'r.memberid')
        .$call((q) => keep(q, ctx.members)),
      'r.activitydate',
      c,
    )
      .where('r.trxtype', '=', TRX_TYPES.REDEMPTION)
      .select(['m.memberid as memberid', 'm.cardnumber as cardnumber', memberName.as('memberfullname'), 'r.trxid as redemption', 'r.activitydate as redeemed', 'i.activitydate as received', 'i.awardmiles as transferred'])
      .orderBy('m.memberid')
      .orderBy('r.trxid')
      .execute()) as Row[];
    const seen = new Set<string>();
    for (const r of quick) {
      const days = Math.round((Date.parse(String(r.redeemed)) - Date.parse(String(r.received))) / 86_400_000);
      if (days > withinDays || seen.has(String(r.redemption))) continue;
      seen.add(String(r.redemption));
      flagged.push({
        memberid: r.memberid,
        cardnumber: r.cardnumber,
        memberfullname: r.memberfullname,
        rule: FRAUD_RULES.REDEMPTION,
        detail: `Redeemed on ${String(r.redeemed)}, ${days} day(s) after receiving ${Number(r.transferred).toLocaleString('en-US')} miles`,
        observed: days,
        threshold: withinDays,
      });
    }
    return flagged;
  },
});

/** Air / Non-Air Award: the ledger's REDEMPTION rows, with their redemption (award, route) where one was made through Redemption. */
const awardReport = (air: boolean): ReportQuery =>
  listReport({
    criteria: ['startdate', 'enddate', 'tierid'],
    columns: [
      { name: 'trxid', label: 'Transaction ID' },
      { name: 'activitydate', label: 'Redeem Date' },
      ...MEMBER_COLUMNS,
      { name: 'awardcode', label: 'Award' },
      { name: 'partnercode', label: 'Partner' },
      ...(air ? [{ name: 'origin', label: 'Origin' }, { name: 'destination', label: 'Destination' }] : []),
      { name: 'miles', label: 'Miles Redeemed', format: 'number' },
      { name: 'status', label: 'Status' },
      { name: 'redeemuser', label: 'Redeemed By' },
    ],
    key: { column: 't.trxid', alias: 'trxid' },
    base: (db, c) => {
      let q = period(db.selectFrom('ledger_transaction as t').innerJoin('member as m', 'm.memberid', 't.memberid').leftJoin('member_redemption as r', 'r.trxid', 't.trxid').where('t.trxtype', '=', TRX_TYPES.REDEMPTION), 't.activitydate', c);
      q = air ? q.where('r.categorytype', '=', 'AIR') : q.where((eb) => eb.or([eb('r.categorytype', 'is', null), eb('r.categorytype', '<>', 'AIR')]));
      return equalsIf(q, 'm.tierid', c.tierid);
    },
    select: (q) =>
      q.select(['t.trxid as trxid', 't.activitydate as activitydate', 'm.cardnumber as cardnumber', memberName.as('memberfullname'), 'm.tierid as tierid', 'r.awardcode as awardcode', 'r.partnercode as partnercode', 'r.origin as origin', 'r.destination as destination', sql<number>`-t.awardmiles`.as('miles'), 'r.status as status', sql<string>`coalesce(r.redeemuser, t.createdby)`.as('redeemuser')]),
  });

/** Co-brand Summary: per partner and co-brand, the cards, the active ones, and their members' award miles. */
const cobrandSummaryReport: ReportQuery = summaryReport({
  criteria: ['partnercode'],
  columns: [
    { name: 'partnercode', label: 'Partner' },
    { name: 'cobrandcode', label: 'Cobrand' },
    { name: 'cards', label: 'Cards', format: 'number' },
    { name: 'active', label: 'Active Cards', format: 'number' },
    { name: 'awardmiles', label: 'Members Award Miles', format: 'number' },
  ],
  async rows(ctx, c) {
    const db = ctx.db as unknown as AnyDb;
    const rows = (await equalsIf(keep(db.selectFrom('member_cobrand as c').innerJoin('member as m', 'm.memberid', 'c.memberid'), ctx.members), 'c.partnercode', c.partnercode)
      .select(['c.partnercode as partnercode', 'c.cobrandcode as cobrandcode', (eb) => eb.fn.countAll().as('cards'), sql<number>`sum(case when c.status = 'ACTIVE' then 1 else 0 end)`.as('active'), sql<number>`sum(m.awardmiles)`.as('awardmiles')])
      .groupBy(['c.partnercode', 'c.cobrandcode'])
      .orderBy('c.partnercode')
      .orderBy('c.cobrandcode')
      .execute()) as Row[];
    return rows.map((r) => ({ partnercode: r.partnercode, cobrandcode: r.cobrandcode, cards: Number(r.cards), active: Number(r.active), awardmiles: Number(r.awardmiles) }));
  },
});

/** Co-brand Earning: the non-air activities at a co-brand partner of members who hold that partner's co-brand card. */
const cobrandEarningReport: ReportQuery = listReport({
  criteria: ['startdate', 'enddate', 'partnercode'],
  columns: [
    { name: 'activityid', label: 'Activity ID' },
    { name: 'activitydate', label: 'Activity Date' },
    ...MEMBER_COLUMNS,
    { name: 'partnercode', label: 'Partner' },
    { name: 'activitycode', label: 'Activity Code' },
    { name: 'amount', label: 'Amount', format: 'number' },
    { name: 'currencycode', label: 'Currency' },
    { name: 'awardmiles', label: 'Award Miles', format: 'number' },
    { name: 'status', label: 'Status' },
  ],
  key: { column: 'a.activityid', alias: 'activityid' },
  base: (db, c) =>
    equalsIf(
      period(db.selectFrom('member_activity as a').innerJoin('member as m', 'm.memberid', 'a.memberid'), 'a.activitydate', c)
        .where('a.activitytype', '<>', 'AIR')
        .where((eb) => eb.exists(eb.selectFrom('member_cobrand as cb').select('cb.memberid').whereRef('cb.memberid', '=', 'a.memberid').whereRef('cb.partnercode', '=', 'a.partnercode'))),
      'a.partnercode',
      c.partnercode,
    ),
  select: (q) =>
    q.select(['a.activityid as activityid', 'a.activitydate as activitydate', 'm.cardnumber as cardnumber', memberName.as('memberfullname'), 'm.tierid as tierid', 'a.partnercode as partnercode', 'a.activitycode as activitycode', 'a.amount as amount', 'a.currencycode as currencycode', 'a.awardmiles as awardmiles', 'a.status as status']),
});

/** The tier history's mark of a co-brand card's fast track: the card's membership and a tier given without qualification. */
export const FAST_TRACK = { membershipid: 'COBRAND', tierreason: 'COMPLIMENTARY' } as const;

/**
 * Fast Track: members whose tier was fast-tracked by a co-brand card, one row per member: the first tier period
 * of the co-brand membership given without qualification (the card starts the member above the entry tier),
 * with the card's partner and number. Period on the fast track's start date; partner of the card; tier given.
 */
const fastTrackReport: ReportQuery = listReport({
  criteria: ['startdate', 'enddate', 'partnercode', 'tierid'],
  columns: [
    { name: 'memberid', label: 'Member ID' },
    { name: 'cardnumber', label: 'Card Number' },
    { name: 'memberfullname', label: 'Member Name' },
    { name: 'partnercode', label: 'Partner' },
    { name: 'cobrandcardnumber', label: 'Cobrand Card Number' },
    { name: 'fasttracktier', label: 'Fast Track Tier' },
    { name: 'startdate', label: 'Fast Track Date' },
    { name: 'enddate', label: 'Tier End Date' },
    { name: 'currenttier', label: 'Current Tier' },
    { name: 'tiermiles', label: 'Tier Miles', format: 'number' },
  ],
  key: { column: 'm.memberid', alias: 'memberid' },
  base: (db, c) => {
    const first = (eb: any) =>
      eb
        .selectFrom('member_tier as f')
        .select((e: any) => e.fn.min('f.startdate').as('first'))
        .whereRef('f.memberid', '=', 'm.memberid')
        .where('f.membershipid', '=', FAST_TRACK.membershipid)
        .where('f.tierreason', '=', FAST_TRACK.tierreason);
    let q = period(
      db
        .selectFrom('member as m')
        .innerJoin('member_tier as t', 't.memberid', 'm.memberid')
        .where('t.membershipid', '=', FAST_TRACK.membershipid)
        .where('t.tierreason', '=', FAST_TRACK.tierreason)
        .where((eb) => eb('t.startdate', '=', first(eb))),
      't.startdate',
      c,
    );
    q = equalsIf(q, 't.tierid', c.tierid);
    const partner = text(c.partnercode);
    if (partner) q = q.where((eb) => eb.exists(eb.selectFrom('member_cobrand as cb').select('cb.memberid').whereRef('cb.memberid', '=', 'm.memberid').where('cb.partnercode', '=', partner)));
    return q;
  },
  select: (q) =>
    q.select((eb) => [
      'm.memberid as memberid',
      'm.cardnumber as cardnumber',
      memberName.as('memberfullname'),
      eb.selectFrom('member_cobrand as cb').select((e) => e.fn.min('cb.partnercode').as('p')).whereRef('cb.memberid', '=', 'm.memberid').as('partnercode'),
      eb.selectFrom('member_cobrand as cb').select((e) => e.fn.min('cb.cobrandcardnumber').as('n')).whereRef('cb.memberid', '=', 'm.memberid').as('cobrandcardnumber'),
      't.tierid as fasttracktier',
      't.startdate as startdate',
      't.enddate as enddate',
      'm.tierid as currenttier',
      'm.tiermiles as tiermiles',
    ]),
});

export const REPORT_QUERIES: Readonly<Record<string, ReportQuery>> = {
  'air-accrual': activityReport(true),
  'non-air-accrual': activityReport(false),
  'custom-transaction': ledgerReport(TRX_TYPES.CUSTOM),
  redeposit: ledgerReport(TRX_TYPES.REDEPOSIT, [{ name: 'relatedtrxid', label: 'Original Transaction' }]),
  'member-profile': memberReport(false),
  'terminate-member': memberReport(true),
  'buy-mileage': buyMileageReport,
  'air-award': awardReport(true),
  'non-air-award': awardReport(false),
  'cobrand-member': cobrandMemberReport,
  'cobrand-summary': cobrandSummaryReport,
  'cobrand-earning': cobrandEarningReport,
  'fast-track': fastTrackReport,
  'dashboard-accounting': accountingReport,
  'dashboard-executive': executiveReport,
  // Dashboard Bizmiles: the corporate accounts' members ('(none)': members of no corporate).
  'dashboard-bizmiles': memberSummary({ column: 'corporatecode', label: 'Corporate' }),
  // Dashboard Performance: by the branch that enrolled the member.
  'dashboard-performance': memberSummary({ column: 'branchcode', label: 'Branch' }),
  'fraud-suspect': fraudReport,
};

/** Report name -> the criteria it reads and the formats it allows: what the definition validator checks report pages against. */
export const reportQuerySignatures = (queries: Readonly<Record<string, ReportQuery>> = REPORT_QUERIES): Record<string, { criteria: readonly string[]; formats: readonly string[] }> =>
  Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, { criteria: query.criteria, formats: query.formats }]));
