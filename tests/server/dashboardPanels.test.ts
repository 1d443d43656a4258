// The dashboard's panels on both databases (spec 000 §2, §3, §7): every panel's figures against an in-test count
// over the raw rows (members, member activities, park activities, ledger rows and their detail), the Flight
// panel's carrier conditions checked by the server, the announcement read from the configuration keys, and the
// rollups equal to a from-scratch recount after ledger writes, enrollments, tier changes, status changes and deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDateBound } from '../../engine/definition/dateBounds';
import { credit, debit } from '../../server/ledger/ledgerStore';
import { countRollupsPerStatement, METRICS, recountRows, rollupRows } from '../../server/platform/rollups/rollupStore';
import { startTestServer, testDatabases, type Call, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const code = (call: Call) => call.body.status.responsecode;
const message = (call: Call) => call.body.status.responsemessage;
const day = (offset: number) => resolveDateBound(`${offset < 0 ? '-' : '+'}${Math.abs(offset)}d`, new Date())!;
type Row = Record<string, any>;

describe.each(testDatabases)('dashboard panels on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const db = () => definitionDb(server.database.db);
  const ask = (query: string, criteria: Record<string, unknown>) => server.call(`/api/dashboard/${query}`, undefined, { token: admin, parameter: { criteria } });
  const audit = { createdby: 'test', createddate: new Date().toISOString(), updatedby: 'test', updateddate: new Date().toISOString() };
  let members: Row[];
  let tiers: Map<string, Row>;
  const tierName = (tierid: string) => tiers.get(tierid)?.tiername as string | undefined;

  /** Spread over the last 30 days: flights on GA and partners, partner activities, a rejected one, parked non-members. */
  async function seedActivities() {
    const rows: Row[] = [];
    const carriers = ['GA', 'GA', 'KL', 'SQ', 'AF'];
    members.slice(0, 12).forEach((m, i) => {
      for (let n = 0; n < 4; n++) {
        const air = (i + n) % 3 !== 0;
        rows.push({
          memberid: m.memberid, activityid: `DSH${i}-${n}`, activitytype: air ? 'AIR' : 'NONAIR', activitydate: day(-((i * 3 + n * 5) % 28)),
          carrier: air ? carriers[(i + n) % carriers.length] : null, partnercode: air ? null : ['HILTON', 'SARINAH', 'BNI'][(i + n) % 3],
          status: n === 3 && i % 4 === 0 ? 'REJECTED' : 'CREDITED', ...audit,
        });
      }
    });
    await db().insertInto('member_activity').values(rows).execute();
    await db().insertInto('park_activity').values([1, 2, 3].map((n) => ({ parkid: `DSHPARK${n}`, activitytype: 'AIR', activitydate: day(-n), carrier: 'GA', status: 'PARKED', ...audit }))).execute();
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.identity!.signature!;
    members = await db().selectFrom('member').selectAll().orderBy('memberid').execute();
    tiers = new Map((await db().selectFrom('tier').selectAll().execute()).map((t: Row) => [t.tierid, t]));
    // Two members of a demo corporate, and enrollments inside the default range.
    const corporate = await db().selectFrom('corporate').select('corporatecode').orderBy('corporatecode').executeTakeFirstOrThrow();
    await db().updateTable('member').set({ corporatecode: corporate.corporatecode }).where('memberid', 'in', [members[0]!.memberid, members[1]!.memberid]).execute();
    for (const [i, m] of members.slice(0, 6).entries()) await db().updateTable('member').set({ enrollmentdate: day(-i * 4) }).where('memberid', '=', m.memberid).execute();
    members = await db().selectFrom('member').selectAll().orderBy('memberid').execute();
    await seedActivities();
  });
  afterAll(async () => server?.close());

  const inRange = (d: string, from = day(-30), to = day(0)) => d >= from && d <= to;
  const credited = async () => (await db().selectFrom('member_activity').selectAll().execute()).filter((a: Row) => a.status === 'CREDITED' && inRange(a.activitydate));
  const memberOf = (id: string) => members.find((m) => m.memberid === id)!;
  /** Nested rows as "series -> day -> number" for comparison. */
  const flat = (rows: Row[], series: string, x: string, y: string) => Object.fromEntries(rows.map((r) => [r[series], Object.fromEntries(r.data.map((p: Row) => [p[x], p[y]]))]));
  const countBy = <T,>(items: T[], key: (item: T) => string | null | undefined) => {
    const out: Record<string, number> = {};
    for (const item of items) {
      const k = key(item);
      if (k !== null && k !== undefined) out[k] = (out[k] ?? 0) + 1;
    }
    return out;
  };

  it('Enrollment Member: members by enrollment date and tier over the last 30 days, and by channel', async () => {
    for (const channel of ['ALL', 'MOBILE', 'BO']) {
      const answer = await ask('enrollment', { enrollchannel: channel, membershipid: null, enrollmentdate: null, enddate: null });
      expect(code(answer)).toBe('0000');
      const expected: Record<string, Record<string, number>> = {};
      for (const m of members) {
        if (!m.enrollmentdate || !inRange(m.enrollmentdate) || (channel !== 'ALL' && m.enrollchannel !== channel) || !tierName(m.tierid)) continue;
        const series = (expected[tierName(m.tierid)!] ??= {});
        series[m.enrollmentdate] = (series[m.enrollmentdate] ?? 0) + 1;
      }
      if (channel === 'ALL') expect(Object.keys(expected).length).toBeGreaterThan(0);
      expect(flat(answer.body.result as Row[], 'tiername', 'enrollmentdate', 'totalmember')).toEqual(expected);
    }
  });

  it('Flight: member flights by type (GA or not) and date, Member Non-GA by carrier, non-members from Park Activity', async () => {
    const flights = (await credited()).filter((a) => a.activitytype === 'AIR');
    const byDay = (items: Row[]) => countBy(items, (a) => a.activitydate);
    const all = await ask('flight', { member: 'ALL', ffpcarriercode: [], startdate: null, enddate: null });
    expect(code(all)).toBe('0000');
    const parked = await db().selectFrom('park_activity').selectAll().where('activitytype', '=', 'AIR').where('memberid', 'is', null).execute();
    expect(flat(all.body.result as Row[], 'type', 'date', 'totalmember')).toEqual({
      MEMBERGA: byDay(flights.filter((a) => a.carrier === 'GA')),
      MEMBERNONGA: byDay(flights.filter((a) => a.carrier !== 'GA')),
      NONMEMBER: byDay(parked.filter((p: Row) => inRange(p.activitydate))),
    });
    const partners = await ask('flight', { member: 'MEMBERNONGA', ffpcarriercode: ['KL', 'SQ'], startdate: null, enddate: null });
    expect(flat(partners.body.result as Row[], 'ffpcarriercode', 'date', 'totalmember')).toEqual({
      KL: byDay(flights.filter((a) => a.carrier === 'KL')),
      SQ: byDay(flights.filter((a) => a.carrier === 'SQ')),
    });
  });

  it.each([
    ['a carrier with member ALL', { member: 'ALL', ffpcarriercode: ['GA'] }, 'Carrier cannot be chosen when Member is All'],
    ['a carrier with NONMEMBER', { member: 'NONMEMBER', ffpcarriercode: ['GA'] }, 'Carrier cannot be chosen when Member is Non-Member'],
    ['two carriers with MEMBERGA', { member: 'MEMBERGA', ffpcarriercode: ['GA', 'KL'] }, 'Carrier takes one choice unless Member is Member Non-GA'],
    ['a date after today', { member: 'ALL', ffpcarriercode: [], startdate: day(1) }, 'Date cannot be later than today'],
  ])('Flight refuses %s with a clear message', async (_case, criteria, expected) => {
    const answer = await ask('flight', { startdate: null, enddate: null, ...criteria });
    expect(answer.http).toBe(200);
    expect([code(answer), message(answer)]).toEqual(['1002', expected]);
  });

  it('Non-Air Activity, Corporate Activity and Member Activity match the credited activities', async () => {
    const acts = await credited();
    const nonAir = await ask('non-air-activity', { partnercode: null, startdate: null, enddate: null });
    expect(Object.fromEntries((nonAir.body.result as Row[]).map((r) => [r.partnercode, r.jumlah]))).toEqual(countBy(acts.filter((a) => a.activitytype === 'NONAIR'), (a) => a.partnercode));
    const corporates = new Map((await db().selectFrom('corporate').selectAll().execute()).map((c: Row) => [c.corporatecode, c.corporatename]));
    for (const [type, stored] of [['ALL', null], ['AIR', 'AIR'], ['NON_AIR', 'NONAIR']] as const) {
      const answer = await ask('corporate-activity', { activitytype: type, startdate: null, enddate: null });
      const expected = countBy(acts.filter((a) => !stored || a.activitytype === stored), (a) => corporates.get(memberOf(a.memberid).corporatecode));
      expect(Object.fromEntries((answer.body.result as Row[]).map((r) => [r.corporatename, r.jumlahactivity]))).toEqual(expected);
      if (type === 'ALL') expect(Object.keys(expected).length).toBeGreaterThan(0);
    }
    // A member with activities of both types on one day counts once under ALL.
    const both = members[11]!;
    await db().insertInto('member_activity').values(['AIR', 'NONAIR'].map((type, n) => ({ memberid: both.memberid, activityid: `DSHBOTH${n}`, activitytype: type, activitydate: day(-2), carrier: 'GA', partnercode: 'HILTON', status: 'CREDITED', ...audit }))).execute();
    const all = await credited();
    for (const [type, stored] of [['ALL', null], ['AIR', 'AIR'], ['NON_AIR', 'NONAIR']] as const) {
      const answer = await ask('member-activity', { activitytype: type, membershipid: null, startdate: null, enddate: null });
      const expected: Record<string, Record<string, number>> = {};
      const seen = new Set<string>();
      for (const a of all.filter((x) => !stored || x.activitytype === stored)) {
        const tier = tierName(memberOf(a.memberid).tierid);
        if (!tier || seen.has(`${a.memberid}|${a.activitydate}`)) continue;
        seen.add(`${a.memberid}|${a.activitydate}`);
        (expected[tier] ??= {})[a.activitydate] = ((expected[tier] ??= {})[a.activitydate] ?? 0) + 1;
      }
      expect(Object.keys(expected).length, type).toBeGreaterThan(0);
      expect(flat(answer.body.result as Row[], 'tiername', 'date', 'totalmember'), type).toEqual(expected);
    }
    await db().deleteFrom('member_activity').where('activityid', 'in', ['DSHBOTH0', 'DSHBOTH1']).execute();
  });

  it('Redemption and Promo Code: REDEMPTION ledger rows by award (and its partner), promotion lines by code', async () => {
    const rich = members.filter((m) => Number(m.awardmiles) >= 30_000).slice(0, 2);
    expect(rich.length).toBe(2);
    await server.database.db.transaction().execute(async (trx) => {
      for (const [i, m] of rich.entries()) {
        await debit(trx, { memberid: m.memberid, trxtype: 'REDEMPTION', activitydate: day(-2 - i), awardmiles: 25_000, source: 'redemption:TEST1', reason: 'Redemption HTL-HILTON', user: 'test', now: new Date() });
      }
      await debit(trx, { memberid: rich[0]!.memberid, trxtype: 'REDEMPTION', activitydate: day(-1), awardmiles: 1_000, source: 'redemption:TEST2', reason: 'Redemption AWD-DOM-Y', user: 'test', now: new Date() });
      const { trxid } = await credit(trx, { memberid: rich[1]!.memberid, trxtype: 'EARNING', activitydate: day(-1), awardmiles: 500, user: 'test', now: new Date() });
      await definitionDb(trx).insertInto('ledger_detail').values({ trxid, lineno: 1, criterion: 'PROMO', ruletype: 'PRMANCT', rulecode: 'DSHPROMO', description: 'test', awardmiles: 500, tiermiles: 0, segments: 0 }).execute();
    });
    const ledger = (await db().selectFrom('ledger_transaction').selectAll().where('trxtype', '=', 'REDEMPTION').execute()).filter((t: Row) => inRange(t.activitydate));
    const awards = new Map((await db().selectFrom('award').select(['awardcode', 'partnercode']).execute()).map((a: Row) => [a.awardcode, a.partnercode]));
    const answer = await ask('redemption', { partnercode: null, awardcode: null, startdate: null, enddate: null });
    const expected = countBy(ledger, (t) => (String(t.reason).startsWith('Redemption ') ? String(t.reason).slice('Redemption '.length) : null));
    expect(Object.fromEntries((answer.body.result as Row[]).map((r) => [r.awardcode, r.totalredemption]))).toEqual(expected);
    expect((answer.body.result as Row[]).find((r) => r.awardcode === 'HTL-HILTON')).toEqual({ awardcode: 'HTL-HILTON', partnercode: awards.get('HTL-HILTON'), totalredemption: expected['HTL-HILTON'] });
    const hilton = await ask('redemption', { partnercode: 'HILTON', awardcode: null, startdate: null, enddate: null });
    expect((hilton.body.result as Row[]).map((r) => r.awardcode)).toEqual(['HTL-HILTON']);
    const promo = await ask('promo-code', { promocode: 'DSHPROMO', startdate: null, enddate: null });
    expect(promo.body.result).toEqual([{ promocode: 'DSHPROMO', jumlah: 1 }]);
  });

  it('the rollups equal a from-scratch recount after ledger writes, enrollments, tier changes, card and member changes, status changes and deletes', async () => {
    expect(await rollupRows(server.database.db)).toEqual(await recountRows(server.database.db));
    const m = members[3]!;
    const other = [...tiers.values()].find((t) => t.membershipid === m.membershipid && t.tierid !== m.tierid)!;
    await db().updateTable('member').set({ tierid: other.tierid, enrollchannel: 'WEBSITE' }).where('memberid', '=', m.memberid).execute();
    await db().updateTable('member_activity').set({ status: 'CANCELLED' }).where('activityid', '=', 'DSH1-0').execute();
    await db().updateTable('member_activity').set({ carrier: 'KL' }).where('activityid', '=', 'DSH1-1').execute();
    await db().deleteFrom('member_activity').where('activityid', '=', 'DSH2-2').execute();
    // Member Tier's: a card deactivated, another issued, a member's gender and another's status changed.
    const card = await db().selectFrom('member_card').selectAll().where('memberid', '=', members[4]!.memberid).where('status', '=', 'ACTIVE').executeTakeFirstOrThrow();
    await db().updateTable('member_card').set({ status: 'INACTIVE' }).where('cardnumber', '=', card.cardnumber).execute();
    await db().insertInto('member_card').values({ ...card, cardnumber: `${card.cardnumber}9`.slice(-16), tierid: other.tierid, issuedate: day(-5), status: 'ACTIVE' }).execute();
    await db().updateTable('member').set({ gender: members[5]!.gender === 'MALE' ? 'FEMALE' : 'MALE' }).where('memberid', '=', members[5]!.memberid).execute();
    await db().updateTable('member').set({ status: 'INACTIVE' }).where('memberid', '=', members[6]!.memberid).execute();
    await server.database.db.transaction().execute(async (trx) => {
      const { trxid } = await credit(trx, { memberid: m.memberid, trxtype: 'EARNING', activitydate: day(-3), awardmiles: 1_000, user: 'test', now: new Date() });
      await definitionDb(trx).insertInto('ledger_detail').values({ trxid, lineno: 1, criterion: 'PROMO', ruletype: 'PRMANCT', rulecode: 'DSHPROMO2', description: 'test', awardmiles: 0, tiermiles: 0, segments: 0 }).execute();
      await debit(trx, { memberid: m.memberid, trxtype: 'REDEMPTION', activitydate: day(-3), awardmiles: 1_000, source: 'redemption:TEST3', reason: 'Redemption AWD-DOM-Y', user: 'test', now: new Date() });
    });
    // Corporate Activity's and Member Activity's: a member leaves its corporate, another joins one and changes
    // membership; activities of one day and both types come and go; an activity moves to another member.
    const corporate = members[0]!.corporatecode as string;
    await db().updateTable('member').set({ corporatecode: null }).where('memberid', '=', members[0]!.memberid).execute();
    await db().updateTable('member').set({ corporatecode: corporate, membershipid: 'CORPORATE' }).where('memberid', '=', members[2]!.memberid).execute();
    await db().insertInto('member_activity').values(['AIR', 'NONAIR', 'AIR'].map((type, n) => ({ memberid: members[2]!.memberid, activityid: `DSHSAME${n}`, activitytype: type, activitydate: day(-4), carrier: 'GA', partnercode: 'HILTON', status: 'CREDITED', ...audit }))).execute();
    await db().deleteFrom('member_activity').where('activityid', '=', 'DSHSAME0').execute();
    // Several rows of one member's day in and out in one statement, as a file's chunk writes them (PostgreSQL then
    // sums a statement's rows per key; the rows above were counted one at a time).
    await server.database.db.transaction().execute(async (trx) => {
      await countRollupsPerStatement(trx);
      const chunk = definitionDb(trx);
      await chunk.insertInto('member_activity').values([0, 1, 2, 3].map((n) => ({ memberid: members[8]!.memberid, activityid: `DSHMANY${n}`, activitytype: n === 3 ? 'NONAIR' : 'AIR', activitydate: day(-7), carrier: 'GA', partnercode: 'HILTON', status: 'CREDITED', ...audit }))).execute();
      await chunk.deleteFrom('member_activity').where('activityid', 'in', ['DSHMANY0', 'DSHMANY1', 'DSHMANY3']).execute();
    });
    await db().updateTable('member_activity').set({ activitydate: day(-6) }).where('activityid', '=', 'DSHSAME1').execute();
    await db().updateTable('member_activity').set({ memberid: members[7]!.memberid }).where('activityid', '=', 'DSH2-1').execute();
    // Flight's Non-Member series: a parked flight re-processed for a member, another parked, one discarded and deleted.
    await db().updateTable('park_activity').set({ memberid: members[7]!.memberid, status: 'REPROCESSED' }).where('parkid', '=', 'DSHPARK1').execute();
    await db().insertInto('park_activity').values({ parkid: 'DSHPARK9', activitytype: 'AIR', activitydate: day(-9), carrier: 'KL', status: 'PARKED', ...audit }).execute();
    await db().deleteFrom('park_activity').where('parkid', '=', 'DSHPARK2').execute();
    expect(await rollupRows(server.database.db)).toEqual(await recountRows(server.database.db));
    // Each metric is exercised (none of them counts nothing).
    expect(new Set((await rollupRows(server.database.db)).map((r) => r.metric))).toEqual(new Set(Object.values(METRICS)));
  });

  it('the announcement: shown with its content when ANNOUNCEMENT_SHOW is true, hidden otherwise', async () => {
    const read = async () => (await ask('announcement', {})).body.result as Row[];
    expect(await read()).toEqual([{ show: false, content: '' }]);
    await db().updateTable('general_config').set({ value: 'true' }).where('key', '=', 'ANNOUNCEMENT_SHOW').execute();
    await db().updateTable('general_config').set({ value: 'Miles statements are sent on the 1st.' }).where('key', '=', 'ANNOUNCEMENT_CONTENT').execute();
    expect(await read()).toEqual([{ show: true, content: 'Miles statements are sent on the 1st.' }]);
    await db().updateTable('general_config').set({ value: 'false' }).where('key', '=', 'ANNOUNCEMENT_SHOW').execute();
    expect(await read()).toEqual([{ show: false, content: '' }]);
  });
});
