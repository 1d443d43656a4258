// The envelope protocol on both databases: every bad request gets an envelope error and changes nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FLOW_PATHS } from '../../domain/memberFlows';
import { defineAction } from '../../server/platform/core/action';
import { startTestServer, testDatabases, type TestServer } from './harness';

const fault = defineAction({
  path: '/api/test/fault',
  guard: 'public',
  handler: async ({ db }) => {
    // A real database fault: the SQL text must not reach the client.
    await db.selectFrom('no_such_table' as never).selectAll().execute();
    return {};
  },
});

const LEAKS = /stack|at \w+ \(|select |insert |no_such_table|<html|node_modules/i;

async function snapshot(server: TestServer) {
  const db = server.database.db;
  const count = async (table: 'session' | 'user_log' | 'app_user' | 'role_permission' | 'captcha_used') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const users = await db.selectFrom('app_user').select(['username', 'passwordhash', 'failedcount', 'lockeduntil']).orderBy('username').execute();
  return {
    sessions: await count('session'),
    logs: await count('user_log'),
    grants: await count('role_permission'),
    captchas: await count('captcha_used'),
    users,
  };
}

const post = (server: TestServer, path: string, body: string, contentType = 'application/json') =>
  server.raw(path, { method: 'POST', headers: { 'content-type': contentType }, body });

describe.each(testDatabases)('envelope on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, { BODY_LIMIT_BYTES: '4096' }, [fault]);
  });
  afterAll(async () => server?.close());

  const expectEnvelopeError = (call: { http: number; body: { status: { responsecode: string; responsemessage: string } }; text: string; headers: Headers }, http: number) => {
    expect(call.http).toBe(http);
    expect(call.headers.get('content-type')).toContain('application/json');
    expect(call.body.status.responsecode).toMatch(/^[1-9]/);
    expect(call.body.status.responsemessage.length).toBeGreaterThan(0);
    expect(call.text).not.toMatch(LEAKS);
  };

  it('answers malformed JSON with an envelope', async () => {
    const call = await post(server, '/api/session/authenticate', '{"identity": ');
    expectEnvelopeError(call, 400);
    expect(call.body.status).toEqual({ responsecode: '1001', responsemessage: 'Request body is not valid JSON' });
    expectEnvelopeError(await post(server, '/api/session/authenticate', ''), 400);
  });

  it('answers a missing or wrong-typed identity, parameter or paging block with an envelope naming it', async () => {
    const identity = { reqtxnid: '1', reqdate: '2026-11-22', appid: 'alms-1', userid: '', signature: '', seqno: 1 };
    const noIdentity = await post(server, '/api/session/captcha', JSON.stringify({ parameter: {} }));
    expectEnvelopeError(noIdentity, 400);
    expect(noIdentity.body.status.responsemessage).toBe("Invalid request: body must have required property 'identity'");
    const stringIdentity = await post(server, '/api/session/captcha', JSON.stringify({ identity: 'x', parameter: {} }));
    expect(stringIdentity.body.status.responsemessage).toBe('Invalid request: body.identity must be object');
    const numberAppid = await post(server, '/api/session/captcha', JSON.stringify({ identity: { ...identity, appid: 7 }, parameter: {} }));
    expect(numberAppid.body.status.responsemessage).toBe('Invalid request: body.identity.appid must be string');
    expectEnvelopeError(await post(server, '/api/session/captcha', JSON.stringify({ identity })), 400);
    const badPaging = await post(server, '/api/session/captcha', JSON.stringify({ identity, paging: { limit: '10', page: 1 }, parameter: {} }));
    expect(badPaging.body.status.responsemessage).toBe('Invalid request: body.paging.limit must be integer');
    const badSort = await post(server, '/api/session/captcha', JSON.stringify({ identity, parameter: { sort: { name: 'sideways' } } }));
    expectEnvelopeError(badSort, 400);
    const noData = await post(server, '/api/session/authenticate', JSON.stringify({ identity, parameter: {} }));
    expect(noData.body.status.responsemessage).toBe("Invalid request: body.parameter must have required property 'data'");
  });

  it('answers an unknown path, a wrong method, an oversize body and a non-JSON body with envelopes', async () => {
    expectEnvelopeError(await server.call('/api/nothing/here'), 404);
    expect((await server.call('/api/nothing/here')).body.status.responsemessage).toBe('Unknown service');
    expectEnvelopeError(await server.raw('/api/session/captcha', { method: 'GET' }), 404);
    const big = await post(server, '/api/session/captcha', JSON.stringify({ padding: 'x'.repeat(5000) }));
    expectEnvelopeError(big, 413);
    expect(big.body.status.responsemessage).toBe('Request body is too large');
    expectEnvelopeError(await post(server, '/api/session/captcha', 'hello', 'text/plain'), 415);
  });

  it('answers an internal fault with a plain message, never SQL or a stack', async () => {
    const call = await server.call('/api/test/fault');
    expectEnvelopeError(call, 500);
    expect(call.body.status).toEqual({ responsecode: '9000', responsemessage: 'Something went wrong, Please try again' });
    expect(server.logs.join('')).toContain('no_such_table');
  });

  it('sends security headers and serves meta.json with the client version', async () => {
    const meta = await server.raw('/meta.json?t=1', { method: 'GET' });
    expect(meta.http).toBe(200);
    expect(JSON.parse(meta.text)).toEqual({ version: 'v1.2.2' });
    expect(meta.headers.get('cache-control')).toBe('no-store');
    expect(meta.headers.get('x-content-type-options')).toBe('nosniff');
    expect(meta.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(meta.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(meta.headers.get('strict-transport-security')).toContain('max-age=');
    const env = await server.raw('/env.json', { method: 'GET' });
    expect(JSON.parse(env.text)).toMatchObject({ idleSeconds: 900 });
  });

  it('marks every /api answer no-store (tokens and personal data), errors included', async () => {
    const answers = [
      await server.call('/api/session/captcha'),
      await server.call('/api/region/list'),
      await server.call('/api/nothing/here'),
      await post(server, '/api/session/authenticate', '{"identity": '),
    ];
    expect(answers.map((a) => a.http)).toEqual([200, 401, 404, 400]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    // The REST set of OWASP's cheat sheet: nothing loads, frames or sniffs an API answer; no page policy.
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security')).toContain('max-age=');
      expect(answer.headers.get('x-dns-prefetch-control')).toBeNull();
    }
  });

  // Every one of these reached PostgreSQL and answered 500 ('invalid byte sequence for encoding "UTF8": 0x00').
  it.each([
    ['/api/user/forgot-verify', { username: 'a\u0000' }, 'body.parameter.data.username must not contain a NUL character'],
    ['/api/session/authenticate', { username: 'admin\u0000', password: 'x', recaptcha: 'x' }, 'body.parameter.data.username must not contain a NUL character'],
    [MEMBER_FLOW_PATHS.memberResetRequest, { username: '\u0000' }, 'body.parameter.data.username must not contain a NUL character'],
    [MEMBER_FLOW_PATHS.otpSecondsTimeLimit, { otpid: 'x\u0000y' }, 'body.parameter.data.otpid must not contain a NUL character'],
    ['/api/region/create', { regioncode: 'EU', regionname: ['Europe', 'x\u0000'] }, 'body.parameter.data.regionname.1 must not contain a NUL character'],
    ['/api/region/create', { ['region\u0000code']: 'EU' }, 'body.parameter.data must not contain a NUL character in a name'],
  ])('refuses a NUL character anywhere in the body before any handler: %s', async (path, data, message) => {
    const before = await snapshot(server);
    const call = await server.call(path, data);
    expectEnvelopeError(call, 400);
    expect(call.body.status).toEqual({ responsecode: '1001', responsemessage: `Invalid request: ${message}` });
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses a NUL character in the identity too, and a body nested deeper than any envelope', async () => {
    const identity = { reqtxnid: '1\u0000', reqdate: '2026-11-22', appid: 'alms-1', userid: '', signature: '', seqno: 1 };
    const nul = await post(server, '/api/session/captcha', JSON.stringify({ identity, parameter: {} }));
    expect(nul.body.status.responsemessage).toBe('Invalid request: body.identity.reqtxnid must not contain a NUL character');
    const deep = await post(server, '/api/session/captcha', `{"identity":${JSON.stringify({ ...identity, reqtxnid: '1' })},"parameter":{"criteria":{"a":${'['.repeat(1000)}${']'.repeat(1000)}}}}`);
    expectEnvelopeError(deep, 400);
    expect(deep.body.status.responsemessage).toMatch(/^Invalid request: body\.parameter\.criteria\.a(\.0)+ is nested too deeply$/);
  });

  it.each([
    ['written out', '"__proto__":{"isAdmin":true}', 'body.parameter.data must not contain the name __proto__'],
    ['through an escape', '"\\u005f_proto__":{"isAdmin":true}', 'body.parameter.data must not contain the name __proto__'],
    ['under constructor', '"constructor":{"prototype":{"isAdmin":true}}', 'body.parameter.data.constructor must not contain the name prototype'],
  ])('refuses a name that reaches a prototype (%s), changing nothing', async (_how, member, message) => {
    const before = await snapshot(server);
    const identity = { reqtxnid: '1', reqdate: '2026-11-22', appid: 'alms-1', userid: '', signature: '', seqno: 1 };
    const call = await post(server, '/api/region/create', `{"identity":${JSON.stringify(identity)},"parameter":{"data":{"regioncode":"EU",${member}}}}`);
    expectEnvelopeError(call, 400);
    expect(call.body.status).toEqual({ responsecode: '1001', responsemessage: `Invalid request: ${message}` });
    expect(await snapshot(server)).toEqual(before);
  });

  it("compiles every action's body schema (validators compile on a route's first call: none may fail there)", () => {
    const distinct = server.compileValidators();
    expect(server.actions.length).toBeGreaterThan(500);
    // Routes of the same shape share one validator.
    expect(distinct).toBeGreaterThan(10);
    expect(distinct).toBeLessThan(server.actions.length);
  });

  it('refuses paging.limit 0 rather than reading it as every row', async () => {
    const call = await server.call('/api/session/captcha', undefined, { paging: { limit: 0, page: 1 } });
    expectEnvelopeError(call, 400);
    expect(call.body.status).toEqual({ responsecode: '1001', responsemessage: 'Invalid request: body.paging.limit must be -1 (every row) or from 1 to 1000' });
  });

  it('answers a captcha with an unknown algorithm as a failed captcha (9002)', async () => {
    const recaptcha = Buffer.from(JSON.stringify({ algorithm: 'SHA-999', challenge: 'c', number: 1, salt: 's', signature: 'x' })).toString('base64');
    const call = await server.call('/api/session/authenticate', { username: 'admin', password: 'a'.repeat(64), recaptcha });
    expect(call.http).toBe(200);
    expect(call.body.status.responsecode).toBe('9002');
  });

  it('answers an oversized header block with an envelope (Node refuses it before Fastify)', async () => {
    // A raw socket: the answer is read as sent, whatever a client library does with a closed connection.
    const { port } = new URL(server.url);
    const response = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST /api/session/captcha HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nContent-Length: 0\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = response.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(head).toMatch(/cache-control: no-store/i);
    expect(JSON.parse(body!)).toEqual({ status: { responsecode: '1013', responsemessage: 'Request headers are too large' } });
  });

  it('changes nothing for any malformed body (generated inputs)', async () => {
    const before = await snapshot(server);
    const paths = ['/api/session/authenticate', '/api/user/change-password', '/api/session/extend', '/api/session/captcha', '/api/role/get-menu'];
    const validIdentity = { reqtxnid: '1', reqdate: '2026-11-22', appid: 'alms-1', userid: '', signature: '', seqno: 1 };
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 3 }),
      fc.record({ identity: fc.anything({ maxDepth: 2 }), parameter: fc.anything({ maxDepth: 2 }) }).map((v) => JSON.stringify(v)),
      fc
        .record({ data: fc.dictionary(fc.constantFrom('username', 'password', 'recaptcha', 'minutes', 'plain', 'newpassword'), fc.anything({ maxDepth: 2 })) })
        .map((parameter) => JSON.stringify({ identity: validIdentity, parameter })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), body, async (path, text) => {
        const call = await post(server, path, text);
        expect(call.headers.get('content-type')).toContain('application/json');
        expect(call.text).not.toMatch(LEAKS);
        if (path !== '/api/session/captcha') expect(call.body.status.responsecode).not.toMatch(/^0/);
      }),
      { numRuns: 150 },
    );
    const after = await snapshot(server);
    expect({ ...after, captchas: 0 }).toEqual({ ...before, captchas: 0 });
  });
});

describe('single-page app', () => {
  let server: TestServer;
  beforeAll(async () => {
    mkdirSync('.tmp/spa', { recursive: true });
    writeFileSync('.tmp/spa/index.html', '<!doctype html><title>Login | Loyalty Management System</title>');
    server = await startTestServer(testDatabases[0]!, { STATIC_DIR: '.tmp/spa' });
  });
  afterAll(async () => server?.close());

  it('serves index.html for any page path (history fallback) and envelopes for /api', async () => {
    for (const path of ['/', '/member', '/activation/abc', '/promo-manage-catalog/form/P1/basic-info']) {
      const page = await server.raw(path, { method: 'GET' });
      expect(page.http).toBe(200);
      expect(page.text).toContain('Login | Loyalty Management System');
    }
    expect((await server.raw('/missing.js', { method: 'GET' })).http).toBe(404);
  });
});
