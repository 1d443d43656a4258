// Whole numbers past what a column holds (PostgreSQL's integer keys stop at 2^31 - 1): every route that takes a
// whole number, in its data or under a resource's fields, answers them as bad input or not found, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceModel } from '../../engine/definition/compile';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { SERIAL_MAX } from '../../server/platform/db/columnTypes';
import { loadCatalogue } from '../../server/platform/definitions';
import { startTestServer, testDatabases, type TestServer } from './harness';

const catalogue = loadCatalogue();
const BEYOND = [2 ** 31, 2 ** 53 + 2, -(2 ** 31) - 1];

const isInteger = (schema: unknown) => {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

describe.each(testDatabases)('whole numbers beyond a column on $name', (target) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('never answer a 5xx', { timeout: 600_000 }, async () => {
    const faults: string[] = [];
    let probes = 0;
    for (const action of server.actions) {
      if (action.path === '/api/session/expire') continue;
      const screen = catalogue.screenByResource.get(action.path.split('/')[2]!);
      const names = new Set<string>();
      for (const [name, schema] of Object.entries(((action.data as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}))) if (isInteger(schema)) names.add(name);
      const fields = screen ? resourceModel(screen).fields.filter((f) => f.type === 'integer').map((f) => f.name) : [];
      for (const name of [...names, ...fields]) {
        for (const value of BEYOND) {
          for (const parameter of [{ data: { [name]: value } }, { criteria: { [name]: value } }]) {
            probes++;
            const call = await server.call(action.path, undefined, { token: admin, parameter });
            if (call.http >= 500) faults.push(`${action.path} ${JSON.stringify(parameter)} -> ${call.http} ${call.text.slice(0, 160)}`);
          }
        }
      }
    }
    expect(faults).toEqual([]);
    expect(probes).toBeGreaterThan(100);
  });

  it('a key past its serial column finds nothing on SQLite and is refused as bad input on PostgreSQL', async () => {
    const call = await server.call('/api/order/list', undefined, { token: admin, parameter: { criteria: { orderid: SERIAL_MAX + 1 } } });
    if (target.name === 'sqlite') {
      expect(call.body.status.responsecode).toBe('0000');
      expect(call.body.result).toEqual([]);
      expect(call.body.paging?.totalrecord).toBe(0);
    } else {
      expect(call.http).toBe(400);
      expect(call.body.status).toEqual({ responsecode: CODES.BAD_REQUEST, responsemessage: MESSAGES.OUT_OF_RANGE });
    }
    // The domain routes that take an order id check it before any SQL, on both databases.
    const tracking = await server.call('/api/order/tracking', { orderid: SERIAL_MAX + 1 }, { token: admin });
    expect(tracking.http).toBe(400);
    expect(tracking.body.status.responsemessage).toBe('Invalid request: data.orderid must be an order id');
  });
});
