// The API reference (server/platform/openapi) against the server it describes, on both databases: every route
// served is in it, real answers fit their operation's response schema, and requests drawn from its request
// schemas never get a 5xx, nor a 1001 (malformed) when the document calls them valid.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { resourceModel } from '../../engine/definition/compile';
import { loadCatalogue } from '../../server/platform/definitions';
import { definitionDb } from '../../server/platform/db/definitionDb';
import { OPENAPI_JSON_PATH, OPENAPI_PATH } from '../../server/platform/openapi/openApiAction';
import { API_REFERENCE_TAG_PATH } from '../../engine/api/apiReference';
import { openApiPath, type OpenApiDocument } from '../../server/platform/openapi/openApiDocument';
import { arbitraryOf } from './schemaArbitrary';
import { startTestServer, testDatabases, type Call, type TestServer } from './harness';

const RUNS = Number(process.env.OPENAPI_RUNS ?? 300);
const SEED = Number(process.env.OPENAPI_SEED ?? Math.floor(Math.random() * 2 ** 31));
/**
 * Calls left out of the generated ones: one that would end the test's own session, and those whose data ties two
 * fields together as no schema can (a typed password and its hash), refused as malformed when they differ.
 */
const NOT_GENERATED = new Set(['/api/session/expire', '/api/user/forgot-reset', '/api/user/change-password']);

const catalogue = loadCatalogue();
const pointer = (...parts: string[]) => `openapi.json#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

describe.each(testDatabases)('the API reference on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let document: OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);

  beforeAll(async () => {
    server = await startTestServer(target, { MINIVIEW_RATE_PER_MINUTE: '1000000' });
    admin = (await server.login('admin')).body.result.bearer;
    document = (await server.call(OPENAPI_PATH, undefined, { token: admin })).body.result;
    ajv.addSchema(document, 'openapi.json');
  });
  afterAll(async () => server?.close());

  /** The answer's problems against its operation's response schema (its HTTP status's). */
  const misfit = (path: string, call: Call): string | undefined => {
    const responses = document.paths[path]!.post!.responses as Record<string, { $ref?: string }>;
    const status = String(call.http);
    if (!responses[status]) return `HTTP ${status} is not among the answers the document lists`;
    const at = responses[status].$ref ? pointer('components', 'responses', status, 'content', 'application/json', 'schema') : pointer('paths', path, 'post', 'responses', status, 'content', 'application/json', 'schema');
    const validate = ajv.getSchema(at) ?? ajv.compile({ $ref: at });
    return validate(call.body) ? undefined : `${path}: ${ajv.errorsText(validate.errors)} in ${call.text.slice(0, 300)}`;
  };

  it('is served to signed-in staff only', async () => {
    const anonymous = await server.call(OPENAPI_PATH);
    expect(anonymous.body.status.responsecode).toBe(CODES.UNAUTHENTICATED);
    expect(document.openapi).toBe('3.1.0');
  });

  it('is also a plain JSON file for client generators, with a staff bearer token', async () => {
    const file = await fetch(`${server.url}${OPENAPI_JSON_PATH}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await file.json()).toEqual(document);
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const refused = await fetch(`${server.url}${OPENAPI_JSON_PATH}`, { headers });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { status: { responsecode: string } }).status.responsecode).toBe(CODES.UNAUTHENTICATED);
    }
  });

  it("answers one tag's operations with only the components they use, and every tag's name", async () => {
    const answer = await server.call(API_REFERENCE_TAG_PATH, { tag: 'accrual' }, { token: admin });
    expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
    const part = answer.body.result as OpenApiDocument & { 'x-tag-names': string[] };
    const accrual = Object.keys(document.paths).filter((path) => Object.values(document.paths[path]!).some((op) => (op.tags as string[]).includes('accrual')));
    expect(Object.keys(part.paths).sort()).toEqual(accrual.sort());
    expect(part.paths['/api/accrual/air']).toEqual(document.paths['/api/accrual/air']);
    expect(part['x-tag-names']).toEqual((document.tags as { name: string }[]).map((t) => t.name));
    // Every reference resolves inside the part, and it holds no component nothing uses.
    const refs = new Set(JSON.stringify(part).match(/"#\/components\/[^"]+"/g)!.map((r) => JSON.parse(r) as string));
    for (const ref of refs) {
      const [, , kind, name] = ref.split('/') as [string, string, string, string];
      expect((part.components as Record<string, Record<string, unknown>>)[kind]?.[name], ref).toBeDefined();
    }
    const kept = Object.entries(part.components).filter(([kind]) => kind !== 'securitySchemes').flatMap(([kind, named]) => Object.keys(named as object).map((name) => `#/components/${kind}/${name}`));
    expect(kept.filter((ref) => !refs.has(ref))).toEqual([]);
    expect(JSON.stringify(part).length).toBeLessThan(JSON.stringify(document).length / 10);
    const unknown = await server.call(API_REFERENCE_TAG_PATH, { tag: 'no-such-tag' }, { token: admin });
    expect(unknown.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'No operation of this API has the tag "no-such-tag"' });
    expect(unknown.body.result.fields).toEqual({ tag: 'No operation of this API has the tag "no-such-tag"' });
  });

  it('lists every route the server serves, and serves every route it lists', async () => {
    expect(server.app.servedRoutes.length).toBeGreaterThan(server.actions.length);
    const listed = new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)));
    const missing = server.app.servedRoutes.map((r) => `${r.method} ${openApiPath(r.url).path}`).filter((route) => !listed.has(route));
    expect(missing).toEqual([]);
    for (const action of server.actions) expect(document.paths[action.path]?.post, action.path).toBeDefined();
    // The other way round: Fastify finds a route for each operation.
    for (const [path, item] of Object.entries(document.paths)) {
      const url = path.replace(/\{wildcard\}/, '*').replace(/\{(\w+)\}/g, ':$1');
      for (const method of Object.keys(item)) expect(server.app.hasRoute({ method: method.toUpperCase() as 'GET', url }), `${method} ${path}`).toBe(true);
    }
  });

  it('tells the flight posting with its fields, guard, answers and codes', () => {
    const post = document.paths['/api/accrual/air']!.post!;
    expect(post['x-function']).toBe('MEMBER_UPDATE');
    expect(post['x-response-codes']).toEqual(expect.arrayContaining([CODES.SUCCESS, CODES.BAD_REQUEST, CODES.VALIDATION, CODES.UNAUTHENTICATED, CODES.FORBIDDEN, CODES.INTERNAL]));
    const data = document.components.schemas['accrual_air.data'] as { properties: Record<string, unknown>; required: string[] };
    expect(data.required).toEqual(expect.arrayContaining(['cardnumber', 'flightnumber', 'origin', 'destination', 'bookingclass']));
    expect(JSON.stringify(post.responses)).toContain('Refusal');
    expect(JSON.stringify(document.components.schemas)).toContain('"CREDITED","REJECTED","PARKED"');
  });

  it("answers as each operation's response schema says: lists and details of every screen, a posting, the session calls", async () => {
    const problems: string[] = [];
    const check = (path: string, call: Call) => {
      const problem = misfit(path, call);
      if (problem) problems.push(problem);
    };
    for (const screen of catalogue.screens) {
      const model = resourceModel(screen);
      const list = await server.call(`/api/${model.name}/list`, undefined, { token: admin, paging: { limit: 3, page: 1 } });
      check(`/api/${model.name}/list`, list);
      const row = (list.body.result as Record<string, unknown>[] | undefined)?.[0];
      if (row && model.key.every((name) => name in row)) {
        const key = Object.fromEntries(model.key.map((name) => [name, row[name]]));
        check(`/api/${model.name}/detail`, await server.call(`/api/${model.name}/detail`, key, { token: admin }));
      }
    }
    const card = (await server.database.db.selectFrom('member_card').select('cardnumber').where('status', '=', 'ACTIVE').limit(1).executeTakeFirstOrThrow()).cardnumber;
    const flight = { cardnumber: card, activitydate: '2026-03-10', carrier: 'GA', flightnumber: '832', origin: 'CGK', destination: 'SIN', bookingclass: 'Y', ticketissuedate: '2026-03-01' };
    const posted = await server.call('/api/accrual/air', flight, { token: admin });
    expect(['CREDITED', 'REJECTED', 'PARKED']).toContain(posted.body.result?.status);
    check('/api/accrual/air', posted);
    check('/api/accrual/air', await server.call('/api/accrual/air', { ...flight, origin: 'nowhere' }, { token: admin }));
    check('/api/accrual/air', await server.call('/api/accrual/air', flight));
    check('/api/member/profile', await server.call('/api/member/profile', { cardnumber: card, type: 'SUMMARY' }));
    check('/api/session/authenticate', await server.login('admin'));
    check('/api/session/check', await server.call('/api/session/check', undefined, { token: admin }));
    check('/api/session/captcha', await server.call('/api/session/captcha'));
    check(OPENAPI_PATH, await server.call(OPENAPI_PATH, undefined, { token: admin }));
    // Typed answers of domain actions. A wizard's step checks, its quote and its Submit answer with the fields its definition shows of them (a
    // redemption for the demo's Budi Santoso, GOLD: server/demoPopulation/memberData.ts).
    const budi = '5100000016';
    const draft = {
      step1: { cardnumber: budi },
      step2: { awardcode: 'AWD-DOM-Y' },
      step3: { origin: 'CGK', destination: 'DPS', departuredate: '2027-02-10', isreturn: false, compartmentcode: 'Y', passenger: 1 },
      step4: [{ name: 'Budi', familyname: 'Santoso', memberiduser: budi, birthdate: '1979-05-20', selfusage: true }],
    };
    const wizardCalls: [string, unknown][] = [
      ['/api/redemption/member', draft.step1],
      ['/api/redemption/award', { values: draft.step2, earlier: { step1: draft.step1 } }],
      ['/api/redemption/price', { values: draft.step3, earlier: { step1: draft.step1, step2: draft.step2 } }],
      ['/api/redemption/quote', draft],
      ['/api/redemption/confirm', draft],
    ];
    // An API client's life, a bulk post, an approval queue and a report's files.
    const clientid = `doc.${target.name}`;
    const client = { clientid, clientname: 'Reference check', rolecode: 'ADMIN', expirydate: '2099-12-31', ratelimit: 600 };
    const created = await server.call('/api/apiclient/create', client, { token: admin });
    const bulk = { activities: [{ activitytype: 'AIR', ...flight, flightnumber: '833' }, { activitytype: 'AIR', ...flight, origin: 'nowhere' }] };
    wizardCalls.push(
      ['/api/session/client-token', { clientid, secret: created.body.result.secret }],
      ['/api/apiclient/new-secret', { clientid }],
      ['/api/apiclient/secrets', { clientid }],
      ['/api/apiclient/revoke-old-secrets', { clientid }],
      ['/api/accrual/bulk', bulk],
      ['/api/my-approval/list', undefined],
      ['/api/report/files', undefined],
      // Every dashboard panel, with its filters' defaults.
      ...Object.keys(document.paths)
        .filter((path) => path.startsWith('/api/dashboard/'))
        .map((path): [string, unknown] => [path, undefined]),
    );
    // The member tools, permissions, selectors, a transfer's quote, one-time codes, uploads and bulk row actions.
    const db = server.database.db;
    const budiId = (await db.selectFrom('member_card').select('memberid').where('cardnumber', '=', budi).executeTakeFirstOrThrow()).memberid;
    const other = (await db.selectFrom('member_card').select('cardnumber').where('status', '=', 'ACTIVE').where('memberid', '!=', budiId).limit(1).executeTakeFirstOrThrow()).cardnumber;
    const trxid = Number((await db.selectFrom('ledger_transaction').select('trxid').where('memberid', '=', budiId).orderBy('trxid').limit(1).executeTakeFirstOrThrow()).trxid);
    const city = { citycode: 'QZDOC' };
    const flightFile = `cardnumber,activitydate,carrier,flightnumber,origin,destination,bookingclass,ticketnumber,ticketissuedate,operatingcarrier\r\n${budi},2026-03-11,GA,834,CGK,SIN,Y,1262400000009,2026-03-01,\r\n`;
    wizardCalls.push(
      ['/api/accrual/simulate', { activitytype: 'AIR', ...flight }],
      ['/api/accrual/member-activities', { cardnumber: budi }],
      ['/api/member-tier/as-of', { memberid: budiId, asofdate: new Date().toISOString().slice(0, 10) }],
      ['/api/member-tier/qualification', { memberid: budiId }],
      ['/api/member/section-status', { memberid: budiId }],
      ['/api/ledger-transaction/lots', { memberid: budiId, trxid }],
      ['/api/role/get-menu', undefined],
      ['/api/role/retrieve-detail', { rolecode: 'ADMIN' }],
      ['/api/user/profile', undefined],
      ['/api/selector/options', { selector: 'country' }],
      ['/api/selector/labels', { selector: 'country', values: ['ID', 'SG'] }],
      ['/api/transfer-mileage/check', { fromcardnumber: budi, tocardnumber: other, awardmiles: 1000 }],
      ['/api/otp/request', { memberid: budiId, transactiontype: 'PROFILE' }],
      ['/api/city/upload', { filename: 'doc.csv', content: `City Code,City Name,Country,State\r\n${city.citycode},Doc Town,ID,ID-JB\r\n` }],
      ['/api/city/bulk-deactivate', { keys: [city] }],
      ['/api/city/bulk-activate', { keys: [city] }],
      ['/api/activity-file/upload', { filename: 'doc-flights.csv', content: flightFile }],
      ['/api/tier-duration/createbulk', { rows: [1, 2].map((i) => ({ tierid: 'SILVER', effectivedate: `2031-0${i}-01`, expireddate: null, durationmonths: 12 + i })) }],
    );
    const referrals = (await server.call('/api/member-referral/list', undefined, { token: admin, paging: { limit: 50, page: 1 } })).body.result as Record<string, unknown>[];
    const uncoded = referrals.find((r) => !r.referralcode && r.status === 'ACTIVE')!;
    wizardCalls.push(['/api/member-referral/generate-code', { memberid: uncoded.memberid }]);
    const answers = new Map<string, Call>();
    for (const [path, data] of wizardCalls) {
      const answer = await server.call(path, data, { token: admin });
      expect(answer.body.status.responsecode, `${path}: ${answer.text.slice(0, 300)}`).toBe(CODES.SUCCESS);
      check(path, answer);
      answers.set(path, answer);
    }
    // Calls on what those made: the redemption confirmed, the code requested, the file uploaded.
    const redemption = answers.get('/api/redemption/confirm')!.body.result as { memberid: string; redemptionid: string };
    const { fileid } = answers.get('/api/activity-file/upload')!.body.result as { fileid: string };
    const followUps: [string, unknown][] = [
      ['/api/member-redemption/cards', { memberid: redemption.memberid, redemptionid: redemption.redemptionid }],
      ['/api/otp/seconds-time-limit', { otpid: answers.get('/api/otp/request')!.body.result.otpid }],
      ['/api/activity-file/process-all', { fileid }],
      ['/api/activity-file/result', { fileid }],
      ['/api/member-redemption/cancel', { memberid: redemption.memberid, redemptionid: redemption.redemptionid }],
      ['/api/member-activity/rating', { memberid: budiId, activityid: answers.get('/api/accrual/member-activities')!.body.result.activities[0].activityid }],
      ['/api/transfer-mileage/transfer', { transfer: { fromcardnumber: budi, tocardnumber: other, awardmiles: 1000 } }],
    ];
    for (const [path, data] of followUps) {
      const answer = await server.call(path, data, { token: admin });
      expect(answer.body.status.responsecode, `${path}: ${answer.text.slice(0, 300)}`).toBe(CODES.SUCCESS);
      check(path, answer);
    }
    // A partner's user marks a voucher of the demo redemptions used.
    const voucher = (await definitionDb(db).selectFrom('redemption_certificate').select('vouchercode').where('partnercode', '=', 'HILTON').where('status', '=', 'ISSUED').limit(1).executeTakeFirstOrThrow()) as { vouchercode: string };
    const hotel = (await server.login('hotel')).body.result.bearer;
    const used = await server.call('/api/voucher-verification/use', { voucher: { vouchercode: voucher.vouchercode } }, { token: hotel });
    expect(used.body.status.responsecode, used.text.slice(0, 300)).toBe(CODES.SUCCESS);
    check('/api/voucher-verification/use', used);
    expect(problems).toEqual([]);
    // An answer the document does not describe is caught.
    const made = (body: unknown, http = 200) => ({ http, body, text: JSON.stringify(body), headers: new Headers() }) as Call;
    expect(misfit('/api/accrual/air', made({ status: { responsecode: '0000', responsemessage: 'Success' }, result: { status: 'LOST' } }))).toBeDefined();
    expect(misfit('/api/member/list', made({ status: { responsecode: '0000', responsemessage: 'Success' }, result: [{ memberid: 7 }] }))).toBeDefined();
    expect(misfit('/api/member/list', made({ status: { responsecode: '1001', responsemessage: 'Invalid' } }, 418))).toBeDefined();
    expect(misfit('/api/city/upload', made({ status: { responsecode: '0000', responsemessage: 'Success' }, result: { filename: 'cities.csv' } }))).toBeDefined();
    expect(misfit('/api/member-tier/qualification', made({ status: { responsecode: '0000', responsemessage: 'Success' }, result: { memberid: 7 } }))).toBeDefined();
    expect(misfit('/api/redemption/quote', made({ status: { responsecode: '0000', responsemessage: 'Success' }, result: { totalmileage: 'many' } }))).toBeDefined();
  });

  it(`never answers a 5xx to ${RUNS} requests drawn from the document, nor a 1001 to those it calls valid (seed ${SEED})`, { timeout: 120_000 }, async () => {
    const operations = Object.entries(document.paths).filter(([path, item]) => item.post && !NOT_GENERATED.has(path));
    const requests = fc.sample(
      fc.constantFrom(...operations).chain(([path]) => {
        const schema = pointer('paths', path, 'post', 'requestBody', 'content', 'application/json', 'schema');
        const body = document.paths[path]!.post!.requestBody as { content: Record<string, { schema: Record<string, unknown> }> };
        // As sent: JSON (fast-check's records may have no prototype).
        return arbitraryOf(document, body.content['application/json']!.schema).map((drawn) => ({ path, schema, envelope: JSON.parse(JSON.stringify(drawn)) as unknown }));
      }),
      { numRuns: RUNS, seed: SEED },
    );
    const faults: string[] = [];
    for (const { path, schema, envelope } of requests) {
      const valid = (ajv.getSchema(schema) ?? ajv.compile({ $ref: schema }))(envelope);
      const call = await server.raw(path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify(envelope) });
      const shown = `${path} ${JSON.stringify(envelope).slice(0, 400)} -> ${call.http} ${call.text.slice(0, 200)}`;
      if (call.http >= 500) faults.push(`5xx: ${shown}`);
      else if (!valid) faults.push(`drawn but not valid by the document: ${shown}`);
      else if (call.body.status.responsecode === CODES.BAD_REQUEST) faults.push(`1001 to a valid request: ${shown}`);
      if (call.body.identity?.signature) admin = call.body.identity.signature;
      if (call.body.status.responsecode === CODES.UNAUTHENTICATED) admin = (await server.login('admin')).body.result.bearer;
    }
    expect(faults, `OPENAPI_SEED=${SEED}`).toEqual([]);
  });
});
