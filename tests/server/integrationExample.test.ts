// The README's integration example (scripts/examples/integrate.ts) runs as written, on both databases: an API client
// made on the API Client screen's calls gets a token with its secret, posts a flight, reads the balance and redeems;
// the example's receiver, subscribed on the Webhook screen's calls, gets the credit, the debit and the issued
// redemption once each, signed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { createJobWorker, type JobWorker } from '../../server/platform/jobs/jobWorker';
import { webhookJobHandlers } from '../../server/platform/webhooks/webhookDelivery';
import { clientToken, startReceiver, walk, type ReceivedEvent } from '../../scripts/examples/integrate';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';

const SECRET = 'whsec-example-0123456789';
const CARD = '5100000016';
const HOUR = 3_600_000;

describe.each(testDatabases)('the integration example on $name', (target) => {
  let server: TestServer;
  let worker: JobWorker;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const received: ReceivedEvent[] = [];
  let admin: (path: string, data?: unknown) => ReturnType<TestServer['call']>;

  beforeAll(async () => {
    receiver = await startReceiver(0, SECRET, (event) => received.push(event));
    server = await startTestServer(target, { DEMO_MEMBERS: '0' }, [], undefined, ON_DEMO_DAY);
    const token = (await server.login('admin')).body.result.bearer as string;
    admin = (path, data) => server.call(path, data, { token });
    worker = createJobWorker({ db: server.database.db, owner: 'example-test', handlers: webhookJobHandlers, pollMs: HOUR, now: () => new Date(Date.now() + server.clock.offsetMs) });
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await receiver?.close();
  });

  it('posts a flight, reads the balance and redeems as a client, and receives the signed events once', async () => {
    const made = await admin('/api/apiclient/create', { clientid: 'CRM', clientname: 'CRM system', rolecode: 'ADMIN', expirydate: '2027-12-31', ratelimit: 600 });
    expect(made.body.status.responsecode).toBe(CODES.SUCCESS);
    // The first secret comes with the create's answer, once.
    const secret = made.body.result.secret as string;
    const hook = await admin('/api/webhook-subscription/create', { webhookcode: 'CRM', url: receiver.url, eventtypes: ['miles.credited', 'miles.debited', 'redemption.issued'], signingsecret: SECRET, active: true });
    expect(hook.body.status.responsecode).toBe(CODES.SUCCESS);

    const token = await clientToken(server.url, 'CRM', secret);
    const flight = { cardnumber: CARD, activitydate: '2026-03-10', carrier: 'GA', flightnumber: '832', origin: 'CGK', destination: 'SIN', bookingclass: 'Y', ticketnumber: '1262400000001', ticketissuedate: '2026-03-01' };
    const result = await walk(server.url, token, flight, { awardcode: 'AWD-DOM-Y', origin: 'CGK', destination: 'DPS', departuredate: '2027-02-10' });
    expect(result.posting.status.responsecode).toBe(CODES.SUCCESS);
    expect(result.posting.result).toMatchObject({ status: 'CREDITED' });
    expect(result.redemption.status.responsecode).toBe(CODES.SUCCESS);
    expect(result.afterRedemption).toBe(result.afterFlight - 7500);

    await worker.tick();
    expect(received.map((event) => event.type).sort()).toEqual(['miles.credited', 'miles.debited', 'redemption.issued']);
    expect(new Set(received.map((event) => event.id)).size).toBe(3);
  });

  it('refuses a wrong secret with the code the README names', async () => {
    await expect(clientToken(server.url, 'CRM', 'alcs_wrong')).rejects.toThrow(`client-token: ${CODES.INVALID_LOGIN}`);
  });
});
