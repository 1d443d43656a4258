// Bulk files and bulk row actions in Chromium on City, one login: the Upload dialog takes a good CSV (the
// spec's success toast, the rows listed), refuses a file that is not CSV ('Please upload correct file'),
// answers a bad CSV with the spec's failure toast and an error report to download (row, field, message);
// then three rows are selected and deactivated in one go after the spec's confirmation. Screenshots at 1366.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../engine/definition/bulk';
import { answerYes, logIn, screenshotDir, settled, startBrowserRig, type BrowserRig } from './browser';

const GOOD = 'City Code,City Name,Country,State\r\nQZBK1,Qzbulk One,ID,ID-JB\r\nQZBK2,Qzbulk Two,Indonesia,Jawa Barat\r\nQZBK3,Qzbulk Three,ID,Bali\r\n';
const BAD = 'City Code,City Name,Country,State\r\nQZBK4,Qzbulk Four,ID,ID-JB\r\nQZBK1,Qzbulk Again,ID,ID-JB\r\nqzbk5,Qzbulk Five,ID,Atlantis\r\n';

describe('bulk upload and bulk actions in the browser', () => {
  let rig: BrowserRig;
  let page: Page;
  const dialog = () => page.getByRole('dialog').filter({ hasText: 'Upload City' });
  const choose = async (name: string, content: string) =>
    dialog().locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const openUpload = async () => {
    await page.getByRole('button', { name: 'Upload' }).click();
    await settled(dialog());
  };
  const search = async (name: string) => {
    await page.getByPlaceholder('Input City Name').fill(name);
    await page.getByPlaceholder('Input City Name').press('Enter');
  };

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
    await page.goto('/city');
    await page.getByRole('button', { name: 'Upload' }).waitFor();
  });
  afterAll(async () => rig?.close());

  it('uploads a good file, refuses a non-CSV one, and offers the error report of a bad one', async () => {
    await openUpload();
    await expect.poll(() => dialog().innerText()).toContain('City Code, City Name, Country, State');
    await page.screenshot({ path: `${screenshotDir}/bulk-upload-dialog.png` });

    await choose('notes.txt', 'hello');
    await toast('Please upload correct file').waitFor();

    await choose('west-java.csv', GOOD);
    await toast('west-java.csv file uploaded successfully.').waitFor();
    await dialog().waitFor({ state: 'hidden' });
    await search('Qzbulk');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);

    await openUpload();
    await choose('mixed.csv', BAD);
    await toast('mixed.csv file upload failed.').waitFor();
    await dialog().getByText('mixed.csv: 3 errors in 2 rows, nothing was uploaded.', { exact: false }).waitFor();
    await page.screenshot({ path: `${screenshotDir}/bulk-upload-errors.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog().getByRole('button', { name: 'Error report' }).click()]);
    expect(download.suggestedFilename()).toBe('mixed-errors.csv');
    expect(parseCsv(readFileSync((await download.path())!, 'utf8'))).toEqual([
      ['Row', 'Field', 'Message'],
      ['3', 'City Code', 'City Code "QZBK1" already exists'],
      ['4', 'State', 'State "Atlantis" does not exist'],
      ['4', 'City Code', 'City Code can be filled with uppercase letters and numbers only'],
    ]);
    await dialog().getByRole('button', { name: 'Close' }).first().click();
    await dialog().waitFor({ state: 'hidden' });
    expect((await rig.server.call('/api/city/detail', { citycode: 'QZBK4' }, { token: (await rig.server.login('admin')).body.result.bearer })).body.status.responsecode).toBe('1004');
  });

  it('deactivates the selected rows in one go after the spec confirmation', async () => {
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    await page.locator('.ant-table-thead .ant-checkbox').click();
    const bar = page.getByRole('toolbar', { name: 'Selected rows' });
    await bar.getByText('3 selected').waitFor();
    await page.screenshot({ path: `${screenshotDir}/bulk-selected.png` });
    await bar.getByRole('button', { name: 'Deactivate' }).click();
    await answerYes(page, 'Are you sure to deactivate this data?');
    await toast('Data has been deactivated (3 records)').waitFor();
    await expect.poll(() => rows.filter({ hasText: 'Inactive' }).count()).toBe(3);
    await bar.waitFor({ state: 'hidden' });
  });
});
