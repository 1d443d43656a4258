// Origin and destination exclude each other (`excludes` on both fields) on both databases: the accrual rule
// screens, a codeshare's specific route and the accrual simulator refuse the same airport at both ends with a
// field message and write nothing; two different airports pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { ACCRUAL_SIMULATE_PATH } from '../../domain/accrualResult';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, unknown>;

// not in spec: the message of engine/rules/messages.ts (RULE_MESSAGES.excludes), pinned here.
const differ = (label: string, other: string) => `${label} must differ from ${other}`;

const CASES: { name: string; path: string; table: string; key: Row; data: Row; origin: string; destination: string; labels: [string, string] }[] = [
  {
    name: 'an origin-destination accrual rule',
    path: '/api/accrual-rule-od/create',
    table: 'accrual_rule_od',
    key: { rulecode: 'OD-SAME-END' },
    data: { rulecode: 'OD-SAME-END', airlinecode: 'QG', sectormiles: 500, earning: true, effectivedate: '2026-01-01' },
    origin: 'originairport',
    destination: 'destinationairport',
    labels: ['Origin', 'Destination'],
  },
  {
    name: "a codeshare's specific route",
    path: '/api/codeshare/create',
    table: 'codeshare',
    key: { marketingairline: 'GA', marketingfltnum: '9999' },
    data: { routetype: 'SPECIFICROUTE', marketingairline: 'GA', marketingfltnum: '9999', operatingairline: 'KL', operatingfltnum: '999', earnmiles: true, effectivedate: '2026-01-01' },
    origin: 'originairport',
    destination: 'destinationairport',
    labels: ['Origin', 'Destination'],
  },
];

describe.each(testDatabases)('origin and destination on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const call = (path: string, data?: unknown) => server.call(path, data, { token: admin });
  const db = () => definitionDb(server.database.db);

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it.each(CASES)('$name: the same airport at both ends is refused on the fields and writes nothing; two airports pass', async (c) => {
    const count = async () => {
      let query = db().selectFrom(c.table).select((eb: any) => eb.fn.countAll().as('n'));
      for (const [k, v] of Object.entries(c.key)) query = query.where(k, '=', v);
      return Number(((await query.executeTakeFirstOrThrow()) as { n: unknown }).n);
    };
    const same = await call(c.path, { ...c.data, [c.origin]: 'CGK', [c.destination]: 'CGK' });
    expect(same.http).toBe(200);
    expect(same.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(same.body.result.fields).toEqual({ [c.origin]: differ(c.labels[0], c.labels[1]), [c.destination]: differ(c.labels[1], c.labels[0]) });
    expect(await count()).toBe(0);

    const good = await call(c.path, { ...c.data, [c.origin]: 'CGK', [c.destination]: 'DPS' });
    expect(good.body.status.responsecode).toBe(CODES.SUCCESS);
    expect(await count()).toBe(1);
  });

  it('the accrual simulator refuses a flight from an airport to itself, and rates one between two airports', async () => {
    const flight = { activitytype: 'AIR', tierid: 'GOLD', activitydate: '2026-04-01', carrier: 'GA', flightnumber: '1', bookingclass: 'Y', ticketissuedate: '2026-03-01' };
    const same = await call(ACCRUAL_SIMULATE_PATH, { ...flight, origin: 'CGK', destination: 'CGK' });
    expect(same.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(same.body.result.fields).toMatchObject({ origin: differ('Origin', 'Destination'), destination: differ('Destination', 'Origin') });
    const good = await call(ACCRUAL_SIMULATE_PATH, { ...flight, origin: 'CGK', destination: 'DPS' });
    expect(good.body.status.responsecode).toBe(CODES.SUCCESS);
  });
});
