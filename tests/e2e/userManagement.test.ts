// User management in Chromium: the User screen end to end (search, advanced search, paging, invalid then
// valid create, edit, deactivate, reset by e-mail read on the Outbox screen, no deactivating oneself), a role's grant matrix taking
// effect (a removed grant blocks the API at once and hides the menu at the next login), the user log.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FLOW_PATHS } from '../../engine/api/memberFlows';
import { STAFF_RESET_TEXTS } from '../../server/users/staffReset';
import { sha256Hex } from '../../server/session/sessionStore';
import { answerYes, logIn, screenshotDir, startBrowserRig, topMenu, type BrowserRig } from './browser';

const search = (page: Page) => page.locator('.engine-search');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const footer = (page: Page) => page.locator('.ant-pagination-total-text').innerText();
const submitSearch = (page: Page) => search(page).locator('button[type="submit"]').click();
const topMenus = async (page: Page) => (await page.locator('.app-nav > .ant-menu-item, .app-nav > .ant-menu-submenu').allInnerTexts()).filter(Boolean);

const PASSWORD = 'Qz#Officer2026';
/** Lets a drawer finish sliding in before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(400);

describe('user management in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let admin: string;

  /** Sets a user's password through the e-mailed link's calls (the browser page has its own test). */
  async function setPasswordFromMail(email: string) {
    const mail = await rig.server.database.db.selectFrom('outbox').select('body').where('mailto', '=', email).orderBy('createddate', 'desc').executeTakeFirstOrThrow();
    const key = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    const set = await rig.server.call(MEMBER_FLOW_PATHS.staffResetPassword, { key, newpassword: sha256Hex(PASSWORD) });
    expect(set.body.status.responsecode).toBe('0000');
  }

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    admin = (await rig.server.login('admin')).body.result.bearer;
    for (let i = 1; i <= 10; i++) {
      const n = String(i).padStart(2, '0');
      await rig.server.call('/api/user/create', { username: `qz.clerk${n}`, userfullname: `Qz Clerk ${n}`, email: `qz.clerk${n}@alms.example`, rolecode: 'BRANCH' }, { token: admin });
    }
    page = await rig.newPage();
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => rig?.close());

  it('opens User from the navigation, searches and pages with the footer text', async () => {
    await (await topMenu(page, 'User Management')).hover();
    await page.getByRole('menuitem', { name: 'User', exact: true }).click();
    await expect.poll(() => page.title()).toBe('User | Loyalty Management System');
    await expect.poll(() => footer(page)).toBe('1-10 of 16 items');
    await search(page).getByPlaceholder('Input Full Name').fill('Qz Clerk');
    await submitSearch(page);
    await expect.poll(() => footer(page)).toBe('1-10 of 10 items');
    await page.getByRole('button', { name: 'Advance Search' }).click();
    await search(page).getByPlaceholder('Input Email').fill('clerk07');
    await submitSearch(page);
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await search(page).getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => footer(page)).toBe('1-10 of 16 items');
    await page.getByRole('button', { name: 'Advance Search' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => footer(page)).toBe('1-10 of 16 items');
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => footer(page)).toBe('11-16 of 16 items');
    await page.screenshot({ path: `${screenshotDir}/user-list.png` });
  });

  it('creates a user with invalid then valid input; the user is e-mailed a link', async () => {
    await page.getByRole('button', { name: 'Create' }).click();
    await drawer(page).getByPlaceholder('Input Username').fill('qz');
    await drawer(page).getByPlaceholder('Input Email').fill('not-an-email');
    await drawer(page).getByPlaceholder('Input Full Name').click();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Username min length 3').count()).toBe(1);
    expect(await page.getByText(/^Email format is not valid/).count()).toBe(1);
    expect(await page.getByText('Role is Required').count()).toBe(1);
    await settle(page);
    await page.screenshot({ path: `${screenshotDir}/user-form-errors.png` });
    expect((await rig.server.call('/api/user/detail', { username: 'qz' }, { token: admin })).body.status.responsecode).toBe('1004');

    await drawer(page).getByPlaceholder('Input Username').fill('qz.officer');
    await drawer(page).getByPlaceholder('Input Full Name').fill('Qz Officer');
    await drawer(page).getByPlaceholder('Input Email').fill('qz.officer@alms.example');
    await page.locator('#root_rolecode').click();
    await page.getByTitle('Branch Office', { exact: true }).click();
    // Menu groups show only to users with a branch code and a ticket office id (spec 000 §6).
    // The ticket office select lists the chosen branch's offices only.
    await page.locator('#root_branchcode').click();
    await page.getByTitle('Denpasar Branch Office', { exact: true }).click();
    await page.locator('#root_tickoffid').click();
    await page.getByTitle('Denpasar City Office', { exact: true }).click();
    await settle(page);
    await page.screenshot({ path: `${screenshotDir}/user-form.png` });
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Data has been created').count()).toBe(1);
    const mails = await rig.server.database.db.selectFrom('outbox').select('subject').where('mailto', '=', 'qz.officer@alms.example').execute();
    expect(mails).toEqual([{ subject: STAFF_RESET_TEXTS.newUserSubject }]);
  });

  it('edits, deactivates with the confirmation, and sends a reset link read on the Outbox screen', async () => {
    await page.goto('/user?username=qz.officer');
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await drawer(page).getByPlaceholder('Input Username').isDisabled()).toBe(true);
    await drawer(page).getByPlaceholder('Input Full Name').fill('Qz Senior Officer');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Data has been updated').count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'Qz Senior Officer' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Deactivate' }).click();
    await answerYes(page, 'Are you sure to deactivate this data?');
    await expect.poll(() => page.locator('.ant-table-tbody .ant-tag').allInnerTexts()).toEqual(['Inactive']);
    await page.getByRole('button', { name: 'Activate' }).click();
    await answerYes(page);
    await expect.poll(() => page.locator('.ant-table-tbody .ant-tag').allInnerTexts()).toEqual(['Active']);

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await answerYes(page, 'Are you sure ?');
    await expect.poll(() => toast(page, STAFF_RESET_TEXTS.linkSent).count()).toBe(1);

    await page.goto('/outbox?mailto=qz.officer');
    await expect.poll(() => footer(page)).toBe('1-2 of 2 items');
    await page.screenshot({ path: `${screenshotDir}/outbox-list.png` });
    await page.getByRole('button', { name: 'View' }).first().click();
    await expect.poll(() => page.locator('.engine-details').innerText()).toContain(STAFF_RESET_TEXTS.resetSubject);
    expect(await page.locator('.engine-details').innerText()).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/);
    await settle(page);
    await page.screenshot({ path: `${screenshotDir}/outbox-view.png` });
    await page.keyboard.press('Escape');
  });

  it("refuses to deactivate the signed-in administrator's own account with its message; the session goes on", async () => {
    await page.goto('/user?username=admin');
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await answerYes(page, 'Are you sure to deactivate this data?');
    await expect.poll(() => toast(page, 'You cannot deactivate your own account').count()).toBe(1);
    expect(await page.locator('.ant-table-tbody .ant-tag').allInnerTexts()).toEqual(['Active']);
    await page.screenshot({ path: `${screenshotDir}/user-deactivate-self.png` });
    await page.reload();
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    expect(await page.locator('.ant-table-tbody .ant-tag').allInnerTexts()).toEqual(['Active']);
  });

  it('a role made in the grant matrix opens a menu; removing the grant blocks the API and hides the menu', async () => {
    await page.goto('/role');
    await page.getByRole('button', { name: 'Create' }).click();
    await drawer(page).getByPlaceholder('Input Role Code').fill('QZDESK');
    await drawer(page).getByPlaceholder('Input Role Name').fill('Qz Desk');
    await drawer(page).getByPlaceholder('Input Description').fill('Regions desk');
    await drawer(page).getByPlaceholder('Filter menus').fill('Region');
    await drawer(page).getByRole('checkbox', { name: 'REGION_ACCESS' }).check();
    await expect.poll(() => drawer(page).getByText(/^1 of \d+ functions granted$/).count()).toBe(1);
    await drawer(page).getByRole('switch', { name: 'Nusantara Miles', exact: true }).click();
    await settle(page);
    await page.screenshot({ path: `${screenshotDir}/role-form.png` });
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Data has been created').count()).toBe(1);
    const role = await rig.server.call('/api/role/detail', { rolecode: 'QZDESK' }, { token: admin });
    const granted = role.body.result.usermenu.flatMap((m: { functions: { functioncode: string; grant: boolean }[] }) => m.functions.filter((f) => f.grant).map((f) => f.functioncode));
    expect(granted).toEqual(['REGION_ACCESS']);
    expect(role.body.result.enrollmentaccess).toContainEqual({ membershipid: 'FFP', grant: true });

    await page.goto('/user?username=qz.officer');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.locator('#root_rolecode').click();
    await page.getByTitle('Qz Desk').click();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await rig.server.call('/api/user/detail', { username: 'qz.officer' }, { token: admin })).body.result.rolecode).toBe('QZDESK');
    await setPasswordFromMail('qz.officer@alms.example');

    const officer = await rig.newPage();
    await logIn(officer, 'qz.officer', PASSWORD);
    await expect.poll(() => topMenus(officer)).toEqual(['Dashboard', 'Data Management', 'Profile', 'Logout']);
    await officer.goto('/region');
    await expect.poll(() => footer(officer)).toMatch(/of \d+ items$/);
    expect(await officer.getByRole('button', { name: 'Create' }).count()).toBe(0);

    await page.goto('/role?rolecode=QZDESK');
    await page.getByRole('button', { name: 'Edit' }).click();
    await drawer(page).getByPlaceholder('Filter menus').fill('Region');
    await drawer(page).getByRole('checkbox', { name: 'REGION_ACCESS' }).uncheck();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Data has been updated').count()).toBeGreaterThan(0);

    // The next request of the signed-in officer is refused: the access-denied page.
    await officer.locator('.engine-search button[type="submit"]').click();
    await expect.poll(() => officer.getByText('Sorry, you are not authorized to access this page.').count()).toBe(1);
    // The next login no longer shows the menu.
    await officer.getByText('Logout').click();
    await officer.getByRole('button', { name: 'OK' }).click();
    await logIn(officer, 'qz.officer', PASSWORD);
    await expect.poll(() => topMenus(officer)).toEqual(['Dashboard', 'Profile', 'Logout']);
    await officer.close();
  });

  it('the user log filters by module and legend and shows before and after', async () => {
    await page.goto('/user-log');
    await expect.poll(() => footer(page)).toMatch(/^1-10 of \d+ items$/);
    await page.locator('.engine-search .ant-select').filter({ hasText: 'Choose Module' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('ROLE', { exact: true }).click();
    await page.locator('.engine-search .ant-select').filter({ hasText: 'Choose Legend' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('UPDATE', { exact: true }).click();
    await submitSearch(page);
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await page.screenshot({ path: `${screenshotDir}/userlog-list.png` });
    await page.getByRole('button', { name: 'View' }).click();
    const details = page.locator('.ant-drawer-open .engine-details');
    await expect.poll(() => details.locator('.engine-json').count()).toBe(2);
    expect(await details.locator('.engine-json').first().innerText()).toContain('"functioncode": "REGION_ACCESS"');
    await settle(page);
    await page.screenshot({ path: `${screenshotDir}/userlog-view.png` });
  });
});
