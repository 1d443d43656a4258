// Every way an answer leaves the server carries the security headers: the pages' set on the app's files, its
// index for any client route and the GET routes; the API's (OWASP REST) set on every /api answer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness';

const PAGE = { 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff' };
const API = { 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };

describe('security headers', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'alms-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>ALMS</title>');
    writeFileSync(join(dir, 'app.js'), 'console.log(1)');
    server = await startTestServer(testDatabases[0]!, { STATIC_DIR: dir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/', 200, PAGE],
    ['/member/form/MBR0000001/personal-information', 200, PAGE],
    ['/app.js', 200, PAGE],
    ['/missing.js', 404, PAGE],
    ['/meta.json', 200, PAGE],
    ['/env.json', 200, PAGE],
  ])('GET %s answers %i with the pages\' set', async (path, http, headers) => {
    const answer = await server.raw(path, { method: 'GET' });
    expect(answer.http).toBe(http);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    for (const [name, value] of Object.entries(headers)) expect(answer.headers.get(name), name).toBe(value);
  });

  it.each([
    ['/api/session/captcha', 200],
    ['/api/region/list', 401],
    ['/api/no/such/service', 404],
  ])('POST %s answers %i with the API set', async (path, http) => {
    const answer = await server.call(path);
    expect(answer.http).toBe(http);
    for (const [name, value] of Object.entries(API)) expect(answer.headers.get(name), name).toBe(value);
  });

  it('a body that is not JSON (refused before any route) gets the API set too', async () => {
    const answer = await server.raw('/api/session/captcha', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(answer.http).toBe(415);
    for (const [name, value] of Object.entries(API)) expect(answer.headers.get(name), name).toBe(value);
  });
});
