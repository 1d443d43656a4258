// The dashboard's rollups (migration 0035): counts by day and by what the panels filter on, kept equal to their
// source rows by database triggers, so every write path keeps them (enrollment, the ledger store, the batch
// writer of activity files, merges, imports) in the transaction of its rows, on SQLite and PostgreSQL alike.
// installRollups runs at every start once the definition-built tables exist and the seed has run: it creates the
// triggers a database lacks and, when it creates them, recounts every rollup from scratch in the same transaction
// (a first start's demo data is counted so, once, rather than row by row as it is written).
// seed:volume drops the triggers before its bulk load and installs them (with the recount) after it.
// Metrics: ENROLL, REDEEM, ACTIVITY (migration 0035), TIER (0036), and PROMO (promotion lines), CORP (corporate
// members' activities), MACT (members active a day, through dashboard_member_day) and PARK (parked activities of
// no member: Flight's Non-Member series), so that every chart panel
// reads days x keys at 1,000,000 members and 10,000,000 ledger rows.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Schema } from '../db/schema';
import { isSqlite } from '../db/columnTypes';
import { PROMOTION_RULE } from '../../../domain/accrualResult';
import type { MemberFilter } from '../core/scope';
import { definitionDb } from '../db/definitionDb';

export const ROLLUP_TABLE = 'dashboard_rollup';

/** The metrics of the rollup table and their keys (k1..k3, '' when a key is not used). */
export const METRICS = { ENROLL: 'ENROLL', REDEEM: 'REDEEM', ACTIVITY: 'ACTIVITY', TIER: 'TIER', PROMO: 'PROMO', CORP: 'CORP', MACT: 'MACT', PARK: 'PARK' } as const;

/**
 * Member Activity (MACT rows: day, k1 the member's tierid, k2 its membership, k3 the activity type or ALL): the
 * members with a credited activity on a day, each once. MEMBER_DAY_TABLE holds each member's credited activities
 * a day and type (and under ALL, of any type); a member counts in MACT while its row is above zero. A change of
 * the member's tier or membership moves its days between keys.
 */
export const MEMBER_DAY_TABLE = 'dashboard_member_day';
/** The MACT activity type key of every type. */
export const ANY_TYPE = 'ALL';

/**
 * Member Tier (migration 0036): each active member's tier names among its active cards, with the earliest issue
 * day of each (a member counts once a tier name, from that day). TIER rollup rows: day, k1 tier name, k2 gender.
 * A change to a member's cards, status or gender recounts that member's rows (delete its old ones from the
 * rollup, read them again, add them), so the rollup stays exact however the cards move.
 */
export const MEMBER_TIER_TABLE = 'dashboard_member_tier';

/**
 * A REDEMPTION ledger row's reason names its award: 'Redemption <awardcode>' (server/awardManagement/redemption/redemptionStore.ts
 * writes it so; the volume and demo population too). The Redemption panel reads the award from it.
 */
export const REDEMPTION_REASON = 'Redemption ';
/** The member activity status that counts (screens/member-management/memactivity.json). */
export const CREDITED = 'CREDITED';

/** Bumped when a trigger's body changes: a database with older triggers gets the new ones and a recount. */
const VERSION = 'v8';
const trigger = (name: string) => `dashboard_${name}_${VERSION}`;

interface Source {
  table: string;
  /** The metric's key columns as SQL over the row alias (NEW / OLD / a table alias): day, k1, k2, k3. */
  keys(row: string): [string, string, string, string];
  /** When the row counts, as SQL over the row alias. */
  counts(row: string): string;
  /** Columns whose update can move the row between keys. */
  columns: string[];
  metric: string;
  /** The memberid the row belongs to, as SQL over the row alias (null for a row of no member). */
  member(row: string): string;
}

const text = (expr: string) => `coalesce(cast(${expr} as varchar(100)), '')`;
const day = (row: string) => `cast(${row}.activitydate as varchar(10))`;
/** A member activity that counts (credited, dated). */
const creditedActivity = (r: string) => `${r}.status = '${CREDITED}' and ${r}.activitydate is not null`;
/** The corporate of a member activity's member (CORP rows are keyed by it). */
const corporateOf = (r: string) => `(select c.corporatecode from member c where c.memberid = ${r}.memberid)`;

const SOURCES: Source[] = [
  {
    metric: METRICS.ENROLL,
    table: 'member',
    member: (r) => `${r}.memberid`,
    keys: (r) => [`cast(${r}.enrollmentdate as varchar(10))`, text(`${r}.enrollchannel`), text(`${r}.membershipid`), text(`${r}.tierid`)],
    counts: (r) => `${r}.enrollmentdate is not null`,
    columns: ['enrollmentdate', 'enrollchannel', 'membershipid', 'tierid'],
  },
  {
    metric: METRICS.REDEEM,
    table: 'ledger_transaction',
    member: (r) => `${r}.memberid`,
    keys: (r) => [`cast(${r}.activitydate as varchar(10))`, text(`case when ${r}.reason like '${REDEMPTION_REASON}%' then substr(${r}.reason, ${REDEMPTION_REASON.length + 1}) end`), `''`, `''`],
    counts: (r) => `${r}.trxtype = 'REDEMPTION'`,
    columns: ['trxtype', 'activitydate', 'reason'],
  },
  {
    metric: METRICS.ACTIVITY,
    table: 'member_activity',
    member: (r) => `${r}.memberid`,
    keys: (r) => [`cast(${r}.activitydate as varchar(10))`, text(`${r}.activitytype`), text(`case when ${r}.activitytype = 'AIR' then ${r}.carrier else ${r}.partnercode end`), `''`],
    counts: creditedActivity,
    columns: ['activitydate', 'activitytype', 'carrier', 'partnercode', 'status'],
  },
  {
    // Corporate Activity: credited activities of corporate members, k1 activity type, k2 the member's corporate
    // when the activity was written; a member's change of corporate moves its activities (CORPORATE_MOVE).
    metric: METRICS.CORP,
    table: 'member_activity',
    member: (r) => `${r}.memberid`,
    keys: (r) => [day(r), text(`${r}.activitytype`), text(corporateOf(r)), `''`],
    counts: (r) => `${creditedActivity(r)} and ${corporateOf(r)} is not null`,
    columns: ['activitydate', 'activitytype', 'status', 'memberid'],
  },
  {
    // Flight's Non-Member series: parked activities no member holds, k1 activity type.
    metric: METRICS.PARK,
    table: 'park_activity',
    member: (r) => `${r}.memberid`,
    keys: (r) => [day(r), text(`${r}.activitytype`), `''`, `''`],
    counts: (r) => `${r}.memberid is null and ${r}.activitydate is not null`,
    columns: ['activitydate', 'activitytype', 'memberid'],
  },
  {
    // Promo Code: promotion lines of EARNING ledger rows by the row's activity day, k1 the promotion (one line a
    // promotion a row: accrual's promotionBonuses). Ledger rows are written before their lines and never change day or type.
    metric: METRICS.PROMO,
    table: 'ledger_detail',
    member: (r) => `(select t.memberid from ledger_transaction t where t.trxid = ${r}.trxid)`,
    keys: (r) => [`(select cast(t.activitydate as varchar(10)) from ledger_transaction t where t.trxid = ${r}.trxid)`, text(`${r}.rulecode`), `''`, `''`],
    counts: (r) => `${r}.ruletype = '${PROMOTION_RULE}' and exists (select 1 from ledger_transaction t where t.trxid = ${r}.trxid and t.trxtype = 'EARNING')`,
    columns: ['trxid', 'ruletype', 'rulecode'],
  },
];

const UPSERT = `on conflict (metric, day, k1, k2, k3) do update set total = ${ROLLUP_TABLE}.total + excluded.total`;

/** A set of a source's rows (`rows`: a table or subquery, aliased r) counted into its metric at once (`sign` '-' takes them out). */
const sumInto = (source: Source, rows: string, sign: '' | '-') => {
  const [day, k1, k2, k3] = source.keys('r');
  return `insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total)
    select '${source.metric}', x.day, x.k1, x.k2, x.k3, ${sign}count(*) from (select ${day} as day, ${k1} as k1, ${k2} as k2, ${k3} as k3 from ${rows} r where ${source.counts('r')}) x
    group by x.day, x.k1, x.k2, x.k3 ${UPSERT}`;
};

/** The statements moving a member's credited activities of one corporate (`sign` '-' takes them out, '' puts them in). */
const corporateMove = (member: string, corporate: string, sign: '' | '-') => `insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total)
  select '${METRICS.CORP}', ${day('a')}, ${text('a.activitytype')}, ${corporate}, '', ${sign}count(*) from member_activity a
  where a.memberid = ${member} and ${corporate} is not null and ${creditedActivity('a')} group by a.activitydate, a.activitytype ${UPSERT}`;

/** The MACT rows of one member's days (`sign` as above; `tier`, `membership` SQL of the keys to count them under). */
const memberDaysMove = (member: string, tier: string, membership: string, sign: '' | '-') => `insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total)
  select '${METRICS.MACT}', d.day, coalesce(${tier}, ''), coalesce(${membership}, ''), d.activitytype, ${sign}count(*) from ${MEMBER_DAY_TABLE} d
  where d.memberid = ${member} and d.total > 0 group by d.day, d.activitytype ${UPSERT}`;

/** The day's keys of a member activity row (its own type and ALL). */
const dayKeys = (row: string) => `d.memberid = ${row}.memberid and d.day = ${day(row)} and d.activitytype in (${text(`${row}.activitytype`)}, '${ANY_TYPE}')`;

/** A credited activity added (`+`) or taken away (`-`): its member's day counts, and MACT where a day starts or ends. */
function memberDayDelta(row: string, delta: '+' | '-'): string[] {
  const bump = (type: string) => `insert into ${MEMBER_DAY_TABLE} (memberid, day, activitytype, total) values (${row}.memberid, ${day(row)}, ${type}, ${delta === '+' ? 1 : -1})
    on conflict (memberid, day, activitytype) do update set total = ${MEMBER_DAY_TABLE}.total + excluded.total`;
  // The member's day enters MACT when its count becomes 1, leaves when it becomes 0.
  const edge = `insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total)
    select '${METRICS.MACT}', d.day, coalesce(m.tierid, ''), coalesce(m.membershipid, ''), d.activitytype, ${delta === '+' ? 1 : -1} from ${MEMBER_DAY_TABLE} d join member m on m.memberid = d.memberid
    where ${dayKeys(row)} and d.total = ${delta === '+' ? 1 : 0} ${UPSERT}`;
  return [bump(text(`${row}.activitytype`)), bump(`'${ANY_TYPE}'`), edge, `delete from ${MEMBER_DAY_TABLE} where memberid = ${row}.memberid and day = ${day(row)} and total <= 0`];
}

/** Member Activity's days as they should be: [memberid, day, activity type or ALL, credited activities] from the rows. */
function memberDaySelect(): string {
  const of = (type: string, grouped: string) =>
    `select r.memberid as memberid, ${day('r')} as day, ${type} as activitytype, count(*) as total from member_activity r where ${creditedActivity('r')} group by r.memberid, r.activitydate${grouped}`;
  return `${of(text('r.activitytype'), ', r.activitytype')} union all ${of(`'${ANY_TYPE}'`, '')}`;
}

/** The member's tier rows as they should be: [memberid, tiername, day, gender] of its active cards. */
const memberTierSelect = (where: string) => `select c.memberid as memberid, t.tiername as tiername, min(c.issuedate) as day, coalesce(m.gender, '') as gender from member_card c
  join member m on m.memberid = c.memberid join tier t on t.tierid = c.tierid
  where c.status = 'ACTIVE' and m.status = 'ACTIVE' and c.issuedate is not null${where} group by c.memberid, t.tiername, m.gender`;

const tierDelta = (member: string, sign: '' | '-') => `insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total)
  select '${METRICS.TIER}', day, tiername, gender, '', ${sign}count(*) from ${MEMBER_TIER_TABLE} where memberid = ${member} group by day, tiername, gender
  on conflict (metric, day, k1, k2, k3) do update set total = ${ROLLUP_TABLE}.total + excluded.total`;

/** The statements that recount one member's Member Tier rows (`member`: an SQL expression of its memberid). */
const recountMemberTier = (member: string): string[] => [
  tierDelta(member, '-'),
  `delete from ${MEMBER_TIER_TABLE} where memberid = ${member}`,
  `insert into ${MEMBER_TIER_TABLE} (memberid, tiername, day, gender) ${memberTierSelect(` and c.memberid = ${member}`)}`,
  tierDelta(member, ''),
];

/** The Member Tier triggers: [name, table, SQLite event, the memberids it recounts]. */
const TIER_TRIGGERS: [string, string, string, string[]][] = [
  ['tier_card_ins', 'member_card', 'after insert on member_card', ['new.memberid']],
  ['tier_card_del', 'member_card', 'after delete on member_card', ['old.memberid']],
  ['tier_card_upd', 'member_card', 'after update of status, tierid, issuedate, memberid on member_card', ['old.memberid', 'new.memberid']],
  ['tier_member_upd', 'member', 'after update of status, gender on member', ['new.memberid']],
];

type Db = Kysely<Schema>;

const add = (source: Source, row: string, delta: '+ 1' | '- 1') => {
  const [day, k1, k2, k3] = source.keys(row);
  return `insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total) values ('${source.metric}', ${day}, ${k1}, ${k2}, ${k3}, 0 ${delta})
    on conflict (metric, day, k1, k2, k3) do update set total = ${ROLLUP_TABLE}.total ${delta}`;
};

/** A source's triggers are named after its metric (two metrics may count one table). */
const nameOf = (source: Source) => source.metric.toLowerCase();
const SQLITE_EVENTS = ['ins', 'del', 'upd_old', 'upd_new'] as const;

/**
 * SQLite: while BATCH_TABLE holds a row (only ever inside the writer's transaction: countActivitiesInserted), the
 * insert triggers of member activities stand down; the batch's rows are then counted with a statement a metric.
 */
const BATCH_TABLE = 'dashboard_rollup_batch';
const notInBatch = (table: string) => (table === ACTIVITY_TABLE ? ` and not exists (select 1 from ${BATCH_TABLE})` : '');
const ACTIVITY_TABLE = 'member_activity';

/** SQLite: four triggers a source (insert, delete, update of its key columns: the old row out, the new one in). */
function sqliteTriggers(source: Source): string[] {
  const { table } = source;
  const name = (event: (typeof SQLITE_EVENTS)[number]) => trigger(`${nameOf(source)}_${event}`);
  return [
    `create trigger if not exists ${name('ins')} after insert on ${table} when ${source.counts('new')}${notInBatch(table)} begin ${add(source, 'new', '+ 1')}; end`,
    `create trigger if not exists ${name('del')} after delete on ${table} when ${source.counts('old')} begin ${add(source, 'old', '- 1')}; end`,
    `create trigger if not exists ${name('upd_old')} after update of ${source.columns.join(', ')} on ${table} when ${source.counts('old')} begin ${add(source, 'old', '- 1')}; end`,
    `create trigger if not exists ${name('upd_new')} after update of ${source.columns.join(', ')} on ${table} when ${source.counts('new')} begin ${add(source, 'new', '+ 1')}; end`,
  ];
}

/**
 * PostgreSQL: a source's rows counted per row (a post's one row: the cheapest), or, in a transaction that asked
 * for it (countRollupsPerStatement: a file's chunk), its inserts and deletes per statement, summed per key over
 * the statement's transition table. A row trigger upserting one rollup row per source row slowed a chunk
 * quadratically when its rows shared a key (each upsert walks the versions the earlier ones left); a statement
 * trigger plans its query over the transition table at every call (3.7 ms a one-row insert). Each trigger
 * returns at once when the other one counts; updates of key columns (rare, one row) are always counted per row.
 */
function postgresTrigger(source: Source): string[] {
  const { table } = source;
  const fn = trigger(nameOf(source));
  const sum = (rows: string, sign: '' | '-') => sumInto(source, rows, sign);
  return [
    `create or replace function ${fn}() returns trigger language plpgsql as $$
begin
  if tg_op <> 'UPDATE' and ${PER_STATEMENT} then
    return null;
  end if;
  if tg_op <> 'INSERT' and (${source.counts('old')}) then
    ${add(source, 'old', '- 1')};
  end if;
  if tg_op <> 'DELETE' and (${source.counts('new')}) then
    ${add(source, 'new', '+ 1')};
  end if;
  return null;
end $$`,
    statementFunction(`${fn}_rows`, [sum(NEW_ROWS, '')], [sum(OLD_ROWS, '-')]),
    ...statementTriggers(table, fn),
    `drop trigger if exists ${fn} on ${table}`,
    `create trigger ${fn} after insert or delete or update of ${source.columns.join(', ')} on ${table} for each row execute function ${fn}()`,
  ];
}

/** The transaction-local setting that has a transaction's inserts and deletes counted per statement (PostgreSQL). */
const ROLLUP_MODE = 'alms.rollups';
const PER_STATEMENT = `(coalesce(current_setting('${ROLLUP_MODE}', true), '') = 'statement')`;

/**
 * Has the rest of the transaction count its inserts and deletes into the rollups per statement (PostgreSQL: a
 * chunk of a file writing thousands of rows); SQLite's row triggers need nothing.
 */
export async function countRollupsPerStatement(trx: Db): Promise<void> {
  if (isSqlite(trx)) return;
  await sql`select set_config(${ROLLUP_MODE}, 'statement', true)`.execute(trx);
}

/** PostgreSQL: a statement trigger's function: nothing unless the transaction counts per statement, else the statements of its inserts or its deletes. */
const statementFunction = (name: string, inserted: string[], deleted: string[]) => `create or replace function ${name}() returns trigger language plpgsql as $$
begin
  if not ${PER_STATEMENT} then
    return null;
  end if;
  if tg_op = 'INSERT' then
    ${inserted.join(';\n    ')};
  else
    ${deleted.join(';\n    ')};
  end if;
  return null;
end $$`;

/** The transition tables of the statement triggers (PostgreSQL). */
const NEW_ROWS = 'new_rows';
const OLD_ROWS = 'old_rows';
const STATEMENT_EVENTS = ['ins', 'del'] as const;

/** PostgreSQL: the insert and delete statement triggers calling `<fn>_rows` (a transition table takes one event a trigger). */
const statementTriggers = (table: string, fn: string): string[] =>
  STATEMENT_EVENTS.flatMap((event) => [
    `drop trigger if exists ${fn}_${event} on ${table}`,
    `create trigger ${fn}_${event} after ${event === 'ins' ? `insert on ${table} referencing new table as ${NEW_ROWS}` : `delete on ${table} referencing old table as ${OLD_ROWS}`} for each statement execute function ${fn}_rows()`,
  ]);

/** SQLite: the Member Tier triggers, each recounting the members it names. */
const sqliteTierTriggers = (): string[] =>
  TIER_TRIGGERS.map(([name, , event, members]) => `create trigger if not exists ${trigger(name)} ${event} begin ${members.flatMap(recountMemberTier).join('; ')}; end`);

/** PostgreSQL: a function recounting one member, and a trigger a table calling it. */
function postgresTierTriggers(): string[] {
  const fn = trigger('tier_recount');
  const statements = [
    `create or replace function ${fn}(mid varchar) returns void language plpgsql as $$
begin
  ${recountMemberTier('mid').join(';\n  ')};
end $$`,
  ];
  for (const [table, events, members] of [
    ['member_card', 'insert or delete or update of status, tierid, issuedate, memberid', ['old', 'new']],
    ['member', 'update of status, gender', ['new']],
  ] as const) {
    const name = trigger(`tier_${table}`);
    const calls = members.map((row) => `if tg_op <> '${row === 'old' ? 'INSERT' : 'DELETE'}' then perform ${fn}(${row}.memberid); end if;`).join('\n  ');
    statements.push(
      `create or replace function ${name}() returns trigger language plpgsql as $$
begin
  ${calls}
  return null;
end $$`,
      `drop trigger if exists ${name} on ${table}`,
      `create trigger ${name} after ${events} on ${table} for each row execute function ${name}()`,
    );
  }
  return statements;
}

/** Member Activity's columns whose update can move an activity between a member's days. */
const MEMBER_DAY_COLUMNS = ['memberid', 'activitydate', 'activitytype', 'status'];
/** A member's change that moves its MACT days (tier, membership) or its CORP activities (corporate). */
const memberMoves = (old: string, now: string) => ({
  days: [memberDaysMove(`${old}.memberid`, `${old}.tierid`, `${old}.membershipid`, '-'), memberDaysMove(`${now}.memberid`, `${now}.tierid`, `${now}.membershipid`, '')],
  corporate: [corporateMove(`${old}.memberid`, `${old}.corporatecode`, '-'), corporateMove(`${now}.memberid`, `${now}.corporatecode`, '')],
});

/** SQLite: Member Activity's days kept with the activities, and the member's moves. */
function sqliteActivityTriggers(): string[] {
  const counted = (row: string) => creditedActivity(row);
  const moves = memberMoves('old', 'new');
  const columns = MEMBER_DAY_COLUMNS.join(', ');
  return [
    `create trigger if not exists ${trigger('mact_ins')} after insert on member_activity when ${counted('new')}${notInBatch(ACTIVITY_TABLE)} begin ${memberDayDelta('new', '+').join('; ')}; end`,
    `create trigger if not exists ${trigger('mact_del')} after delete on member_activity when ${counted('old')} begin ${memberDayDelta('old', '-').join('; ')}; end`,
    `create trigger if not exists ${trigger('mact_upd_old')} after update of ${columns} on member_activity when ${counted('old')} begin ${memberDayDelta('old', '-').join('; ')}; end`,
    `create trigger if not exists ${trigger('mact_upd_new')} after update of ${columns} on member_activity when ${counted('new')} begin ${memberDayDelta('new', '+').join('; ')}; end`,
    `create trigger if not exists ${trigger('mact_member_upd')} after update of tierid, membershipid on member
      when old.tierid is not new.tierid or old.membershipid is not new.membershipid begin ${moves.days.join('; ')}; end`,
    `create trigger if not exists ${trigger('corp_member_upd')} after update of corporatecode on member when old.corporatecode is not new.corporatecode begin ${moves.corporate.join('; ')}; end`,
  ];
}

/**
 * PostgreSQL: a statement's credited activities (`rows`, a transition table; `sign` 1 in, -1 out) summed into
 * their members' day counts at once, with MACT where a day starts (its count leaves 0) or ends (comes to 0).
 */
function memberDaySum(rows: string, sign: 1 | -1): string[] {
  const of = (type: string) => `select r.memberid as memberid, ${day('r')} as day, ${type} as activitytype from ${rows} r where ${creditedActivity('r')}`;
  const edge = `case when u.total > 0 and u.total - x.d <= 0 then 1 when u.total <= 0 and u.total - x.d > 0 then -1 else 0 end`;
  return [
    `with x as (select memberid, day, activitytype, ${sign} * count(*) as d from (${of(text('r.activitytype'))} union all ${of(`'${ANY_TYPE}'`)}) y group by memberid, day, activitytype),
    u as (insert into ${MEMBER_DAY_TABLE} (memberid, day, activitytype, total) select memberid, day, activitytype, d from x
      on conflict (memberid, day, activitytype) do update set total = ${MEMBER_DAY_TABLE}.total + excluded.total returning memberid, day, activitytype, total)
    insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total)
    select '${METRICS.MACT}', u.day, coalesce(m.tierid, ''), coalesce(m.membershipid, ''), u.activitytype, sum(${edge})
    from u join x on x.memberid = u.memberid and x.day = u.day and x.activitytype = u.activitytype join member m on m.memberid = u.memberid
    group by u.day, coalesce(m.tierid, ''), coalesce(m.membershipid, ''), u.activitytype having sum(${edge}) <> 0 ${UPSERT}`,
    `delete from ${MEMBER_DAY_TABLE} d where d.total <= 0 and exists (select 1 from ${rows} r where r.memberid = d.memberid and ${day('r')} = d.day)`,
  ];
}

/** PostgreSQL: the same for member_activity (per row, or per statement as the sources') and a function for member. */
function postgresActivityTriggers(): string[] {
  const activity = trigger('mact');
  const member = trigger('mact_member');
  const columns = MEMBER_DAY_COLUMNS.join(', ');
  const moves = memberMoves('old', 'new');
  return [
    `create or replace function ${activity}() returns trigger language plpgsql as $$
begin
  if tg_op <> 'UPDATE' and ${PER_STATEMENT} then
    return null;
  end if;
  if tg_op <> 'INSERT' and (${creditedActivity('old')}) then
    ${memberDayDelta('old', '-').join(';\n    ')};
  end if;
  if tg_op <> 'DELETE' and (${creditedActivity('new')}) then
    ${memberDayDelta('new', '+').join(';\n    ')};
  end if;
  return null;
end $$`,
    statementFunction(`${activity}_rows`, memberDaySum(NEW_ROWS, 1), memberDaySum(OLD_ROWS, -1)),
    ...statementTriggers('member_activity', activity),
    `drop trigger if exists ${activity} on member_activity`,
    `create trigger ${activity} after insert or delete or update of ${columns} on member_activity for each row execute function ${activity}()`,
    `create or replace function ${member}() returns trigger language plpgsql as $$
begin
  if old.tierid is distinct from new.tierid or old.membershipid is distinct from new.membershipid then
    ${moves.days.join(';\n    ')};
  end if;
  if old.corporatecode is distinct from new.corporatecode then
    ${moves.corporate.join(';\n    ')};
  end if;
  return null;
end $$`,
    `drop trigger if exists ${member} on member`,
    `create trigger ${member} after update of tierid, membershipid, corporatecode on member for each row execute function ${member}()`,
  ];
}

const triggerNames = (db: Db): string[] =>
  isSqlite(db)
    ? [
        ...SOURCES.flatMap((s) => SQLITE_EVENTS.map((k) => trigger(`${nameOf(s)}_${k}`))),
        ...TIER_TRIGGERS.map(([name]) => trigger(name)),
        ...['mact_ins', 'mact_del', 'mact_upd_old', 'mact_upd_new', 'mact_member_upd', 'corp_member_upd'].map(trigger),
      ]
    : [
        ...[...SOURCES.map((s) => trigger(nameOf(s))), trigger('mact')].flatMap((fn) => [fn, ...STATEMENT_EVENTS.map((event) => `${fn}_${event}`)]),
        trigger('tier_member_card'),
        trigger('tier_member'),
        trigger('mact_member'),
      ];

/** The rollup triggers present in the database (its own schema on PostgreSQL). */
async function presentTriggers(db: Db): Promise<Map<string, string>> {
  if (isSqlite(db)) {
    const rows = await sql<{ name: string; tablename: string }>`select name, tbl_name as tablename from sqlite_master where type = 'trigger' and name like 'dashboard_%'`.execute(db);
    return new Map(rows.rows.map((r) => [r.name, r.tablename]));
  }
  const rows = await sql<{ name: string; tablename: string }>`select t.tgname as name, c.relname as tablename from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and t.tgname like 'dashboard_%'`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, r.tablename]));
}

/** Every rollup row as a from-scratch count of its source rows (what the triggers keep; tests compare the two). */
export function recountQuery(): string {
  return SOURCES.map((s) => {
    const [day, k1, k2, k3] = s.keys('r');
    // PostgreSQL refuses a constant in GROUP BY: the unused keys ('') are left out of it.
    const grouped = [day, k1, k2, k3].filter((key) => key !== `''`);
    return `select '${s.metric}' as metric, ${day} as day, ${k1} as k1, ${k2} as k2, ${k3} as k3, count(*) as total from ${s.table} r where ${s.counts('r')} group by ${grouped.join(', ')}`;
  })
    .concat(`select '${METRICS.TIER}' as metric, day, tiername as k1, gender as k2, '' as k3, count(*) as total from (${memberTierSelect('')}) h group by day, tiername, gender`)
    .concat(
      `select '${METRICS.MACT}' as metric, h.day as day, coalesce(m.tierid, '') as k1, coalesce(m.membershipid, '') as k2, h.activitytype as k3, count(*) as total
        from (${memberDaySelect()}) h join member m on m.memberid = h.memberid group by h.day, m.tierid, m.membershipid, h.activitytype`,
    )
    .join(' union all ');
}

/** The members a filter keeps, as a condition on the member table's columns (aliased `alias`). */
const memberColumns = (filter: MemberFilter, alias: string): RawBuilder<unknown> =>
  sql.join(
    Object.entries(filter).map(([column, value]) => sql`${sql.ref(`${alias}.${column}`)} = ${value}`),
    sql` and `,
  );

/** Where the memberid (SQL over the row) lies among the filter's members; a row of no member lies outside. */
const memberIn = (memberid: string, filter: MemberFilter): RawBuilder<unknown> => sql`${sql.raw(memberid)} in (select f.memberid from member f where ${memberColumns(filter, 'f')})`;

/** Where memberTierSelect takes its extra condition. */
const HOLE = '\u0000';

/**
 * One metric's rollup rows counted from scratch over the rows of the filter's members: the rollup table's shape
 * (metric, day, k1, k2, k3, total) for a caller the stored rollups cannot narrow (they carry no member's branch).
 * A panel reads it in place of the table; the day and key filters it adds apply to it the same way.
 */
export function memberRollup(metric: string, filter: MemberFilter): RawBuilder<RollupRow> {
  if (metric === METRICS.TIER) {
    const [before, after] = memberTierSelect(` and ${HOLE}`).split(HOLE) as [string, string];
    return sql<RollupRow>`select ${sql.lit(metric)} as metric, day, tiername as k1, gender as k2, '' as k3, count(*) as total
      from (${sql.raw(before)}${memberColumns(filter, 'm')}${sql.raw(after)}) h group by day, tiername, gender`;
  }
  if (metric === METRICS.MACT) {
    return sql<RollupRow>`select ${sql.lit(metric)} as metric, h.day as day, coalesce(m.tierid, '') as k1, coalesce(m.membershipid, '') as k2, h.activitytype as k3, count(*) as total
      from (${sql.raw(memberDaySelect())}) h join member m on m.memberid = h.memberid where ${memberColumns(filter, 'm')} group by h.day, m.tierid, m.membershipid, h.activitytype`;
  }
  const source = SOURCES.find((s) => s.metric === metric);
  if (!source) throw new Error(`No rollup metric ${metric}`);
  const [d, k1, k2, k3] = source.keys('r');
  const grouped = [d, k1, k2, k3].filter((key) => key !== `''`);
  return sql<RollupRow>`select ${sql.lit(metric)} as metric, ${sql.raw(d)} as day, ${sql.raw(k1)} as k1, ${sql.raw(k2)} as k2, ${sql.raw(k3)} as k3, count(*) as total
    from ${sql.table(source.table)} r where ${sql.raw(source.counts('r'))} and ${memberIn(source.member('r'), filter)} group by ${sql.raw(grouped.join(', '))}`;
}

/**
 * What a panel reads a metric from, aliased r: the rollup table, or for a caller who sees only some members
 * (a branch user), the metric counted over their members' rows.
 */
export const rollupOf = (metric: string, filter: MemberFilter) =>
  Object.keys(filter).length === 0 ? sql.table(ROLLUP_TABLE).as('r') : sql<RollupRow>`(${memberRollup(metric, filter)})`.as('r');

export interface RollupRow {
  metric: string;
  day: string;
  k1: string;
  k2: string;
  k3: string;
  total: number;
}

const sorted = (rows: RollupRow[]): RollupRow[] =>
  rows.map((r) => ({ metric: r.metric, day: r.day, k1: r.k1, k2: r.k2, k3: r.k3, total: Number(r.total) })).filter((r) => r.total !== 0).sort((a, b) => {
    const x = `${a.metric}|${a.day}|${a.k1}|${a.k2}|${a.k3}`;
    const y = `${b.metric}|${b.day}|${b.k1}|${b.k2}|${b.k3}`;
    return x < y ? -1 : x > y ? 1 : 0;
  });

/** The rollup table's rows (zero counts left out), in key order. */
export async function rollupRows(db: Db): Promise<RollupRow[]> {
  return sorted((await definitionDb(db).selectFrom(ROLLUP_TABLE).selectAll().execute()) as RollupRow[]);
}

/** The rows the rollup table should hold, counted from scratch, in key order. */
export async function recountRows(db: Db): Promise<RollupRow[]> {
  return sorted((await sql.raw<RollupRow>(recountQuery()).execute(db)).rows);
}

/** Empties the rollup table and counts it again from the source rows (in the caller's transaction). */
export async function rebuildRollups(trx: Db): Promise<void> {
  await definitionDb(trx).deleteFrom(MEMBER_TIER_TABLE).execute();
  await sql.raw(`insert into ${MEMBER_TIER_TABLE} (memberid, tiername, day, gender) ${memberTierSelect('')}`).execute(trx);
  await definitionDb(trx).deleteFrom(MEMBER_DAY_TABLE).execute();
  await sql.raw(`insert into ${MEMBER_DAY_TABLE} (memberid, day, activitytype, total) ${memberDaySelect()}`).execute(trx);
  await definitionDb(trx).deleteFrom(ROLLUP_TABLE).execute();
  await sql.raw(`insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total) ${recountQuery()}`).execute(trx);
}

/** Member Activity's day table (derived rows only, recounted with the rollups), and SQLite's batch marker. */
const TABLES = [
  `create table if not exists ${MEMBER_DAY_TABLE} (memberid varchar(20) not null, day varchar(10) not null, activitytype varchar(100) not null, total bigint not null,
    constraint ${MEMBER_DAY_TABLE}_pk primary key (memberid, day, activitytype))`,
];
const SQLITE_TABLES = [`create table if not exists ${BATCH_TABLE} (id integer primary key)`];
/** Indexes of definition-built tables the rollups read (created here: their tables are not the migrations'). */
const INDEXES = [
  `create index if not exists dashboard_member_activity_day on member_activity (activitydate, status)`,
  `create index if not exists dashboard_member_corporate on member (corporatecode)`,
];

/**
 * The tables the rollups keep beside the migrations' (a batch of activities counts into them): a first start
 * makes them before its seed and installs the triggers after it (installRollups), counting the seed once.
 */
export async function createRollupTables(db: Db): Promise<void> {
  const sqlite = isSqlite(db);
  for (const table of [...TABLES, ...(sqlite ? SQLITE_TABLES : [])]) await sql.raw(table).execute(db);
}

/**
 * Creates the triggers the database lacks (and drops older versions'); when any was missing, recounts every
 * rollup from scratch in the same transaction, so no write is counted twice or missed. Returns whether it
 * recounted.
 */
export async function installRollups(db: Db): Promise<boolean> {
  const sqlite = isSqlite(db);
  await createRollupTables(db);
  for (const index of INDEXES) await sql.raw(index).execute(db);
  const wanted = triggerNames(db);
  const present = await presentTriggers(db);
  if (wanted.every((name) => present.has(name))) return false;
  await db.transaction().execute(async (trx) => {
    if (!sqlite) await sql`lock table ${sql.table(ROLLUP_TABLE)} in exclusive mode`.execute(trx);
    await dropStale(trx, present, new Set(wanted));
    for (const source of SOURCES) for (const statement of sqlite ? sqliteTriggers(source) : postgresTrigger(source)) await sql.raw(statement).execute(trx);
    for (const statement of sqlite ? sqliteTierTriggers() : postgresTierTriggers()) await sql.raw(statement).execute(trx);
    for (const statement of sqlite ? sqliteActivityTriggers() : postgresActivityTriggers()) await sql.raw(statement).execute(trx);
    await rebuildRollups(trx);
  });
  return true;
}

async function dropStale(trx: Db, present: Map<string, string>, wanted: Set<string>): Promise<void> {
  const sqlite = isSqlite(trx);
  for (const [name, table] of present) {
    if (wanted.has(name)) continue;
    await dropTrigger(trx, sqlite, name, table);
  }
}

/** Drops the rollup triggers (seed:volume before a bulk load; installRollups recounts after it). */
export async function dropRollupTriggers(db: Db): Promise<void> {
  const sqlite = isSqlite(db);
  for (const [name, table] of await presentTriggers(db)) await dropTrigger(db, sqlite, name, table);
}

async function dropTrigger(db: Db, sqlite: boolean, name: string, table: string): Promise<void> {
  await sql.raw(sqlite ? `drop trigger if exists ${name}` : `drop trigger if exists ${name} on ${table}`).execute(db);
}

/** What the rollups read of a member activity. */
export interface CountedActivity {
  memberid: string;
  activitydate: string | null;
  activitytype: string | null;
  carrier: string | null;
  partnercode: string | null;
  status: string | null;
}

/**
 * Inserts a batch of member activities (`insert` writes `rows`, one statement) and counts them into the rollups.
 * PostgreSQL: the statement triggers count them when the transaction asked (countRollupsPerStatement). SQLite:
 * the row triggers stand down for the insert (BATCH_TABLE), and the batch is counted with a statement a metric:
 * ACTIVITY and CORP summed by key; MACT's member days raised, and the days that start counted, by member tier
 * and membership, as the row triggers count them. A row trigger ran seven statements a row, each at a page of
 * the member's day (bench:batch: about 45 µs of a row's credit).
 */
export async function insertActivitiesCounted(trx: Db, rows: readonly CountedActivity[], insert: () => Promise<unknown>): Promise<void> {
  if (!isSqlite(trx) || rows.length === 0) {
    await insert();
    return;
  }
  await sql.raw(`insert into ${BATCH_TABLE} (id) values (1)`).execute(trx);
  try {
    await insert();
  } finally {
    await sql.raw(`delete from ${BATCH_TABLE}`).execute(trx);
  }
  const data = JSON.stringify(rows.map((r) => [r.memberid, r.activitydate, r.activitytype, r.carrier, r.partnercode, r.status]));
  const batch = `(select value ->> 0 as memberid, value ->> 1 as activitydate, value ->> 2 as activitytype, value ->> 3 as carrier, value ->> 4 as partnercode, value ->> 5 as status from json_each(${BATCH_PARAM}))`;
  for (const source of SOURCES) if (source.table === ACTIVITY_TABLE) await runWith(trx, data, sumInto(source, batch, ''));
  const of = (type: string) => `select r.memberid as memberid, ${day('r')} as day, ${type} as activitytype from ${batch} r where ${creditedActivity('r')}`;
  const days = `(select memberid, day, activitytype, count(*) as total from (${of(text('r.activitytype'))} union all ${of(`'${ANY_TYPE}'`)}) y group by memberid, day, activitytype)`;
  // A member's day enters MACT when its count leaves 0: counted before the days are raised.
  await runWith(trx, data, `insert into ${ROLLUP_TABLE} (metric, day, k1, k2, k3, total)
    select '${METRICS.MACT}', x.day, coalesce(m.tierid, ''), coalesce(m.membershipid, ''), x.activitytype, count(*) from ${days} x join member m on m.memberid = x.memberid
    where not exists (select 1 from ${MEMBER_DAY_TABLE} d where d.memberid = x.memberid and d.day = x.day and d.activitytype = x.activitytype and d.total > 0)
    group by x.day, coalesce(m.tierid, ''), coalesce(m.membershipid, ''), x.activitytype ${UPSERT}`);
  await runWith(trx, data, `insert into ${MEMBER_DAY_TABLE} (memberid, day, activitytype, total) select memberid, day, activitytype, total from ${days} x where true
    on conflict (memberid, day, activitytype) do update set total = ${MEMBER_DAY_TABLE}.total + excluded.total`);
}

/** Where a batch statement takes the batch's rows (JSON), bound as a parameter by runWith. */
const BATCH_PARAM = ':batch:';

/** Runs a statement with the JSON `data` bound at each BATCH_PARAM. */
async function runWith(trx: Db, data: string, statement: string): Promise<void> {
  const parts = statement.split(BATCH_PARAM);
  await sql.join(parts.flatMap((part, i) => (i === 0 ? [sql.raw(part)] : [sql`${data}`, sql.raw(part)])), sql.raw('')).execute(trx);
}
