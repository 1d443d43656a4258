// Outbound events on both databases: a receiver started here on 127.0.0.1 subscribes to every event type; each
// event is caused through the real API (an enrollment, a flight credit, a redemption, a tier change, the
// redemption's cancellation, an order's next step); the receiver answers 500 for over an hour of the server's
// clock, then comes back and gets every event once (the tries while it was down carried the same event ids),
// signed as documented; Replay sends an event again with its id, and starts at once without a poll; the
// signing secret is never answered; an inactive webhook gets nothing; a change that rolls back tells nothing.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { TRX_TYPES, credit, expireDue } from '../../server/ledger/ledgerStore';
import { definitionDb } from '../../server/platform/db/definitionDb';
import { createJobWorker, type JobWorker } from '../../server/platform/jobs/jobWorker';
import { postEvent, webhookJobHandlers } from '../../server/platform/webhooks/webhookDelivery';
import { WEBHOOK_TEXTS } from '../../server/platform/webhooks/webhookRules';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';

type Row = Record<string, any>;

/** The event types as a receiver knows them (retyped: they are the contract). */
const EVENT_TYPES = ['member.enrolled', 'miles.credited', 'miles.debited', 'tier.changed', 'redemption.issued', 'redemption.cancelled', 'order.status_changed'];
const EVENT_LABELS = 'Member enrolled, Miles credited, Miles debited, Tier changed, Redemption issued, Redemption cancelled, Order status changed';
const SECRET = 'whsec-test-0123456789abcdef';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BUDI = { memberid: 'MBR0000001', cardnumber: '5100000016' };
const SELF = { name: 'Budi', familyname: 'Santoso', memberiduser: BUDI.cardnumber, birthdate: '1979-05-20', selfusage: true };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** A receiver whose answer the test switches: 500 while `down`, 204 otherwise. */
async function startReceiver(): Promise<{ url: string; received: Received[]; setDown(down: boolean): void; close(): Promise<void> }> {
  const received: Received[] = [];
  let down = true;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = down ? 500 : 204;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      response.statusCode = answered;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    setDown: (value) => {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases)('webhooks on $name', (target) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: JobWorker;
  let admin: (path: string, data?: unknown, extra?: Row) => ReturnType<TestServer['call']>;
  let checker: typeof admin;
  const db = () => definitionDb(server.database.db);
  const serverNow = () => new Date(Date.now() + server.clock.offsetMs);
  const day = () => serverNow().toISOString().slice(0, 10);
  const as = async (username: string) => {
    const token = (await server.login(username)).body.result.bearer as string;
    return (path: string, data?: unknown, extra: Row = {}) => server.call(path, data, { token, ...extra });
  };
  const ok = async (answer: ReturnType<TestServer['call']>) => {
    const { body } = await answer;
    expect(body.status.responsecode, body.status.responsemessage).toBe(CODES.SUCCESS);
    return body.result as Row;
  };
  const deliveries = async (webhookcode: string) => (await admin('/api/webhook-delivery/list', undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria: { webhookcode } } })).body.result as Row[];
  const events = () => db().selectFrom('webhook_event').selectAll().orderBy('occurredat').execute() as Promise<Row[]>;
  const delivered = () => receiver.received.filter((r) => r.answered === 204);
  const subscription = (webhookcode: string, more: Row = {}) => ({ webhookcode, url: receiver.url, eventtypes: EVENT_TYPES, signingsecret: SECRET, active: true, ...more });

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(target, { DEMO_MEMBERS: '0' }, [], undefined, ON_DEMO_DAY);
    admin = await as('admin');
    checker = await as('checker');
    worker = createJobWorker({ db: server.database.db, owner: 'webhook-test', handlers: webhookJobHandlers, pollMs: HOUR, now: serverNow });
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await receiver?.close();
  });

  it('refuses a bad subscription with a message on its field and writes nothing', async () => {
    const cases: [Row, string, string][] = [
      [{ url: 'ftp://127.0.0.1/x' }, 'url', WEBHOOK_TEXTS.url],
      [{ url: 'javascript:alert(1)' }, 'url', WEBHOOK_TEXTS.url],
      [{ url: 'http://user:pw@127.0.0.1/x' }, 'url', WEBHOOK_TEXTS.url],
      [{ eventtypes: [] }, 'eventtypes', 'Event is Required'],
      [{ eventtypes: ['member.deleted'] }, 'eventtypes', `Event must be one of ${EVENT_LABELS}`],
      [{ signingsecret: '' }, 'signingsecret', WEBHOOK_TEXTS.secretRequired],
      [{ signingsecret: 'short' }, 'signingsecret', 'Signing Secret must be at least 16 characters'],
    ];
    for (const [change, field, message] of cases) {
      const { http, body } = await admin('/api/webhook-subscription/create', subscription('BAD', change));
      expect(http).toBe(200);
      expect(body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: message });
      expect(body.result.fields).toEqual({ [field]: message });
    }
    // A secret that is not a text is refused as a bad request.
    const numeric = await admin('/api/webhook-subscription/create', subscription('BAD', { signingsecret: 1234567890123456 }));
    expect(numeric.http).toBe(400);
    expect(numeric.body.status).toEqual({ responsecode: CODES.BAD_REQUEST, responsemessage: 'Invalid request: data.signingsecret must be a text' });
    expect(await db().selectFrom('webhook_subscription').selectAll().execute()).toEqual([]);
  });

  it('keeps the signing secret write-only: never in the create, list or detail answers', async () => {
    const created = await admin('/api/webhook-subscription/create', subscription('ALL'));
    expect(created.body.status.responsecode).toBe(CODES.SUCCESS);
    await ok(admin('/api/webhook-subscription/create', subscription('OFF', { active: false })));
    const answers = [
      created.text,
      (await admin('/api/webhook-subscription/list', undefined, { paging: { limit: 10, page: 1 } })).text,
      (await admin('/api/webhook-subscription/detail', { webhookcode: 'ALL' })).text,
      (await admin('/api/webhook-subscription/section-subscription-detail', { webhookcode: 'ALL' })).text,
    ];
    for (const text of answers) expect(text).not.toContain(SECRET);
    expect((await admin('/api/webhook-subscription/section-subscription-detail', { webhookcode: 'ALL' })).body.result).toEqual({ webhookcode: 'ALL', url: receiver.url, eventtypes: EVENT_TYPES, active: true });
    // A change that leaves the secret empty keeps it; the user log never holds it.
    await ok(admin('/api/webhook-subscription/section-subscription', { webhookcode: 'ALL', url: receiver.url, eventtypes: EVENT_TYPES, signingsecret: '', active: true }));
    expect((await db().selectFrom('webhook_subscription').select('signingsecret').where('webhookcode', '=', 'ALL').executeTakeFirstOrThrow()).signingsecret).toBe(SECRET);
    const logged = (await db().selectFrom('user_log').selectAll().where('module', '=', 'WEBHOOK').execute()) as Row[];
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('tells of a change that rolls back nothing', async () => {
    const before = (await events()).length;
    await expect(
      server.database.db.transaction().execute(async (trx) => {
        await credit(trx, { memberid: BUDI.memberid, trxtype: TRX_TYPES.CUSTOM, activitydate: day(), awardmiles: 1234, source: 'test', user: 'test', now: serverNow() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await events()).length).toBe(before);
    expect(await db().selectFrom('webhook_delivery').selectAll().execute()).toEqual([]);
  });

  it('writes each event through the API with its change, one delivery for the active webhook only', async () => {
    // An enrollment (member.enrolled, and its enroll bonus's miles.credited when the programme has one).
    const enrolled = await ok(
      admin('/api/enrollment/create', {
        membership: { membershipid: 'FFP', enrollmentdate: day(), enrollchannel: 'BO' },
        cobrand: {},
        personal: { firstname: 'Webhook', lastname: 'Receiver', gender: 'FEMALE', birthdate: '1990-04-12', nationality: 'ID', idcardno: `3171${target.name === 'sqlite' ? 1 : 2}00000000777`, passportno: 'W0000777', email: 'webhook.receiver@example.id', mobilephonecode: '+62', mobilephonenumber: '8123400777', preferredaddress: 'PRIVATE', nameoncard: 'WEBHOOK RECEIVER' },
        privateaddress: { address: 'Jl. Kemang Raya No. 8', country: 'ID', postalcode: '12730', phonecode: '+62', phoneregion: '21', phonenumber: '7190001' },
        businessaddress: {},
      }),
    );
    const memberid = String(enrolled.memberid);
    // A flight credited (miles.credited).
    const flight = await ok(admin('/api/accrual/air', { cardnumber: BUDI.cardnumber, activitydate: '2026-03-10', carrier: 'GA', flightnumber: '832', origin: 'CGK', destination: 'SIN', bookingclass: 'Y', ticketnumber: '1262409990001', ticketissuedate: '2026-03-01' }));
    expect(flight.status).toBe('CREDITED');
    // A redemption (miles.debited, redemption.issued).
    const redemption = await ok(admin('/api/redemption/confirm', { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: { origin: 'CGK', destination: 'DPS', departuredate: '2027-02-10', isreturn: false, compartmentcode: 'Y', passenger: 1 }, step4: [SELF] }));
    // A tier change (tier.changed) of the new member.
    await ok(admin('/api/member-tier/create', { memberid, membershipid: 'FFP', tierid: 'GOLD', startdate: day(), tierreason: 'UPGRADE' }));
    // The redemption cancelled through its approval (miles.credited by the redeposit, redemption.cancelled).
    await ok(admin('/api/member-redemption/cancel', { memberid: BUDI.memberid, redemptionid: redemption.redemptionid }));
    const requests = (await checker('/api/approval-redemption-cancel/list', undefined, { paging: { limit: -1, page: 1 } })).body.result as Row[];
    const request = requests.find((r) => String(r.recordkey).includes(String(redemption.redemptionid)));
    await ok(checker('/api/approval-redemption-cancel/approve', { requestid: request!.requestid }));
    // The new member's card order one step on (order.status_changed).
    const order = (await db().selectFrom('card_order').select('orderid').where('memberid', '=', memberid).orderBy('orderid').executeTakeFirstOrThrow()) as Row;
    await ok(admin('/api/order-printing/next-step', { orderid: Number(order.orderid) }));

    const written = await events();
    expect(new Set(written.map((e) => e.eventtype))).toEqual(new Set(EVENT_TYPES));
    const byType = (type: string) => written.filter((e) => e.eventtype === type).map((e) => JSON.parse(e.payload));
    expect(byType('member.enrolled')).toEqual([expect.objectContaining({ memberid, cardnumber: enrolled.cardnumber, membershipid: 'FFP' })]);
    expect(byType('redemption.issued')).toEqual([expect.objectContaining({ redemptionid: redemption.redemptionid, memberid: BUDI.memberid, cardnumber: BUDI.cardnumber, totalmileage: redemption.totalmileage })]);
    expect(byType('redemption.cancelled')).toEqual([expect.objectContaining({ redemptionid: redemption.redemptionid })]);
    expect(byType('tier.changed')).toEqual([expect.objectContaining({ memberid, fromtier: 'BLUE', totier: 'GOLD' })]);
    expect(byType('order.status_changed')).toEqual([expect.objectContaining({ orderid: Number(order.orderid), memberid, from: 'PAYMENT_SUCCESS', to: 'READYTOPRINT' })]);
    const debit = byType('miles.debited').find((e) => e.trxtype === 'REDEMPTION');
    expect(debit).toMatchObject({ memberid: BUDI.memberid, cardnumber: BUDI.cardnumber, miles: redemption.totalmileage, balance: expect.any(Number) });
    expect(byType('miles.credited').some((e) => e.memberid === BUDI.memberid && e.trxtype === 'EARNING')).toBe(true);
    // One delivery per event for ALL; none for the inactive OFF.
    expect((await deliveries('ALL')).length).toBe(written.length);
    expect(await deliveries('OFF')).toEqual([]);
  });

  it('tries while the receiver is down, then delivers every event once it is back, signed, with the same event ids', async () => {
    const written = await events();
    expect(await worker.tick()).toBeGreaterThan(0);
    expect(receiver.received.length).toBe(written.length);
    const first = await deliveries('ALL');
    expect(first.every((d) => d.status === 'PENDING' && d.attempts === 1 && d.lastresponsecode === 500 && d.lasterror === 'HTTP 500')).toBe(true);
    expect(first.every((d) => new Date(d.nextattemptat).getTime() > serverNow().getTime())).toBe(true);
    // Down for an hour and ten minutes of the server's clock: tried again and again.
    for (let minutes = 0; minutes < 70; minutes += 5) {
      server.clock.offsetMs += 5 * MINUTE;
      await worker.tick();
    }
    expect(delivered()).toEqual([]);
    const tries = receiver.received.length;
    expect(tries).toBeGreaterThan(written.length * 5);
    receiver.setDown(false);
    server.clock.offsetMs += HOUR;
    await worker.tick();
    // Every event delivered exactly once; every try of it carried its id.
    const ids = written.map((e) => e.eventid).sort();
    expect(delivered().map((r) => r.headers['x-webhook-id']).sort()).toEqual(ids);
    for (const request of receiver.received) expect(ids).toContain(request.headers['x-webhook-id']);
    expect(new Set(delivered().map((r) => r.headers['x-webhook-event']))).toEqual(new Set(EVENT_TYPES));
    for (const request of receiver.received) {
      const timestamp = String(request.headers['x-webhook-timestamp']);
      expect(request.headers['x-webhook-signature']).toBe(createHmac('sha256', SECRET).update(`${timestamp}.${request.body}`).digest('hex'));
      const body = JSON.parse(request.body);
      expect(body.id).toBe(request.headers['x-webhook-id']);
      expect(body.type).toBe(request.headers['x-webhook-event']);
      expect(request.headers['content-type']).toBe('application/json');
    }
    admin = await as('admin');
    const after = await deliveries('ALL');
    expect(after.every((d) => d.status === 'DELIVERED' && d.lastresponsecode === 204 && d.nextattemptat === null && d.deliveredat !== null)).toBe(true);
    // Nothing more goes out however long the clock runs.
    server.clock.offsetMs += 2 * HOUR;
    await worker.tick();
    expect(delivered().length).toBe(ids.length);
  });

  it('replays a delivery with the same event id, started at once (no poll), and refuses what it cannot replay', async () => {
    // The clock ran hours on: a session of now.
    admin = await as('admin');
    const [one] = (await deliveries('ALL')).filter((d) => d.eventtype === 'redemption.issued');
    const detail = (await admin('/api/webhook-delivery/detail', { webhookcode: 'ALL', deliveryid: one!.deliveryid })).body.result as Row;
    expect(JSON.parse(detail.payload)).toMatchObject({ id: one!.eventid, type: 'redemption.issued' });
    const before = delivered().length;
    worker.start();
    const replayed = await admin('/api/webhook-delivery/replay', { webhookcode: 'ALL', deliveryid: one!.deliveryid });
    expect(replayed.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: `Event ${String(one!.eventid)} is queued again for ALL` });
    await expect.poll(() => delivered().length, { timeout: 10_000 }).toBe(before + 1);
    expect(delivered().at(-1)!.headers['x-webhook-id']).toBe(one!.eventid);
    await expect.poll(async () => (await deliveries('ALL')).filter((d) => d.eventid === one!.eventid).map((d) => d.status)).toEqual(['DELIVERED', 'DELIVERED']);
    await worker.stop();

    const unknown = await admin('/api/webhook-delivery/replay', { webhookcode: 'ALL', deliveryid: 'NOSUCH' });
    expect(unknown.body.status).toEqual({ responsecode: CODES.NOT_FOUND, responsemessage: 'Delivery NOSUCH of ALL was not found' });
    await ok(admin('/api/webhook-subscription/section-subscription', { webhookcode: 'ALL', url: receiver.url, eventtypes: EVENT_TYPES, active: false }));
    const count = (await deliveries('ALL')).length;
    const inactive = await admin('/api/webhook-delivery/replay', { webhookcode: 'ALL', deliveryid: one!.deliveryid });
    expect(inactive.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: WEBHOOK_TEXTS.notActive.replace('{webhookcode}', 'ALL') });
    expect((await deliveries('ALL')).length).toBe(count);
    // Without WEBHOOK_UPDATE: refused.
    const branch = await as('branch');
    expect((await branch('/api/webhook-delivery/replay', { webhookcode: 'ALL', deliveryid: one!.deliveryid })).body.status.responsecode).not.toBe(CODES.SUCCESS);
  });

  it('tells of miles that expire as miles.debited, one event per member with the balance after', async () => {
    await ok(admin('/api/webhook-subscription/create', subscription('EXPIRY', { eventtypes: ['miles.debited'] })));
    const before = (await events()).length;
    const expired = await expireDue(server.database.db, { today: '2100-01-01', user: 'expiry-test' });
    expect(expired.members).toBeGreaterThan(0);
    const told = (await events()).slice(before).map((e) => ({ type: e.eventtype, ...JSON.parse(e.payload) }));
    expect(told).toHaveLength(expired.members);
    expect(told.every((e) => e.type === 'miles.debited' && e.trxtype === 'EXPIRATION' && e.operation === 'expire' && e.balance === 0)).toBe(true);
    expect(told.reduce((sum, e) => sum + e.miles, 0)).toBe(expired.miles);
  });
});

describe('one delivery try', () => {
  it('counts a redirect (never followed), a refused connection and a silent receiver as failures', async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(String(request.url));
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/elsewhere' });
        response.end();
      }
      // '/silent' never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const event = { eventid: 'e-1', eventtype: 'miles.credited' };
    try {
      expect(await postEvent(`${base}/moved`, SECRET, event, '{}', new Date())).toEqual({ ok: false, status: 302, error: 'HTTP 302 (redirects are not followed)' });
      expect(hits).toEqual(['/moved']);
      expect(await postEvent(`${base}/silent`, SECRET, event, '{}', new Date(), 200)).toEqual({ ok: false, status: null, error: 'No answer within 0.2 s' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    // A port nothing listens on any more.
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    const refused = await postEvent(`http://127.0.0.1:${port}/hooks`, SECRET, event, '{}', new Date());
    expect(refused).toMatchObject({ ok: false, status: null });
    expect(refused.error).toContain('ECONNREFUSED');
  });

});
