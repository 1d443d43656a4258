// Promotion screens in Chromium, with one login: each of the six opens from its path with demo rows
// (a table of path and what its first page shows); a create refused with the server's message on its field;
// the promotion's sectioned form showing Air Criteria or Non-Air Criteria by the promotion's type, switching
// when the type is saved; and a Promo File with a bad row refused with its error report. Screenshots at 1366 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerYes, chooseOption, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';
import { definitionDb } from '../../server/platform/db/definitionDb';

/** Waits on a state, not a duration: a first load of a lazy chunk can take seconds on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const field = (scope: Page | Locator, name: string) => scope.locator(`[id="root_${name}"]`);
const menuItems = (page: Page) => page.locator('.engine-record-menu .ant-menu-item').allInnerTexts();
const pathOf = (page: Page) => new URL(page.url()).pathname;
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

/** Each screen: its path, its title, and texts its first page must show (demo rows). */
const SCREENS: { path: string; title: string; shows: string[] }[] = [
  { path: '/promo-manage-catalog', title: 'Promo Manage Catalog', shows: ['SKYTEAMEU26', 'SkyTeam Europe Bonus', 'HILTONSTAY26', 'Non-Air'] },
  { path: '/promo-registration', title: 'Promo Registration', shows: ['KLEU2026', 'KLGOLD26', 'SkyTeam Europe Bonus'] },
  { path: '/member-promo', title: 'Member Promo', shows: ['SkyTeam Europe Bonus', 'Registered', 'Promo File', 'Staff'] },
  { path: '/promo-catalog', title: 'Promo Catalog', shows: ['REDEEM26', 'Bali Award Seats', 'Route of the award flight'] },
  { path: '/promo-criteria-type', title: 'Promo Criteria Type', shows: ['TIER', 'Member tier', 'SEASON'] },
  { path: '/promo-file', title: 'Promo File', shows: ['SkyTeam Europe Bonus'] },
];

const SWITCHED = 'QZE2ESWITCH';
/** A member of the test's own, registered and unregistered on Member Promo. */
const CARD = '661999001';

describe('promotion screens in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let token: string;
  const consoleErrors: string[] = [];
  const shoot = (name: string) => page.screenshot({ path: `${screenshotDir}/promotion-${name}.png`, fullPage: true, animations: 'disabled' });

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    token = (await rig.server.login('admin')).body.result.bearer as string;
    const db = definitionDb(rig.server.database.db);
    const at = new Date().toISOString();
    await db.insertInto('member').values({ memberid: 'E2EPRM0001', firstname: 'Promo', lastname: 'Flyer', gender: 'FEMALE', status: 'ACTIVE', username: CARD, emailverified: 0, createddate: at, updateddate: at, tierid: 'GOLD', membershipid: 'FFP', enrollmentdate: '2019-01-01', cardnumber: CARD }).execute();
    await db.insertInto('member_card').values({ cardnumber: CARD, memberid: 'E2EPRM0001', membershipid: 'FFP', tierid: 'GOLD', status: 'ACTIVE', issuedate: '2019-01-01' }).execute();
    page = await rig.newPage();
    // The console's errors are the page's own: a refused save answers 200 with a field message.
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => {
    await rig?.close();
    expect(consoleErrors).toEqual([]);
  });

  describe.each(SCREENS)('$path', ({ path, title, shows }) => {
    it(`opens ${title} with its demo rows`, async () => {
      await startClean(page, path);
      await poll(() => page.locator('h4.engine-title').innerText()).toBe(title);
      await poll(() => rows(page).count()).toBeGreaterThan(0);
      const table = page.locator('.ant-table');
      for (const text of shows) await poll(() => table.innerText()).toContain(text);
      await shoot(path.slice(1));
    });
  });

  it('refuses a registration code that is taken with the message on its field, creating nothing', async () => {
    await startClean(page, '/promo-registration');
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    const before = await rows(page).count();
    await page.getByRole('button', { name: 'Create' }).click();
    const form = drawer(page);
    await settled(form);
    await field(form, 'registrationcode').fill('KLEU2026');
    await chooseOption(page, field(form, 'promocode'), 'SkyTeam Europe Bonus');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => form.locator('.ant-form-item-explain-error').allInnerTexts()).toContain('Registration Code "KLEU2026" already exists');
    await shoot('registration-error');
    await page.keyboard.press('Escape');
    await startClean(page, '/promo-registration');
    await poll(() => rows(page).count()).toBe(before);
  });

  it('registers a member to a promotion with a registration code on Member Promo, then unregisters them', async () => {
    const db = definitionDb(rig.server.database.db);
    await db.deleteFrom('member_promo').where('cardnumber', '=', CARD).execute();
    await startClean(page, '/member-promo');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = drawer(page);
    await settled(form);
    await chooseOption(page, field(form, 'promocode'), 'SkyTeam Europe Bonus');
    await field(form, 'cardnumber').fill(CARD);
    await chooseOption(page, field(form, 'registrationcode'), 'KLGOLD26');
    await shoot('member-promo-create');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => toast(page, 'Data has been created').count()).toBeGreaterThan(0);
    await page.getByPlaceholder('Input Card Number').fill(CARD);
    await page.getByPlaceholder('Input Card Number').press('Enter');
    await poll(() => rows(page).count()).toBe(1);
    await poll(() => rows(page).first().innerText()).toContain('E2EPRM0001');
    await rows(page).first().getByRole('button', { name: 'Unregister' }).click();
    await answerYes(page, 'Are you sure to Unregister this data?');
    await poll(() => rows(page).first().innerText()).toContain('Unregistered');
    expect(await db.selectFrom('member_promo').select('status').where('cardnumber', '=', CARD).executeTakeFirst()).toEqual({ status: 'UNREGISTERED' });
  });

  it('shows Air Criteria or Non-Air Criteria by the promotion type, and switches when the type is saved', async () => {
    const db = definitionDb(rig.server.database.db);
    await db.deleteFrom('promotion').where('promocode', '=', SWITCHED).execute();
    const created = await rig.server.call('/api/promotion/create', { promocode: SWITCHED, name: 'Qz Switching Promo', promotiontype: 'AIR', startdate: '2026-07-01', enddate: '2026-09-30' }, { token });
    expect(created.body.status.responsecode).toBe('0000');

    await startClean(page, `/promo-manage-catalog/form/${SWITCHED}/air-criteria`);
    await poll(() => menuItems(page)).toEqual(['Basic Info', 'Member Criteria', 'Air Criteria', 'Bonus Activity Code']);
    for (const name of ['airlinecode', 'bookingclasses', 'flightstartdate', 'flightenddate']) await poll(() => field(page, name).count()).toBe(1);
    await shoot('air-criteria');

    await page.locator('.engine-record-menu .ant-menu-item', { hasText: 'Basic Info' }).click();
    await poll(() => pathOf(page)).toBe(`/promo-manage-catalog/form/${SWITCHED}/basic-info`);
    await chooseOption(page, field(page, 'promotiontype'), 'Non-Air');
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(() => toast(page, 'Data has been updated').count()).toBeGreaterThan(0);
    await poll(() => menuItems(page)).toEqual(['Basic Info', 'Member Criteria', 'Non-Air Criteria', 'Bonus Activity Code']);

    await page.locator('.engine-record-menu .ant-menu-item', { hasText: 'Non-Air Criteria' }).click();
    await poll(() => pathOf(page)).toBe(`/promo-manage-catalog/form/${SWITCHED}/nonair-criteria`);
    for (const name of ['partnercode', 'activitycodes', 'minspend']) await poll(() => field(page, name).count()).toBe(1);
    expect(await field(page, 'airlinecode').count()).toBe(0);
    await shoot('nonair-criteria');

    await page.goto('/promo-manage-catalog/form/SKYTEAMEU26/member-criteria');
    await poll(() => field(page, 'enrollstartdate').count()).toBe(1);
    await shoot('member-criteria');
  });

  it("shows a non-air promotion's bonus per activity code in its Bonus Activity Code section", async () => {
    await startClean(page, '/promo-manage-catalog/form/BNICARD26/bonus-activity');
    await poll(() => field(page, 'bonusactivitycode').inputValue()).toBe('BNSBNI26');
    const child = page.locator('.engine-child-table');
    await poll(() => child.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    for (const text of ['Co-brand card approval', 'Co-brand card spending', 'Percentage', '5,000']) await poll(() => child.innerText()).toContain(text);
    await shoot('bonus-activity');
  });

  it('refuses a Promo File with a card no member holds, naming the row', async () => {
    await startClean(page, '/promo-file');
    await page.getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Upload Promo File' });
    await settled(dialog);
    await poll(() => dialog.innerText()).toContain('Promotion, Card Number');
    const content = 'Promotion,Card Number\r\nSKYTEAMEU26,6600000001\r\n';
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'promo-members.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
    await poll(() => toast(page, 'promo-members.csv file upload failed.').count()).toBeGreaterThan(0);
    await dialog.getByText('promo-members.csv: 1 error in 1 row, nothing was uploaded.', { exact: false }).waitFor();
    await shoot('file-errors');
    await page.keyboard.press('Escape');
  });
});
