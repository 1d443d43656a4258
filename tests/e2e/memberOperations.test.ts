// Transfers, merges, corrections and custom transactions in Chromium (one login): every screen opens with
// its content, a transfer is priced on Next (names, balances, fee, VAT, total) and stored, miles not valid for
// transfer stay (the field's message, the summary's transferable miles), and a correction is requested for
// approval (a debit below zero first answers on its field).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRX_TYPES, credit } from '../../server/ledger/ledgerStore';
import { chooseOption, logIn, screenshotDir, settled, startBrowserRig, type BrowserRig } from './browser';

const SCREENS: { path: string; title: string; shows: string }[] = [
  { path: '/transfer-mileage', title: 'Transfer Mileage', shows: 'From Card Number' },
  { path: '/transfer-mileage-log', title: 'Transfer Mileage Log', shows: 'From Member' },
  { path: '/merging-account', title: 'Merging Account', shows: 'Duplicate Card Number' },
  { path: '/merging-account-approval', title: 'Merging Account Approval', shows: 'Request ID' },
  { path: '/correction-transaction', title: 'Correction Transaction', shows: 'Card Number' },
  { path: '/custom-transaction', title: 'Custom Transaction', shows: 'Max Miles per Transaction' },
  { path: '/custom-transaction-role', title: 'Custom Transaction Role', shows: 'Role' },
];

const wizardBody = (page: Page) => page.locator('.engine-wizard-body');
const wizardButton = (page: Page, name: string) => page.locator('.engine-wizard-actions').getByRole('button', { name, exact: true });
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const toastShown = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();

describe('transfers, merges and corrections in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  const errors: string[] = [];
  let seq = 0;

  /** A member of the test's own with one card and award miles credited through the ledger. */
  async function member(awardmiles: number, lastname: string): Promise<string> {
    seq += 1;
    const db = rig.server.database.db;
    const memberid = `E2E${String(seq).padStart(5, '0')}`;
    const card = `9930${String(Date.now()).slice(-5)}${String(seq).padStart(4, '0')}`;
    const at = new Date().toISOString();
    await db.insertInto('member').values({ memberid, firstname: 'Rina', lastname, gender: 'FEMALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at }).execute();
    const tier = await db.selectFrom('member_card').select(['membershipid', 'tierid']).executeTakeFirst();
    await db.insertInto('member_card').values({ cardnumber: card, memberid, membershipid: tier?.membershipid ?? 'GA', tierid: tier?.tierid ?? 'BLUE', status: 'ACTIVE', issuedate: at.slice(0, 10) }).execute();
    if (awardmiles > 0) await db.transaction().execute((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: at.slice(0, 10), awardmiles, user: 'e2e', now: new Date() }));
    return card;
  }

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig({ DEMO_MEMBERS: '0' });
    // The correction here is a maker's, waiting for a checker: the admin role without Correction Transaction's post-without-approval function.
    await rig.server.database.db.updateTable('role_permission').set({ granted: 0 }).where('rolecode', '=', 'ADMIN').where('functioncode', '=', 'CORRTRX_POSTDIRECT').execute();
    page = await rig.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  }, 120_000);
  afterAll(async () => rig?.close());

  it.each(SCREENS)('opens $path with its content', { timeout: 60_000 }, async ({ path, title, shows }) => {
    await page.goto(path);
    await page.getByText(title, { exact: true }).first().waitFor();
    await page.getByText(shows, { exact: true }).first().waitFor();
    await page.screenshot({ path: `${screenshotDir}/ops${path.replace(/\//g, '-')}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  it('prices a transfer on Next and stores it on Submit', { timeout: 120_000 }, async () => {
    const from = await member(12_000, 'Wijaya');
    const to = await member(0, 'Santoso');
    await page.goto('/transfer-mileage');
    const body = wizardBody(page);
    await body.locator('[id="root_fromcardnumber"]').fill(from);
    await body.locator('[id="root_tocardnumber"]').fill(to);
    await body.locator('[id="root_awardmiles"]').fill('100');
    await wizardButton(page, 'Next').click();
    await expect.poll(() => body.locator('[id="root_awardmiles__error"]').innerText()).toBe('Transfer at least 500 award miles');

    await body.locator('[id="root_awardmiles"]').fill('2000');
    await wizardButton(page, 'Next').click();
    await wizardButton(page, 'Submit').waitFor();
    // The summary: both members with their balances, the fee per mile, VAT and total.
    for (const shown of ['Rina Wijaya', 'Rina Santoso', '12,000', '300,000', '33,000', '333,000', 'IDR']) {
      await body.getByText(shown, { exact: true }).first().waitFor();
    }
    await page.screenshot({ path: `${screenshotDir}/ops-transfer-summary.png`, fullPage: true });
    await wizardButton(page, 'Submit').click();
    await page.getByText('Award miles have been transferred').first().waitFor();
    await page.screenshot({ path: `${screenshotDir}/ops-transfer-done.png`, fullPage: true });
    const balance = await rig.server.database.db.selectFrom('member_card').innerJoin('member', 'member.memberid', 'member_card.memberid').select('member.awardmiles').where('member_card.cardnumber', '=', from).executeTakeFirstOrThrow();
    expect(balance.awardmiles).toBe(10_000);

    await page.goto('/transfer-mileage-log');
    await page.locator('.ant-table-tbody').getByText(from).first().waitFor();
    await page.screenshot({ path: `${screenshotDir}/ops-transfer-log.png`, fullPage: true });
  });

  it('keeps miles not valid for transfer: the field says how many may go, the summary shows the transferable miles', { timeout: 120_000 }, async () => {
    const from = await member(1_000, 'Kusuma');
    const to = await member(0, 'Hartono');
    // 2,000 miles a custom transaction type not valid for transfer credited.
    const db = rig.server.database.db;
    const { memberid } = await db.selectFrom('member_card').select('memberid').where('cardnumber', '=', from).executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.CUSTOM, activitydate: new Date().toISOString().slice(0, 10), awardmiles: 2_000, transferable: false, user: 'e2e', now: new Date() }));
    await page.goto('/transfer-mileage');
    const body = wizardBody(page);
    await body.locator('[id="root_fromcardnumber"]').fill(from);
    await body.locator('[id="root_tocardnumber"]').fill(to);
    await body.locator('[id="root_awardmiles"]').fill('1500');
    await wizardButton(page, 'Next').click();
    await expect.poll(() => body.locator('[id="root_awardmiles__error"]').innerText()).toBe('Only 1,000 of the 3,000 award miles can be transferred: 2,000 come from transactions not valid for transfer');
    await settled(body.locator('.ant-form-item-explain-error').first());
    await page.screenshot({ path: `${screenshotDir}/ops-transfer-not-transferable.png`, fullPage: true });

    await body.locator('[id="root_awardmiles"]').fill('1000');
    await wizardButton(page, 'Next').click();
    await wizardButton(page, 'Submit').waitFor();
    const line = body.locator('.ant-descriptions-row, tr').filter({ hasText: 'Transferable Award Miles' }).first();
    await expect.poll(() => line.innerText()).toContain('1,000');
    await page.screenshot({ path: `${screenshotDir}/ops-transfer-transferable-summary.png`, fullPage: true });
  });

  it('requests a correction for approval; a debit below zero answers on its field first', { timeout: 120_000 }, async () => {
    const card = await member(300, 'Pratama');
    await page.goto('/correction-transaction');
    await page.getByRole('button', { name: 'Create' }).click();
    await settled(page.locator('.ant-drawer-open'));
    const form = drawer(page);
    await form.locator('[id="root_cardnumber"]').fill(card);
    await chooseOption(page, form.locator('[id="root_direction"]'), 'Debit');
    await form.locator('[id="root_awardmiles"]').fill('500');
    const date = form.locator('[id="root_activitydate"]');
    await date.click();
    await date.fill(new Date().toISOString().slice(0, 10).split('-').reverse().join('/'));
    await date.press('Tab');
    await form.locator('[id="root_reason"]').fill('Duplicate credit of flight GA 410');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.locator('[id="root_awardmiles__error"]').innerText()).toBe('Insufficient award miles: the balance is 300');
    await settled(form.locator('.ant-form-item-explain-error').first());
    await page.screenshot({ path: `${screenshotDir}/ops-correction-refused.png`, fullPage: true });

    await form.locator('[id="root_awardmiles"]').fill('200');
    await form.getByRole('button', { name: 'Save' }).click();
    await toastShown(page, 'Your request has been submitted for approval');
    const request = await rig.server.database.db.selectFrom('approval_request').selectAll().where('menucode', '=', 'CORRTRX').orderBy('requestid', 'desc').executeTakeFirstOrThrow();
    expect(request).toMatchObject({ action: 'create', status: 'PENDING', requestedby: 'admin' });
    expect(JSON.parse(request.requestdata)).toMatchObject({ cardnumber: card, direction: 'DEBIT', awardmiles: 200 });
    expect(errors).toEqual([]);
  });
});
