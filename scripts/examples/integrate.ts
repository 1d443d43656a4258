// An integrator's first hour with ALMS, runnable against `npm start` (README, "Integrating"). Self-contained on
// purpose (plain fetch and node:http, nothing imported from the product) so it can be copied into another system.
//
//   npx tsx scripts/examples/integrate.ts --url http://localhost:8080 --client CRM --secret alcs_... --card 5100000016
//       [--webhook-port 9400 --webhook-secret whsec-...]
//
// It gets a client token, posts a flight for the card, reads the balance, redeems a domestic award ticket for the
// member and reads the balance again. With --webhook-port it also listens for the programme's webhooks on that port
// (subscribe http://127.0.0.1:<port>/hooks on the Webhook screen) and prints each event whose signature holds.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** Every answer's shape: `responsecode` '0000' is success; any other code is in README's table of codes. */
export interface Answer<T = Record<string, unknown>> {
  status: { responsecode: string; responsemessage: string };
  result?: T;
}

/** One call of the envelope protocol: POST /api/<group>/<action> with the bearer token. */
export async function call<T = Record<string, unknown>>(url: string, path: string, data: unknown, token?: string): Promise<Answer<T>> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      identity: { reqtxnid: randomUUID(), reqdate: new Date().toISOString(), appid: 'alms-1', ...(token ? { signature: token } : {}) },
      parameter: { data },
    }),
  });
  return (await response.json()) as Answer<T>;
}

/** A short-lived token for an API client (the API Client screen shows the secret once). */
export async function clientToken(url: string, clientid: string, secret: string): Promise<string> {
  const answer = await call<{ bearer: string }>(url, '/api/session/client-token', { clientid, secret });
  if (answer.status.responsecode !== '0000') throw new Error(`client-token: ${answer.status.responsecode} ${answer.status.responsemessage}`);
  return answer.result!.bearer;
}

/** A flight as departure control would send it: one segment of a ticket, for a member's card. */
export interface Flight {
  cardnumber: string;
  activitydate: string;
  carrier: string;
  flightnumber: string;
  origin: string;
  destination: string;
  bookingclass: string;
  ticketnumber: string;
  ticketissuedate: string;
}

/** The member's award miles, as the redemption's first step reads them. */
export async function balance(url: string, token: string, cardnumber: string) {
  const answer = await call<{ memberid: string; firstname: string; lastname: string; birthdate: string | null; awardmiles: number }>(url, '/api/redemption/member', { cardnumber }, token);
  if (answer.status.responsecode !== '0000') throw new Error(`balance: ${answer.status.responsecode} ${answer.status.responsemessage}`);
  return answer.result!;
}

export interface Walk {
  /** The flight's answer: CREDITED with its miles, or REJECTED / PARKED with the reason. */
  posting: Answer;
  /** The balance once the flight is posted. */
  afterFlight: number;
  redemption: Answer;
  /** The balance once the award is issued. */
  afterRedemption: number;
}

/** Post a flight, read the balance, redeem an award ticket for the member, read it again. */
export async function walk(url: string, token: string, flight: Flight, award: { awardcode: string; origin: string; destination: string; departuredate: string }): Promise<Walk> {
  const posting = await call(url, '/api/accrual/air', flight, token);
  const member = await balance(url, token, flight.cardnumber);
  const redemption = await call(url, '/api/redemption/confirm', {
    step1: { cardnumber: flight.cardnumber },
    step2: { awardcode: award.awardcode },
    step3: { origin: award.origin, destination: award.destination, departuredate: award.departuredate, isreturn: false, compartmentcode: 'Y', passenger: 1 },
    step4: [{ name: member.firstname, familyname: member.lastname, memberiduser: flight.cardnumber, birthdate: member.birthdate, selfusage: true }],
  }, token);
  const afterRedemption = (await balance(url, token, flight.cardnumber)).awardmiles;
  return { posting, afterFlight: member.awardmiles, redemption, afterRedemption };
}

/** An event as delivered: its id (de-duplicate on it: a retry or a replay carries the same), type and body. */
export interface ReceivedEvent {
  id: string;
  type: string;
  body: Record<string, unknown>;
}

/** The signature header is HMAC-SHA256 of `${timestamp}.${body}` with the webhook's secret, in hex. */
export function signatureHolds(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A webhook receiver: answers 204 to a signed delivery (once per event id), 401 to any other. */
export async function startReceiver(port: number, secret: string, onEvent: (event: ReceivedEvent) => void) {
  const seen = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => String(request.headers[name] ?? '');
      if (!signatureHolds(secret, header('x-webhook-timestamp'), body, header('x-webhook-signature'))) {
        response.statusCode = 401;
        response.end();
        return;
      }
      const id = header('x-webhook-id');
      if (!seen.has(id)) {
        seen.add(id);
        onEvent({ id, type: header('x-webhook-event'), body: JSON.parse(body) as Record<string, unknown> });
      }
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      client: { type: 'string' },
      secret: { type: 'string' },
      card: { type: 'string', default: '5100000016' },
      award: { type: 'string', default: 'AWD-DOM-Y' },
      'webhook-port': { type: 'string' },
      'webhook-secret': { type: 'string' },
    },
  });
  if (!values.client || !values.secret) throw new Error('--client and --secret are required: create a client and its secret on the API Client screen');
  const receiver = values['webhook-port']
    ? await startReceiver(Number(values['webhook-port']), values['webhook-secret'] ?? '', (event) => console.log('webhook', event.type, event.id, JSON.stringify(event.body)))
    : undefined;
  if (receiver) console.log(`receiving webhooks on ${receiver.url}`);
  const token = await clientToken(values.url, values.client, values.secret);
  const today = new Date();
  const flight: Flight = {
    cardnumber: values.card,
    activitydate: isoDay(new Date(today.getTime() - 7 * 86_400_000)),
    carrier: 'GA',
    flightnumber: String(100 + Math.floor(Math.random() * 800)),
    origin: 'CGK',
    destination: 'SIN',
    bookingclass: 'Y',
    ticketnumber: `126${String(Date.now()).slice(-10)}`,
    ticketissuedate: isoDay(new Date(today.getTime() - 14 * 86_400_000)),
  };
  const result = await walk(values.url, token, flight, { awardcode: values.award, origin: 'CGK', destination: 'DPS', departuredate: isoDay(new Date(today.getTime() + 60 * 86_400_000)) });
  console.log('flight', result.posting.status.responsecode, JSON.stringify(result.posting.result));
  console.log('balance', result.afterFlight);
  console.log('redemption', result.redemption.status.responsecode, result.redemption.status.responsemessage);
  console.log('balance', result.afterRedemption);
  if (receiver) console.log('waiting for webhooks: Ctrl+C to stop');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
