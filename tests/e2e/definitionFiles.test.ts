// Definitions reach the browser from the server, not the build: a studio version activated while a staff member works
// shows at their next navigation, without reloading the app.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../server/platform/core/sha256';
import type { DefinitionVersionRow } from '../../server/platform/db/schema';
import { logIn, openInApp, startBrowserRig, type BrowserRig } from './browser';

const COUNTRY = 'basic-configuration/country.json';

describe('definitions fetched from the server, in Chromium', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startBrowserRig();
  });
  afterAll(async () => rig?.close());

  it('shows a studio version of a page at the next navigation, the app not reloaded', async () => {
    const page = await rig.newPage();
    await logIn(page, 'admin');
    await openInApp(page, '/country', 'Country');
    await openInApp(page, '/region', 'Region');
    await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

    const db = rig.server.database.db;
    const file = readFileSync(`screens/${COUNTRY}`, 'utf8');
    const content = file.replace('"title": "Country"', '"title": "Countries of the programme"');
    const [latest] = await db.selectFrom('definition_version').select('version').where('definitionkey', '=', COUNTRY).orderBy('version', 'desc').limit(1).execute();
    const at = new Date().toISOString();
    const row: DefinitionVersionRow = { definitionkey: COUNTRY, version: latest!.version + 1, content, contenthash: sha256Hex(content), filehash: sha256Hex(file), source: 'STUDIO', status: 'ACTIVE', reason: 'retitled', createdby: 'analyst', createddate: at, approvedby: 'admin', approveddate: at };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('definition_version').set({ status: 'SUPERSEDED' }).where('definitionkey', '=', COUNTRY).where('status', '=', 'ACTIVE').execute();
      await trx.insertInto('definition_version').values(row).execute();
    });

    await openInApp(page, '/country', 'Countries of the programme');
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  });
});
