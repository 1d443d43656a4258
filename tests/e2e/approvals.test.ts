// Maker-checker in Chromium: the maker `admin` edits and deletes General Configuration rows (requests
// only), the demo checker decides them on My Approval: the change shown against the current values,
// Approve and Reject (with its reason) behind 'Are you sure to rating/reject this data?'; a member's
// request shows and is found by what it is about (the member's name and card, the price row's name).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerYes, rejectWaitingRequests, logIn, screenshotDir, settled, startBrowserRig, startClean, topMenu, type BrowserRig } from './browser';

// Spec 000 §4 / 001 §8, retyped to pin it; the product's own texts after it.
const RATING_REJECT = 'Are you sure to rating/reject this data?';
const SUBMITTED = 'Your request has been submitted for approval';
const APPROVED = 'The request has been approved';
const REJECTED = 'The request has been rejected';

const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
/** Waits in the page for a toast (a notice lasts 3 s: a poll from the test may miss it on a busy machine). */
const toastShown = (page: Page, text: string) => toast(page, text).first().waitFor();
const footer = (page: Page) => page.locator('.ant-pagination-total-text').innerText();
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** An empty list shows the table's placeholder and no paging footer. */
const isEmpty = async (page: Page) => (await page.locator('.ant-table-placeholder').count()) === 1 && (await rows(page).count()) === 0;
const cells = async (page: Page) => (await rows(page).first().locator('td').allInnerTexts()).map((t) => t.trim());
const topMenus = async (page: Page) => (await page.locator('.app-nav > .ant-menu-item, .app-nav > .ant-menu-submenu').allInnerTexts()).filter(Boolean);

describe('maker-checker approvals in Chromium', () => {
  let rig: BrowserRig;
  let maker: Page;
  let checker: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    const admin = (await rig.server.login('admin')).body.result.bearer;
    const created = await rig.server.call('/api/general-config/create', { key: 'QZ_E2E.RETIRED', value: 'legacy', description: 'An old switch', active: true }, { token: admin });
    expect(created.body.status.responsecode).toBe('0000');
    // The demo's own waiting requests (retro claims, buy mileage) are decided out of the way: this file follows
    // its own requests through an empty My Approval.
    await rejectWaitingRequests(rig.server, 'Out of the way of the approvals test');
    maker = await rig.newPage();
    checker = await rig.newPage();
    for (const page of [maker, checker]) {
      page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text().slice(0, 300))));
      page.on('pageerror', (error) => void consoleErrors.push(error.message));
    }
    await logIn(maker, 'admin');
    await logIn(checker, 'checker');
    await maker.getByText('Dashboard').first().waitFor();
    await checker.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => rig?.close());

  // A failed test leaves no drawer, dialog or toast over the next one: both pages reopen their list
  // (the maker's and the checker's), and what the failure looked like is kept for reading.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [name, page] of [['maker', maker], ['checker', checker]] as const) {
      await page.screenshot({ path: `${screenshotDir}/failed-approvals-${name}.png` }).catch(() => undefined);
      await startClean(page, name === 'maker' ? '/general-configuration' : '/my-approval');
    }
  });

  it("the maker's edit is submitted for approval and the row keeps its value", async () => {
    await maker.goto('/general-configuration?key=VAT_BUY_MILEAGE');
    await expect.poll(() => footer(maker)).toBe('1-1 of 1 items');
    expect((await cells(maker)).slice(1, 3)).toEqual(['VAT_BUY_MILEAGE', '11']);
    await maker.getByRole('button', { name: 'Edit' }).click();
    await settled(drawer(maker));
    await expect.poll(() => drawer(maker).locator('#root_value').inputValue()).toBe('11');
    await drawer(maker).locator('#root_value').fill('12');
    await drawer(maker).getByRole('button', { name: 'Save' }).click();
    await toastShown(maker, SUBMITTED);
    await expect.poll(() => maker.locator('.ant-drawer-open').count()).toBe(0);
    expect((await cells(maker)).slice(1, 3)).toEqual(['VAT_BUY_MILEAGE', '11']);
    // The maker's own request is not theirs to decide.
    await maker.goto('/my-approval');
    await expect.poll(() => maker.title()).toBe('My Approval | Loyalty Management System');
    // The maker may see it (read-only, with its status), never with Approve or Reject.
    await expect.poll(async () => (await isEmpty(maker)) || (await rows(maker).count()) > 0).toBe(true);
    expect(await maker.locator('.ant-table').getByRole('button', { name: /^(Approve|Reject)$/ }).count()).toBe(0);
  });

  it('the checker finds it under Approval › My Approval, with the change against the current value', async () => {
    await expect.poll(() => topMenus(checker)).toEqual(['Dashboard', 'Member Management', 'Retro Claim', 'Approval', 'Data Management', 'Profile', 'Logout']);
    await (await topMenu(checker, 'Approval')).hover();
    const item = checker.getByRole('menuitem', { name: 'My Approval', exact: true });
    await settled(item);
    await item.click();
    await expect.poll(() => new URL(checker.url()).pathname).toBe('/my-approval');
    await expect.poll(() => footer(checker)).toBe('1-1 of 1 items');
    expect(await checker.locator('.engine-toolbar h4').innerText()).toBe('My Approval');
    expect((await checker.locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim())).toEqual(['No', 'Request ID', 'Menu', 'Requested Action', 'Record', 'Requested By', 'Request Date', 'Status', 'Action']);
    expect((await cells(checker)).slice(2, 6)).toEqual(['General Configuration', 'Update', 'VAT_BUY_MILEAGE', 'admin']);
    expect(await checker.getByRole('button', { name: 'Create' }).count()).toBe(0);
    await checker.mouse.move(600, 700);
    await expect.poll(() => checker.locator('.ant-menu-submenu-popup:visible').count()).toBe(0);
    await checker.screenshot({ path: `${screenshotDir}/my-approval-list.png` });

    await checker.getByRole('button', { name: 'View' }).click();
    const changes = drawer(checker).locator('.engine-changes');
    await expect.poll(async () => (await changes.locator('tbody tr td').allInnerTexts()).map((t) => t.trim())).toEqual(['Value', '11', '12']);
    expect((await changes.locator('thead th').allInnerTexts()).map((t) => t.trim())).toEqual(['Field', 'Current', 'Proposed']);
    await settled(drawer(checker));
    await checker.screenshot({ path: `${screenshotDir}/my-approval-view.png` });
    await checker.locator('.ant-drawer-open .ant-drawer-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => checker.locator('.ant-drawer-open').count()).toBe(0);
  });

  it('Approve asks the rating/reject text and applies the change', async () => {
    await checker.getByRole('button', { name: 'Approve' }).click();
    await answerYes(checker, RATING_REJECT);
    await toastShown(checker, APPROVED);
    await expect.poll(() => isEmpty(checker)).toBe(true);
    await maker.goto('/general-configuration?key=VAT_BUY_MILEAGE');
    await expect.poll(async () => (await cells(maker)).slice(1, 3)).toEqual(['VAT_BUY_MILEAGE', '12']);
  });

  it('a delete request waits too; Reject needs a reason and leaves the row', async () => {
    await maker.goto('/general-configuration?key=QZ_E2E.RETIRED');
    await expect.poll(() => footer(maker)).toBe('1-1 of 1 items');
    await maker.getByRole('button', { name: 'Delete' }).click();
    await answerYes(maker, 'Are you sure to delete this data?');
    await toastShown(maker, SUBMITTED);
    expect((await cells(maker)).slice(1, 2)).toEqual(['QZ_E2E.RETIRED']);

    await checker.locator('.engine-search button[type="submit"]').click();
    await expect.poll(() => footer(checker)).toBe('1-1 of 1 items');
    expect((await cells(checker)).slice(2, 5)).toEqual(['General Configuration', 'Delete', 'QZ_E2E.RETIRED']);
    await checker.getByRole('button', { name: 'Reject' }).click();
    const dialog = checker.getByRole('dialog').filter({ hasText: RATING_REJECT });
    await settled(dialog);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').innerText()).toBe('Reason is Required');
    await dialog.getByPlaceholder('Input Reason').fill('The retired switch is still read by the statement job');
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').count()).toBe(0);
    await settled(dialog);
    await checker.screenshot({ path: `${screenshotDir}/my-approval-reject.png` });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await toastShown(checker, REJECTED);
    await expect.poll(() => isEmpty(checker)).toBe(true);
    const stored = await rig.server.database.db.selectFrom('approval_request').selectAll().where('recordkey', '=', 'QZ_E2E.RETIRED').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'REJECTED', decidedby: 'checker', reason: 'The retired switch is still read by the statement job' });
    await maker.reload();
    await expect.poll(() => footer(maker)).toBe('1-1 of 1 items');
  });

  it("shows a request's record by its name before its key, and finds it by that name", async () => {
    const admin = (await rig.server.login('admin')).body.result.bearer;
    const bought = await rig.server.call('/api/member-buy-mileage/create', { memberid: 'MBR0000001', buymileageid: 'BML-STD', miles: 1000 }, { token: admin });
    expect(bought.body.status.responsecode, JSON.stringify(bought.body)).toBe('0000');
    const record = `Budi Santoso 5100000016 · Buy Mileage (MBR0000001|${String(bought.body.result.purchaseid)})`;

    await startClean(checker, '/my-approval');
    await expect.poll(() => footer(checker)).toBe('1-1 of 1 items');
    await checker.getByPlaceholder('Record').fill('budi santoso');
    await checker.locator('.engine-search button[type="submit"]').click();
    await expect.poll(() => cells(checker).then((c) => c.slice(2, 6))).toEqual(['Member', 'Buy Mileage', record, 'admin']);
    // Read whole: the Record wraps onto more lines where other cells are cut with '…'.
    const cell = rows(checker).first().locator('td').nth(4);
    expect(await cell.getAttribute('class')).not.toContain('ant-table-cell-ellipsis');
    expect(await cell.evaluate((td) => td.scrollWidth <= td.clientWidth && td.getBoundingClientRect().height > 50)).toBe(true);
    await settled(checker.locator('.ant-table'));
    await checker.screenshot({ path: `${screenshotDir}/my-approval-record-name.png` });
    await checker.getByPlaceholder('Record').fill('nobody of that name');
    await checker.locator('.engine-search button[type="submit"]').click();
    await expect.poll(() => isEmpty(checker)).toBe(true);

    const rejected = await rig.server.call('/api/my-approval/reject', { requestid: bought.body.result.requestid, reason: 'Out of the way of the next test' }, { token: (await rig.server.login('checker')).body.result.bearer });
    expect(rejected.body.status.responsecode).toBe('0000');
  });

  it('fits below the lg breakpoint', async () => {
    await checker.setViewportSize({ width: 991, height: 800 });
    await checker.goto('/my-approval');
    await expect.poll(() => isEmpty(checker)).toBe(true);
    const overflow = await checker.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checker.screenshot({ path: `${screenshotDir}/my-approval-991.png` });
  });

  it('leaves no error in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
