// What the server sends compressed: a JSON answer above COMPRESS_MIN_BYTES in brotli or gzip as the client accepts
// (and as it is when the client accepts neither, or when it is small); a static file's build-time .br/.gz copy
// with a year's caching for the build's hashed files and no-cache for the rest.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, chosenEncoding } from '../../server/platform/core/compression';
import { APP_ID } from '../../engine/api/envelope';
import { startTestServer, testDatabases, type TestServer } from './harness';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request without fetch's own decompression: the bytes as sent. */
function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('the encoding chosen from Accept-Encoding', () => {
  it('takes brotli first, then gzip, and none refused with q=0', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('gzip, deflate')).toBe('gzip');
    expect(chosenEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chosenEncoding('identity')).toBeUndefined();
    expect(chosenEncoding(undefined)).toBeUndefined();
  });
});

describe.each(testDatabases.slice(0, 1))('compressed answers ($name)', (target) => {
  let server: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'alms-static-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>ALMS</title>');
    writeFileSync(join(dir, 'assets', 'main-AbC123.js'), script);
    writeFileSync(join(dir, 'assets', 'main-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'main-AbC123.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer(target, { STATIC_DIR: dir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let bearer: string;
  /** The country selector's options (about 250 rows): well above COMPRESS_MIN_BYTES. */
  const post = async (encoding?: string) => {
    bearer ??= (await server.login('admin')).body.result.bearer;
    const envelope = { identity: { reqtxnid: 't-1', reqdate: new Date().toISOString(), appid: APP_ID, userid: '', signature: bearer, seqno: 1 }, parameter: { data: { selector: 'country' } } };
    return raw(`${server.url}/api/selector/options`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      body: JSON.stringify(envelope),
    });
  };

  it('sends a large JSON answer in brotli or gzip as accepted, the same JSON once decoded', async () => {
    const plain = await post();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.status.responsecode, JSON.stringify(json)).toBe('0000');
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const br = await post('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

    const gz = await post('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(json);
  });

  it('sends a small answer as it is', async () => {
    const answer = await raw(`${server.url}/meta.json`, { headers: { 'accept-encoding': 'br' } });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString('utf8'))).toHaveProperty('version');
  });

  it('serves a hashed file precompressed with a year of caching; other files are checked again each time', async () => {
    const br = await raw(`${server.url}/assets/main-AbC123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(script);

    const gz = await raw(`${server.url}/assets/main-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(script);

    const plain = await raw(`${server.url}/assets/main-AbC123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);

    const logo = await raw(`${server.url}/logo.svg`, { headers: { 'accept-encoding': 'br' } });
    expect(logo.status).toBe(200);
    expect(logo.headers['cache-control']).toBe('no-cache');
  });
});
