// Definition versions on both databases: a start stores every definition file as version 1; a restart with the same
// files writes nothing; a changed file becomes the next, ACTIVE, version; a studio version stays served over an
// unchanged file, and over a changed one too (the file's text kept as a CONFLICT version, with a warning); the
// catalogue a server serves is built from the active versions; the export and `validate --database` read them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/platform/server';
import { definitionFileKeys, loadCatalogue, readDefinitionFiles, SCREENS_DIR } from '../../server/platform/definitions';
import type { DefinitionVersionRow } from '../../server/platform/db/schema';
import { sha256Hex } from '../../server/platform/core/sha256';
import { servedDefinitions } from '../../server/platform/definitionVersions/definitionVersionStore';
import { exportDefinitions } from '../../scripts/definitions-export';
import { validateDefinitions } from '../../scripts/validate-definitions';
import { startTestServer, testDatabases, type TestServer } from './harness';

const COUNTRY = 'basic-configuration/country.json';
const CURRENCY = 'basic-configuration/currency.json';
const CITY = 'basic-configuration/city.json';

const fileText = (key: string, dir = SCREENS_DIR) => readFileSync(join(dir, key), 'utf8');
const retitled = (key: string, title: string, dir = SCREENS_DIR) => fileText(key, dir).replace(/"title": "[^"]*"/, `"title": ${JSON.stringify(title)}`);

describe.each(testDatabases)('definition versions on $name', (target) => {
  let server: TestServer;
  let copies: string;
  const db = () => server.database.db;
  const versions = (key?: string) => {
    let query = db().selectFrom('definition_version').selectAll();
    if (key) query = query.where('definitionkey', '=', key);
    return query.orderBy('definitionkey').orderBy('version').execute();
  };
  const brief = async (key: string) => (await versions(key)).map((v) => [v.version, v.source, v.status]);

  /** A copy of screens/ with some files retitled. */
  function screensWith(name: string, titles: Record<string, string>): string {
    const dir = join(copies, name);
    cpSync(SCREENS_DIR, dir, { recursive: true });
    for (const [key, title] of Object.entries(titles)) writeFileSync(join(dir, key), retitled(key, title));
    return dir;
  }

  /** Another start of a server on the same database (as a restart or a second app server); answers its catalogue and log. */
  async function restart(screensDir?: string) {
    const lines: string[] = [];
    const logger = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const { app, catalogue } = await createServer({ config: server.config, database: server.database, logger, ...(screensDir ? { screensDir } : {}) });
    await app.close();
    return { catalogue, log: lines.join('') };
  }

  /** A version as the Definition Studio will store it: active, replacing the active one. */
  async function studioVersion(key: string, content: string, basedOn: string) {
    const [latest] = await db().selectFrom('definition_version').select('version').where('definitionkey', '=', key).orderBy('version', 'desc').limit(1).execute();
    const at = new Date().toISOString();
    const row: DefinitionVersionRow = { definitionkey: key, version: latest!.version + 1, content, contenthash: sha256Hex(content), filehash: sha256Hex(basedOn), source: 'STUDIO', status: 'ACTIVE', reason: 'retitled', createdby: 'analyst', createddate: at, approvedby: 'admin', approveddate: at };
    await db().transaction().execute(async (trx) => {
      await trx.updateTable('definition_version').set({ status: 'SUPERSEDED' }).where('definitionkey', '=', key).where('status', '=', 'ACTIVE').execute();
      await trx.insertInto('definition_version').values(row).execute();
    });
    return row.version;
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    copies = mkdtempSync(join(tmpdir(), 'definition-versions-'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(copies, { recursive: true, force: true });
  });

  it('stores every definition file as version 1, FILE and ACTIVE, with its exact text and hash', async () => {
    const rows = await versions();
    const files = readDefinitionFiles();
    expect(rows.map((r) => r.definitionkey).sort()).toEqual(files.map((f) => f.key).sort());
    expect(rows.map((r) => r.definitionkey)).toContain('menu-tree.json');
    expect(rows.map((r) => r.definitionkey)).toContain('selectors.json');
    expect(rows.map((r) => r.definitionkey)).toContain('user-management/api-client.json');
    for (const file of files) {
      const row = rows.find((r) => r.definitionkey === file.key)!;
      expect({ ...row, createddate: undefined }).toEqual({ definitionkey: file.key, version: 1, content: file.text, contenthash: sha256Hex(file.text), filehash: sha256Hex(file.text), source: 'FILE', status: 'ACTIVE', reason: 'from file', createdby: 'system', createddate: undefined, approvedby: null, approveddate: null });
    }
  });

  it('writes nothing on a restart with the same files, and serves the catalogue the files make', async () => {
    const before = await versions();
    const { catalogue } = await restart();
    expect(await versions()).toEqual(before);
    expect(catalogue).toEqual(loadCatalogue());
  });

  it('makes a changed file the next version, ACTIVE, the one before SUPERSEDED; the catalogue has the change', async () => {
    const dir = screensWith('changed', { [COUNTRY]: 'Countries' });
    const { catalogue } = await restart(dir);
    expect(await brief(COUNTRY)).toEqual([
      [1, 'FILE', 'SUPERSEDED'],
      [2, 'FILE', 'ACTIVE'],
    ]);
    expect((await versions(COUNTRY))[1]!.content).toBe(fileText(COUNTRY, dir));
    expect(catalogue.screenByMenu.get('COUNTRY')?.title).toBe('Countries');
    const count = (await versions()).length;
    await restart(dir);
    expect((await versions()).length).toBe(count);
  });

  it('keeps a studio version over an unchanged file, and serves it (a server started on the database shows its title)', async () => {
    const version = await studioVersion(CURRENCY, retitled(CURRENCY, 'Currencies of the programme'), fileText(CURRENCY));
    const { catalogue } = await restart();
    expect(await brief(CURRENCY)).toEqual([
      [1, 'FILE', 'SUPERSEDED'],
      [version, 'STUDIO', 'ACTIVE'],
    ]);
    expect(catalogue.screenByMenu.get('CURRENCY')?.title).toBe('Currencies of the programme');
    // The file stays as it is: only the export writes the database's versions to screens/.
    expect(fileText(CURRENCY)).toContain('"title": "Currency"');
  });

  it('keeps a studio version over a changed file, storing the file as a CONFLICT version once, with a warning naming the key', async () => {
    const studio = retitled(CITY, 'Cities (studio)');
    const version = await studioVersion(CITY, studio, fileText(CITY));
    const dir = screensWith('conflict', { [CITY]: 'Cities (file)' });
    const { catalogue, log } = await restart(dir);
    expect(await brief(CITY)).toEqual([
      [1, 'FILE', 'SUPERSEDED'],
      [version, 'STUDIO', 'ACTIVE'],
      [version + 1, 'FILE', 'CONFLICT'],
    ]);
    const conflict = (await versions(CITY)).at(-1)!;
    expect(conflict.content).toBe(fileText(CITY, dir));
    expect(conflict.filehash).toBe(sha256Hex(fileText(CITY, dir)));
    expect(catalogue.screenByMenu.get('CITY')?.title).toBe('Cities (studio)');
    expect(log).toContain(`Definition ${CITY}: its file changed under studio version ${version}`);
    // The next start finds the conflict stored: it warns again and writes nothing.
    const again = await restart(dir);
    expect(await brief(CITY)).toHaveLength(3);
    expect(again.log).toContain(`Definition ${CITY}`);
  });

  it('keeps the versions of a definition whose file is gone, serving it no more unless a studio version is active', async () => {
    const dir = join(copies, 'gone');
    cpSync(SCREENS_DIR, dir, { recursive: true });
    rmSync(join(dir, CURRENCY));
    await restart(dir);
    expect(await brief(CURRENCY)).toHaveLength(2);
    // Its active version is the studio's: still served.
    expect((await servedDefinitions(db(), dir)).map((d) => d.key)).toContain(CURRENCY);
    const fileOnly = 'basic-configuration/airport.json';
    rmSync(join(dir, fileOnly));
    expect((await servedDefinitions(db(), dir)).map((d) => d.key)).not.toContain(fileOnly);
    expect(await brief(fileOnly)).toEqual([[1, 'FILE', 'ACTIVE']]);
  });

  it('exports the served versions that differ from their files, verbatim, and nothing on a second run', async () => {
    const dir = join(copies, 'export');
    cpSync(SCREENS_DIR, dir, { recursive: true });
    // A file removed is not brought back (its active version came from it).
    const removed = 'basic-configuration/airport.json';
    rmSync(join(dir, removed));
    const written = await exportDefinitions(db(), dir);
    // Currency's and city's active versions are the studio's; country's is the file's again (the last start read it).
    expect(written.sort()).toEqual([CITY, CURRENCY]);
    for (const key of written) expect(fileText(key, dir)).toBe((await versions(key)).find((v) => v.status === 'ACTIVE')!.content);
    expect(await exportDefinitions(db(), dir)).toEqual([]);
    expect(definitionFileKeys(dir)).not.toContain(removed);
  });

  it('validates the served versions with the checks the files get', async () => {
    const served = await servedDefinitions(db());
    expect(validateDefinitions(served)).toMatchObject({ problems: [], crossChecked: true });
    await studioVersion(COUNTRY, fileText(COUNTRY).replace('"title": "Country"', '"title": 42'), fileText(COUNTRY));
    const verdict = validateDefinitions(await servedDefinitions(db()));
    expect(verdict.problems).toEqual(validateDefinitions([...readDefinitionFiles().filter((d) => d.key !== COUNTRY), { key: COUNTRY, text: fileText(COUNTRY).replace('"title": "Country"', '"title": 42') }]).problems);
    expect(verdict.problems.join('\n')).toContain(`screens/${COUNTRY}`);
  });
});
