// Definitions reach the browser from the server, not the build: a studio version activated while a staff member works
// shows at their next navigation, without reloading the app.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateStudioVersion } from '../server/studioVersion';
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
    await page.getByText('Dashboard').first().waitFor();
    await openInApp(page, '/country', 'Country');
    await openInApp(page, '/region', 'Region');
    await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

    const file = readFileSync(`screens/${COUNTRY}`, 'utf8');
    await activateStudioVersion(rig.server.database.db, COUNTRY, file.replace('"title": "Country"', '"title": "Countries of the programme"'), file);

    await openInApp(page, '/country', 'Countries of the programme');
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  });
});
