// Buy mileage in Chromium, with one login: the catalogue screens open from their paths with their
// demo rows (the receipt types' relabels of spec 001 §4.7 in the price rows' Receipt Type), and a member's
// purchase requested from the member navigator's Buy Mileage step, priced with the running promo and VAT,
// waiting, then approved (by another user, through the API) and shown with its receipt number, its receipt
// opened from the row by the answer's path; a waiting purchase cancelled from its row after the confirmation.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerYes, chooseOption, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';

/** Waits on a state, not a duration: a first load of a lazy chunk can take seconds on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');

const SCREENS: { path: string; title: string; shows: string[] }[] = [
  { path: '/receipt-catalogue', title: 'Receipt Catalogue', shows: ['BUYMILES', 'BUY AWARD MILES', 'BUY EXPIRED MILEAGE', 'Bought to Extend'] },
  { path: '/buy-mileage-catalog', title: 'Buy Mileage Catalog', shows: ['BML-STD', 'Buy Mileage Platinum', 'Platinum', 'Buy to Extend Mileage', '250'] },
  { path: '/buy-mileage-promo', title: 'Buy Mileage Promo', shows: ['Eleven-Eleven 20% Off', 'Price Discount', 'Bonus Miles', 'Buy Mileage Platinum'] },
];

describe('buy mileage in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  const consoleErrors: string[] = [];
  const shoot = (name: string) => page.screenshot({ path: `${screenshotDir}/buy-mileage-${name}.png`, fullPage: true, animations: 'disabled' });

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text().slice(0, 300))));
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => {
    await rig?.close();
    expect(consoleErrors).toEqual([]);
  });

  it.each(SCREENS)('opens $title with its demo rows', async ({ path, title, shows }) => {
    await startClean(page, path);
    await poll(() => page.locator('h4.engine-title').innerText()).toBe(title);
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    const table = page.locator('.ant-table');
    for (const text of shows) await poll(() => table.innerText()).toContain(text);
    await settled(table);
    await shoot(path.slice(1));
  });

  it("requests a member's purchase from the member navigator, and shows it approved with its receipt number", async () => {
    await startClean(page, '/member/form/MBR0000001/buy-mileage');
    const content = page.locator('.member-navigator-content');
    await poll(() => page.locator('.member-navigator-substeps .ant-steps-item-process').innerText()).toContain('Buy Mileage');
    await content.getByRole('button', { name: 'Create' }).click();
    const form = drawer(page);
    await form.locator('form').waitFor();
    await chooseOption(page, form.locator('[id="root_buymileageid"]'), 'Buy Mileage');
    await form.locator('[id="root_miles"]').fill('10000');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => rows(content).count()).toBe(1);
    await poll(() => rows(content).first().innerText()).toContain('Waiting for Approval');
    await settled(content);
    await shoot('member-waiting');

    const token = (await rig.server.login('checker')).body.result.bearer as string;
    const queue = await rig.server.call('/api/approval-buy-mileage/list', undefined, { token, paging: { limit: -1, page: 1 } });
    const [request] = queue.body.result as { requestid: number; recordkey: string }[];
    expect(request!.recordkey).toMatch(/^MBR0000001\|/);
    expect((await rig.server.call('/api/approval-buy-mileage/approve', { requestid: request!.requestid }, { token })).body.status.responsecode).toBe('0000');

    await startClean(page, '/member/form/MBR0000001/buy-mileage');
    await poll(() => rows(content).first().innerText()).toContain('Approved');
    const purchase = (await rig.server.call('/api/member-buy-mileage/list', undefined, { token: (await rig.server.login('admin')).body.result.bearer, paging: { limit: -1, page: 1 }, parameter: { criteria: { memberid: 'MBR0000001' } } })).body.result[0];
    expect(purchase.receiptnumber).toMatch(/^BM\d{17}[0-9A-Z]{6}$/);
    expect(Number(purchase.total)).toBe(purchase.promocode === 'BML-1111' ? 2_220_000 : 2_775_000);
    await poll(() => rows(content).first().innerText()).toContain(purchase.receiptnumber);
    await settled(content);
    await shoot('member-approved');
    // The receipt opens from the approved row: the answer's result.path in a new tab (spec 001 §7.5).
    const [receipt] = await Promise.all([page.context().waitForEvent('page'), rows(content).first().getByRole('button', { name: 'Download Receipt' }).click()]);
    await receipt.waitForLoadState('load');
    expect(receipt.url()).toMatch(/\/files\/[A-Za-z0-9_-]{43}$/);
    await poll(() => receipt.locator('body').innerText()).toContain(String(purchase.receiptnumber));
    await receipt.screenshot({ path: `${screenshotDir}/buy-mileage-receipt.png`, animations: 'disabled' });
    await receipt.close();
  });

  it('cancels a waiting purchase from its row after asking', async () => {
    const token = (await rig.server.login('admin')).body.result.bearer as string;
    const bought = await rig.server.call('/api/member-buy-mileage/create', { memberid: 'MBR0000002', buymileageid: 'BML-EXT', miles: 500 }, { token });
    expect(bought.body.status.responsecode).toBe('0000');
    await startClean(page, '/member/form/MBR0000002/buy-mileage');
    const content = page.locator('.member-navigator-content');
    await poll(() => rows(content).first().innerText()).toContain('Waiting for Approval');
    expect(await rows(content).first().getByRole('button', { name: 'Download Receipt' }).count()).toBe(0);
    await rows(content).first().getByRole('button', { name: 'Cancel' }).click();
    await answerYes(page, 'Are you sure to cancel this data?');
    await poll(() => rows(content).first().innerText()).toContain('Cancelled');
    expect(await rows(content).first().getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await settled(content);
    await shoot('member-cancelled');
  });
});
