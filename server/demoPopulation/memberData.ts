// Demo members (not production), filled once while the member table is empty: the twenty named members
// the public member pages rely on, then drawn members (memberPopulation.ts) up to DEMO_MEMBERS, each with
// cards, account period, addresses, tier history and years of miles written through the ledger itself.
import { sql, type Kysely } from 'kysely';
import type { Catalogue } from '../../engine/definition/catalogue';
import { resourceModel, type ResourceModel } from '../../engine/definition/compile';
import type { Schema } from '../platform/db/schema';
import { readConfigKey } from '../platform/configuration/configKeys';
import { toDb } from '../platform/resources/records';
import { isSqlite } from '../platform/db/columnTypes';
import { insertJsonRows } from '../platform/db/jsonRows';
import { setIndexesAside } from '../platform/db/indexesSetAside';
import { counting, silent, type Tell } from '../platform/core/startProgress';
import { ACTIVITY_RESOURCE, segmentKey, type PostedActivity } from '../catalog/accrual/accrualStore';
import { LedgerBook, bookHistories, type BookTransaction } from './ledgerBook';
import { demoRating } from './demoRating';
import { hashPassword } from '../platform/session/passwordHash';
import { sha256Hex } from '../platform/core/sha256';
import { populationMember, type ActivityRating, type FixedMember, type MilesEvent, type PopulationMember } from './memberPopulation';
import { isoDay } from '../../engine/definition/dates';
import { definitionDb } from '../platform/db/definitionDb';

/** The password of every activated demo member. */
export const DEMO_MEMBER_PASSWORD = 'Member#2026';
/** Who the demo's ledger rows and records name as their author. */
export const SEED_USER = 'system';

/** The named demo members: the public pages' tests and the README's examples use them (MBR0000001..MBR0000020). */
export const NAMED_MEMBERS: readonly FixedMember[] = [
  { firstname: 'Budi', lastname: 'Santoso', gender: 'MALE', membershipid: 'FFP', tier: 'Gold', months: 70, state: 'active', cobrand: true },
  { firstname: 'Siti', lastname: 'Rahmawati', gender: 'FEMALE', membershipid: 'FFP', tier: 'Platinum', months: 96, state: 'active', byEmail: true },
  { firstname: 'Agus', lastname: 'Setiawan', gender: 'MALE', membershipid: 'FFP', tier: 'Blue', months: 2, state: 'toActivate' },
  { firstname: 'Dewi', lastname: 'Lestari', gender: 'FEMALE', membershipid: 'FFP', tier: 'Silver', months: 30, state: 'active' },
  { firstname: 'Rizky', lastname: 'Pratama', gender: 'MALE', membershipid: 'FFP', tier: 'Blue', months: 1, state: 'toActivate' },
  { firstname: 'Putri', lastname: 'Handayani', gender: 'FEMALE', membershipid: 'COBRAND', tier: 'Silver', months: 14, state: 'active' },
  { firstname: 'Andi', lastname: 'Wijaya', gender: 'MALE', membershipid: 'FFP', tier: 'Gold', months: 48, state: 'active', cobrand: true },
  { firstname: 'Nur', lastname: 'Hidayah', gender: 'FEMALE', membershipid: 'FFP', tier: 'Blue', months: 9, state: 'active' },
  { firstname: 'Made', lastname: 'Suartana', gender: 'MALE', membershipid: 'FFP', tier: 'Silver', months: 26, state: 'active' },
  { firstname: 'Wayan', lastname: 'Sudarsana', gender: 'MALE', membershipid: 'FFP', tier: 'Blue', months: 3, state: 'toActivate' },
  { firstname: 'Fitri', lastname: 'Anggraini', gender: 'FEMALE', membershipid: 'COBRAND', tier: 'Gold', months: 40, state: 'active', byEmail: true },
  { firstname: 'Hendra', lastname: 'Gunawan', gender: 'MALE', membershipid: 'CORPORATE', tier: 'Platinum', months: 60, state: 'active' },
  { firstname: 'Rina', lastname: 'Kusumawati', gender: 'FEMALE', membershipid: 'CORPORATE', tier: 'Gold', months: 36, state: 'active' },
  { firstname: 'Yusuf', lastname: 'Hakim', gender: 'MALE', membershipid: 'CORPORATE', tier: 'Silver', months: 5, state: 'toActivate' },
  { firstname: 'Ayu', lastname: 'Permatasari', gender: 'FEMALE', membershipid: 'FFP', tier: 'Blue', months: 18, state: 'active' },
  { firstname: 'Bambang', lastname: 'Susilo', gender: 'MALE', membershipid: 'FFP', tier: 'Silver', months: 84, state: 'inactive' },
  { firstname: 'Indah', lastname: 'Purnamasari', gender: 'FEMALE', membershipid: 'FFP', tier: 'Platinum', months: 110, state: 'active' },
  { firstname: 'Fajar', lastname: 'Nugroho', gender: 'MALE', membershipid: 'COBRAND', tier: 'Blue', months: 6, state: 'active' },
  { firstname: 'Lina', lastname: 'Marlina', gender: 'FEMALE', membershipid: 'FFP', tier: 'Gold', months: 55, state: 'active' },
  { firstname: 'Eko', lastname: 'Prasetyo', gender: 'MALE', membershipid: 'FFP', tier: 'Blue', months: 4, state: 'toActivate' },
];

/** The member's child tables the demo fills when their screens exist (resource name -> the population's rows). */
const CHILD_RESOURCES: readonly [string, (m: PopulationMember) => Record<string, unknown>[]][] = [
  ['member-address', (m) => m.addresses],
  ['member-tier', (m) => m.tiers.map((t) => ({ ...t, enddate: t.enddate || null }))],
  [
    'member-cobrand',
    (m) =>
      m.cards
        .filter((c) => c.membershipid === 'COBRAND' && c.status !== 'REPLACED')
        .map((c) => ({ partnercode: m.cobrandbank, cobrandcode: `${m.cobrandbank ?? ''}${c.tierid.replace(/^CB/, '')}`, cobrandcardnumber: c.cardnumber, status: c.status })),
  ],
  ['member-alias', (m) => m.aliases],
  ['retro-claim', (m) => m.retroclaims],
];

/** Rows a statement (PostgreSQL: one JSON parameter; SQLite splits them further by its limit of bound values). */
const CHUNK_ROWS = 5_000;

/** The members of a demo of `total` members (the named twenty first), at `now`; `drawn` hears how many are drawn so far. */
export function demoPopulation(total: number, now: Date, expiryMonths: number, rate?: ActivityRating, drawn: (done: number) => void = () => {}): PopulationMember[] {
  const count = Math.max(total, NAMED_MEMBERS.length);
  return Array.from({ length: count }, (_, i) => {
    const member = populationMember(i + 1, { now, expiryMonths, firstIndex: NAMED_MEMBERS.length + 1, rate }, NAMED_MEMBERS[i]);
    drawn(i + 1);
    return member;
  });
}

/** The member table's row: the definition's fields (those it declares) and the account columns of the core table. */
export function memberTableRow(model: ResourceModel | undefined, m: PopulationMember, passwordhash: string | null, at: string): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of model?.fields ?? []) {
    if (field.name in m.fields && !['awardmiles', 'tiermiles', 'frequency'].includes(field.name)) row[field.name] = toDb(field, m.fields[field.name]);
  }
  if (model) Object.assign(row, { createdby: SEED_USER, createddate: at, updatedby: SEED_USER, updateddate: at });
  const created = `${String(m.fields.enrollmentdate)}T03:00:00.000Z`;
  return {
    ...row,
    memberid: m.memberid,
    firstname: m.fields.firstname,
    lastname: m.fields.lastname,
    gender: m.fields.gender,
    // ACTIVE while the ledger is written; the final status follows.
    status: 'ACTIVE',
    email: m.fields.email,
    username: m.username,
    passwordhash: m.activated ? passwordhash : null,
    emailverified: m.emailverified ? 1 : 0,
    createddate: created,
    updateddate: at,
  };
}

/** A child table's rows as its definition stores them: declared fields only, the member's id, a key made when none is given. */
export function childTableRows(model: ResourceModel, m: PopulationMember, rows: Record<string, unknown>[], at: string, nextKey: () => number): Record<string, unknown>[] {
  return rows.map((source, n) => {
    const values: Record<string, unknown> = { ...source, memberid: m.memberid };
    const stored: Record<string, unknown> = {};
    for (const field of model.fields) {
      let value = values[field.name];
      if (value === undefined && model.key.includes(field.name)) value = field.type === 'integer' ? nextKey() : `${m.memberid}-${n + 1}`;
      if (value === undefined && field.name === model.status) value = 'ACTIVE';
      if (value === undefined) value = field.default;
      stored[field.name] = toDb(field, value);
    }
    return { ...stored, createdby: SEED_USER, createddate: at, updatedby: SEED_USER, updateddate: at };
  });
}

/** Inserts the rows in chunks of many rows a statement; `written` hears how many of them are in so far. */
async function insertChunks(db: Kysely<any>, table: string, rows: Record<string, unknown>[], written: (done: number) => void = () => {}, conflict?: readonly string[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    await insertJsonRows(db, table, rows.slice(i, i + CHUNK_ROWS), conflict);
    written(Math.min(rows.length, i + CHUNK_ROWS));
  }
}

const DETAIL_COLUMNS = ['criterion', 'ruletype', 'rulecode', 'description', 'awardmiles', 'tiermiles', 'segments'] as const;

/**
 * Writes the members' miles in one transaction: the rows server/ledger writes for their history, computed in
 * memory (ledgerBook.ts: credits, debits, transfers and the expiry job at the start of each month, in the order
 * they happened), inserted in bulk; each credited activity with the miles and ledger row that credited it, its
 * rating's detail lines and its flight's segment key, as a post writes them (accrualStore.recordActivity).
 */
async function writeLedger(db: Kysely<Schema>, members: PopulationMember[], settings: { expiryMonths: number; transferExpiryMonths: number }, now: Date, activityModel: ResourceModel | undefined, tell: Tell): Promise<void> {
  const at = now.toISOString();
  tell('Computing the demo ledger (credits, redemptions, transfers, monthly expiry)');
  await db.transaction().execute(async (trx) => {
    const t = definitionDb(trx);
    const last = (await t.selectFrom('ledger_transaction').select((eb: any) => eb.fn.max('trxid').as('n')).executeTakeFirst()) as { n: number | null } | undefined;
    const book = new LedgerBook(Number(last?.n ?? 0) + 1, { ...settings, user: SEED_USER });
    for (const m of members) book.addMember(m.memberid);
    const credits = new Map<MilesEvent, BookTransaction>();
    bookHistories(book, members, isoDay(now), (event, row) => credits.set(event, row));
    const details = [...credits].flatMap(([event, row]) =>
      (event.lines ?? []).map((l, i) => ({ trxid: row.trxid, lineno: i + 1, ...Object.fromEntries(DETAIL_COLUMNS.map((c) => [c, l[c] ?? null])), rulecode: String(l.rulecode ?? '').slice(0, 80), description: String(l.description ?? '').slice(0, 300) })),
    );
    // Carriers send their flights in files; partners post theirs.
    const activities = !activityModel
      ? []
      : members.flatMap((m) => {
          let key = 0;
          const rows = m.events.flatMap((event) => {
            const row = credits.get(event);
            if (!event.activity || !row) return [];
            return [{ ...event.activity, awardmiles: row.awardmiles, tiermiles: row.tiermiles, segments: row.segments, trxid: row.trxid, channel: event.activity.activitytype === 'AIR' ? 'FILE' : 'API', enteredby: SEED_USER }];
          });
          return childTableRows(activityModel, m, rows, at, () => ++key);
        });
    const segments = !activityModel
      ? []
      : members.flatMap((m) =>
          m.events.filter((e) => e.activity?.activitytype === 'AIR' && credits.has(e)).map((e) => ({ segmentkey: segmentKey(m.memberid, e.activity as unknown as PostedActivity), memberid: m.memberid, activityid: String(e.activity!.activityid), createddate: at })),
        );
    const tables: [string, Record<string, unknown>[], string[]?][] = [
      ['ledger_transaction', book.transactions as unknown as Record<string, unknown>[]],
      ['ledger_lot', [...book.lots.values()].map((lot) => ({ ...lot }))],
      ['ledger_lot_use', book.uses as unknown as Record<string, unknown>[]],
      ['ledger_detail', details],
      ...(activityModel ? ([[activityModel.table, activities], ['accrual_segment', segments, ['segmentkey']]] as [string, Record<string, unknown>[], string[]?][]) : []),
    ];
    const count = counting(tell, 'Writing the demo ledger and activities (rows)', tables.reduce((sum, [, rows]) => sum + rows.length, 0));
    const restore = await setIndexesAside(t, tables.map(([table]) => table));
    let before = 0;
    for (const [table, rows, conflict] of tables) {
      await insertChunks(t, table, rows, (done) => count(before + done), conflict);
      before += rows.length;
    }
    tell("Building the ledger's indexes");
    await restore();
    if (!isSqlite(db) && book.transactions.length > 0) {
      // The rows carry their ids: the sequence moves past them for the ledger's next credit.
      await sql`select setval(pg_get_serial_sequence('ledger_transaction', 'trxid'), ${book.lastTrxid})`.execute(t);
    }
    for (const [memberid, balance] of book.balances) {
      if (balance.awardmiles !== 0 || balance.tiermiles !== 0 || balance.frequency !== 0) await t.updateTable('member').set(balance).where('memberid', '=', memberid).execute();
    }
  });
}

/**
 * Inserts the demo members once (while the member table is empty): `total` members, the named twenty
 * first; returns how many were inserted. `tell` hears how far it is.
 */
export async function seedMemberData(db: Kysely<Schema>, now = new Date(), options: { total?: number; catalogue?: Catalogue; tell?: Tell } = {}): Promise<number> {
  if (await db.selectFrom('member').select('memberid').limit(1).executeTakeFirst()) return 0;
  const tell = options.tell ?? silent;
  const anyDb = definitionDb(db);
  const at = now.toISOString();
  const expiryMonths = await readConfigKey(db, 'MILES_EXPIRY_MONTHS');
  const transferExpiryMonths = await readConfigKey(db, 'TRANSFER_MILES_EXPIRY_MONTHS');
  // Each activity rated by the programme's accrual rules, as a post is (the rules are seeded before the members).
  const rate = options.catalogue ? await demoRating(db, options.catalogue) : undefined;
  const total = Math.max(options.total ?? NAMED_MEMBERS.length, NAMED_MEMBERS.length);
  const members = demoPopulation(total, now, expiryMonths, rate, counting(tell, 'Seeding demo members', total));
  const passwordhash = await hashPassword(sha256Hex(DEMO_MEMBER_PASSWORD));
  const memberScreen = options.catalogue?.screenByResource.get('member');
  const model = memberScreen ? resourceModel(memberScreen) : undefined;

  tell('Writing the demo members, their cards, addresses and tiers');
  const inserted = await db.transaction().execute(async (trx) => {
    const t = definitionDb(trx);
    const mine = new Set<string>();
    const rows = members.map((m) => memberTableRow(model, m, passwordhash, at));
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      // Another server seeding at the same moment keeps its members; this one writes only its own.
      for (const r of await insertJsonRows(t, 'member', rows.slice(i, i + CHUNK_ROWS), 'any', 'memberid')) mine.add(r.memberid as string);
    }
    const own = members.filter((m) => mine.has(m.memberid));
    await insertChunks(t, 'member_card', own.flatMap((m) => m.cards.map((c) => ({ ...c, memberid: m.memberid }))));
    await insertChunks(t, 'member_account', own.map((m) => ({ memberid: m.memberid, ...m.account })));
    for (const [resource, rowsOf] of CHILD_RESOURCES) {
      const screen = options.catalogue?.screenByResource.get(resource);
      if (!screen) continue;
      const child = resourceModel(screen);
      let key = 0;
      await insertChunks(t, child.table, own.flatMap((m) => childTableRows(child, m, rowsOf(m), at, () => ++key)));
    }
    return own;
  });

  const activityScreen = options.catalogue?.screenByResource.get(ACTIVITY_RESOURCE);
  await writeLedger(db, inserted, { expiryMonths, transferExpiryMonths }, now, activityScreen && resourceModel(activityScreen), tell);
  // The final statuses, once the miles are written (the ledger moves miles of members that are active).
  for (const status of ['INACTIVE', 'SUSPENDED', 'TERMINATED'] as const) {
    const ids = inserted.filter((m) => m.status === status).map((m) => m.memberid);
    for (let i = 0; i < ids.length; i += 500) await anyDb.updateTable('member').set({ status }).where('memberid', 'in', ids.slice(i, i + 500)).execute();
  }
  return inserted.length;
}
