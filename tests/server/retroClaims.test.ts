// Retro claims on both databases: a claim on each manager is checked (the window at both edges, own flights and
// partners', before enrollment, the name on the ticket, a segment credited or claimed already, the manager's
// alliance, the boarding pass of partners), refused with a field message and nothing saved, or stored with its
// approval request on the manager's approval page; approving credits the flight through accrual (the table's
// miles, the ledger rows, the segment) with the claim's status in one transaction; rejecting keeps the reason;
// SkyTeam In claims are never credited, marked for export and downloaded; function codes guard every call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { TRX_TYPES } from '../../server/ledger/ledgerStore';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;

const SCAN = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
// The smallest whole JPEG (1 x 1, grey).
const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';
const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
/** As the approval pages show a date. */
const shownDay = (day: string) => day.split('-').reverse().join('/');
/** A claim's answer: waiting for approval, and who may approve it (every approval page is the demo checker's). */
const SUBMITTED = 'Your request has been submitted for approval. It can be approved by: Administrator, Checker';

describe.each(testDatabases)('retro claims on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let checker: string;
  let branch: string;
  let seq = 0;
  const call = (path: string, data?: unknown, token = admin) => server.call(path, data, { token });
  const any = () => definitionDb(server.database.db);

  /** A member of the test's own, enrolled on a day, with one card. */
  async function member(enrollmentdate = '2020-01-01', firstname = 'Budi', lastname = 'Santoso'): Promise<{ memberid: string; card: string }> {
    seq += 1;
    const memberid = `R${target.name.slice(0, 1)}${String(seq).padStart(6, '0')}`;
    const card = `78${target.name === 'sqlite' ? 1 : 2}${String(seq).padStart(7, '0')}`;
    const at = new Date().toISOString();
    await any()
      .insertInto('member')
      .values({ memberid, firstname, lastname, memberfullname: `${firstname} ${lastname}`, gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at, tierid: 'BLUE', membershipid: 'FFP', enrollmentdate, cardnumber: card })
      .execute();
    await any().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid: 'BLUE', status: 'ACTIVE', issuedate: enrollmentdate }).execute();
    return { memberid, card };
  }

  const gaClaim = (card: string, more: Row = {}): Row => ({
    cardnumber: card,
    ticketname: 'SANTOSO/BUDI MR',
    carrier: 'GA',
    flightnumber: `8${String(seq).padStart(2, '0')}`,
    flightdate: daysAgo(10),
    origin: 'CGK',
    destination: 'SIN',
    bookingclass: 'Y',
    ticketnumber: '1262400000001',
    eticket: SCAN,
    ...more,
  });
  const partnerClaim = (card: string, carrier: string, more: Row = {}): Row => ({ ...gaClaim(card), carrier, flightnumber: `6${String(seq).padStart(2, '0')}`, flightdate: daysAgo(20), boardingpass: SCAN, ...more });

  const create = (resource: string, data: Row, token = admin) => call(`/api/${resource}/create`, data, token);
  const claims = (memberid: string) => any().selectFrom('retro_claim').selectAll().where('memberid', '=', memberid).execute() as Promise<Row[]>;
  const footprint = async () => {
    const count = async (table: string) => Number(((await any().selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
    return { claims: await count('retro_claim'), incoming: await count('retro_claim_in'), requests: await count('approval_request'), ledger: await count('ledger_transaction'), activities: await count('member_activity'), segments: await count('accrual_segment') };
  };
  /** A refused claim: a validation answer with the message on the field, and nothing written. */
  async function refused(resource: string, data: Row, field: string, message: string | RegExp) {
    const before = await footprint();
    const answer = await create(resource, data);
    expect(answer.http).toBe(200);
    expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
    const fields = answer.body.result.fields as Record<string, string>;
    if (typeof message === 'string') expect(fields[field]).toBe(message);
    else expect(fields[field]).toMatch(message);
    expect(await footprint()).toEqual(before);
  }

  beforeAll(async () => {
    // A body limit above the default 1 MiB, so a 900 KB image reaches the field's own check.
    server = await startTestServer(target, { DEMO_MEMBERS: '0', BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
    admin = (await server.login('admin')).body.result.bearer;
    checker = (await server.login('checker')).body.result.bearer;
    branch = (await server.login('branch')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  describe('the demo', () => {
    it('has claims in several states on every manager, and their requests on the approval pages', async () => {
      for (const resource of ['retro-claim-ga', 'retro-claim-skyteam', 'retro-claim-staralliance', 'retro-claim-oneworld', 'retro-claim-in']) {
        const rows = (await call(`/api/${resource}/list`, undefined)).body.result as Row[];
        expect(new Set(rows.map((r) => r.status)).size, resource).toBeGreaterThanOrEqual(2);
      }
      for (const page of ['retro-claim-ga-approval', 'retro-claim-skyteam-approval', 'retro-claim-staralliance-approval', 'retro-claim-oneworld-approval']) {
        const queue = (await call(`/api/${page}/list`, undefined, checker)).body.result as Row[];
        expect(queue.length, page).toBeGreaterThanOrEqual(2);
      }
    });
  });

  describe('the rules of a new claim', () => {
    it('accepts an own flight from 3 days after it and a partner flight from 14 days, up to 180 days (both edges)', async () => {
      const { card } = await member();
      for (const [resource, data] of [
        ['retro-claim-ga', gaClaim(card, { flightnumber: '301', flightdate: daysAgo(3) })],
        ['retro-claim-ga', gaClaim(card, { flightnumber: '302', flightdate: daysAgo(180) })],
        ['retro-claim-skyteam', partnerClaim(card, 'KL', { flightnumber: '303', flightdate: daysAgo(14) })],
        ['retro-claim-skyteam', partnerClaim(card, 'KL', { flightnumber: '304', flightdate: daysAgo(180) })],
      ] as const) {
        const answer = await create(resource, data);
        expect(answer.body.status, `${resource} ${data.flightdate}`).toEqual({ responsecode: CODES.SUCCESS, responsemessage: SUBMITTED });
      }
    });

    it('refuses a claim outside the window: too early (own 2 days, partner 13) or too late (181 days)', async () => {
      const { card } = await member();
      await refused('retro-claim-ga', gaClaim(card, { flightdate: daysAgo(2) }), 'flightdate', `A claim for this flight is accepted from 3 days after it: from ${daysAgo(-1)}`);
      await refused('retro-claim-skyteam', partnerClaim(card, 'KL', { flightdate: daysAgo(13) }), 'flightdate', `A claim for this flight is accepted from 14 days after it: from ${daysAgo(-1)}`);
      await refused('retro-claim-ga', gaClaim(card, { flightdate: daysAgo(181) }), 'flightdate', 'A claim is accepted up to 180 days after the flight: this one was 181 days ago');
    });

    it('reads the window from General Configuration', async () => {
      const { card } = await member();
      await any().updateTable('general_config').set({ value: '5' }).where('key', '=', 'RETRO_CLAIM_MIN_DAYS_OWN').execute();
      try {
        await refused('retro-claim-ga', gaClaim(card, { flightdate: daysAgo(4) }), 'flightdate', `A claim for this flight is accepted from 5 days after it: from ${daysAgo(-1)}`);
      } finally {
        await any().updateTable('general_config').set({ value: '3' }).where('key', '=', 'RETRO_CLAIM_MIN_DAYS_OWN').execute();
      }
    });

    it('refuses a flight before the member enrolled', async () => {
      const { card } = await member(daysAgo(5));
      await refused('retro-claim-ga', gaClaim(card, { flightdate: daysAgo(6) }), 'flightdate', `The flight is before the member enrolled (${daysAgo(5)})`);
    });

    it("matches the name on the ticket with the member's (any order, any case, titles left out), and refuses another", async () => {
      const { card } = await member();
      expect((await create('retro-claim-ga', gaClaim(card, { ticketname: 'budi santoso', flightnumber: '311' }))).body.status.responsecode).toBe(CODES.SUCCESS);
      await refused('retro-claim-ga', gaClaim(card, { ticketname: 'SANTOSO/BUDIMAN MR', flightnumber: '312' }), 'ticketname', "The name on the ticket does not match the member's name (Budi Santoso)");
    });

    it('refuses an unknown card on the card field', async () => {
      await refused('retro-claim-ga', gaClaim('7899999999'), 'cardnumber', 'No member holds card 7899999999');
    });

    it('refuses a segment already credited, and one already claimed', async () => {
      const { card } = await member();
      const flight = { activitydate: daysAgo(10), carrier: 'GA', flightnumber: '321', origin: 'CGK', destination: 'SIN', bookingclass: 'Y', ticketissuedate: daysAgo(20) };
      const posted = await call('/api/accrual/air', { cardnumber: card, ...flight });
      expect(posted.body.result.status).toBe('CREDITED');
      await refused('retro-claim-ga', gaClaim(card, { flightnumber: '321' }), 'flightnumber', `This flight was credited already (activity ${posted.body.result.activityid})`);
      const first = await create('retro-claim-ga', gaClaim(card, { flightnumber: '322' }));
      expect(first.body.status.responsecode).toBe(CODES.SUCCESS);
      await refused('retro-claim-ga', gaClaim(card, { flightnumber: '0322' }), 'flightnumber', `This flight is already claimed by claim ${first.body.result.claimid} (Submitted)`);
      // The carrier's prefix spells the same flight (domain/flightIdentity.ts).
      await refused('retro-claim-ga', gaClaim(card, { flightnumber: 'GA321' }), 'flightnumber', `This flight was credited already (activity ${posted.body.result.activityid})`);
      await refused('retro-claim-ga', gaClaim(card, { flightnumber: 'GA0322' }), 'flightnumber', `This flight is already claimed by claim ${first.body.result.claimid} (Submitted)`);
    });

    it("refuses a carrier outside the manager's alliance", async () => {
      const { card } = await member();
      await refused('retro-claim-ga', gaClaim(card, { carrier: 'KL' }), 'carrier', 'Only flights of GA are claimed here');
      await refused('retro-claim-skyteam', partnerClaim(card, 'GA'), 'carrier', 'Flights of GA are claimed on Retro Claim GA Manager');
      await refused('retro-claim-skyteam', partnerClaim(card, 'SQ'), 'carrier', 'Carrier SQ is not a SkyTeam airline');
      await refused('retro-claim-staralliance', partnerClaim(card, 'KL'), 'carrier', 'Carrier KL is not a Star Alliance airline');
      await refused('retro-claim-oneworld', partnerClaim(card, 'SQ'), 'carrier', 'Carrier SQ is not a oneworld airline');
      for (const [resource, carrier] of [['retro-claim-staralliance', 'SQ'], ['retro-claim-oneworld', 'QF']] as const) {
        expect((await create(resource, partnerClaim(card, carrier))).body.status.responsecode, resource).toBe(CODES.SUCCESS);
      }
    });

    it('needs the e-ticket, and the boarding pass for partners', async () => {
      const { card } = await member();
      await refused('retro-claim-ga', gaClaim(card, { eticket: null }), 'eticket', 'E-Ticket is Required');
      await refused('retro-claim-skyteam', partnerClaim(card, 'KL', { boardingpass: null }), 'boardingpass', 'Boarding Pass is Required');
      expect((await create('retro-claim-ga', gaClaim(card, { flightnumber: '331' }))).body.status.responsecode).toBe(CODES.SUCCESS);
    });

    it('takes only PNG or JPEG bytes within the field\'s 300 KB as an image, refusing anything else with the spec\'s message', async () => {
      const { card } = await member();
      const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
      const bigJpeg = `data:image/jpeg;base64,${Buffer.concat([jpegHead, Buffer.alloc(900 * 1024)]).toString('base64')}`;
      const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64')}`;
      const renamedText = `data:image/png;base64,${Buffer.from('just some text, not a picture').toString('base64')}`;
      for (const eticket of [svg, 'data:text/html,<script>alert(1)</script>', 'javascript:alert(1)', renamedText]) {
        await refused('retro-claim-ga', gaClaim(card, { eticket }), 'eticket', 'You can only upload JPEG/PNG file');
      }
      await refused('retro-claim-ga', gaClaim(card, { eticket: bigJpeg }), 'eticket', 'Image size must be smaller than 300 KB');
      await refused('retro-claim-skyteam', partnerClaim(card, 'KL', { boardingpass: svg }), 'boardingpass', 'You can only upload JPEG/PNG file');
      expect((await create('retro-claim-ga', gaClaim(card, { flightnumber: '341', eticket: SCAN }))).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await create('retro-claim-ga', gaClaim(card, { flightnumber: '342', eticket: JPEG }))).body.status.responsecode).toBe(CODES.SUCCESS);
    });
  });

  describe('approval', () => {
    it('stores a claim as submitted with its request on the approval page of its manager', async () => {
      const { memberid, card } = await member();
      const answer = await create('retro-claim-skyteam', partnerClaim(card, 'KL', { flightnumber: '401' }));
      expect(answer.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: SUBMITTED });
      const [claim] = await claims(memberid);
      expect(claim).toMatchObject({ claimtype: 'SKYTEAM', status: 'SUBMITTED', claimdate: daysAgo(0), cardnumber: card, requestid: expect.anything() });
      expect(answer.body.result).toMatchObject({ memberid, claimid: claim!.claimid });
      const queue = (await call('/api/retro-claim-skyteam-approval/list', undefined, checker)).body.result as Row[];
      // The Record: the member (name, card), then the flight as the claim screen shows it, then the key.
      expect(queue.find((r) => r.requestid === Number(claim!.requestid))).toMatchObject({
        menucode: 'RETSKYOUT',
        action: 'create',
        status: 'PENDING',
        record: `Budi Santoso ${card} · KLM Royal Dutch Airlines 401 ${shownDay(daysAgo(20))} (${memberid}|${claim!.claimid})`,
      });
      const detail = (await call('/api/retro-claim-skyteam-approval/detail', { requestid: Number(claim!.requestid) }, checker)).body.result;
      const changes = Object.fromEntries((detail.changes as Row[]).map((c) => [c.label, c.proposed]));
      expect(changes).toMatchObject({ 'Card Number': card, 'Name on Ticket': 'SANTOSO/BUDI MR', Carrier: 'KL', 'Flight Number': '401', Status: 'Approved' });
      expect(Object.keys(changes)).not.toContain('E-Ticket');
      const other = (await call('/api/retro-claim-ga-approval/list', undefined, checker)).body.result as Row[];
      expect(other.some((r) => r.requestid === Number(claim!.requestid))).toBe(false);
      // A list row leaves the scans out (they travel with the detail only).
      const listed = ((await call('/api/retro-claim-skyteam/list', undefined)).body.result as Row[]).find((r) => r.claimid === claim!.claimid)!;
      expect(listed).toMatchObject({ claimid: claim!.claimid, status: 'SUBMITTED' });
      expect(Object.keys(listed)).not.toContain('eticket');
      const shown = (await call('/api/retro-claim-skyteam/detail', { memberid, claimid: claim!.claimid })).body.result;
      expect([shown.eticket, shown.boardingpass]).toEqual([SCAN, SCAN]);
      // The member's navigator lists the claim.
      const navigator = (await server.call('/api/retro-claim/list', undefined, { token: admin, parameter: { criteria: { memberid } } })).body.result as Row[];
      expect(navigator.map((r) => r.claimid)).toEqual([claim!.claimid]);
    });

    it("approving credits exactly the table's miles with its ledger rows, in one transaction with the claim", async () => {
      const { memberid, card } = await member();
      await create('retro-claim-ga', gaClaim(card, { flightnumber: '402' }));
      const [claim] = await claims(memberid);
      const decided = await call('/api/retro-claim-ga-approval/approve', { requestid: Number(claim!.requestid) }, checker);
      expect(decided.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'The request has been approved' });
      const [after] = await claims(memberid);
      expect(after).toMatchObject({ status: 'APPROVED', activityid: expect.any(String) });
      expect([Number(after!.awardmiles), Number(after!.tiermiles)]).toEqual([548, 548]);
      const ledger = (await any().selectFrom('ledger_transaction').selectAll().where('memberid', '=', memberid).execute()) as Row[];
      expect(ledger.map((l) => [l.trxtype, l.activitydate, Number(l.awardmiles), Number(l.tiermiles), l.source])).toEqual([[TRX_TYPES.EARNING, daysAgo(10), 548, 548, `activity:${after!.activityid}`]]);
      const lines = (await any().selectFrom('ledger_detail').selectAll().where('trxid', '=', ledger[0]!.trxid).execute()) as Row[];
      expect(lines.map((l) => [l.criterion, l.rulecode, Number(l.awardmiles)])).toEqual([['BASE', 'GA-2020', 548]]);
      const member_ = (await any().selectFrom('member').select(['awardmiles', 'tiermiles']).where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Row;
      expect([Number(member_.awardmiles), Number(member_.tiermiles)]).toEqual([548, 548]);
      // The segment is credited now: the same flight cannot be claimed or posted again.
      await refused('retro-claim-ga', gaClaim(card, { flightnumber: '402', ticketnumber: '1262400000009' }), 'flightnumber', `This flight was credited already (activity ${after!.activityid})`);
    });

    it('an approval the accrual rules refuse changes nothing: the claim stays submitted', async () => {
      const { memberid, card } = await member();
      await create('retro-claim-ga', gaClaim(card, { flightnumber: '403', bookingclass: 'O' }));
      const [claim] = await claims(memberid);
      const before = await footprint();
      const decided = await call('/api/retro-claim-ga-approval/approve', { requestid: Number(claim!.requestid) }, checker);
      expect(decided.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(decided.body.result.fields.bookingclass).toMatch(/booking class O/i);
      expect(await footprint()).toEqual(before);
      expect((await claims(memberid))[0]).toMatchObject({ status: 'SUBMITTED' });
      const request = (await any().selectFrom('approval_request').select('status').where('requestid', '=', Number(claim!.requestid)).executeTakeFirstOrThrow()) as Row;
      expect(request.status).toBe('PENDING');
    });

    it('rejecting records the reason on the claim and credits nothing', async () => {
      const { memberid, card } = await member();
      await create('retro-claim-oneworld', partnerClaim(card, 'QF', { flightnumber: '404' }));
      const [claim] = await claims(memberid);
      const ledger = (await footprint()).ledger;
      const decided = await call('/api/retro-claim-oneworld-approval/reject', { requestid: Number(claim!.requestid), reason: 'The boarding pass is of another flight' }, checker);
      expect(decided.body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await claims(memberid))[0]).toMatchObject({ status: 'REJECTED', rejectreason: 'The boarding pass is of another flight' });
      expect((await footprint()).ledger).toBe(ledger);
      // Rejected, the flight may be claimed again.
      expect((await create('retro-claim-oneworld', partnerClaim(card, 'QF', { flightnumber: '404' }))).body.status.responsecode).toBe(CODES.SUCCESS);
    });

    it('the maker cannot approve their own claim', async () => {
      const { memberid, card } = await member();
      await create('retro-claim-ga', gaClaim(card, { flightnumber: '405' }));
      const [claim] = await claims(memberid);
      const decided = await call('/api/retro-claim-ga-approval/approve', { requestid: Number(claim!.requestid) }, admin);
      expect(decided.body.status).toEqual({ responsecode: CODES.OWN_REQUEST, responsemessage: 'You cannot approve or reject your own request' });
    });
  });

  describe('SkyTeam In', () => {
    const inClaim = (more: Row = {}): Row => ({
      programcode: 'FLYINGBLUE',
      ffpnumber: `20040${seq}${target.name.length}`,
      ticketname: 'DUPONT/MARIE MRS',
      carrier: 'GA',
      flightnumber: '88',
      flightdate: daysAgo(6),
      origin: 'CGK',
      destination: 'AMS',
      bookingclass: 'Y',
      ticketnumber: '1262400000077',
      eticket: SCAN,
      ...more,
    });

    it('takes claims of our flights only, in the own-flight window, once per member number', async () => {
      seq += 1;
      await refused('retro-claim-in', inClaim({ carrier: 'KL' }), 'carrier', 'Only flights of GA are claimed here');
      await refused('retro-claim-in', inClaim({ flightdate: daysAgo(2) }), 'flightdate', `A claim for this flight is accepted from 3 days after it: from ${daysAgo(-1)}`);
      expect((await create('retro-claim-in', inClaim())).body.status.responsecode).toBe(CODES.SUCCESS);
      await refused('retro-claim-in', inClaim(), 'flightnumber', /^This flight is already claimed by claim \S+ \(Submitted\)$/);
    });

    it('approving marks the claim for export, credits nobody, and the download lists it', async () => {
      seq += 1;
      const data = inClaim({ ffpnumber: `77${seq}${target.name.length}` });
      const answer = await create('retro-claim-in', data);
      const claimid = answer.body.result.claimid as string;
      const claim = (await any().selectFrom('retro_claim_in').selectAll().where('claimid', '=', claimid).executeTakeFirstOrThrow()) as Row;
      expect(claim).toMatchObject({ status: 'SUBMITTED', claimdate: daysAgo(0) });
      expect(answer.body.status.responsemessage).toBe(SUBMITTED);
      const queue = (await call('/api/retro-claim-skyteam-approval/list', undefined, checker)).body.result as Row[];
      expect(queue.find((r) => r.requestid === Number(claim.requestid))!.record).toBe(`DUPONT/MARIE MRS · Garuda Indonesia 88 ${shownDay(daysAgo(6))} (${claimid})`);
      const before = await footprint();
      const decided = await call('/api/retro-claim-skyteam-approval/approve', { requestid: Number(claim.requestid) }, checker);
      expect(decided.body.status.responsecode).toBe(CODES.SUCCESS);
      const after = await footprint();
      expect([after.ledger, after.activities, after.segments]).toEqual([before.ledger, before.activities, before.segments]);
      expect(((await any().selectFrom('retro_claim_in').select('status').where('claimid', '=', claimid).executeTakeFirstOrThrow()) as Row).status).toBe('EXPORT');
      const csv = await server.call('/api/retro-claim-in/download', undefined, { token: admin, parameter: { criteria: { status: 'EXPORT', ffpnumber: data.ffpnumber } } });
      expect(csv.body.status.responsecode).toBe(CODES.SUCCESS);
      const content = csv.body.result.content as string;
      expect(content.split('\r\n')[0]).toContain('Member Number');
      expect(content).toContain(`${claimid},`);
      expect(content).toContain('Ready for Export');
    });
  });

  describe('function codes', () => {
    it('refuses 403 without the manager or approval page function codes', async () => {
      const { card } = await member();
      for (const [path, token] of [
        ['/api/retro-claim-ga/create', checker],
        ['/api/retro-claim-ga/list', branch],
        ['/api/retro-claim-in/create', branch],
        ['/api/retro-claim-ga-approval/approve', branch],
        ['/api/retro-claim-skyteam-approval/list', branch],
      ] as const) {
        const answer = await call(path, path.endsWith('create') ? gaClaim(card) : path.endsWith('approve') ? { requestid: 1 } : undefined, token);
        expect(answer.http, path).toBe(403);
      }
    });
  });
});
