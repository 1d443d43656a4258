// One definition-built screen (Region, and Country with its Region reference) driven through the
// whole runtime in Chromium: search, advanced search, paging, sort, create, edit, view, status, delete.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRX_TYPES, credit } from '../../server/ledger/ledgerStore';
import { answerYes, logIn, screenshotDir, startBrowserRig, topMenu, type BrowserRig } from './browser';

const search = (page: Page) => page.locator('.engine-search');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const statusTags = (page: Page) => page.locator('.ant-table-tbody .ant-tag').allInnerTexts();
const footer = (page: Page) => page.locator('.ant-pagination-total-text').innerText();
const rowCodes = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();

describe('a generated screen in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    const admin = (await rig.server.login('admin')).body.result.bearer;
    for (let i = 1; i <= 12; i++) {
      await rig.server.call('/api/region/create', { regioncode: `R${String(i).padStart(2, '0')}`, regionname: `Zone ${i}` }, { token: admin });
    }
    page = await rig.newPage();
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => rig?.close());

  it('opens from the navigation and shows the first page with the footer text', async () => {
    await page.locator('.app-nav').getByText('Data Management').hover();
    await page.getByText('Basic Configuration').hover();
    await page.getByRole('menuitem', { name: 'Region' }).click();
    await expect.poll(() => page.title()).toBe('Region | Loyalty Management System');
    await expect.poll(() => footer(page)).toMatch(/^1-10 of \d+ items$/);
    // The seeded world regions are there too: the test works on its own 'Zone' regions.
    await search(page).getByPlaceholder('Input Region Name').fill('Zone');
    await search(page).locator('button[type="submit"]').click();
    await expect.poll(() => footer(page)).toBe('1-10 of 12 items');
    await page.screenshot({ path: `${screenshotDir}/region-list.png` });
  });

  it('pages and sorts on the server, keeping the state in the URL', async () => {
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => footer(page)).toBe('11-12 of 12 items');
    expect(page.url()).toContain('page=2');
    await page.reload();
    await expect.poll(() => footer(page)).toBe('11-12 of 12 items');
    await page.getByRole('columnheader', { name: 'Region Code' }).click();
    await expect.poll(() => rowCodes(page)).toEqual(['R01', 'R02', 'R03', 'R04', 'R05', 'R06', 'R07', 'R08', 'R09', 'R10']);
    await page.getByRole('columnheader', { name: 'Region Code' }).click();
    await expect.poll(() => rowCodes(page).then((codes) => codes[0])).toBe('R12');
  });

  it('searches with a contains match and clears', async () => {
    await search(page).getByPlaceholder('Input Region Name').fill('one 12');
    await search(page).locator('button[type="submit"]').click();
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    expect(page.url()).toContain('regionname=one+12');
    await search(page).getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.url()).not.toContain('regionname');
    await expect.poll(() => footer(page)).toMatch(/^1-10 of \d+ items$/);
  });

  it('refuses an injection-looking search text with the preventsql message', async () => {
    await search(page).getByPlaceholder('Input Region Name').fill("x'; drop--");
    await search(page).locator('button[type="submit"]').click();
    await expect.poll(() => page.getByText('Region Name may contain vulnerable characters').count()).toBe(1);
    await search(page).getByRole('button', { name: 'Clear' }).click();
  });

  it('splits into two columns with Advance Search and filters by status', async () => {
    await page.getByRole('button', { name: 'Advance Search' }).click();
    await expect.poll(() => page.getByText('Status', { exact: true }).count()).toBeGreaterThan(1);
    await page.screenshot({ path: `${screenshotDir}/region-advanced.png` });
    await page.getByRole('button', { name: 'Advance Search' }).click();
  });

  it('creates with invalid then valid input, showing the rule messages on their fields', async () => {
    await page.getByRole('button', { name: 'Create' }).click();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Region Code is Required').count()).toBe(1);
    expect(await page.getByText('Region Name is Required').count()).toBe(1);
    await drawer(page).getByPlaceholder('Input Region Code').fill('eu');
    await drawer(page).getByPlaceholder('Input Region Name').click();
    await expect.poll(() => page.getByText('Region Code can be filled with uppercase letters and numbers only').count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/region-form-errors.png` });
    await drawer(page).getByPlaceholder('Input Region Code').fill('R01');
    await drawer(page).getByPlaceholder('Input Region Name').fill('Europe');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Region Code "R01" already exists').count()).toBeGreaterThan(0);
    await drawer(page).getByPlaceholder('Input Region Code').fill('EU');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Data has been created').count()).toBe(1);
  });

  it('edits a record with its key read-only', async () => {
    await search(page).getByPlaceholder('Input Region Code').fill('EU');
    await search(page).locator('button[type="submit"]').click();
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await drawer(page).getByPlaceholder('Input Region Code').isDisabled()).toBe(true);
    await drawer(page).getByPlaceholder('Input Region Name').fill('Europe West');
    await page.screenshot({ path: `${screenshotDir}/region-form-edit.png` });
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Data has been updated').count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'Europe West' }).count()).toBe(1);
  });

  it('deactivates and activates with the confirmation text', async () => {
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await answerYes(page, 'Are you sure to deactivate this data?');
    await expect.poll(() => statusTags(page)).toEqual(['Inactive']);
    await page.getByRole('button', { name: 'Activate' }).click();
    await answerYes(page, 'Are you sure to activate this data?');
    await expect.poll(() => statusTags(page)).toEqual(['Active']);
  });

  it('creates a country with a reference select and shows the region name in the table', async () => {
    await page.goto('/country?countrycode=QZ');
    await page.getByRole('button', { name: 'Create' }).click();
    await drawer(page).getByPlaceholder('Input Country Code').fill('QZ');
    await drawer(page).getByPlaceholder('Input Country Name').fill('Qzland');
    await page.locator('#root_regioncode').click();
    await page.getByTitle('Europe West').click();
    await drawer(page).getByPlaceholder('Input Phone Code').fill('+999');
    await drawer(page).getByPlaceholder('Input Nationality').fill('Qzlander');
    await page.screenshot({ path: `${screenshotDir}/country-form.png` });
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Data has been created').count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'Europe West' }).count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/country-list.png` });
  });

  it('refuses to delete a region in use, deletes it once free', async () => {
    await page.goto('/region?regioncode=EU');
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await page.getByRole('button', { name: 'Delete' }).click();
    await answerYes(page, 'Are you sure to delete this data?');
    await expect.poll(() => toast(page, 'Region "EU" is used by Country and cannot be deleted').count()).toBe(1);
    await page.goto('/country?countrycode=QZ');
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await page.getByRole('button', { name: 'Delete' }).click();
    await answerYes(page);
    await expect.poll(() => page.locator('.ant-table-tbody .ant-empty').count()).toBe(1);
    await page.goto('/region?regioncode=EU');
    await page.getByRole('button', { name: 'Delete' }).click();
    await answerYes(page);
    await expect.poll(() => page.locator('.ant-table-tbody .ant-empty').count()).toBe(1);
  });

  it('shows View instead of Edit with only the ACCESS grant, hides Create, and the server refuses the write', async () => {
    const db = rig.server.database.db;
    await db.updateTable('role_permission').set({ granted: 0 }).where('rolecode', '=', 'ADMIN').where('functioncode', 'in', ['REGION_UPDATE', 'REGION_CREATE']).execute();
    const viewer = await rig.newPage();
    await logIn(viewer, 'admin');
    await viewer.getByText('Dashboard').first().waitFor();
    await viewer.goto('/region');
    await expect.poll(() => viewer.getByRole('button', { name: 'View' }).count()).toBe(10);
    expect(await viewer.getByRole('button', { name: 'Create' }).count()).toBe(0);
    await viewer.getByRole('button', { name: 'View' }).first().click();
    // View mode shows label and value lines, nothing to type into.
    const details = viewer.locator('.ant-drawer-open .engine-details');
    await expect.poll(() => details.locator('.ant-descriptions-item-label').allInnerTexts()).toEqual(['Region Code', 'Region Name']);
    expect(await details.locator('input').count()).toBe(0);
    await viewer.screenshot({ path: `${screenshotDir}/region-view.png` });
    await db.updateTable('role_permission').set({ granted: 1 }).where('rolecode', '=', 'ADMIN').where('functioncode', 'in', ['REGION_UPDATE', 'REGION_CREATE']).execute();
  });

  it('shows the 403 page on a screen without the ACCESS grant, and 404 on an unknown path', async () => {
    const branch = await rig.newPage();
    await logIn(branch, 'branch');
    await branch.getByText('Dashboard').first().waitFor();
    // A reduced role sees only its menus: member service, no data management.
    expect((await branch.locator('.app-nav > .ant-menu-item, .app-nav > .ant-menu-submenu').allInnerTexts()).filter(Boolean)).toEqual(['Dashboard', 'Member Management', 'Profile', 'Logout']);
    await branch.goto('/region');
    await expect.poll(() => branch.getByText('Sorry, you are not authorized to access this page.').count()).toBe(1);
    await branch.screenshot({ path: `${screenshotDir}/403.png` });
    await branch.goto('/no-such-page');
    await expect.poll(() => branch.getByText('Sorry, the page you visited does not exist.').count()).toBe(1);
    await branch.screenshot({ path: `${screenshotDir}/404.png` });
  });

  it('opens the Webhook screen from User Management: a webhook, its deliveries on its record page, Replay', async () => {
    const admin = (await rig.server.login('admin')).body.result.bearer;
    const created = await rig.server.call('/api/webhook-subscription/create', { webhookcode: 'QZ-HOOK', url: 'http://127.0.0.1:9/hooks', eventtypes: ['miles.credited'], signingsecret: 'qz-secret-0123456789', active: true }, { token: admin });
    // '1009': made by the first run of a retried test.
    expect(['0000', '1009']).toContain(created.body.status.responsecode);
    await rig.server.database.db.transaction().execute((trx) => credit(trx, { memberid: 'MBR0000001', trxtype: TRX_TYPES.CUSTOM, activitydate: '2026-11-01', awardmiles: 10, source: 'e2e', user: 'e2e', now: new Date() }));
    await (await topMenu(page, 'User Management')).hover();
    await page.getByRole('menuitem', { name: 'Webhook' }).click();
    await expect.poll(() => page.title()).toBe('Webhook | Loyalty Management System');
    await expect.poll(() => page.getByRole('cell', { name: 'QZ-HOOK' }).count()).toBe(1);
    await page.getByRole('row').filter({ hasText: 'QZ-HOOK' }).getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/webhook\/form\/QZ-HOOK/);
    // The secret is never shown: its input is empty.
    await expect.poll(() => page.locator('[id="root_signingsecret"]').inputValue()).toBe('');
    await page.locator('.engine-record-menu .ant-menu-item').filter({ hasText: 'Deliveries' }).click();
    const rows = page.locator('.engine-child-table .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.allInnerTexts()).toContainEqual(expect.stringContaining('miles.credited'));
    const before = await rows.count();
    await page.screenshot({ path: `${screenshotDir}/webhook-deliveries.png` });
    await rows.first().getByRole('button', { name: 'Replay' }).click();
    await answerYes(page, 'Are you sure to replay this data?');
    await expect.poll(() => toast(page, 'is queued again for QZ-HOOK').count()).toBe(1);
    await expect.poll(() => rows.count()).toBe(before + 1);
  });

  it('creates a webhook from its form: the secret is saved, and never shown again', async () => {
    await page.goto('/webhook');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/webhook/form/new/subscription');
    await page.locator('[id="root_webhookcode"]').fill('QZ-FORM');
    await page.locator('[id="root_url"]').fill('https://partner.example/hooks');
    await page.locator('[id="root_eventtypes"]').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Tier changed"]').click();
    await page.keyboard.press('Escape');
    await page.locator('[id="root_signingsecret"]').fill('qz-form-secret-0123456789');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Data has been created').count()).toBeGreaterThan(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/webhook/form/QZ-FORM/subscription');
    const stored = (await rig.server.database.db.selectFrom('webhook_subscription' as never).selectAll().where('webhookcode' as never, '=', 'QZ-FORM' as never).executeTakeFirstOrThrow()) as Record<string, unknown>;
    expect(stored).toMatchObject({ url: 'https://partner.example/hooks', eventtypes: '["tier.changed"]', signingsecret: 'qz-form-secret-0123456789' });
    await page.reload();
    await expect.poll(() => page.locator('[id="root_url"]').inputValue()).toBe('https://partner.example/hooks');
    expect(await page.locator('[id="root_signingsecret"]').inputValue()).toBe('');
  });
});
