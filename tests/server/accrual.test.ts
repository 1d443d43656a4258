// Posting activity on both databases: air and non-air posts credited through the ledger with their detail
// lines, rejected by the rules with the reason, or parked and re-processed once corrected; a segment credits
// once (also under concurrent posts); staff adding an activity on the member's page; the rating correction
// (reverse and re-credit) after a changed booking class or rule; the simulator writing nothing; bad input
// answering field messages and changing nothing; and the ledger check clean after all of it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { TRANSACTION_LOTS_PATH } from '../../engine/definition/views';
import { checkLedger, debit, TRX_TYPES } from '../../server/ledger/ledgerStore';
import { postingQueueOf } from '../../server/catalog/accrual/postingQueue';
import type { PostedActivity } from '../../server/catalog/accrual/accrualStore';
import { loadCatalogue } from '../../server/platform/definitions';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;

describe.each(testDatabases)('accrual on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let seq = 0;
  const call = (path: string, data?: unknown, token = admin) => server.call(path, data, { token });
  const db = () => server.database.db;
  const any = () => definitionDb(server.database.db);

  /** A member of the test's own: tier, enrollment date and one card; no tier history, so the tier is the member's. */
  async function member(tierid = 'BLUE', enrollmentdate = '2020-01-01', status = 'ACTIVE'): Promise<{ memberid: string; card: string }> {
    seq += 1;
    const memberid = `A${target.name.slice(0, 1)}${String(seq).padStart(6, '0')}`;
    const card = `77${target.name === 'sqlite' ? 1 : 2}${String(seq).padStart(7, '0')}`;
    const at = new Date().toISOString();
    await any()
      .insertInto('member')
      .values({ memberid, firstname: 'Accrual', lastname: `Member${seq}`, gender: 'MALE', status, email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at, tierid, membershipid: tierid.startsWith('CB') ? 'COBRAND' : 'FFP', enrollmentdate, cardnumber: card })
      .execute();
    await db().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid, status: 'ACTIVE', issuedate: enrollmentdate }).execute();
    return { memberid, card };
  }

  const air = (card: string, more: Row = {}) => ({
    cardnumber: card,
    activitydate: '2026-03-10',
    carrier: 'GA',
    flightnumber: '832',
    origin: 'CGK',
    destination: 'SIN',
    bookingclass: 'Y',
    ticketnumber: '1262400000001',
    ticketissuedate: '2026-03-01',
    ...more,
  });
  const postAir = (data: Row, token = admin) => call('/api/accrual/air', data, token);
  const activities = (memberid: string) => any().selectFrom('member_activity').selectAll().where('memberid', '=', memberid).orderBy('activityid').execute() as Promise<Row[]>;
  const earnings = (memberid: string) => db().selectFrom('ledger_transaction').selectAll().where('memberid', '=', memberid).where('source', 'like', 'activity:%').orderBy('trxid').execute();
  const detail = (trxid: number) => db().selectFrom('ledger_detail').selectAll().where('trxid', '=', trxid).orderBy('lineno').execute();
  const parked = (parkid: string) => any().selectFrom('park_activity').selectAll().where('parkid', '=', parkid).executeTakeFirstOrThrow() as Promise<Row>;
  /** Every table posting writes, counted: a refused call leaves them as they were. */
  const footprint = async () => {
    const count = async (table: string) => Number(((await any().selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
    return { activity: await count('member_activity'), park: await count('park_activity'), ledger: await count('ledger_transaction'), detail: await count('ledger_detail'), segment: await count('accrual_segment') };
  };

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' }, [], undefined, ON_DEMO_DAY);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  describe('air activity by API', () => {
    it('credits a flight: the activity row, the EARNING ledger row and one detail line per criterion', async () => {
      const { memberid, card } = await member('GOLD');
      const answer = await postAir(air(card));
      expect(answer.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'Activity credited: 685 award miles, 548 tier miles, 0 segment(s)' });
      expect(answer.body.result).toMatchObject({ status: 'CREDITED', memberid, awardmiles: 685, tiermiles: 548, segments: 0 });
      const [row] = await activities(memberid);
      expect(row).toMatchObject({ activityid: answer.body.result.activityid, activitytype: 'AIR', carrier: 'GA', bookingclass: 'Y', status: 'CREDITED', channel: 'API', createdby: 'admin' });
      expect(Number(row!.awardmiles)).toBe(685);
      const [ledger] = await earnings(memberid);
      expect(ledger).toMatchObject({ trxtype: TRX_TYPES.EARNING, activitydate: '2026-03-10', source: `activity:${row!.activityid}`, expirydate: '2029-03-10' });
      expect([Number(ledger!.awardmiles), Number(ledger!.tiermiles)]).toEqual([685, 548]);
      expect(Number(row!.trxid)).toBe(Number(ledger!.trxid));
      const lines = await detail(Number(ledger!.trxid));
      expect(lines.map((l) => [l.criterion, l.ruletype, l.rulecode, Number(l.awardmiles), Number(l.tiermiles)])).toEqual([
        ['BASE', 'ACRULEBC', 'GA-2020', 548, 548],
        ['TIERBONUS', 'ACTBONUS', 'GOLD/AIR/2016-01-01', 137, 0],
      ]);
      // The member's transaction detail page lists them.
      const page = (await call(TRANSACTION_LOTS_PATH, { memberid, trxid: Number(ledger!.trxid) })).body.result;
      expect(page.detail.map((d: Row) => [d.criterion, d.description, d.awardmiles])).toEqual([
        ['BASE', 'Great-circle distance CGK-SIN 548 x class Y (award 100%, tier 100%)', 548],
        ['TIERBONUS', 'Tier bonus GOLD +25% of 548', 137],
      ]);
    });

    it('credits a segment once: the same flight again is refused on the flight number, changing nothing', async () => {
      const { memberid, card } = await member();
      expect((await postAir(air(card))).body.result.status).toBe('CREDITED');
      const before = await footprint();
      const again = await postAir(air(card, { flightnumber: '0832', ticketnumber: '1262400000002' }));
      expect(again.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(again.body.status.responsemessage).toMatch(/^Segment already credited: GA0?832 CGK-SIN on 2026-03-10 was credited by activity \d{17}[0-9A-Z]{6}$/);
      expect(Object.keys(again.body.result.fields)).toEqual(['flightnumber']);
      expect(await footprint()).toEqual(before);
      expect(await activities(memberid)).toHaveLength(1);
    });

    it('credits a segment once whatever the flight number carries: the carrier prefix and leading zeros are one flight', async () => {
      const { memberid, card } = await member();
      expect((await postAir(air(card, { flightnumber: '101' }))).body.result.status).toBe('CREDITED');
      const before = await footprint();
      for (const [n, flightnumber] of ['GA101', 'ga0101', 'GA0101'].entries()) {
        const again = await postAir(air(card, { flightnumber, ticketnumber: `126240000010${n}` }));
        expect(again.body.status.responsecode).toBe(CODES.VALIDATION);
        expect(Object.keys(again.body.result.fields)).toEqual(['flightnumber']);
      }
      expect(await footprint()).toEqual(before);
      expect(await activities(memberid)).toHaveLength(1);
    });

    it('rewrites stored segment keys to the one flight identity, the earlier claim keeping a segment stored both ways', async () => {
      const { up } = await import('../../server/catalog/accrual/migrations/0055_segment_flight_identity');
      const key = (number: string, route = 'CGK|SIN') => `MIGR|GA|${number}|2025-01-0${route === 'CGK|SIN' ? 1 : 2}|${route}`;
      const rows = [
        { segmentkey: key('GA0402'), memberid: 'MIGR', activityid: 'OLDER', createddate: '2025-01-01T00:00:00.000Z' },
        { segmentkey: key('402'), memberid: 'MIGR', activityid: 'LATER', createddate: '2025-01-02T00:00:00.000Z' },
        { segmentkey: key('GA77', 'SIN|CGK'), memberid: 'MIGR', activityid: 'ALONE', createddate: '2025-01-03T00:00:00.000Z' },
      ];
      await any().insertInto('accrual_segment').values(rows).execute();
      await up(any());
      const after = (await any().selectFrom('accrual_segment').select(['segmentkey', 'activityid']).where('memberid', '=', 'MIGR').orderBy('segmentkey').execute()) as Row[];
      expect(after).toEqual([
        { segmentkey: key('402'), activityid: 'OLDER' },
        { segmentkey: key('77', 'SIN|CGK'), activityid: 'ALONE' },
      ]);
      await any().deleteFrom('accrual_segment').where('memberid', '=', 'MIGR').execute();
    });

    it('credits a segment once when 12 posts of it arrive at once', async () => {
      const { memberid, card } = await member();
      const answers = await Promise.all(Array.from({ length: 12 }, () => postAir(air(card, { flightnumber: '400', destination: 'DPS' }))));
      const codes = answers.map((a) => a.body.status.responsecode).sort();
      expect(codes.filter((c) => c === CODES.SUCCESS)).toHaveLength(1);
      expect(codes.filter((c) => c === CODES.VALIDATION)).toHaveLength(11);
      expect(answers.every((a) => a.http === 200)).toBe(true);
      expect(await earnings(memberid)).toHaveLength(1);
      expect((await activities(memberid)).map((a) => a.status)).toEqual(['CREDITED']);
    });

    it('credits posts arriving together as one batch, each answered as it would be alone', async () => {
      const members = await Promise.all(Array.from({ length: 6 }, () => member('GOLD')));
      const [a, b, c, d] = members as [{ memberid: string; card: string }, { memberid: string; card: string }, { memberid: string; card: string }, { memberid: string; card: string }];
      const earlier = await postAir(air(a.card, { flightnumber: '510' }));
      expect(earlier.body.result.status).toBe('CREDITED');
      const stats = postingQueueOf(db()).stats;
      const before = { ...stats };
      const answers = await Promise.all([
        ...members.map((m) => postAir(air(m.card, { flightnumber: '620' }))),
        postAir(air('000000000', { flightnumber: '620' })), // no member: parked
        postAir(air(b.card, { flightnumber: '621', bookingclass: 'E', activitydate: '2020-02-01', ticketissuedate: '2020-01-10' })), // a class earning nothing on the older table: rejected with the reason
        postAir(air(a.card, { flightnumber: '0510' })), // credited by the earlier post
        postAir(air(c.card, { flightnumber: '620', ticketnumber: '1262400000009' })), // the same segment as c's post of this batch
      ]);
      // Posted together: fewer batches than posts, none posted alone.
      expect(stats.posts - before.posts).toBe(answers.length);
      expect(stats.batches - before.batches).toBeLessThan(answers.length);
      expect(stats.alone).toBe(before.alone);
      const [nobody, rejected, again, twin] = answers.slice(members.length);
      // c's post and its twin (another ticket, the same segment) race: whichever the database took first is
      // credited, the other is refused naming it. Requests sent together need not arrive in the order sent.
      const byMember = answers.slice(0, members.length);
      const [won, lost] = byMember[2]!.body.status.responsecode === CODES.SUCCESS ? [byMember[2]!, twin!] : [twin!, byMember[2]!];
      byMember[2] = won;
      for (const [i, answer] of byMember.entries()) {
        expect(answer.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'Activity credited: 685 award miles, 548 tier miles, 0 segment(s)' });
        expect(answer.body.result).toMatchObject({ status: 'CREDITED', memberid: members[i]!.memberid, awardmiles: 685, tiermiles: 548 });
        expect(answer.body.result.lines.map((l: Row) => l.criterion)).toEqual(['BASE', 'TIERBONUS']);
        const [ledger] = await earnings(members[i]!.memberid).then((rows) => rows.filter((r) => r.source === `activity:${answer.body.result.activityid}`));
        expect(Number(ledger!.trxid)).toBe(answer.body.result.trxid);
        expect((await detail(Number(ledger!.trxid))).map((l) => Number(l.awardmiles))).toEqual([548, 137]);
      }
      expect(nobody!.body.result).toMatchObject({ status: 'PARKED', reasoncode: 'NO_MEMBER', activityid: null });
      expect((await parked(nobody!.body.result.parkid)).status).toBe('PARKED');
      expect(rejected!.body.result).toMatchObject({ status: 'REJECTED', memberid: b.memberid, awardmiles: 0, reasoncode: 'CLASS_NOT_EARNING' });
      expect(again!.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: `Segment already credited: GA0510 CGK-SIN on 2026-03-10 was credited by activity ${earlier.body.result.activityid}` });
      expect(lost.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: `Segment already credited: GA620 CGK-SIN on 2026-03-10 was credited by activity ${won.body.result.activityid}` });
      expect(Object.keys(lost.body.result.fields)).toEqual(['flightnumber']);
      // What was written: one activity per credited or rejected post, no more.
      expect((await activities(a.memberid)).map((r) => [r.flightnumber, r.status])).toEqual([['510', 'CREDITED'], ['620', 'CREDITED']]);
      expect((await activities(b.memberid)).map((r) => [r.flightnumber, r.status]).sort()).toEqual([['620', 'CREDITED'], ['621', 'REJECTED']]);
      expect(await activities(c.memberid)).toHaveLength(1);
      expect(await activities(d.memberid)).toHaveLength(1);
      expect(await checkLedger(db())).toEqual([]);
    });

    it('posts each of a failed batch alone: the others are credited, the failing one is refused', async () => {
      const members = await Promise.all(Array.from({ length: 4 }, () => member()));
      // A database fault on one activity's row (as a claim by another writer at the same moment would be).
      const fault = target.name === 'sqlite'
        ? [`create trigger test_fault before insert on member_activity when new.flightnumber = '999' begin select raise(abort, 'test fault'); end`]
        : [
            `create function test_fault() returns trigger language plpgsql as $$ begin if new.flightnumber = '999' then raise exception 'test fault'; end if; return new; end $$`,
            `create trigger test_fault before insert on member_activity for each row execute function test_fault()`,
          ];
      for (const statement of fault) await sql.raw(statement).execute(any());
      try {
        // Queued in one turn of the event loop: one batch.
        const post = postingQueueOf(db());
        const before = { ...post.stats };
        const w = { db: db(), catalogue: loadCatalogue(), user: 'admin', now: new Date() };
        const outcomes = await Promise.allSettled(members.map((m, i) => post({ activitytype: 'AIR', ...air(m.card, { flightnumber: i === 0 ? '999' : '998' }) } as PostedActivity, w)));
        expect(post.stats.alone - before.alone).toBe(members.length);
        expect(post.stats.batches).toBe(before.batches);
        expect(outcomes[0]).toMatchObject({ status: 'rejected' });
        for (const [i, outcome] of outcomes.entries()) {
          if (i === 0) continue;
          expect(outcome).toMatchObject({ status: 'fulfilled', value: { status: 'CREDITED', memberid: members[i]!.memberid } });
          expect(await activities(members[i]!.memberid)).toHaveLength(1);
        }
        expect(await activities(members[0]!.memberid)).toEqual([]);
        expect(await earnings(members[0]!.memberid)).toEqual([]);
        // Through the API the fault answers a bare server error: no SQL, no trace.
        const answer = await postAir(air(members[0]!.card, { flightnumber: '999' }));
        expect(answer.http).toBe(500);
        expect(JSON.stringify(answer.body)).not.toMatch(/test fault|member_activity|insert/i);
      } finally {
        await sql.raw(target.name === 'sqlite' ? 'drop trigger test_fault' : 'drop trigger test_fault on member_activity').execute(any());
        if (target.name !== 'sqlite') await sql.raw('drop function test_fault()').execute(any());
      }
    });

    it('guards posts arriving together each by its own session', async () => {
      const { card } = await member();
      const bod = (await server.login('bod')).body.result.bearer;
      const answers = await Promise.all([postAir(air(card, { flightnumber: '701' })), postAir(air(card, { flightnumber: '702' }), bod), postAir(air(card, { flightnumber: '703' }), 'not-a-session'), postAir(air(card, { flightnumber: '704' }))]);
      expect(answers.map((a) => a.http)).toEqual([200, 403, 401, 200]);
      expect(answers.map((a) => a.body.result?.status ?? null)).toEqual(['CREDITED', null, null, 'CREDITED']);
    });

    it('records what the rules exclude with the reason and no miles: a class without accrual, a codeshare that does not earn, a charter route', async () => {
      const { memberid, card } = await member();
      const cases: [Row, string][] = [
        [{ bookingclass: 'E', activitydate: '2020-02-01', ticketissuedate: '2020-01-10', flightnumber: '1' }, 'Activity not credited: Class without accrual: booking class E earns no miles under rule GA-2016'],
        [{ operatingcarrier: 'NH', flightnumber: '2' }, 'Activity not credited: Codeshare not earning: GA2 operated by NH is listed as not earning (CS-GA-NH)'],
        [{ destination: 'JED', flightnumber: '3' }, 'Activity not credited: Route not earning: GA CGK-JED does not earn (rule GA-CGK-JED-HAJJ)'],
      ];
      for (const [more, message] of cases) {
        const answer = await postAir(air(card, more));
        expect(answer.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: message });
        expect(answer.body.result).toMatchObject({ status: 'REJECTED', awardmiles: 0 });
      }
      expect((await activities(memberid)).map((a) => [a.status, Number(a.awardmiles)])).toEqual([['REJECTED', 0], ['REJECTED', 0], ['REJECTED', 0]]);
      expect(await earnings(memberid)).toHaveLength(0);
    });

    it.each([
      ['no carrier', { carrier: null }, 'carrier', 'Carrier is Required'],
      ['an activity date after today', { activitydate: '2099-01-01', ticketissuedate: '2098-12-01' }, 'activitydate', 'Activity Date must not be after today'],
      ['a ticket issued after the flight', { ticketissuedate: '2026-03-11' }, 'activitydate', 'Activity Date must not be before Ticket Issue Date'],
      ['an unknown airport', { origin: 'QQQ' }, 'origin', 'Origin "QQQ" does not exist'],
      ['a carrier code no airline has', { carrier: 'QQQQQQ' }, 'carrier', 'Carrier "QQQQQQ" does not exist'],
      ['a booking class the carrier does not sell', { bookingclass: 'X' }, 'bookingclass', 'Booking Class "X" does not belong to the chosen Carrier'],
      ['a fare below zero', { fareamount: -5, farecurrency: 'IDR' }, 'fareamount', 'Fare Amount minimum 0'],
      ['a flight number with a slash', { flightnumber: 'GA/1' }, 'flightnumber', 'Flight Number can be filled with letters and numbers only'],
    ])('refuses %s with a field message, changing nothing', async (_, more, field, message) => {
      const { card } = await member();
      const before = await footprint();
      const answer = await postAir(air(card, more as Row));
      expect(answer.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: message });
      expect(answer.body.result.fields[field]).toBe(message);
      expect(await footprint()).toEqual(before);
    });

    it.each([
      [{ activitydate: '2026-02-30' }, 'Invalid request: data.activitydate must be a date (YYYY-MM-DD)'],
      [{ fareamount: 'ten' }, 'Invalid request: body.parameter.data.fareamount must be number,null'],
      [{ extra: 1 }, 'Invalid request: body.parameter.data must NOT have additional properties'],
      // The lengths are Park Activity's definition's (Flight Number: max.10).
      [{ flightnumber: 'GA12345678X' }, 'Invalid request: body.parameter.data.flightnumber must NOT have more than 10 characters'],
    ])('refuses a malformed post (%j) as a bad request', async (more, message) => {
      const { card } = await member();
      const before = await footprint();
      const answer = await postAir(air(card, more));
      expect([answer.http, answer.body.status.responsecode, answer.body.status.responsemessage]).toEqual([400, CODES.BAD_REQUEST, message]);
      expect(await footprint()).toEqual(before);
    });

    it('needs the member activity grant (MEMBER_UPDATE): BOD is refused', async () => {
      const bod = (await server.login('bod')).body.result.bearer;
      expect((await postAir(air('123'), bod)).http).toBe(403);
    });
  });

  describe('park activity', () => {
    it('parks a card no member holds, then credits it once corrected and re-processed', async () => {
      const { memberid, card } = await member();
      const answer = await postAir(air('88889999', { flightnumber: '11' }));
      expect(answer.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'Activity parked: Member not found: no member holds this card' });
      const parkid = answer.body.result.parkid as string;
      expect(await parked(parkid)).toMatchObject({ status: 'PARKED', reasoncode: 'NO_MEMBER', cardnumber: '88889999', channel: 'API' });
      // Still not ratable: refused with the reason, the park row as it was.
      const early = await call('/api/park-activity/reprocess', { parkid });
      expect(early.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'Member not found: no member holds this card' });
      expect((await call('/api/park-activity/update', { parkid, cardnumber: card })).body.status.responsecode).toBe(CODES.SUCCESS);
      const done = await call('/api/park-activity/reprocess', { parkid });
      expect(done.body.result).toMatchObject({ status: 'CREDITED', memberid, awardmiles: 548 });
      expect(await parked(parkid)).toMatchObject({ status: 'REPROCESSED', memberid, activityid: done.body.result.activityid });
      expect((await activities(memberid)).map((a) => [a.activityid, a.status])).toEqual([[done.body.result.activityid, 'CREDITED']]);
      // Re-processed once: neither again nor edited.
      expect((await call('/api/park-activity/reprocess', { parkid })).body.status.responsemessage).toBe('Only a parked activity can be re-processed (this one is REPROCESSED)');
      expect((await call('/api/park-activity/update', { parkid, cardnumber: '1' })).body.status.responsemessage).toBe('Only a parked activity can be changed (this one is REPROCESSED)');
    });

    it('parks a flight no rule covers (a ticket issued before every table); staff may discard it', async () => {
      const { card } = await member('BLUE', '2010-01-01');
      const answer = await postAir(air(card, { activitydate: '2015-06-01', ticketissuedate: '2015-05-01', flightnumber: '12' }));
      expect(answer.body.result).toMatchObject({ status: 'PARKED', reasoncode: 'NO_RULE' });
      const parkid = answer.body.result.parkid as string;
      expect((await call('/api/park-activity/discard', { parkid })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await parked(parkid)).status).toBe('DISCARDED');
    });
  });

  describe('non-air activity', () => {
    const spend = (card: string, amount: number, activitydate = '2026-05-02') => call('/api/accrual/non-air', { cardnumber: card, activitydate, partnercode: 'BNI', activitycode: 'CARDSPEND', amount, currencycode: 'IDR' });

    it('credits card spend per currency unit, and caps at the monthly limit, then refuses past it', async () => {
      const { memberid, card } = await member();
      expect((await spend(card, 2_505_000)).body.result).toMatchObject({ status: 'CREDITED', awardmiles: 250, tiermiles: 0 });
      const capped = await spend(card, 600_000_000);
      expect(capped.body.result).toMatchObject({ status: 'CREDITED', awardmiles: 49_750 });
      expect(capped.body.result.lines.at(-1)).toMatchObject({ criterion: 'LIMIT', ruletype: 'ACTCODELIM', rulecode: 'BNI-SPEND', awardmiles: -10_250 });
      expect((await spend(card, 100_000)).body.result).toMatchObject({ status: 'REJECTED', reasoncode: 'LIMIT_REACHED' });
      expect((await spend(card, 100_000, '2026-06-01')).body.result).toMatchObject({ status: 'CREDITED', awardmiles: 10 });
      expect((await earnings(memberid)).map((r) => Number(r.awardmiles))).toEqual([250, 49_750, 10]);
    });

    it('parks an activity code with no rule in the currency, and refuses an activity code the partner does not have', async () => {
      const { card } = await member();
      const usd = await call('/api/accrual/non-air', { cardnumber: card, activitydate: '2026-05-02', partnercode: 'BNI', activitycode: 'CARDSPEND', amount: 100, currencycode: 'USD' });
      expect(usd.body.result).toMatchObject({ status: 'PARKED', reasoncode: 'NO_RULE' });
      const wrong = await call('/api/accrual/non-air', { cardnumber: card, activitydate: '2026-05-02', partnercode: 'BNI', activitycode: 'STAY' });
      expect(wrong.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'Activity Code "STAY" does not belong to the chosen Partner' });
    });
  });

  describe('staff on the member page, and the rating correction', () => {
    const add = (memberid: string, more: Row = {}) =>
      call('/api/member-activity/create', { memberid, activitytype: 'AIR', activitydate: '2026-04-05', carrier: 'GA', flightnumber: '404', origin: 'CGK', destination: 'SIN', bookingclass: 'Y', ticketissuedate: '2026-04-01', ...more });

    it('adds and credits an activity; refuses one the rules would not credit, keeping nothing', async () => {
      const { memberid } = await member('BLUE', '2010-01-01');
      const added = await add(memberid);
      expect(added.body.status.responsecode).toBe(CODES.SUCCESS);
      const [row] = await activities(memberid);
      expect(row).toMatchObject({ status: 'CREDITED', channel: 'STAFF' });
      expect(Number(row!.awardmiles)).toBe(548);
      const before = await footprint();
      const refused = await add(memberid, { flightnumber: '405', ticketissuedate: '2015-01-01', activitydate: '2015-02-01' });
      expect(refused.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(refused.body.result.fields.bookingclass).toMatch(/^No accrual rule: no booking-class or revenue rule of GA covers CGK-SIN/);
      const missing = await add(memberid, { flightnumber: '406', carrier: null, bookingclass: null });
      expect(missing.body.result.fields).toMatchObject({ carrier: 'Carrier is Required', bookingclass: 'Booking Class is Required' });
      expect(await footprint()).toEqual(before);
    });

    it('re-rates a changed booking class: reverses the credit from its own lot and credits again, with the detail', async () => {
      const { memberid } = await member();
      await add(memberid, { flightnumber: '500' });
      const [row] = await activities(memberid);
      const changed = await call('/api/member-activity/update', { memberid, activityid: row!.activityid, bookingclass: 'J' });
      expect(changed.body.status.responsecode).toBe(CODES.SUCCESS);
      const [after] = await activities(memberid);
      expect([after!.bookingclass, Number(after!.awardmiles), after!.status]).toEqual(['J', 1644, 'CREDITED']);
      const rows = await earnings(memberid);
      expect(rows.map((r) => [r.trxtype, Number(r.awardmiles)])).toEqual([['EARNING', 548], ['RATING', -548], ['RATING', 1644]]);
      expect(Number(rows[1]!.relatedtrxid)).toBe(Number(rows[0]!.trxid));
      const uses = await db().selectFrom('ledger_lot_use').selectAll().where('trxid', '=', rows[1]!.trxid).execute();
      expect(uses.map((u) => [Number(u.lotid), Number(u.amount)])).toEqual([[Number(rows[0]!.trxid), 548]]);
      expect((await detail(Number(rows[2]!.trxid))).map((l) => l.criterion)).toEqual(['BASE']);
      expect(Number(after!.trxid)).toBe(Number(rows[2]!.trxid));
    });

    it('re-rates after a rule change with Rating; unchanged says so and writes nothing; miles spent cannot be taken back', async () => {
      const { memberid } = await member();
      await add(memberid, { flightnumber: '600', destination: 'KNO', bookingclass: 'M' });
      const [row] = await activities(memberid);
      const key = { memberid, activityid: row!.activityid };
      const before = await footprint();
      expect((await call('/api/member-activity/rating', key)).body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'The rating is unchanged' });
      expect(await footprint()).toEqual(before);
      const rule = { rulecode: 'GA-2020', bookingclass: 'M' };
      try {
        expect((await call('/api/accrual-rule-bc-detail/update', { ...rule, awardpercent: 100, tierpercent: 100, segments: 0 })).body.status.responsecode).toBe(CODES.SUCCESS);
        const rated = await call('/api/member-activity/rating', key);
        expect(rated.body.status.responsemessage).toBe('Activity re-rated: 862 award miles, 862 tier miles, 0 segment(s)');
        // Spend all but a few miles: the next correction cannot take the credit back, and changes nothing.
        const { awardmiles } = await db().selectFrom('member').select('awardmiles').where('memberid', '=', memberid).executeTakeFirstOrThrow();
        await db().transaction().execute((trx) => debit(trx, { memberid, trxtype: TRX_TYPES.REDEMPTION, activitydate: '2026-11-01', awardmiles: Number(awardmiles) - 10, user: 'test', now: new Date() }));
        await call('/api/accrual-rule-bc-detail/update', { ...rule, awardpercent: 80, tierpercent: 80, segments: 0 });
        const snapshot = await footprint();
        const refused = await call('/api/member-activity/rating', key);
        expect(refused.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'Insufficient award miles: the balance is 10' });
        expect(await footprint()).toEqual(snapshot);
      } finally {
        await call('/api/accrual-rule-bc-detail/update', { ...rule, awardpercent: 80, tierpercent: 80, segments: 0 });
      }
    });
  });

  describe('the simulator and the rule screens', () => {
    it('rates without writing: the lines, and why each other rule did not apply', async () => {
      const before = await footprint();
      const answer = await call('/api/accrual/simulate', { activitytype: 'AIR', tierid: 'PLATINUM', activitydate: '2026-04-01', carrier: 'GA', flightnumber: '1', origin: 'CGK', destination: 'DPS', bookingclass: 'J', ticketissuedate: '2026-03-01' });
      expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
      const result = answer.body.result as Row;
      expect(result).toMatchObject({ outcome: 'CREDIT', awardmiles: 5131, tiermiles: 2836, distance: { miles: 612, source: 'Sector miles of rule GA-CGK-DPS' }, member: null });
      expect(result.verdicts).toContainEqual({ ruletype: 'ACRULEBC', rulecode: 'GA-2016', applied: false, reason: 'Ticket issued 2026-03-01 is outside its issue dates (2016-01-01 - 2020-12-14)' });
      expect(await footprint()).toEqual(before);
    });

    it.each([
      ['dates overlapping another rule of the same carrier and route', '/api/accrual-rule-bc/create', { rulecode: 'GA-OVERLAP', rulename: 'Overlap', airlinecode: 'GA', issuedatefrom: '2024-01-01', effectivedate: '2024-01-01' }, 'issuedatefrom'],
      ['a percentage below zero', '/api/accrual-rule-bc-detail/create', { rulecode: 'GA-2020', bookingclass: 'O', awardpercent: -1, tierpercent: 0, segments: 0 }, 'awardpercent'],
      ['a booking class outside the airline', '/api/accrual-rule-bc-detail/create', { rulecode: 'GA-2020', bookingclass: 'X', awardpercent: 1, tierpercent: 1, segments: 0 }, 'bookingclass'],
      ['a tier bonus overlapping another of the tier', '/api/activity-bonus/create', { tierid: 'GOLD', activitytype: 'AIR', bonuspercent: 50, effectivedate: '2024-01-01' }, 'effectivedate'],
      ['a promotion with a negative bonus', '/api/accrual-promo/create', { promocode: 'NEG', promoname: 'Negative', airlinecode: 'GA', bonustype: 'FIXED', bonusvalue: -1, milestype: 'AWARD', startdate: '2026-01-01', enddate: '2026-02-01' }, 'bonusvalue'],
    ])('refuses %s with a field message, changing nothing', async (_, path, data, field) => {
      const before = await footprint();
      const answer = await call(path, data);
      expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(answer.body.result.fields[field]).toBeTruthy();
      expect(await footprint()).toEqual(before);
    });
  });

  it('leaves the ledger consistent', async () => {
    expect(await checkLedger(db())).toEqual([]);
  });
});
