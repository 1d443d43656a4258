// Every list screen of the menu tree, opened at 1366 px by the administrator (who opens them all): its table
// fits the page without a sideways scroll. One sign-in, one page, each screen reached by its path inside the app.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAllows } from '../../engine/definition/menuTree';
import { isListScreen } from '../../engine/definition/screen';
import { loadCatalogue } from '../../server/platform/definitions';
import { logIn, openInApp, startBrowserRig, type BrowserRig } from './browser';

const catalogue = loadCatalogue();
const listMenus = catalogue.menus.filter((menu) => {
  const page = catalogue.pageByMenu.get(menu.menucode);
  return menu.path && !menu.hidden && page && isListScreen(page) && roleAllows(menu.roles, 'Administrator');
});

/** In the page: how far the screen's table reaches past its scroll box (0 when it fits), once its rows are in. */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const table = document.querySelector('.app-content .ant-table');
    const box = table?.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
    if (!table || !box) return -1;
    return Math.max(box.scrollWidth - box.clientWidth, document.documentElement.scrollWidth - document.documentElement.clientWidth);
  });
}

describe('list screens at 1366 px', () => {
  let rig: BrowserRig;
  let page: Page;

  beforeAll(async () => {
    rig = await startBrowserRig();
    page = await rig.newPage();
    await logIn(page, 'admin');
    await page.locator('.app-nav').waitFor();
  });
  afterAll(async () => rig?.close());

  it('has list screens to look at', () => {
    expect(listMenus.length).toBeGreaterThan(50);
  });

  it.each(listMenus.map((menu) => [menu.label, menu.path!, catalogue.pageByMenu.get(menu.menucode)!.title] as const))('%s (%s) has no sideways scroll in its table', async (_label, path, title) => {
    await openInApp(page, path, title);
    const table = page.locator('.app-content .ant-table');
    await table.waitFor();
    // The first answer is in: rows or the empty state, no spinner.
    await page.locator('.app-content .ant-table-tbody').locator('tr.ant-table-row, tr.ant-table-placeholder').first().waitFor();
    await page.locator('.app-content .ant-spin-spinning').waitFor({ state: 'detached' });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});
