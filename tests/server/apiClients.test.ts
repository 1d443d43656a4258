// API clients on both databases: an administrator creates a client and its secret through the API; the secret buys a
// bearer token without a captcha, and the client posts, looks members up, reads balances and redeems through the
// same actions as staff, with the same answers and the same ledger; bulk posting takes 1,000 activities in one call
// with a result per row and refuses more; every call of a client is in the user log under its id. Refused: a revoked
// secret (and its tokens), wrong secrets (which lock the client), an expired client, an address outside the allow-list,
// calls past the rate limit (4290), and a function the client's role does not grant (4030).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { checkLedger } from '../../server/ledger/ledgerStore';
import { BULK_MAX_ROWS } from '../../server/catalog/accrual/bulkPosting';
import { CLIENT_TOKEN_PATH } from '../../server/platform/session/clientTokenActions';
import { API_CLIENT_LEGENDS, API_CLIENT_MODULE } from '../../server/platform/session/clientTokens';
import { API_CLIENT_TEXTS } from '../../server/userManagement/apiClients/apiClientActions';
import { flushClientCalls } from '../../server/platform/session/clientCalls';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;

// Demo member (server/demoPopulation/memberData.ts): Budi Santoso, GOLD.
const BUDI = { memberid: 'MBR0000001', cardnumber: '5100000016' };
const SELF = { name: 'Budi', familyname: 'Santoso', memberiduser: BUDI.cardnumber, birthdate: '1979-05-20', selfusage: true };
const TODAY = ON_DEMO_DAY.now.toISOString().slice(0, 10);

describe.each(testDatabases)('API clients on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let seq = 0;
  const any = () => definitionDb(server.database.db);
  const call = (path: string, data: unknown, token?: string) => server.call(path, data, token ? { token } : {});
  const asAdmin = (path: string, data: unknown) => call(path, data, admin);
  const balance = async (memberid: string) => Number(((await any().selectFrom('member').select('awardmiles').where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Row).awardmiles);

  async function member(): Promise<{ memberid: string; card: string }> {
    seq += 1;
    const memberid = `C${target.name.slice(0, 1)}${String(seq).padStart(6, '0')}`;
    const card = `78${target.name === 'sqlite' ? 1 : 2}${String(seq).padStart(7, '0')}`;
    const at = new Date().toISOString();
    await any()
      .insertInto('member')
      .values({ memberid, firstname: 'Client', lastname: `Member${seq}`, gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at, tierid: 'GOLD', membershipid: 'FFP', enrollmentdate: '2020-01-01', cardnumber: card })
      .execute();
    await any().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid: 'GOLD', status: 'ACTIVE', issuedate: '2020-01-01' }).execute();
    return { memberid, card };
  }

  /** GOLD on CGK-SIN in Y: 685 award and 548 tier miles (tests/server/accrual.test.ts). */
  const flight = (card: string, flightnumber = '832', activitydate = '2026-03-10') => ({ cardnumber: card, activitydate, carrier: 'GA', flightnumber, origin: 'CGK', destination: 'SIN', bookingclass: 'Y', ticketnumber: '1262400000001', ticketissuedate: '2026-03-01' });

  const clientValues = (clientid: string, values: Row = {}) => ({ clientid, clientname: `${clientid} system`, rolecode: 'ADMIN', expirydate: '2027-12-31', ratelimit: 10_000, ipallowlist: '127.0.0.1\n::1', ...values });
  /** A client made through the API: its first secret comes with the create's answer. */
  async function client(clientid: string, values: Row = {}): Promise<string> {
    const made = await asAdmin('/api/apiclient/create', clientValues(clientid, values));
    expect(made.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: API_CLIENT_TEXTS.created });
    expect(made.body.result).toMatchObject({ clientid, secretid: expect.any(String), secret: expect.stringMatching(/^alcs_/) });
    return made.body.result.secret as string;
  }
  async function newSecret(clientid: string): Promise<string> {
    const answer = await asAdmin('/api/apiclient/new-secret', { clientid });
    expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
    return answer.body.result.secret as string;
  }
  const tokenFor = (clientid: string, secret: string) => call(CLIENT_TOKEN_PATH, { clientid, secret });
  async function bearer(clientid: string, secret: string): Promise<string> {
    const answer = await tokenFor(clientid, secret);
    expect(answer.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: MESSAGES.SUCCESS });
    return answer.body.result.bearer as string;
  }

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' }, [], undefined, ON_DEMO_DAY);
    admin = (await server.login('admin')).body.result.bearer;
  }, 180_000);
  afterAll(async () => server?.close());

  it('the seed grants the administrator the API Client functions', async () => {
    const grants = await any().selectFrom('role_permission').select(['functioncode', 'granted']).where('rolecode', '=', 'ADMIN').where('functioncode', 'in', ['APICLIENT_ACCESS', 'APICLIENT_UPDATE']).orderBy('functioncode').execute();
    expect(grants.map((g: Row) => [g.functioncode, Number(g.granted)])).toEqual([['APICLIENT_ACCESS', 1], ['APICLIENT_UPDATE', 1]]);
  });

  it('keeps only the hash of a secret, shown once; a secret buys a short-lived token without a captcha', async () => {
    const secret = await client('crm');
    const stored = (await any().selectFrom('api_client_secret').selectAll().where('clientid', '=', 'crm').execute()) as Row[];
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(secret.slice('alcs_'.length + 13));
    // Shown once: neither the detail nor the user log holds it.
    const detail = await asAdmin('/api/apiclient/detail', { clientid: 'crm' });
    expect(detail.body.result.clientid).toBe('crm');
    expect(JSON.stringify(detail.body.result)).not.toContain(secret);
    const logged = (await any().selectFrom('user_log').select(['legend', 'aftervalue']).where('recordkey', '=', 'crm').execute()) as Row[];
    expect(logged.map((l) => l.legend).sort()).toEqual(['CREATE', API_CLIENT_LEGENDS.SECRET_ISSUED].sort());
    expect(JSON.stringify(logged)).not.toContain(secret);
    const listed = await asAdmin('/api/apiclient/secrets', { clientid: 'crm' });
    expect(JSON.stringify(listed.body.result)).not.toContain('secrethash');
    const answer = await tokenFor('crm', secret);
    expect(answer.body.result).toMatchObject({ tokentype: 'Bearer', client: { clientid: 'crm', clientname: 'crm system' } });
    expect(new Date(answer.body.result.expiresat).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 60_000 + Math.abs(ON_DEMO_DAY.now.getTime() - Date.now()));
  });

  it('posts, looks up by card, reads the balance and redeems as staff do: the same answers, the same ledger', async () => {
    const token = await bearer('crm', await newSecret('crm'));
    const { memberid, card } = await member();
    const byClient = await call('/api/accrual/air', flight(card, '101'), token);
    const byStaff = await asAdmin('/api/accrual/air', flight(card, '102'));
    for (const answer of [byClient, byStaff]) expect(answer.body.result).toMatchObject({ status: 'CREDITED', memberid, awardmiles: 685, tiermiles: 548 });
    expect(byClient.body.status.responsemessage).toBe(byStaff.body.status.responsemessage);
    // The activity says who entered it: the client, by its id.
    const row = (await any().selectFrom('member_activity').select(['createdby', 'channel']).where('activityid', '=', byClient.body.result.activityid).executeTakeFirstOrThrow()) as Row;
    expect(row).toEqual({ createdby: 'crm', channel: 'API' });
    // The same validation: a date after today answers the same field message.
    const [late, lateStaff] = await Promise.all([call('/api/accrual/air', flight(card, '103', '2099-01-01'), token), asAdmin('/api/accrual/air', flight(card, '103', '2099-01-01'))]);
    expect(late.body).toEqual(lateStaff.body);
    expect(late.body.status.responsecode).toBe(CODES.VALIDATION);
    // Member look-up by card, with the balance.
    const [lookup, lookupStaff] = await Promise.all([call('/api/redemption/member', { cardnumber: card }, token), asAdmin('/api/redemption/member', { cardnumber: card })]);
    expect(lookup.body).toEqual(lookupStaff.body);
    expect(lookup.body.result).toMatchObject({ memberid, awardmiles: 1370 });
    // And the Member screen's search by card.
    const byCard = { paging: { limit: 10, page: 1 }, parameter: { criteria: { cardnumber: card } } };
    const [listed, listedStaff] = await Promise.all([server.call('/api/member/list', undefined, { token, ...byCard }), server.call('/api/member/list', undefined, { token: admin, ...byCard })]);
    expect(listed.body).toEqual(listedStaff.body);
    expect((listed.body.result as Row[]).map((m) => m.memberid)).toEqual([memberid]);
    // A redemption debits the member's miles as a staff one does.
    const before = await balance(BUDI.memberid);
    const redeemed = await call('/api/redemption/confirm', { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: { origin: 'CGK', destination: 'DPS', departuredate: '2027-02-10', isreturn: false, compartmentcode: 'Y', passenger: 1 }, step4: [SELF] }, token);
    expect(redeemed.body.status.responsecode).toBe(CODES.SUCCESS);
    expect(redeemed.body.result).toMatchObject({ status: 'ISSUED', totalmileage: 7500 });
    expect(await balance(BUDI.memberid)).toBe(before - 7500);
    expect(await checkLedger(server.database.db)).toEqual([]);
  });

  it(`posts ${BULK_MAX_ROWS.toLocaleString('en-US')} activities in one call with a result per row, then reads the balance; more are refused`, async () => {
    const token = await bearer('crm', await newSecret('crm'));
    const { memberid, card } = await member();
    const rows: Row[] = Array.from({ length: BULK_MAX_ROWS - 3 }, (_, i) => ({ activitytype: 'AIR', ...flight(card, String(1000 + i)) }));
    rows.push({ activitytype: 'AIR', ...flight(card, '1000') }); // the first row's segment again: rejected
    rows.push({ activitytype: 'AIR', ...flight(card, '2001', '2099-01-01') }); // after today: refused by its check
    rows.push({ activitytype: 'AIR', ...flight('000000000', '2002') }); // no member holds the card: parked
    const answer = await call('/api/accrual/bulk', { activities: rows }, token);
    expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
    expect(answer.body.result).toMatchObject({ total: 1000, credited: 997, rejected: 2, parked: 1 });
    const results = answer.body.result.rows as Row[];
    expect(results).toHaveLength(1000);
    expect(results[0]).toMatchObject({ row: 1, status: 'CREDITED', code: CODES.SUCCESS, memberid, awardmiles: 685 });
    expect(results[997]).toMatchObject({ row: 998, status: 'REJECTED', awardmiles: 0 });
    expect(results[998]).toMatchObject({ row: 999, status: 'REJECTED', code: CODES.VALIDATION });
    expect(Object.keys(results[998]!.fields)).toEqual(['activitydate']);
    expect(results[999]).toMatchObject({ row: 1000, status: 'PARKED', code: 'NO_MEMBER' });
    // The balance, read by the client as staff read it.
    const lookup = await call('/api/redemption/member', { cardnumber: card }, token);
    expect(lookup.body.result.awardmiles).toBe(997 * 685);
    expect(await balance(memberid)).toBe(997 * 685);
    expect(await checkLedger(server.database.db)).toEqual([]);

    const activitiesBefore = Number(((await any().selectFrom('member_activity').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
    const tooMany = await call('/api/accrual/bulk', { activities: [...rows, rows[0]] }, token);
    expect(tooMany.http).toBe(400);
    expect(tooMany.body.status).toEqual({ responsecode: CODES.BAD_REQUEST, responsemessage: 'Invalid request: body.parameter.data.activities must NOT have more than 1000 items' });
    const after = Number(((await any().selectFrom('member_activity').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
    expect(after).toBe(activitiesBefore);
  });

  it('rotates: the old secret works during the overlap; revoked, it and its tokens answer 9015', async () => {
    const old = await client('rotating');
    const oldToken = await bearer('rotating', old);
    const fresh = await newSecret('rotating');
    // The overlap: the old secret still buys tokens.
    await bearer('rotating', old);
    const revoked = await asAdmin('/api/apiclient/revoke-old-secrets', { clientid: 'rotating' });
    expect(revoked.body.status.responsemessage).toBe('1 secret(s) revoked');
    expect((await tokenFor('rotating', old)).body.status).toEqual({ responsecode: CODES.SECRET_REVOKED, responsemessage: MESSAGES.SECRET_REVOKED });
    const refused = await call('/api/redemption/member', { cardnumber: BUDI.cardnumber }, oldToken);
    expect([refused.http, refused.body.status.responsecode]).toEqual([401, CODES.SECRET_REVOKED]);
    // The new secret works; revoking it by id leaves the client none.
    const token = await bearer('rotating', fresh);
    expect((await call('/api/redemption/member', { cardnumber: BUDI.cardnumber }, token)).body.status.responsecode).toBe(CODES.SUCCESS);
    const [live] = ((await asAdmin('/api/apiclient/secrets', { clientid: 'rotating' })).body.result as Row[]).filter((s) => !s.revokedat);
    expect((await asAdmin('/api/apiclient/revoke-secret', { clientid: 'rotating', secretid: live!.secretid })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await tokenFor('rotating', fresh)).body.status.responsecode).toBe(CODES.SECRET_REVOKED);
    expect((await asAdmin('/api/apiclient/revoke-secret', { clientid: 'rotating', secretid: live!.secretid })).body.status.responsecode).toBe(CODES.NOT_FOUND);
  });

  it('refuses an expired client and an address outside the allow-list, at the token and on every call', async () => {
    const secret = await client('expiring');
    const token = await bearer('expiring', secret);
    const yesterday = new Date(ON_DEMO_DAY.now.getTime() - 86_400_000).toISOString().slice(0, 10);
    // The allow-list is checked: a bad entry is refused with its field.
    const bad = await asAdmin('/api/apiclient/update', { ...clientValues('expiring'), ipallowlist: '10.0.0.0/40' });
    expect(bad.body.result.fields).toEqual({ ipallowlist: '"10.0.0.0/40" has a prefix length beyond 32' });

    expect((await asAdmin('/api/apiclient/update', { ...clientValues('expiring'), ipallowlist: '10.0.0.0/8, 192.168.1.7' })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await tokenFor('expiring', secret)).body.status).toEqual({ responsecode: CODES.ADDRESS_NOT_ALLOWED, responsemessage: MESSAGES.ADDRESS_NOT_ALLOWED });
    const outside = await call('/api/redemption/member', { cardnumber: BUDI.cardnumber }, token);
    expect([outside.http, outside.body.status.responsecode]).toEqual([403, CODES.ADDRESS_NOT_ALLOWED]);

    expect((await asAdmin('/api/apiclient/update', { ...clientValues('expiring'), ipallowlist: '', expirydate: yesterday })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await tokenFor('expiring', secret)).body.status).toEqual({ responsecode: CODES.CLIENT_EXPIRED, responsemessage: MESSAGES.CLIENT_EXPIRED });
    const expired = await call('/api/redemption/member', { cardnumber: BUDI.cardnumber }, token);
    expect([expired.http, expired.body.status.responsecode]).toEqual([401, CODES.CLIENT_EXPIRED]);

    expect((await asAdmin('/api/apiclient/update', { ...clientValues('expiring'), expirydate: TODAY })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await call('/api/redemption/member', { cardnumber: BUDI.cardnumber }, token)).body.status.responsecode).toBe(CODES.SUCCESS);
    // A deactivated client is refused as an inactive account.
    expect((await asAdmin('/api/apiclient/deactivate', { clientid: 'expiring' })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await tokenFor('expiring', secret)).body.status.responsecode).toBe(CODES.ACCOUNT_INACTIVE);
  });

  it('answers 4030 to a client whose role does not grant the function, 4290 past its rate limit', async () => {
    const partner = await bearer('partnerapp', await client('partnerapp', { rolecode: 'PARTNER', partnercode: 'BNI' }));
    const { card } = await member();
    const refused = await call('/api/accrual/air', flight(card, '300'), partner);
    expect([refused.http, refused.body.status]).toEqual([403, { responsecode: CODES.FORBIDDEN, responsemessage: MESSAGES.FORBIDDEN }]);

    const limited = await bearer('limited', await client('limited', { ratelimit: 3 }));
    const codes: string[] = [];
    // Three calls a minute: within seven calls (a minute may turn once) the fourth of a minute is refused.
    for (let i = 0; i < 7 && !codes.includes(CODES.TOO_MANY_REQUESTS); i++) codes.push((await call('/api/redemption/member', { cardnumber: BUDI.cardnumber }, limited)).body.status.responsecode);
    expect(codes.slice(0, 3)).toEqual([CODES.SUCCESS, CODES.SUCCESS, CODES.SUCCESS]);
    expect(codes).toContain(CODES.TOO_MANY_REQUESTS);
  });

  it("keeps every call of a client in the user log under the client's id", async () => {
    await flushClientCalls(server.database.db);
    const logged = (await any().selectFrom('user_log').select(['username', 'module', 'legend', 'recordkey', 'aftervalue']).where('username', '=', 'crm').orderBy('logid').execute()) as Row[];
    const calls = logged.filter((r) => r.legend === API_CLIENT_LEGENDS.CALL);
    expect(new Set(calls.map((r) => r.recordkey))).toEqual(new Set(['/api/accrual/air', '/api/redemption/member', '/api/member/list', '/api/redemption/confirm', '/api/accrual/bulk']));
    expect(calls.every((r) => r.module === API_CLIENT_MODULE)).toBe(true);
    expect(calls.filter((r) => r.recordkey === '/api/accrual/bulk').map((r) => JSON.parse(r.aftervalue).code)).toEqual([CODES.SUCCESS, CODES.BAD_REQUEST]);
    expect(logged.filter((r) => r.legend === 'LOGIN')).toHaveLength(3);
    // Refused calls are logged too, with their code.
    const refused = (await any().selectFrom('user_log').select(['aftervalue']).where('username', '=', 'partnerapp').where('legend', '=', API_CLIENT_LEGENDS.CALL).execute()) as Row[];
    expect(refused.map((r) => JSON.parse(r.aftervalue).code)).toEqual([CODES.FORBIDDEN]);
    // The User Log screen lists them.
    const list = await server.call('/api/user-log/list', undefined, { token: admin, paging: { limit: 5, page: 1 }, parameter: { criteria: { username: 'crm', legend: API_CLIENT_LEGENDS.CALL } } });
    expect(list.body.paging?.totalrecord).toBe(calls.length);
  });

  it('locks a client after wrong secrets as wrong passwords lock an account', async () => {
    const secret = await client('locking');
    const wrong = secret.slice(0, -4) + (secret.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (let i = 0; i < 5; i++) expect((await tokenFor('locking', wrong)).body.status).toEqual({ responsecode: CODES.INVALID_LOGIN, responsemessage: MESSAGES.INVALID_CLIENT });
    // Locked: the right secret answers as a wrong one.
    expect((await tokenFor('locking', secret)).body.status.responsecode).toBe(CODES.INVALID_LOGIN);
    const legends = ((await any().selectFrom('user_log').select('legend').where('username', '=', 'locking').where('module', '=', API_CLIENT_MODULE).orderBy('logid').execute()) as Row[]).map((r) => r.legend);
    expect(legends).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'LOCKED', 'LOGIN_FAILED']);
    // An unknown client and a malformed secret count the same way, answering the same.
    expect((await tokenFor('nosuchclient', secret)).body.status.responsecode).toBe(CODES.INVALID_LOGIN);
    expect((await tokenFor('crm', 'not-a-secret')).body.status.responsecode).toBe(CODES.INVALID_LOGIN);
  });

  it('refuses a client id a staff user has; a client token is no staff session, and ends as one does', async () => {
    const taken = await asAdmin('/api/apiclient/create', { clientid: 'admin', clientname: 'Clash', rolecode: 'ADMIN', expirydate: '2027-12-31', ratelimit: 10 });
    expect(taken.body.status.responsecode).toBe(CODES.DUPLICATE);
    expect((await call('/api/redemption/member', { cardnumber: BUDI.cardnumber }, 'alc.not-a-token')).http).toBe(401);
    // A client ends its token as staff end a session.
    const token = await bearer('crm', await newSecret('crm'));
    expect((await call('/api/session/check', undefined, token)).body.result).toMatchObject({ username: 'crm' });
    expect((await call('/api/session/expire', undefined, token)).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await call('/api/session/check', undefined, token)).http).toBe(401);
  });
});
