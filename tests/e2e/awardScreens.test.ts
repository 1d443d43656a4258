// Award catalogue screens in Chromium, with one login: each list screen opens from its path with
// demo rows, a create refused on its field (the browser's own rule, or the server's overlap message) storing
// nothing, and the award record page's sections, its price child rows by zone, compartment and tier, and the
// Activate and Terminate row actions offered by status, and a member's redemption nominees in the member
// navigator. Screenshots at 1366 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDay } from '../../server/platform/seed/seedDates';
import { answerYes, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig, onScreen } from './browser';

/** Waits on a state, not a duration: a first load of a lazy chunk can take seconds on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const field = (scope: Page | Locator, name: string) => scope.locator(`[id="root_${name}"]`);
const fieldError = (scope: Locator, name: string) => scope.locator(`[id="root_${name}__error"]`);

/** Each list screen: its path, title, resource, texts its first page shows, and a create refused on one field. */
const SCREENS: {
  path: string;
  title: string;
  resource: string;
  shows: string[];
  fill: [name: string, value: string, kind: 'text' | 'date'][];
  refused: { field: string; message: string };
}[] = [
  {
    path: '/award-type',
    title: 'Award Type',
    resource: 'award-type',
    shows: ['Flight Award', 'Upgrade Award', 'Hotel Voucher', 'Non-Air'],
    fill: [['awardtypecode', 'BAD CODE!', 'text'], ['awardtypename', 'Bad Code', 'text']],
    refused: { field: 'awardtypecode', message: 'Award Type Code can be filled with letters, numbers and dash only' },
  },
  {
    path: '/peak-season',
    title: 'Peak Season',
    resource: 'peak-season',
    shows: ['Idul Fitri 2026', 'Christmas and New Year 2026', 'Upgrade Award'],
    fill: [['peakseasoncode', 'LEBARAN-X', 'text'], ['peakseasonname', 'Lebaran extended', 'text'], ['startdate', onScreen('2026-03-25'), 'date'], ['enddate', onScreen('2026-04-05'), 'date']],
    refused: { field: 'startdate', message: `Start Date - End Date overlap Peak Season "LEBARAN-26" (${demoDay('2026-03-13')} - ${demoDay('2026-03-29')}) of the same Award Type` },
  },
  {
    path: '/blackout',
    title: 'Blackout',
    resource: 'blackout',
    shows: ['BO-CGK-DPS-NYE', 'Route', 'Hilton Bali One Night Stay'],
    fill: [['blackoutcode', 'BO-BACKWARDS', 'text'], ['startdate', '17/08/2026', 'date'], ['enddate', '10/08/2026', 'date']],
    refused: { field: 'enddate', message: 'End Date must not be before Start Date' },
  },
  {
    path: '/nominee-fee-config',
    title: 'Nominee Fee Config',
    resource: 'nominee-fee-config',
    shows: ['NOM-FLIGHT-GOLD', 'Gold', '2,000'],
    fill: [['nomineefeecode', 'NOM-NEG', 'text'], ['feemiles', '-100', 'text']],
    refused: { field: 'feemiles', message: 'Fee per Nominee (Miles) minimum 0' },
  },
  {
    path: '/award-list',
    title: 'Award List',
    resource: 'award',
    shows: ['Domestic Economy Award', 'Hilton Bali One Night Stay', 'Terminated', 'Hotel Voucher'],
    fill: [['awardcode', 'AWD-NEW', 'text'], ['awardname', 'New Award', 'text'], ['maxperson', '0', 'text']],
    refused: { field: 'maxperson', message: 'Max Passengers minimum 1' },
  },
];

const SECTIONS = ['Basic Info', 'Partner', 'Price', 'Cancel / Update Rule', 'Certificate Text', 'Voucher Text', 'Eligibility'];

async function typeDate(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

describe('award catalogue screens in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let token: string;
  const consoleErrors: string[] = [];
  const shoot = (name: string) => page.screenshot({ path: `${screenshotDir}/award-${name}.png`, fullPage: true, animations: 'disabled' });
  const count = async (resource: string) =>
    (await rig.server.call(`/api/${resource}/list`, undefined, { token, paging: { limit: 10, page: 1 }, parameter: { criteria: {} } })).body.paging!.totalrecord as number;

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text().slice(0, 300))));
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
    token = (await rig.server.login('admin')).body.result.bearer as string;
  });
  afterAll(async () => {
    await rig?.close();
    expect(consoleErrors).toEqual([]);
  });

  describe.each(SCREENS)('$path', ({ path, title, resource, shows, fill, refused }) => {
    it(`opens ${title} with its demo rows`, async () => {
      await startClean(page, path);
      await poll(() => page.locator('h4.engine-title').innerText()).toBe(title);
      await poll(() => rows(page).count()).toBeGreaterThan(0);
      const table = page.locator('.ant-table');
      for (const text of shows) await poll(() => table.innerText()).toContain(text);
      await shoot(path.slice(1));
    });

    it(`refuses a bad create on ${refused.field}, storing nothing`, async () => {
      const before = await count(resource);
      await startClean(page, path);
      await poll(() => rows(page).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Create' }).click();
      // A record page's create is its first section, on the page; a list screen's is a drawer.
      const form = resource === 'award' ? page.locator('.engine-record') : drawer(page);
      await form.locator('form').waitFor();
      for (const [name, value, kind] of fill) {
        if (kind === 'date') await typeDate(field(form, name), value);
        else await field(form, name).fill(value);
      }
      await form.getByRole('button', { name: 'Save' }).click();
      await poll(() => fieldError(form, refused.field).innerText()).toBe(refused.message);
      await shoot(`${path.slice(1)}-refused`);
      expect(await count(resource)).toBe(before);
    });
  });

  it("opens an award's record page with its sections, and its price rows by zone, compartment and tier", async () => {
    await startClean(page, '/award-list/form/AWD-INT-C/basic-info');
    await poll(() => page.locator('.engine-record-menu .ant-menu-item').allInnerTexts()).toEqual(SECTIONS);
    await poll(() => field(page, 'awardname').inputValue()).toBe('International Business Award');
    await shoot('record-basic-info');
    await page.locator('.engine-record-menu .ant-menu-item', { hasText: 'Price' }).click();
    await poll(() => page.url()).toContain('/award-list/form/AWD-INT-C/price');
    const child = page.locator('.engine-child-table');
    await poll(() => child.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(4);
    for (const text of ['EUROPE-C-PLAT', 'Platinum', '120,000', '180,000', 'Business']) await poll(() => child.innerText()).toContain(text);
    await settled(page.locator('.engine-record'));
    await shoot('record-price');
    await page.locator('.engine-record-menu .ant-menu-item', { hasText: 'Eligibility' }).click();
    await poll(() => page.locator('.engine-record').innerText()).toContain('Silver');
    await shoot('record-eligibility');
  });

  it("shows a member's redemption nominees under the Membership step of the member navigator", async () => {
    await startClean(page, '/member/form/MBR0000001/redemption-nominee');
    const content = page.locator('.member-navigator-content');
    await poll(() => content.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    for (const text of ['Sari', 'Spouse', 'Raka', 'Child', 'Hartono', 'Inactive']) await poll(() => content.innerText()).toContain(text);
    await poll(() => page.locator('.member-navigator-substeps .ant-steps-item-process').innerText()).toContain('Redemption Nominee');
    await settled(page.locator('.member-navigator-content'));
    await shoot('member-redemption-nominee');
  });

  it('offers Activate only on inactive awards and Terminate on all but terminated ones', async () => {
    await startClean(page, '/award-list');
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    const row = (code: string) => rows(page).filter({ hasText: code });
    await poll(() => row('AWD-INT-F').innerText()).toContain('Terminated');
    expect(await row('AWD-INT-F').getByRole('button', { name: 'Terminate' }).count()).toBe(0);
    expect(await row('AWD-DOM-Y').getByRole('button', { name: 'Terminate' }).count()).toBe(1);
    expect(await row('AWD-DOM-Y').getByRole('button', { name: 'Activate' }).count()).toBe(0);
  });

  it('terminates an award after asking, and then offers nothing more on it', async () => {
    const created = await rig.server.call('/api/award/create', { awardcode: 'AWD-E2E', awardname: 'Browser Award', awardtypecode: 'MERCH', pricingby: 'ZONE', maxperson: 1, startdate: '2026-01-01' }, { token });
    expect(created.body.status.responsecode).toBe('0000');
    await startClean(page, '/award-list');
    const row = rows(page).filter({ hasText: 'AWD-E2E' });
    await poll(() => row.innerText()).toContain('Inactive');
    await row.getByRole('button', { name: 'Activate' }).click();
    await answerYes(page, 'Are you sure to activate this data?');
    await poll(() => row.innerText()).toContain('Active');
    await row.getByRole('button', { name: 'Terminate' }).click();
    await answerYes(page, 'Are you sure to terminate this data?');
    await poll(() => row.innerText()).toContain('Terminated');
    expect(await row.getByRole('button', { name: /Activate|Terminate/ }).count()).toBe(0);
    await shoot('terminated');
  });
});
