// The definitions as the browser reads them, on both databases: the index lists every served page by the content
// hash of its active version (its first 16 hex digits), under a version stamp (no-cache, with an ETag); a page answers
// its text at its hash, cached for good; an unknown hash is not found; a studio version activated changes the version
// and that page's hash at the next read, of this server and of a fresh start; the page security headers on all of them.
// A version stored at an older schemaVersion is served, checked and built in the newest format, and one imported so is
// stored in it.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFINITION_INDEX_PATH, definitionPagePath, pageHash, type DefinitionIndex } from '../../engine/definition/definitionIndex';
import { sha256Hex } from '../../server/platform/core/sha256';
import { readDefinitionFiles } from '../../server/platform/definitions';
import { createServer } from '../../server/platform/server';
import { activateVersion, catalogueFromVersions, servedDefinitions } from '../../server/platform/definitionVersions/definitionVersionStore';
import { validateDefinitions } from '../../scripts/validate-definitions';
import type { ScreenDefinition } from '../../engine/definition/screen';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { activateStudioVersion } from './studioVersion';

const COUNTRY = 'basic-configuration/country.json';
const NOT_PAGES = ['menu-tree.json', 'selectors.json'];

describe.each(testDatabases)('definition files on $name', (target) => {
  let server: TestServer;
  const db = () => server.database.db;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
  const index = async () => (await (await get(DEFINITION_INDEX_PATH)).json()) as DefinitionIndex;
  const active = () => db().selectFrom('definition_version').select(['definitionkey', 'content', 'contenthash']).where('status', '=', 'ACTIVE').execute();

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(() => server?.close());

  it('lists every page with the content hash of its active version, the menu tree and selectors as served', async () => {
    const response = await get(DEFINITION_INDEX_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = (await response.json()) as DefinitionIndex;
    expect(response.headers.get('etag')).toBe(`"${body.version}"`);
    const rows = await active();
    const pages = rows.filter((r) => !NOT_PAGES.includes(r.definitionkey));
    expect(Object.keys(body.pages).sort()).toEqual(pages.map((r) => r.definitionkey).sort());
    for (const row of pages) expect(body.pages[row.definitionkey], row.definitionkey).toBe(pageHash(row.contenthash));
    expect(body.tree).toEqual(JSON.parse(rows.find((r) => r.definitionkey === 'menu-tree.json')!.content));
    expect(body.selectors).toEqual(JSON.parse(rows.find((r) => r.definitionkey === 'selectors.json')!.content));
    // The file declaring each resource, as the build's map had it.
    expect(body.resources.country).toBe(COUNTRY);
    for (const [resource, key] of Object.entries(body.resources)) expect(JSON.parse(rows.find((r) => r.definitionkey === key)!.content).resource, resource).toBeDefined();
  });

  it('answers 304 to the ETag it gave, with the page security headers', async () => {
    const first = await get(DEFINITION_INDEX_PATH);
    const again = await get(DEFINITION_INDEX_PATH, { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    for (const response of [first, again]) {
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('sends the index compressed as the browser accepts it, the same JSON', async () => {
    const plain = await server.app.inject({ method: 'GET', url: DEFINITION_INDEX_PATH });
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const response = await server.app.inject({ method: 'GET', url: DEFINITION_INDEX_PATH, headers: { 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it("answers a page's JSON at its hash, verbatim, cached for good", async () => {
    const hash = (await index()).pages[COUNTRY]!;
    const response = await get(definitionPagePath(hash));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await response.text();
    expect(text).toBe(readDefinitionFiles().find((d) => d.key === COUNTRY)!.text);
    expect(pageHash(sha256Hex(text))).toBe(hash);
  });

  it('answers 404 for an unknown hash or a name that is no hash', async () => {
    for (const path of [definitionPagePath('0'.repeat(16)), definitionPagePath(sha256Hex('x')), definitionPagePath('country'), '/definitions/page/..%2Fmenu-tree.json', `/definitions/page/${pageHash(sha256Hex('x'))}.js`]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('are in the API reference, public', () => {
    const paths = server.app.servedRoutes.filter((r) => r.url.startsWith('/definitions/'));
    expect(paths.map((r) => [r.method, r.url, r.reference?.guard])).toEqual(expect.arrayContaining([['GET', DEFINITION_INDEX_PATH, 'public'], ['GET', '/definitions/page/:file', 'public']]));
  });

  it("serves a studio version at the next read: a new version, the page's new hash, the old page still at its own", async () => {
    const before = await index();
    const file = readDefinitionFiles().find((d) => d.key === COUNTRY)!.text;
    const content = file.replace(/"title": "[^"]*"/, '"title": "Countries of the programme"');
    await activateStudioVersion(db(), COUNTRY, content, file);

    const after = await index();
    expect(after.version).not.toBe(before.version);
    expect(after.pages[COUNTRY]).toBe(pageHash(sha256Hex(content)));
    expect({ ...after.pages, [COUNTRY]: undefined }).toEqual({ ...before.pages, [COUNTRY]: undefined });
    expect((await get(DEFINITION_INDEX_PATH, { 'if-none-match': `"${before.version}"` })).status).toBe(200);
    expect(await (await get(definitionPagePath(after.pages[COUNTRY]!))).text()).toBe(content);
    // A tab that read the index before the change still finds the page it names.
    expect(await (await get(definitionPagePath(before.pages[COUNTRY]!))).text()).toBe(file);

    // A fresh start on the database serves the same.
    const fresh = await createServer({ config: server.config, database: server.database });
    try {
      const response = await fresh.app.inject({ method: 'GET', url: DEFINITION_INDEX_PATH });
      expect((JSON.parse(response.body) as DefinitionIndex).version).toBe(after.version);
      expect(response.headers.etag).toBe(`"${after.version}"`);
    } finally {
      await fresh.app.close();
    }
  });

  it('serves, checks and builds a version stored at schemaVersion 1 in the newest format; an import of one is stored in it', async () => {
    // The country screen as version 1 wrote it: a placement of false, which version 2 says by leaving it out.
    const file = readDefinitionFiles().find((d) => d.key === COUNTRY)!.text;
    const v1 = file.replace('"schemaVersion": 2', '"schemaVersion": 1').replace('"column": { "sortable": false },\n', '"column": { "sortable": false },\n      "search": false,\n');
    expect(v1).toContain('"search": false');
    await activateStudioVersion(db(), COUNTRY, v1, file);

    const hash = (await index()).pages[COUNTRY]!;
    expect(hash).toBe(pageHash(sha256Hex(file)));
    expect(await (await get(definitionPagePath(hash))).text()).toBe(file);
    expect(validateDefinitions(await servedDefinitions(db())).problems).toEqual([]);
    const country = (await catalogueFromVersions(db())).pageByMenu.get('COUNTRY') as ScreenDefinition;
    expect([country.schemaVersion, country.fields.find((f) => f.name === 'countryphonecode')!.search]).toEqual([2, undefined]);

    const imported = await activateVersion(db(), { key: COUNTRY, text: v1, by: 'analyst', reason: 'imported' });
    expect(imported.content).toBe(file);
    await expect(activateVersion(db(), { key: COUNTRY, text: file.replace('"schemaVersion": 2', '"schemaVersion": 3'), by: 'analyst', reason: 'imported' })).rejects.toThrow(
      `${COUNTRY}: schemaVersion 3 is newer than this product reads (2)`,
    );
  });
});