// The ledger listeners' batch form on both databases: an activity file's chunk is heard as one write,
// and the tier upgrade and first-activity / referral bonuses run once per chunk for all its members. The same
// flights credited one post at a time (the listeners hearing each credit) and as a file (chunks of 3 rows, a
// member's rows in one chunk and the next) must leave identical ledgers, bonus rows, detail lines, tiers, tier history
// and card orders, member for member; and the ledger check stays clean.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import type { Schema } from '../../server/platform/db/schema';
import { checkLedger, credit, TRX_TYPES } from '../../server/ledger/ledgerStore';
import { processActivityFile, startProcessing } from '../../server/catalog/activityFiles/activityFileStore';
import { loadCatalogue } from '../../server/platform/definitions';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;
type Role = 'upgrade' | 'first' | 'referred' | 'plain' | 'referrer';

const AIR_HEADER = 'cardnumber,activitydate,carrier,flightnumber,origin,destination,bookingclass,ticketnumber,ticketissuedate,operatingcarrier';
const today = new Date().toISOString().slice(0, 10);
const year = today.slice(0, 4);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabases)('activity file listeners on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let db: Kysely<Schema>;
  let any: Kysely<any>;
  let seq = 0;
  const catalogue = loadCatalogue();
  const call = (path: string, data: unknown) => server.call(path, data, { token: admin });

  /** A member with its card, account period (this calendar year) and tier history row. */
  async function addMember(tierid: string, enrolled: string, codes: { referralcode?: string; referredby?: string } = {}): Promise<{ memberid: string; card: string }> {
    const n = ++seq;
    const memberid = `L${String(n).padStart(7, '0')}`;
    const card = `77${target.name === 'sqlite' ? 1 : 2}${String(n).padStart(7, '0')}`;
    const stamp = new Date().toISOString();
    const period = [`${year}-01-01`, `${year}-12-31`];
    await any
      .insertInto('member')
      .values({
        memberid, firstname: 'Batch', lastname: `Listener${n}`, memberfullname: `Batch Listener${n}`, gender: 'MALE', status: 'ACTIVE', username: `batch-${memberid}`, emailverified: 0, createddate: stamp, updateddate: stamp,
        membershipid: 'FFP', tierid, cardnumber: card, nameoncard: `BATCH LISTENER${n}`, birthdate: '1980-05-05', enrollmentdate: enrolled, effectivedate: enrolled, expireddate: period[1],
        referralcode: codes.referralcode ?? null, referredby: codes.referredby ?? null,
      })
      .execute();
    await any.insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid, status: 'ACTIVE', issuedate: enrolled }).execute();
    await any.insertInto('member_account').values({ memberid, startperiod: period[0], endperiod: period[1] }).execute();
    await any.insertInto('member_tier').values({ memberid, membershipid: 'FFP', tierid, startdate: period[0], enddate: period[1], tierreason: 'ENROLLMENT', createdby: 'test', createddate: stamp, updatedby: 'test', updateddate: stamp }).execute();
    return { memberid, card };
  }

  /** One set of members, one per role: what a post and a file are each given. */
  async function cast(set: string): Promise<Record<Role, { memberid: string; card: string }>> {
    const code = `REF${target.name.slice(0, 1).toUpperCase()}${set}`;
    const referrer = await addMember('GOLD', '2020-01-01', { referralcode: code });
    const upgrade = await addMember('BLUE', '2020-01-01');
    // 9,800 tier miles of the period already: one flight crosses Silver's 10,000 (and this is not a first activity).
    await db.transaction().execute((trx) => credit(trx, { memberid: upgrade.memberid, trxtype: TRX_TYPES.EARNING, activitydate: daysAgo(20) < `${year}-01-01` ? today : daysAgo(20), awardmiles: 9_800, tiermiles: 9_800, source: 'test:earlier', user: 'test', now: new Date() }));
    const plain = await addMember('GOLD', '2020-01-01');
    await db.transaction().execute((trx) => credit(trx, { memberid: plain.memberid, trxtype: TRX_TYPES.EARNING, activitydate: today, awardmiles: 100, tiermiles: 100, source: 'test:earlier', user: 'test', now: new Date() }));
    const first = await addMember('BLUE', daysAgo(10));
    const referred = await addMember('BLUE', daysAgo(5), { referredby: code });
    return { referrer, upgrade, plain, first, referred };
  }

  let tickets = 0;
  /** The rows, in file order: the first-activity member's flights, two in the first chunk of 3 and one in the second. */
  const flights = (m: Record<Role, { card: string }>) =>
    (['first', 'upgrade', 'first', 'referred', 'plain', 'first'] as const).map((role, i) => ({
      cardnumber: m[role].card, activitydate: today, carrier: 'GA', flightnumber: String(700 + i), origin: 'CGK', destination: 'SIN', bookingclass: 'Y',
      ticketnumber: `1263${String(++tickets).padStart(9, '0')}`, ticketissuedate: today, operatingcarrier: '',
    }));

  /** What a member's postings left, with the trxids and activity ids (which differ between the two ways) taken out. */
  async function footprint(members: Record<Role, { memberid: string }>) {
    const names = new Map(Object.entries(members).map(([role, m]) => [m.memberid, role]));
    const plain = (text: unknown) => String(text ?? '').replace(/activity:\S+/, 'activity:').replace(/L\d{7}/g, (id) => names.get(id) ?? id);
    const out: Record<string, unknown> = {};
    for (const [role, { memberid }] of Object.entries(members)) {
      const ledger = (await any.selectFrom('ledger_transaction').select(['trxid', 'trxtype', 'activitydate', 'awardmiles', 'tiermiles', 'segments', 'expirydate', 'source', 'reason']).where('memberid', '=', memberid).execute()) as Row[];
      const details = (await any.selectFrom('ledger_detail').select(['trxid', 'lineno', 'criterion', 'ruletype', 'rulecode', 'awardmiles', 'tiermiles', 'segments']).where('trxid', 'in', ledger.length ? ledger.map((r) => r.trxid) : [-1]).execute()) as Row[];
      const lots = (await any.selectFrom('ledger_lot').select(['expirydate', 'awardmiles', 'remaining', 'transferable']).where('memberid', '=', memberid).execute()) as Row[];
      const m = (await any.selectFrom('member').select(['tierid', 'awardmiles', 'tiermiles', 'frequency', 'expireddate']).where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Row;
      const history = await any.selectFrom('member_tier').select(['tierid', 'startdate', 'enddate', 'tierreason']).where('memberid', '=', memberid).orderBy('startdate').execute();
      const orders = await any.selectFrom('card_order').select(['tierid', 'reason', 'status']).where('memberid', '=', memberid).execute();
      const cards = await any.selectFrom('member_card').select(['tierid', 'status']).where('memberid', '=', memberid).execute();
      const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
      out[role] = {
        member: { ...m, awardmiles: Number(m.awardmiles), tiermiles: Number(m.tiermiles), frequency: Number(m.frequency) },
        ledger: sorted(ledger.map(({ trxid, source, reason, ...r }) => ({ ...r, awardmiles: Number(r.awardmiles), tiermiles: Number(r.tiermiles), segments: Number(r.segments), source: plain(source), reason: plain(reason), detail: sorted(details.filter((d) => Number(d.trxid) === Number(trxid)).map(({ trxid: _, ...d }) => ({ ...d, lineno: Number(d.lineno), awardmiles: Number(d.awardmiles), tiermiles: Number(d.tiermiles), segments: Number(d.segments) }))) }))),
        lots: sorted(lots.map((l) => ({ ...l, awardmiles: Number(l.awardmiles), remaining: Number(l.remaining), transferable: Number(l.transferable) }))),
        history,
        orders,
        cards,
      };
    }
    return out;
  }

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' });
    admin = (await server.login('admin')).body.result.bearer;
    db = server.database.db;
    any = definitionDb(db);
  });
  afterAll(async () => server?.close());

  it('the same flights posted one by one and credited as a file (chunks of 3) leave identical ledgers, bonuses, tiers and history', async () => {
    const posted = await cast('P');
    for (const row of flights(posted)) {
      const answer = await call('/api/accrual/air', row);
      expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
    }

    const filed = await cast('F');
    const rows = flights(filed).map((r) => Object.values(r).join(','));
    const up = await call('/api/activity-file/upload', { filename: 'listeners.csv', content: `${AIR_HEADER}\r\n${rows.join('\r\n')}\r\n` });
    expect(up.body.status.responsecode).toBe(CODES.SUCCESS);
    const { fileid } = up.body.result;
    await startProcessing(db, catalogue, fileid, 'PARK', 'admin', new Date());
    const outcome = await processActivityFile(db, { db, catalogue, user: 'admin', now: new Date() }, fileid, async () => {}, 3);
    expect(outcome).toEqual({ status: 'DONE', creditedrows: 6, parkedrows: 0, refusedrows: 0 });

    const byPost = await footprint(posted);
    const byFile = await footprint(filed);
    expect(byFile).toEqual(byPost);

    // What the listeners wrote, so that equal is not "equally nothing".
    const types = async (memberid: string) => ((await any.selectFrom('ledger_transaction').select('trxtype').where('memberid', '=', memberid).execute()) as Row[]).map((r) => r.trxtype).sort();
    for (const set of [posted, filed]) {
      expect((await any.selectFrom('member').select('tierid').where('memberid', '=', set.upgrade.memberid).executeTakeFirstOrThrow()).tierid).toBe('SILVER');
      expect(await types(set.upgrade.memberid)).toEqual(['EARNING', 'EARNING', 'TIERBONUS']);
      expect(await types(set.first.memberid)).toEqual(['EARNING', 'EARNING', 'EARNING', 'FIRSTACTBONUS']);
      expect(await types(set.referred.memberid)).toEqual(['EARNING', 'FIRSTACTBONUS', 'REFERRALBONUS']);
      expect(await types(set.referrer.memberid)).toEqual(['REFERRALBONUS']);
      expect(await types(set.plain.memberid)).toEqual(['EARNING', 'EARNING']);
    }
    expect((byFile.upgrade as Row).history.map((h: Row) => [h.tierid, h.tierreason])).toEqual([
      ['BLUE', 'ENROLLMENT'],
      ['SILVER', 'QUALIFICATION'],
    ]);
    expect(await checkLedger(db)).toEqual([]);
  });
});
