// Mailing catalogue and buy-product in Chromium, with one login: the menu screens open with their demo
// rows (Mailing Product, Letter Management, Inventory Management, OBP); the record pages show a product's variants
// ('Out of Stock' at 0), its 'Total Price (Include Tax)', an inventory's stock; the vendor cards' texts per
// product and region (spec 001 §8); a member buys a product in miles from the member page (Success, its cards
// with '{amount} Miles' and 'See Mileage User' to the ledger transaction), a cash purchase waits with no
// 'View Detail' until staff confirm it, and a failed one past its verification time shows EXPIRED (spec 001 §4.5).
// Screenshots at 1366 px in .tmp/shots-mailing/.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_PRODUCT_TEXTS, VENDOR_TEXTS } from '../../domain/mailing';
import { answerYes, chooseOption, logIn, settled, startBrowserRig, startClean, type BrowserRig } from './browser';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const card = (page: Page, type: string) => page.locator(`[data-testid="vendor-card-${type}"]`);
const SHOTS = '.tmp/shots-mailing';

const SCREENS: { path: string; title: string; shows: string[] }[] = [
  { path: '/mailing-product', title: 'Mailing Product', shows: ['Gold Membership Card', 'Luggage Tag', 'Boeing 737 MAX 8 Model 1:200', 'Merchandise', 'PVC Card Blank CR80'] },
  { path: '/letter-management', title: 'Letter Management', shows: ['Welcome Letter', 'Surat Selamat Datang', 'Card Carrier', 'Tier Change'] },
  { path: '/inventory-management', title: 'Inventory Management', shows: ['PVC Card Blank CR80', 'C5 Padded Envelope', 'Paper', 'Envelope'] },
  { path: '/obp', title: 'Order Buy Product', shows: ['Waiting For Payment', 'Failed', 'Success', 'Golf Umbrella'] },
];

const RECORD_PAGES: { path: string; name: string; shows: string[] }[] = [
  { path: '/mailing-product/form/LUGTAG/basic-info', name: 'product-variants', shows: ['Navy Leather', 'Tan Leather', 'Out of Stock'] },
  { path: '/inventory-management/form/ENV-DL/variant', name: 'inventory-stock', shows: ['Plain', 'With Window', 'Out of Stock', '8,000'] },
];

describe('mailing catalogue and buy-product in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  const consoleErrors: string[] = [];
  const shoot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
  const token = async () => (await rig.server.login('admin')).body.result.bearer as string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
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

  it.each(RECORD_PAGES)('shows $name on its record page', async ({ path, name, shows }) => {
    await startClean(page, path);
    const table = page.locator('.engine-child-table .ant-table');
    await poll(() => rows(table).count()).toBeGreaterThan(0);
    for (const text of shows) await poll(() => table.innerText()).toContain(text);
    await poll(() => table.locator('.ant-tag-red', { hasText: 'Out of Stock' }).count()).toBe(1);
    await settled(page.locator('.engine-child-table'));
    await shoot(name);
  });

  it("shows a product's price with its Total Price (Include Tax)", async () => {
    await startClean(page, '/mailing-product/form/MODEL737/price');
    await poll(() => page.locator('[id="root_totalprice"]').inputValue()).toMatch(/^388,?500$/);
    await poll(() => page.getByText(BUY_PRODUCT_TEXTS.totalPrice).count()).toBeGreaterThan(0);
    await settled(page.locator('form').first());
    await shoot('product-price');
  });

  it('tells which vendors a product lacks, the courier ones by region (spec 001 §8)', async () => {
    await startClean(page, '/mailing-product/form/UMBRELLA/vendor');
    await poll(() => card(page, 'PRINTING').innerText()).toContain(VENDOR_TEXTS.notAvailable);
    await poll(() => card(page, 'PACKAGING').innerText()).toContain('Kemas Jaya Packaging');
    await poll(() => card(page, 'COURIER').innerText()).toContain(VENDOR_TEXTS.selectRegion);
    await chooseOption(page, page.locator('#vendor-cards-region'), 'Europe');
    await poll(() => card(page, 'COURIER').innerText()).toContain(VENDOR_TEXTS.notAvailableForRegion);
    await chooseOption(page, page.locator('#vendor-cards-region'), 'Asia');
    await poll(() => card(page, 'COURIER').innerText()).toContain('JNE Express');
    await settled(page.locator('.vendor-cards'));
    await shoot('vendor-cards');
  });

  it("buys a product in miles from the member page: Success, its cards, and 'See Mileage User' to the transaction", async () => {
    await startClean(page, '/member/form/MBR0000007/buy-product');
    const content = page.locator('.member-navigator-content');
    await poll(() => rows(content).count()).toBe(2);
    await content.getByRole('button', { name: 'Create' }).click();
    const form = drawer(page);
    await form.locator('form').waitFor();
    await chooseOption(page, form.locator('[id="root_mailingproductcode"]'), 'Golf Umbrella');
    await chooseOption(page, form.locator('[id="root_inventoryvariantid"]'), 'Sky Blue');
    await form.locator('[id="root_address"]').fill('Jl. Gatot Subroto Kav. 52');
    await form.locator('[id="root_city"]').fill('Jakarta Selatan');
    await chooseOption(page, form.locator('[id="root_country"]'), 'Indonesia');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => rows(content).count()).toBe(3);
    const purchase = ((await rig.server.call('/api/member-buy-product/list', undefined, { token: await token(), paging: { limit: -1, page: 1 }, parameter: { criteria: { memberid: 'MBR0000007' } } })).body.result as Record<string, unknown>[])[0]!;
    expect(purchase).toMatchObject({ mailingproductcode: 'UMBRELLA', status: 'SUCCESS', totalamount: 4000 });
    const row = rows(content).first();
    await poll(() => row.innerText()).toContain('Success');
    await poll(() => row.innerText()).toContain(`4,000 ${BUY_PRODUCT_TEXTS.miles}`);
    await settled(content);
    await shoot('member-buy-product');

    await row.getByRole('button', { name: 'View Detail' }).click();
    const payment = page.locator('[data-testid="buy-product-payment"]');
    await poll(() => payment.locator('[data-testid="buy-product-status"]').innerText()).toBe('Success');
    await poll(() => page.locator('[data-testid="buy-product-total"]').innerText()).toBe(`4,000 ${BUY_PRODUCT_TEXTS.miles}`);
    await poll(() => payment.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    await settled(page.locator('.buy-product-detail'));
    await shoot('buy-product-detail');
    await payment.getByRole('link', { name: BUY_PRODUCT_TEXTS.seeMileageUser }).click();
    await poll(() => new URL(page.url()).pathname).toBe(`/member/form/MBR0000007/transaction/detail/${String(purchase.trxid)}`);
  });

  it("keeps 'View Detail' hidden while a cash payment waits, confirms it on OBP, and shows EXPIRED for a failed one past its time", async () => {
    await startClean(page, '/member/form/MBR0000017/buy-product');
    const content = page.locator('.member-navigator-content');
    await poll(() => rows(content).count()).toBe(3);
    const waiting = rows(content).filter({ hasText: 'Waiting For Payment' });
    await poll(() => waiting.count()).toBe(1);
    expect(await waiting.getByRole('button', { name: 'View Detail' }).count()).toBe(0);
    await poll(() => waiting.locator('.ant-tag-red').innerText()).toBe('Waiting For Payment');

    const failed = rows(content).filter({ hasText: 'Failed' });
    await failed.getByRole('button', { name: 'View Detail' }).click();
    await poll(() => page.locator('[data-testid="buy-product-status"]').innerText()).toBe(BUY_PRODUCT_TEXTS.expired);
    await poll(() => page.locator('[data-testid="buy-product-total"]').innerText()).toBe('IDR 388,500');
    expect(await page.getByRole('link', { name: BUY_PRODUCT_TEXTS.seeMileageUser }).count()).toBe(0);
    await settled(page.locator('.buy-product-detail'));
    await shoot('buy-product-expired');

    await startClean(page, '/obp');
    const obpWaiting = rows(page).filter({ hasText: 'Waiting For Payment' });
    await poll(() => obpWaiting.count()).toBe(1);
    await obpWaiting.getByRole('button', { name: 'Confirm Payment' }).click();
    await answerYes(page);
    await poll(() => rows(page).filter({ hasText: 'Waiting For Payment' }).count()).toBe(0);
    await settled(page.locator('.ant-table'));
    await shoot('obp-confirmed');
  });
});
