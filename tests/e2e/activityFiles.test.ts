// File Management in Chromium, one login: an activity file uploaded through the list's Upload dialog (its note
// naming the columns), processed with "credit good rows, park bad ones", watched by state from PROCESSING to
// DONE at 100 % (the list reads itself again while a file is processing), and its per-row result downloaded.
// Screenshots at 1366.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../engine/definition/bulk';
import { loadCatalogue } from '../../server/platform/definitions';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { activityFileJobHandlers } from '../../server/catalog/activityFiles/activityFileJobs';
import { answerYes, logIn, screenshotDir, settled, startBrowserRig, type BrowserRig } from './browser';
import { definitionDb } from '../../server/platform/db/definitionDb';

const CARD = '7891234567';
const FILE = `cardnumber,activitydate,carrier,flightnumber,origin,destination,bookingclass,ticketnumber,ticketissuedate,operatingcarrier\r\n${CARD},2026-03-10,GA,832,CGK,SIN,Y,1262400000001,2026-03-01,\r\n7890000001,2026-03-10,GA,832,CGK,SIN,Y,1262400000002,2026-03-01,\r\n`;

describe('File Management in the browser', () => {
  let rig: BrowserRig;
  let page: Page;
  const dialog = () => page.getByRole('dialog').filter({ hasText: 'Upload File Management' });
  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  let name = '';
  const row = () => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    // A GOLD member of the test's own: CGK-SIN in Y earns 685 award and 548 tier miles.
    const db = definitionDb(rig.server.database.db);
    const at = new Date().toISOString();
    await db.insertInto('member').values({ memberid: 'E2EFILE01', firstname: 'File', lastname: 'Flyer', gender: 'MALE', status: 'ACTIVE', email: null, username: CARD, passwordhash: null, emailverified: 0, createddate: at, updateddate: at, tierid: 'GOLD', membershipid: 'FFP', enrollmentdate: '2020-01-01', cardnumber: CARD }).execute();
    await db.insertInto('member_card').values({ cardnumber: CARD, memberid: 'E2EFILE01', membershipid: 'FFP', tierid: 'GOLD', status: 'ACTIVE', issuedate: '2020-01-01' }).execute();
    page = await rig.newPage();
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
    await page.goto('/file-management');
    await page.getByRole('button', { name: 'Upload' }).waitFor();
  });
  afterAll(async () => rig?.close());

  it('uploads a file, processes it as a job watched to DONE, and downloads the per-row result', async () => {
    // A retry uploads a file of its own name (the first try's stays listed).
    name = `e2e-flights-${Date.now()}.csv`;
    await page.getByRole('button', { name: 'Upload' }).click();
    await settled(dialog());
    await expect.poll(() => dialog().innerText()).toContain('A CSV file of air activity (header: cardnumber, activitydate, carrier');
    await page.screenshot({ path: `${screenshotDir}/file-management-upload.png` });
    await dialog().locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(FILE) });
    await toast(`${name} file uploaded successfully.`).waitFor();
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => row().innerText()).toContain('VALIDATED');

    await row().getByRole('button', { name: 'Process: credit good rows, park bad ones' }).click();
    await answerYes(page, 'Are you sure ?');
    await toast(`File ${name} is being processed`).waitFor();
    await expect.poll(() => row().innerText()).toContain('PROCESSING');

    // The job runs (a server's worker would claim it); the page shows its end by reading the list again.
    const worker = createJobWorker({ db: rig.server.database.db, owner: 'e2e', handlers: activityFileJobHandlers(loadCatalogue()), pollMs: 60_000 });
    expect(await worker.tick()).toBe(1);
    await expect.poll(() => row().innerText(), { timeout: 20_000 }).toContain('DONE');
    await expect.poll(() => row().locator('.ant-progress').getAttribute('aria-valuenow')).toBe('100');
    expect(await row().innerText()).toMatch(/AIR\s+2\s+1\s+1\s+0\s+DONE/);
    // The bar drawn full (its width eases in).
    await expect.poll(() => row().locator('.ant-progress-track').evaluate((bar) => bar.getBoundingClientRect().width / bar.parentElement!.getBoundingClientRect().width, undefined, { timeout: 5000 })).toBeGreaterThan(0.99);
    await page.screenshot({ path: `${screenshotDir}/file-management-done.png` });

    // The file's detail: both rows done, counted in the order the job credited them (members first).
    await row().getByRole('button', { name: 'View' }).click();
    const detail = page.getByRole('dialog').filter({ hasText: 'Rows Processed' });
    await settled(detail);
    expect(await detail.innerText()).toMatch(/Rows Processed\s+2\b/);
    await page.screenshot({ path: `${screenshotDir}/file-management-view.png` });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    const [download] = await Promise.all([page.waitForEvent('download'), row().getByRole('button', { name: 'Result File' }).click()]);
    expect(download.suggestedFilename()).toBe(name.replace('.csv', '-result.csv'));
    expect(parseCsv(readFileSync((await download.path())!, 'utf8'))).toEqual([
      ['Row', 'Status', 'Award Miles', 'Tier Miles', 'Segments', 'Reason'],
      ['2', 'CREDITED', '685', '548', '0', ''],
      ['3', 'PARKED', '0', '0', '0', 'Member not found: no member holds this card'],
    ]);
  });
});
