// User management in Chromium: the User screen end to end (search, advanced search, paging, invalid then
// valid create, edit, deactivate, reset by e-mail read on the Outbox screen, no deactivating oneself), a role's grant matrix taking
// effect (a removed grant blocks the API at once and hides the menu at the next login), the user log, a statement
// mail's PDF opened from the Outbox, an API client's new secret shown once.
// Every test makes what it needs itself (the officer, the role, the log entry) so it passes alone or as a retry,
// and waits on states only (an overlay settled, a pick taken, a toast shown), never on durations.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FLOW_PATHS } from '../../domain/memberFlows';
import { STAFF_RESET_TEXTS } from '../../server/userManagement/users/staffReset';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { reportJobHandlers } from '../../server/reports/reportJobs';
import { sha256Hex } from '../../server/platform/core/sha256';
import { CODES } from '../../engine/api/responseCodes';
import { API_CLIENT_TEXTS, NEW_SECRET_MESSAGE } from '../../server/userManagement/apiClients/apiClientActions';
import { CLIENT_TOKEN_PATH } from '../../server/platform/session/clientTokenActions';
import { API_CLIENT_LEGENDS } from '../../server/platform/session/clientTokens';
import { answerOk, answerYes, chooseOption, logIn, screenshotDir, settled, startBrowserRig, startClean, topMenu, type BrowserRig } from './browser';

const search = (page: Page) => page.locator('.engine-search');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
/** Waits in the page for a toast (a notice lasts 3 s: a poll from the test may miss it on a busy machine). */
const toastShown = (page: Page, text: string) => toast(page, text).first().waitFor();
const footer = (page: Page) => page.locator('.ant-pagination-total-text').innerText();
const submitSearch = (page: Page) => search(page).locator('button[type="submit"]').click();
const topMenus = async (page: Page) => (await page.locator('.app-nav > .ant-menu-item, .app-nav > .ant-menu-submenu').allInnerTexts()).filter(Boolean);

const PASSWORD = 'Qz#Officer2026';
const OFFICER = { username: 'qz.officer', userfullname: 'Qz Officer', email: 'qz.officer@alms.example', rolecode: 'BRANCH', branchcode: 'DPSBO', tickoffid: 'DPS01' };
/** Opens the Create or Edit drawer and waits until it has finished sliding in. */
async function openDrawer(page: Page, button: 'Create' | 'Edit') {
  await page.getByRole('button', { name: button }).click();
  await settled(drawer(page));
}

describe('user management in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let admin: string;
  /** Where the statement PDFs go (the report directory). */
  const reportDir = mkdtempSync(join(tmpdir(), 'alms-e2e-outbox-'));

  const api = (path: string, data?: unknown) => rig.server.call(path, data, { token: admin });
  const exists = async (resource: string, key: Record<string, string>) => (await api(`/api/${resource}/detail`, key)).body.status.responsecode === '0000';
  const mailsTo = async (email: string) => (await rig.server.database.db.selectFrom('outbox').select('mailid').where('mailto', '=', email).execute()).length;

  /** Sets a user's password through a fresh e-mailed link's calls (the browser page has its own test). */
  async function setPasswordFromMail(username: string, email: string) {
    const before = await mailsTo(email);
    expect((await api('/api/user/reset-user-password', { username })).body.status.responsecode).toBe('0000');
    // The new mail: one more than before, a key no earlier try has used.
    const mails = await rig.server.database.db.selectFrom('outbox').select(['body', 'subject']).where('mailto', '=', email).orderBy('createddate', 'desc').execute();
    expect(mails).toHaveLength(before + 1);
    const fresh = mails.find((m) => m.subject === STAFF_RESET_TEXTS.resetSubject)!;
    const key = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(fresh.body)![1];
    const set = await rig.server.call(MEMBER_FLOW_PATHS.staffResetPassword, { key, newpassword: sha256Hex(PASSWORD) });
    expect(set.body.status.responsecode).toBe('0000');
  }

  /** The officer as the create test leaves it (Branch Office, active), made or put back by the API. */
  async function ensureOfficer() {
    if (!(await exists('user', { username: OFFICER.username }))) expect((await api('/api/user/create', OFFICER)).body.status.responsecode).toBe('0000');
    expect((await api('/api/user/update', OFFICER)).body.status.responsecode).toBe('0000');
    const status = (await api('/api/user/detail', { username: OFFICER.username })).body.result.status;
    if (status !== 'ACTIVE') expect((await api('/api/user/activate', { username: OFFICER.username })).body.status.responsecode).toBe('0000');
  }

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig({ REPORT_DIR: reportDir });
    admin = (await rig.server.login('admin')).body.result.bearer;
    for (let i = 1; i <= 10; i++) {
      const n = String(i).padStart(2, '0');
      await rig.server.call('/api/user/create', { username: `qz.clerk${n}`, userfullname: `Qz Clerk ${n}`, email: `qz.clerk${n}@alms.example`, rolecode: 'BRANCH' }, { token: admin });
    }
    page = await rig.newPage();
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => {
    await rig?.close();
    rmSync(reportDir, { recursive: true, force: true });
  });

  // A failed test leaves no drawer, dialog or list open for the next one (or its own retry); what the
  // failure looked like is kept for reading.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await page.screenshot({ path: `${screenshotDir}/failed-user-management.png` }).catch(() => undefined);
    await startClean(page, '/');
    await page.locator('.app-nav').waitFor();
  });

  it('opens User from the navigation, searches and pages with the footer text', async () => {
    const users = (await rig.server.database.db.selectFrom('app_user').select('username').execute()).length;
    const firstPage = `1-10 of ${users} items`;
    await (await topMenu(page, 'User Management')).hover();
    const item = page.getByRole('menuitem', { name: 'User', exact: true });
    await settled(item);
    await item.click();
    await expect.poll(() => page.title()).toBe('User | Loyalty Management System');
    await expect.poll(() => footer(page)).toBe(firstPage);
    await search(page).getByPlaceholder('Input Full Name').fill('Qz Clerk');
    await submitSearch(page);
    await expect.poll(() => footer(page)).toBe('1-10 of 10 items');
    await page.getByRole('button', { name: 'Advance Search' }).click();
    await search(page).getByPlaceholder('Input Email').fill('clerk07');
    await submitSearch(page);
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await search(page).getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => footer(page)).toBe(firstPage);
    await page.getByRole('button', { name: 'Advance Search' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => footer(page)).toBe(firstPage);
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => footer(page)).toBe(`11-${Math.min(users, 20)} of ${users} items`);
    await page.screenshot({ path: `${screenshotDir}/user-list.png` });
  });

  it('creates a user with invalid then valid input; the user is e-mailed a link', async () => {
    // An officer a failed try made is removed, with its mails, so this try makes it anew.
    if (await exists('user', { username: OFFICER.username })) expect((await api('/api/user/delete', { username: OFFICER.username })).body.status.responsecode).toBe('0000');
    await rig.server.database.db.deleteFrom('outbox').where('mailto', '=', OFFICER.email).execute();
    await page.goto('/user');
    await expect.poll(() => footer(page)).toMatch(/ of \d+ items$/);
    await openDrawer(page, 'Create');
    await drawer(page).getByPlaceholder('Input Username').fill('qz');
    await drawer(page).getByPlaceholder('Input Email').fill('not-an-email');
    await drawer(page).getByPlaceholder('Input Full Name').click();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Username min length 3').count()).toBe(1);
    expect(await page.getByText(/^Email format is not valid/).count()).toBe(1);
    expect(await page.getByText('Role is Required').count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/user-form-errors.png` });
    expect((await rig.server.call('/api/user/detail', { username: 'qz' }, { token: admin })).body.status.responsecode).toBe('1004');

    await drawer(page).getByPlaceholder('Input Username').fill('qz.officer');
    await drawer(page).getByPlaceholder('Input Full Name').fill('Qz Officer');
    await drawer(page).getByPlaceholder('Input Email').fill('qz.officer@alms.example');
    await chooseOption(page, drawer(page).locator('#root_rolecode'), 'Branch Office');
    // Menu groups show only to users with a branch code and a ticket office id (spec 000 §6).
    // The ticket office select lists the chosen branch's offices only.
    await chooseOption(page, drawer(page).locator('#root_branchcode'), 'Denpasar Branch Office');
    await chooseOption(page, drawer(page).locator('#root_tickoffid'), 'Denpasar City Office');
    await page.screenshot({ path: `${screenshotDir}/user-form.png` });
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await toastShown(page, 'Data has been created');
    await drawer(page).waitFor({ state: 'hidden' });
    const mails = await rig.server.database.db.selectFrom('outbox').select('subject').where('mailto', '=', 'qz.officer@alms.example').execute();
    expect(mails).toEqual([{ subject: STAFF_RESET_TEXTS.newUserSubject }]);
  });

  it('edits, deactivates with the confirmation, and sends a reset link read on the Outbox screen', async () => {
    await ensureOfficer();
    const mails = await mailsTo(OFFICER.email);
    await page.goto('/user?username=qz.officer');
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await openDrawer(page, 'Edit');
    expect(await drawer(page).getByPlaceholder('Input Username').isDisabled()).toBe(true);
    await drawer(page).getByPlaceholder('Input Full Name').fill('Qz Senior Officer');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await toastShown(page, 'Data has been updated');
    await drawer(page).waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('cell', { name: 'Qz Senior Officer' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Deactivate' }).click();
    await answerYes(page, 'Are you sure to deactivate this data?');
    await expect.poll(() => page.locator('.ant-table-tbody .ant-tag').allInnerTexts()).toEqual(['Inactive']);
    await page.getByRole('button', { name: 'Activate' }).click();
    await answerYes(page);
    await expect.poll(() => page.locator('.ant-table-tbody .ant-tag').allInnerTexts()).toEqual(['Active']);

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await answerYes(page, 'Are you sure ?');
    await toastShown(page, STAFF_RESET_TEXTS.linkSent);

    // The mails the officer had (the new-user link at least), and the reset link on top, newest first.
    await page.goto('/outbox?mailto=qz.officer');
    await expect.poll(() => footer(page)).toBe(`1-${mails + 1} of ${mails + 1} items`);
    await page.screenshot({ path: `${screenshotDir}/outbox-list.png` });
    await page.getByRole('button', { name: 'View' }).first().click();
    const details = page.locator('.ant-drawer-open .engine-details');
    await expect.poll(() => details.innerText()).toContain(STAFF_RESET_TEXTS.resetSubject);
    expect(await details.innerText()).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/);
    await settled(details);
    await page.screenshot({ path: `${screenshotDir}/outbox-view.png` });
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
  });

  it("opens a statement mail's PDF from the Outbox: the row counts one attachment, the detail names it", async () => {
    const code = `STM-${new Date().toISOString().slice(0, 7)}`;
    expect((await api('/api/statement/send', { statementcode: code })).body.status.responsecode).toBe('0000');
    expect(await createJobWorker({ db: rig.server.database.db, owner: 'e2e', handlers: reportJobHandlers, pollMs: 60_000 }).tick()).toBe(1);
    const log = (await rig.server.database.db.selectFrom('mileage_statement_log' as never).selectAll().where('statementcode' as never, '=', code as never).orderBy('memberid' as never).limit(1).executeTakeFirstOrThrow()) as Record<string, string>;
    const filename = `statement-${log.cardnumber}-${code.slice(4)}.pdf`;

    await page.goto(`/outbox?mailto=${encodeURIComponent(log.email)}`);
    const row = page.locator('.ant-table-tbody tr').filter({ hasText: 'STATEMENT' }).first();
    await row.waitFor();
    await page.screenshot({ path: `${screenshotDir}/outbox-attachment-list.png` });
    await row.getByRole('button', { name: 'View' }).click();
    const details = page.locator('.ant-drawer-open .engine-details');
    await expect.poll(() => details.innerText()).toContain(filename);
    await settled(details);
    await page.screenshot({ path: `${screenshotDir}/outbox-attachment-view.png` });
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // Open Attachment: a new tab on the file link, answering the PDF written for the member. The link is single-use,
    // so its bytes are read on their way to the browser's PDF viewer.
    let served: Buffer | undefined;
    await page.context().route('**/files/**', async (route) => {
      const answer = await route.fetch();
      served = await answer.body();
      await route.fulfill({ response: answer, body: served });
    });
    const opened = page.context().waitForEvent('response', (response) => response.url().includes('/files/'));
    await row.getByRole('button', { name: 'Open Attachment' }).click();
    const response = await opened;
    expect([response.status(), response.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect(served?.equals(readFileSync(join(reportDir, 'statements', code, `${log.memberid}.pdf`)))).toBe(true);
    // Opened once, the link is spent.
    expect((await fetch(response.url())).status).toBe(404);
    await page.context().unroute('**/files/**');
    for (const other of page.context().pages()) if (other !== page) await other.close();
    // The new tab had the focus: a background tab's animations crawl, so the next test's dialogs would barely open.
    await page.bringToFront();
  });

  it('shows a new API client its first secret once at Create and a New Secret once; Revoke Old Secrets ends the rotation at once', async () => {
    // Clients are never deleted: each try makes one of its own.
    const clientid = `qz.crm.${Date.now().toString(36)}`;
    await page.goto('/api-client');
    await page.getByRole('button', { name: 'Create' }).waitFor();
    await openDrawer(page, 'Create');
    await drawer(page).locator('#root_clientid').fill(clientid);
    await drawer(page).locator('#root_clientname').fill('Qz CRM');
    await chooseOption(page, drawer(page).locator('#root_rolecode'), 'Administrator');
    await drawer(page).locator('#root_ratelimit').fill('600');
    // Typed, then left with Tab: Enter would also submit the form.
    const expiry = drawer(page).locator('#root_expirydate');
    await expiry.click();
    await expiry.fill('31/12/2099');
    await expiry.press('Tab');
    await page.screenshot({ path: `${screenshotDir}/api-client-form.png` });
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    const secretIn = async (title: string, shot: string) => {
      const dialog = page.getByRole('dialog').filter({ hasText: title });
      await settled(dialog);
      const secret = await dialog.locator('code').innerText();
      await page.screenshot({ path: `${screenshotDir}/${shot}.png` });
      await answerOk(page, title);
      return secret;
    };
    const first = await secretIn(API_CLIENT_TEXTS.created, 'api-client-created');
    expect(first).toMatch(/^alcs_/);
    const token = await rig.server.call(CLIENT_TOKEN_PATH, { clientid, secret: first });
    expect(token.body.status.responsecode).toBe('0000');
    // The user log has the secret's id, never the secret.
    const logged = await rig.server.database.db.selectFrom('user_log').select(['legend', 'aftervalue']).where('recordkey', '=', clientid).execute();
    expect(logged.map((l) => l.legend).sort()).toEqual(['CREATE', API_CLIENT_LEGENDS.SECRET_ISSUED].sort());
    expect(JSON.stringify(logged)).not.toContain(first);

    await page.goto(`/api-client?clientid=${clientid}`);
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await page.getByRole('button', { name: 'New Secret' }).click();
    await answerYes(page, 'Are you sure ?');
    // A second secret: the first works during the overlap until Revoke Old Secrets.
    const second = await secretIn(NEW_SECRET_MESSAGE, 'api-client-secret');
    expect(second).not.toBe(first);
    await page.getByRole('button', { name: 'Revoke Old Secrets' }).click();
    await answerYes(page, 'Are you sure ?');
    await toastShown(page, '1 secret(s) revoked');
    expect((await rig.server.call(CLIENT_TOKEN_PATH, { clientid, secret: first })).body.status.responsecode).toBe(CODES.SECRET_REVOKED);
    expect((await rig.server.call(CLIENT_TOKEN_PATH, { clientid, secret: second })).body.status.responsecode).toBe('0000');
  });

  it("refuses to deactivate the signed-in administrator's own account with its message; the session goes on", async () => {
    await page.goto('/user?username=admin');
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await answerYes(page, 'Are you sure to deactivate this data?');
    await toastShown(page, 'You cannot deactivate your own account');
    expect(await page.locator('.ant-table-tbody .ant-tag').allInnerTexts()).toEqual(['Active']);
    await page.screenshot({ path: `${screenshotDir}/user-deactivate-self.png` });
    await page.reload();
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    expect(await page.locator('.ant-table-tbody .ant-tag').allInnerTexts()).toEqual(['Active']);
  });

  it('a role made in the grant matrix opens a menu; removing the grant blocks the API and hides the menu', async () => {
    // The officer on its Branch Office role, and no QZDESK role left by a failed try.
    await ensureOfficer();
    if (await exists('role', { rolecode: 'QZDESK' })) expect((await api('/api/role/delete', { rolecode: 'QZDESK' })).body.status.responsecode).toBe('0000');
    await page.goto('/role');
    await expect.poll(() => footer(page)).toMatch(/ of \d+ items$/);
    await openDrawer(page, 'Create');
    await drawer(page).getByPlaceholder('Input Role Code').fill('QZDESK');
    await drawer(page).getByPlaceholder('Input Role Name').fill('Qz Desk');
    await drawer(page).getByPlaceholder('Input Description').fill('Regions desk');
    await drawer(page).getByPlaceholder('Filter menus').fill('Region');
    await drawer(page).getByRole('checkbox', { name: 'REGION_ACCESS' }).check();
    await expect.poll(() => drawer(page).getByText(/^1 of \d+ functions granted$/).count()).toBe(1);
    const ffp = drawer(page).getByRole('switch', { name: 'Nusantara Miles', exact: true });
    await ffp.click();
    await expect.poll(() => ffp.getAttribute('aria-checked')).toBe('true');
    await settled(drawer(page));
    await page.screenshot({ path: `${screenshotDir}/role-form.png` });
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await toastShown(page, 'Data has been created');
    await drawer(page).waitFor({ state: 'hidden' });
    const role = await api('/api/role/detail', { rolecode: 'QZDESK' });
    const granted = role.body.result.usermenu.flatMap((m: { functions: { functioncode: string; grant: boolean }[] }) => m.functions.filter((f) => f.grant).map((f) => f.functioncode));
    expect(granted).toEqual(['REGION_ACCESS']);
    expect(role.body.result.enrollmentaccess).toContainEqual({ membershipid: 'FFP', grant: true });

    await page.goto('/user?username=qz.officer');
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await openDrawer(page, 'Edit');
    await chooseOption(page, drawer(page).locator('#root_rolecode'), 'Qz Desk');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await toastShown(page, 'Data has been updated');
    expect((await api('/api/user/detail', { username: 'qz.officer' })).body.result.rolecode).toBe('QZDESK');
    await setPasswordFromMail(OFFICER.username, OFFICER.email);

    const officer = await rig.newPage();
    try {
      await logIn(officer, 'qz.officer', PASSWORD);
      await expect.poll(() => topMenus(officer)).toEqual(['Dashboard', 'Data Management', 'Profile', 'Logout']);
      await officer.goto('/region');
      await expect.poll(() => footer(officer)).toMatch(/of \d+ items$/);
      expect(await officer.getByRole('button', { name: 'Create' }).count()).toBe(0);

      await page.goto('/role?rolecode=QZDESK');
      await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
      await openDrawer(page, 'Edit');
      await drawer(page).getByPlaceholder('Filter menus').fill('Region');
      await drawer(page).getByRole('checkbox', { name: 'REGION_ACCESS' }).uncheck();
      await expect.poll(() => drawer(page).getByText(/^0 of \d+ functions granted$/).count()).toBe(1);
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await toastShown(page, 'Data has been updated');

      // The next request of the signed-in officer is refused: the access-denied page.
      await officer.locator('.engine-search button[type="submit"]').click();
      await expect.poll(() => officer.getByText('Sorry, you are not authorized to access this page.').count()).toBe(1);
      // The next login no longer shows the menu.
      await (await topMenu(officer, 'Logout')).click();
      await answerOk(officer);
      await officer.getByPlaceholder('Username').waitFor();
      await logIn(officer, 'qz.officer', PASSWORD);
      await expect.poll(() => topMenus(officer)).toEqual(['Dashboard', 'Profile', 'Logout']);
    } finally {
      await officer.context().close();
    }
    // Two sign-ins, each with its captcha's proof of work: on a busy machine this takes longer than one test's time.
  }, 150_000);

  it('the user log filters by module and legend and shows before and after', async () => {
    // A role of this test's own, granted then taken REGION_ACCESS: one ROLE UPDATE entry under its code.
    const rolecode = `QZLOG${Date.now().toString(36).toUpperCase()}`;
    const region = (grant: boolean) => [{ menucode: 'REGION', functions: [{ functioncode: 'REGION_ACCESS', grant }] }];
    const role = { rolecode, rolename: 'Qz Log', roledescription: 'User log test' };
    expect((await api('/api/role/create', { ...role, usermenu: region(true) })).body.status.responsecode).toBe('0000');
    expect((await api('/api/role/update', { ...role, usermenu: region(false) })).body.status.responsecode).toBe('0000');

    await page.goto('/user-log');
    await expect.poll(() => footer(page)).toMatch(/^1-10 of \d+ items$/);
    await chooseOption(page, search(page).locator('[id="module"]'), 'ROLE');
    await chooseOption(page, search(page).locator('[id="legend"]'), 'UPDATE');
    await page.getByRole('button', { name: 'Advance Search' }).click();
    await search(page).getByPlaceholder('Input Record').fill(rolecode);
    await submitSearch(page);
    await expect.poll(() => footer(page)).toBe('1-1 of 1 items');
    await page.screenshot({ path: `${screenshotDir}/userlog-list.png` });
    await page.getByRole('button', { name: 'View' }).click();
    const details = page.locator('.ant-drawer-open .engine-details');
    await expect.poll(() => details.locator('.engine-json').count()).toBe(2);
    expect(await details.locator('.engine-json').first().innerText()).toContain('"functioncode": "REGION_ACCESS"');
    await settled(details);
    await page.screenshot({ path: `${screenshotDir}/userlog-view.png` });
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
  });
});
