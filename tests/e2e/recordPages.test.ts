// Record pages in Chromium, with the admin's one login: the promotion form's sections
// through the side menu and the URL, air and non-air sections, an unknown section falling back, a section
// saved (toast) and a record created from its first section; a staff member without PRMEMCR_ACCESS (a
// second user) does not see Member Criteria; the mailing product's vendor cards; tier durations created,
// edited and deleted inside the tier; partners added to and removed from a group. Screenshots at 1366 and
// 800 px (below antd's lg breakpoint the side menu folds away; opened, it lies over no field).
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_TEXTS } from '../../engine/definition/compile';
import { MESSAGES } from '../../engine/api/responseCodes';
import promo from '../../screens/catalog/promo-manage-catalog.json';
import { hashPassword } from '../../server/platform/session/passwordHash';
import { sha256Hex } from '../../server/platform/core/sha256';
import { VENDOR_TEXTS } from '../../src/views/vendorTexts';
import { answerYes, chooseOption, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';

/** Waits on a state, not a duration: a page's first load of a lazy chunk can take seconds on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const sectionLabels = Object.fromEntries(promo.record.sections.map((s) => [s.key, s.label]));

const menuItems = (page: Page) => page.locator('.engine-record-menu .ant-menu-item').allInnerTexts();
const heading = (page: Page) => page.locator('.engine-record-section h5').first().innerText();
const pathOf = (page: Page) => new URL(page.url()).pathname;
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer-open');
const field = (scope: Page | Locator, name: string) => scope.locator(`[id="root_${name}"]`);
const rowTexts = (page: Page) => page.locator('.engine-child-table .ant-table-tbody tr.ant-table-row').allInnerTexts();
const card = (page: Page, type: string) => page.locator(`[data-testid="vendor-card-${type}"]`);

async function typeDate(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

async function shoot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  try {
    await shootWidths(page, name);
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
  }
}

type Box = { x: number; y: number; width: number; height: number };

/** The boxes of what the section shows: each field's control, each column heading of a table, each card. */
const fieldBoxes = (page: Page): Promise<Box[]> =>
  page.locator('.engine-record-content :is(.ant-form-item-control-input, .ant-table-thead th, .ant-card)').evaluateAll((nodes) =>
    nodes.map((n) => n.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
  );
const crosses = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
/** How many of those the box lies over. */
const covered = async (page: Page, box: Box | null) => (box ? (await fieldBoxes(page)).filter((f) => crosses(box, f)).length : 0);

async function shootWidths(page: Page, name: string) {
  for (const width of [1366, 800]) {
    await page.setViewportSize({ width, height: 900 });
    // Below antd's lg breakpoint (992 px) the side menu folds away; the picture waits for the fold to end.
    await page.locator(width < 992 ? '.engine-record-menu.ant-layout-sider-collapsed' : '.engine-record-menu:not(.ant-layout-sider-collapsed)').waitFor();
    await settled(page.locator('.engine-record'));
    // Spec 000 §9: side menus of the mailing and promotion forms are 200 px wide and collapse below lg.
    expect((await page.locator('.engine-record-menu').boundingBox())?.width).toBe(width < 992 ? 0 : 200);
    await page.screenshot({ path: `${screenshotDir}/record-${name}-${width}.png`, fullPage: true });
    if (width >= 992) continue;
    // Folded, the menu's trigger lies over no field, heading or card; opened, the 200 px menu lies over none either.
    const trigger = page.locator('.engine-record-menu .ant-layout-sider-zero-width-trigger');
    expect(await fieldBoxes(page)).not.toEqual([]);
    expect(await covered(page, await trigger.boundingBox())).toBe(0);
    await trigger.click();
    await page.locator('.engine-record-menu:not(.ant-layout-sider-collapsed)').waitFor();
    await settled(page.locator('.engine-record'));
    const menu = page.locator('.engine-record-menu');
    await poll(async () => (await menu.boundingBox())?.width).toBe(200);
    expect(await covered(page, await menu.boundingBox())).toBe(0);
    expect(await covered(page, await trigger.boundingBox())).toBe(0);
    await page.screenshot({ path: `${screenshotDir}/record-${name}-${width}-menu.png`, fullPage: true });
    await trigger.click();
    await page.locator('.engine-record-menu.ant-layout-sider-collapsed').waitFor();
  }
}

describe('record pages in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let admin: string;
  const consoleErrors: string[] = [];
  /**
   * Removes what a failed try of a test made (a promotion, a tier duration, group members), so its retry
   * starts from the seeded rows; answers for rows that are not there are of no interest.
   */
  const removeLeftovers = async (resource: string, keys: Record<string, string>[]) => {
    for (const key of keys) await rig.server.call(`/api/${resource}/delete`, key, { token: admin });
  };

  beforeAll(async () => {
    rig = await startBrowserRig();
    page = await rig.newPage();
    page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text().slice(0, 300))));
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
    // A promotions officer whose role grants every promotion section but Member Criteria (PRMEMCR_ACCESS).
    admin = (await rig.server.login('admin')).body.result.bearer as string;
    const usermenu = ['PRMANCT', 'PRMACR', 'PRMNACR', 'PRMNBACC'].map((menucode) => ({ menucode, functions: [{ functioncode: `${menucode}_ACCESS`, grant: true }] }));
    await rig.server.call('/api/role/create', { rolecode: 'QZPROMO', rolename: 'Qz Promotions', roledescription: 'Promotions without member criteria', usermenu }, { token: admin });
    const at = new Date().toISOString();
    await rig.server.database.db
      .insertInto('app_user')
      .values({ username: 'qz.promo', userfullname: 'Qz Promo Officer', email: 'qz.promo@alms.example', rolecode: 'QZPROMO', partnercode: null, branchcode: 'JKTHO', tickoffid: 'JKT01', status: 'ACTIVE', passwordhash: await hashPassword(sha256Hex('Admin#2026')), passworddate: at, failedcount: 0, lockeduntil: null, createddate: at, updateddate: at })
      .execute();
  });
  afterAll(async () => rig?.close());

  describe('the promotion form', () => {
    it('opens a record from the list at /promo-manage-catalog/form/{promocode}/basic-info with the sections an AIR promotion shows', async () => {
      await page.goto('/promo-manage-catalog?promocode=DOUBLEDPS26');
      await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
      await page.getByRole('button', { name: 'Edit' }).click();
      await poll(() => pathOf(page)).toBe('/promo-manage-catalog/form/DOUBLEDPS26/basic-info');
      await poll(() => menuItems(page)).toEqual(['basic-info', 'member-criteria', 'air-criteria', 'bonus-activity'].map((k) => sectionLabels[k]));
      await poll(() => field(page, 'name').inputValue()).toBe('Double Miles Jakarta - Bali');
      expect(await field(page, 'promocode').isDisabled()).toBe(true);
      await shoot(page, 'promotion');
    });

    // Each row: how the section is reached, what the URL and heading end as.
    const SWITCHES: [how: string, go: (page: Page) => Promise<unknown>, path: string, label: string][] = [
      ['the side menu', (p) => p.locator('.engine-record-menu .ant-menu-item', { hasText: 'Air Criteria' }).click(), '/promo-manage-catalog/form/DOUBLEDPS26/air-criteria', 'Air Criteria'],
      ['the URL', (p) => p.goto('/promo-manage-catalog/form/DOUBLEDPS26/bonus-activity'), '/promo-manage-catalog/form/DOUBLEDPS26/bonus-activity', 'Bonus Activity Code'],
      ['an unknown section in the URL (falls back)', (p) => p.goto('/promo-manage-catalog/form/DOUBLEDPS26/nosuch'), '/promo-manage-catalog/form/DOUBLEDPS26/basic-info', 'Basic Info'],
      ['no section in the URL', (p) => p.goto('/promo-manage-catalog/form/DOUBLEDPS26/'), '/promo-manage-catalog/form/DOUBLEDPS26/basic-info', 'Basic Info'],
      ['a section the record hides (falls back)', (p) => p.goto('/promo-manage-catalog/form/DOUBLEDPS26/nonair-criteria'), '/promo-manage-catalog/form/DOUBLEDPS26/basic-info', 'Basic Info'],
    ];
    it.each(SWITCHES)('switches sections through %s', async (_how, go, path, label) => {
      await go(page);
      await poll(() => pathOf(page)).toBe(path);
      await poll(() => heading(page)).toBe(label);
      await poll(() => page.locator('.engine-record-menu .ant-menu-item-selected').innerText()).toBe(label);
    });

    it('shows Non-Air Criteria instead of Air Criteria for a non-air promotion', async () => {
      await page.goto('/promo-manage-catalog/form/HILTONSTAY26/air-criteria');
      await poll(() => pathOf(page)).toBe('/promo-manage-catalog/form/HILTONSTAY26/basic-info');
      await poll(() => menuItems(page)).toEqual(['Basic Info', 'Member Criteria', 'Non-Air Criteria', 'Bonus Activity Code']);
      await page.locator('.engine-record-menu .ant-menu-item', { hasText: 'Non-Air Criteria' }).click();
      await poll(() => field(page, 'minspend').inputValue()).toBe('200');
    });

    it('saves one section on its own with the success toast, and keeps it', async () => {
      await page.goto('/promo-manage-catalog/form/HILTONSTAY26/member-criteria');
      await poll(() => field(page, 'minage').inputValue()).toBe('18');
      await field(page, 'minage').fill('25');
      await page.getByRole('button', { name: 'Save' }).click();
      await poll(() => toast(page, MESSAGES.DATA_UPDATED).count()).toBeGreaterThan(0);
      await page.reload();
      await poll(() => field(page, 'minage').inputValue()).toBe('25');
    });

    it('creates a record from the first section, then opens its other sections', async () => {
      await removeLeftovers('promotion', [{ promocode: 'QZE2EPROMO' }]);
      await page.goto('/promo-manage-catalog');
      await page.getByRole('button', { name: 'Create' }).click();
      await poll(() => pathOf(page)).toBe('/promo-manage-catalog/form/new/basic-info');
      await poll(() => menuItems(page)).toEqual(['Basic Info']);
      await field(page, 'promocode').fill('QZE2EPROMO');
      await field(page, 'name').fill('Qz Browser Promo');
      await chooseOption(page, field(page, 'promotiontype'), 'Non-Air');
      await typeDate(field(page, 'startdate'), '01/07/2026');
      await typeDate(field(page, 'enddate'), '31/12/2026');
      await page.getByRole('button', { name: 'Save' }).click();
      await poll(() => toast(page, 'Data has been created').count()).toBeGreaterThan(0);
      await poll(() => pathOf(page)).toBe('/promo-manage-catalog/form/QZE2EPROMO/basic-info');
      await poll(() => menuItems(page)).toEqual(['Basic Info', 'Member Criteria', 'Non-Air Criteria', 'Bonus Activity Code']);
      await poll(() => field(page, 'promocode').isDisabled()).toBe(true);
    });

    it('hides Member Criteria from a user without PRMEMCR_ACCESS, also when asked for by its URL', async () => {
      const officer = await rig.newPage();
      try {
        await logIn(officer, 'qz.promo');
        await officer.getByText('Dashboard').first().waitFor();
        await officer.goto('/promo-manage-catalog/form/DOUBLEDPS26/member-criteria');
        await poll(() => pathOf(officer)).toBe('/promo-manage-catalog/form/DOUBLEDPS26/basic-info');
        await poll(() => menuItems(officer)).toEqual(['Basic Info', 'Air Criteria', 'Bonus Activity Code']);
      } finally {
        await officer.context().close();
      }
    });
  });

  describe('the mailing product vendor cards', () => {
    it('shows the printing, packaging and courier vendors of a product, the courier ones by region', async () => {
      await page.goto('/mailing-product/form/CARDPLAT/vendor');
      await poll(() => card(page, 'PRINTING').locator('.ant-list-item').allInnerTexts()).toEqual([expect.stringContaining('Grafika Prima'), expect.stringContaining('Percetakan Nusantara')]);
      await poll(() => card(page, 'PACKAGING').innerText()).toContain('Kemas Jaya Packaging');
      await poll(() => card(page, 'COURIER').innerText()).toContain(VENDOR_TEXTS.selectRegion);
      await chooseOption(page, page.locator('#vendor-cards-region'), 'Europe');
      await poll(() => card(page, 'COURIER').locator('.ant-list-item').allInnerTexts()).toEqual([expect.stringContaining('DHL Express')]);
      await shoot(page, 'vendor-cards');

      await page.goto('/mailing-product/form/WELCOMELTR/vendor');
      await poll(() => card(page, 'PACKAGING').innerText()).toContain(VENDOR_TEXTS.notAvailable);
      await chooseOption(page, page.locator('#vendor-cards-region'), 'Europe');
      await poll(() => card(page, 'COURIER').innerText()).toContain(VENDOR_TEXTS.notAvailableForRegion);
      await chooseOption(page, page.locator('#vendor-cards-region'), 'Asia');
      await poll(() => card(page, 'COURIER').locator('.ant-list-item').count()).toBe(2);
    });

    it('lists the sections of spec 000 §2, Cancel / Update Fee last', async () => {
      await page.goto('/mailing-product/form/CARDGOLD/');
      await poll(() => menuItems(page)).toEqual(['Basic Info', 'Price', 'Vendor', 'Cancel / Update Fee']);
    });
  });

  describe('child tables', () => {
    it('creates, edits and deletes a tier duration inside its tier, the tier filled in and locked', async () => {
      await removeLeftovers('tier-duration', [{ tierid: 'SILVER', effectivedate: '2031-01-01' }]);
      await page.goto('/tier/form/SILVER/tier-duration');
      await poll(() => rowTexts(page)).toHaveLength(2);
      await page.locator('.engine-child-table').getByRole('button', { name: 'Create' }).click();
      await settled(drawer(page));
      await poll(() => drawer(page).locator('[id="root_tierid"]').isDisabled()).toBe(true);
      await poll(() => drawer(page).locator('.ant-select-content').first().innerText()).toBe('Silver');
      await typeDate(field(drawer(page), 'effectivedate'), '01/01/2031');
      await field(drawer(page), 'durationmonths').fill('18');
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await poll(() => toast(page, 'Data has been created').count()).toBeGreaterThan(0);
      await poll(() => rowTexts(page)).toHaveLength(3);
      const row = page.locator('.engine-child-table .ant-table-tbody tr.ant-table-row', { hasText: '01/01/2031' });
      expect(await row.innerText()).toContain('18');

      await row.getByRole('button', { name: 'Edit' }).click();
      await settled(drawer(page));
      await poll(() => field(drawer(page), 'durationmonths').inputValue()).toBe('18');
      await field(drawer(page), 'durationmonths').fill('24');
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await poll(() => row.innerText()).toContain('24');

      await row.getByRole('button', { name: 'Delete' }).click();
      await answerYes(page, CONFIRM_TEXTS.action.replace('{action}', 'delete'));
      await poll(() => rowTexts(page)).toHaveLength(2);
      await shoot(page, 'tier-durations');
    });

    it('adds partners to a group from the ones not in it yet, and removes one', async () => {
      await removeLeftovers('partner-group-member', ['HILTON', 'SARINAH'].map((partnercode) => ({ partnergroupcode: 'GROUND', partnercode })));
      await page.goto('/partner-group/form/GROUND/partners');
      await poll(() => rowTexts(page)).toEqual([expect.stringContaining('Avis Car Rental'), expect.stringContaining('Blue Bird Taxi')]);
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog');
      await settled(dialog);
      await dialog.locator('.ant-select').click();
      const list = page.locator('.ant-select-dropdown:visible');
      await settled(list);
      // The options arrive with the pick list's data: wait for them, then read the whole offer once.
      const options = () => list.locator('.ant-select-item-option').allInnerTexts();
      await poll(options).toContain('Hilton Hotels and Resorts');
      expect(await options()).not.toContain('Avis Car Rental');
      for (const name of ['Hilton Hotels and Resorts', 'Sarinah Department Store']) await list.locator(`.ant-select-item-option[title="${name}"]`).click();
      // The list stays open for more picks: a click on the title closes it.
      await dialog.locator('.ant-modal-title').click();
      await dialog.getByRole('button', { name: 'Add' }).click();
      await poll(() => toast(page, 'Data has been created').count()).toBeGreaterThan(0);
      await poll(() => rowTexts(page)).toHaveLength(4);
      await shoot(page, 'partner-group');

      const sarinah = page.locator('.engine-child-table .ant-table-tbody tr.ant-table-row', { hasText: 'Sarinah Department Store' });
      await sarinah.getByRole('button', { name: 'Remove' }).click();
      await answerYes(page, CONFIRM_TEXTS.action.replace('{action}', 'remove'));
      await poll(() => rowTexts(page)).toHaveLength(3);
      await startClean(page, '/partner-group');
    });
  });

  it('reports nothing in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
