// `npm run dev` (DEFINITIONS_WATCH), on both databases: a definition file saved under the watched folder is stored as
// its definition's next version and served by the running server, without a restart; a save the checks of
// `npm run validate` refuse is logged with its problem and changes nothing.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../../server/platform/server';
import { SCREENS_DIR } from '../../server/platform/definitions';
import { startTestServer, testDatabases, type TestServer } from './harness';

const COUNTRY = 'basic-configuration/country.json';
const CURRENCY = 'basic-configuration/currency.json';

/** Polls `probe` until it answers true; fails after `timeoutMs`. */
async function eventually(probe: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabases)('definition files watched by a running server on $name', (target) => {
  let server: TestServer;
  let watching: { app: FastifyInstance; logs: string[] };
  let dir: string;
  const title = (menucode: string) => watching.app.definitions.catalogue().screenByMenu.get(menucode)?.title;
  const versions = (key: string) => server.database.db.selectFrom('definition_version').select(['version', 'source', 'status']).where('definitionkey', '=', key).orderBy('version').execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    dir = mkdtempSync(join(tmpdir(), 'definition-watch-'));
    cpSync(SCREENS_DIR, dir, { recursive: true });
    const logs: string[] = [];
    const logger = new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) });
    // A second server over the same database, watching its own copy of screens/ (as `npm run dev`'s does screens/).
    const { app } = await createServer({ config: { ...server.config, definitionsWatch: true, definitionsPollMs: 0 }, database: server.database, screensDir: dir, logger });
    watching = { app, logs };
  });
  afterAll(async () => {
    await watching?.app.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a saved file as the next version at once', async () => {
    const text = readFileSync(join(dir, COUNTRY), 'utf8').replace('"title": "Country"', '"title": "Countries (saved)"');
    writeFileSync(join(dir, COUNTRY), text);
    await eventually(() => title('COUNTRY') === 'Countries (saved)').catch((error: Error) => {
      throw new Error(`${error.message}; the server's log:\n${watching.logs.join('')}`);
    });
    expect(await versions(COUNTRY)).toEqual([
      { version: 1, source: 'FILE', status: 'SUPERSEDED' },
      { version: 2, source: 'FILE', status: 'ACTIVE' },
    ]);
  });

  it('keeps serving what it served when a saved file fails the checks, and says why in its log', async () => {
    const text = readFileSync(join(dir, CURRENCY), 'utf8').replace('"title": "Currency"', '"title": 42');
    writeFileSync(join(dir, CURRENCY), text);
    await eventually(() => watching.logs.some((line) => line.includes('definition files not served') && line.includes(`${CURRENCY}: /title must be string`)));
    expect(title('CURRENCY')).toBe('Currency');
    expect(await versions(CURRENCY)).toEqual([{ version: 1, source: 'FILE', status: 'ACTIVE' }]);
  });
});
