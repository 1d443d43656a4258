// The top bar's menu search and member look-up by card number, breadcrumbs on record and wizard pages, and a
// sectioned record page at 800 px (its side menu folded, covering no input), in Chromium.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';

const menuSearch = (page: Page) => page.getByRole('combobox', { name: 'Search menu' });
const crumbs = (page: Page) => page.locator('.app-breadcrumb li:not(.ant-breadcrumb-separator)').allInnerTexts();
const options = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/** A demo member by card number (Eko Prasetyo, of branch DPSBO) and one of another branch (Lina Marlina, Batam). */
const IN_BRANCH = { card: '5100000206', memberid: 'MBR0000020' };
const OTHER_BRANCH = { card: '5100000198' };

async function lookUp(page: Page, card: string) {
  const input = page.locator('.app-quick-search input');
  await input.fill(card);
  await input.press('Enter');
}

describe('top bar and breadcrumbs in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    await logIn(page, 'admin');
    await page.locator('.app-nav').waitFor();
  });
  afterAll(async () => rig?.close());

  it('finds a menu by a word of its label or path and opens it with Enter', async () => {
    await menuSearch(page).fill('regio');
    await settled(page.locator('.ant-select-dropdown:visible'));
    expect(await options(page).allInnerTexts()).toContain('Data Management › Basic Configuration › Region');
    await menuSearch(page).fill('basic region');
    await expect.poll(() => options(page).allInnerTexts()).toEqual(['Data Management › Basic Configuration › Region']);
    await page.screenshot({ path: `${screenshotDir}/menu-search.png` });
    await menuSearch(page).press('Enter');
    await expect.poll(() => page.title()).toBe('Region | Loyalty Management System');
    expect(new URL(page.url()).pathname).toBe('/region');
    // By path too.
    await menuSearch(page).fill('/tier-duration');
    await expect.poll(() => options(page).allInnerTexts()).toEqual([expect.stringMatching(/› Tier Duration$/)]);
  });

  it('opens a member record by card number, with its breadcrumb back to the list', async () => {
    await startClean(page, '/region');
    await lookUp(page, IN_BRANCH.card);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^/member/form/${IN_BRANCH.memberid}/`));
    await expect.poll(() => crumbs(page)).toEqual(['Member Management', 'Member', 'Member Profile', IN_BRANCH.memberid].map((t) => expect.stringContaining(t)));
    await page.screenshot({ path: `${screenshotDir}/record-breadcrumb-1366.png` });
    await page.locator('.app-breadcrumb').getByRole('link', { name: 'Member' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/member');
    // A list screen is its menu: no breadcrumb.
    await expect.poll(() => page.locator('.app-breadcrumb').count()).toBe(0);
  });

  it('says a card number that is no member is not found, and stays', async () => {
    await startClean(page, '/region');
    await lookUp(page, '9999999999');
    await expect.poll(() => page.locator('.ant-message-notice').filter({ hasText: 'Card Number not found' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/region');
  });

  it('shows a breadcrumb on a wizard page', async () => {
    await startClean(page, '/enrollment');
    await expect.poll(() => crumbs(page)).toEqual([expect.stringContaining('Member Management'), expect.stringContaining('Individual Enrollment')]);
  });

  it('folds a record page side menu at 800 px without covering an input', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    // A sectioned record page (the member's has a navigator of its own): partner BNI.
    await startClean(page, '/partner/form/BNI/');
    await page.locator('.engine-record-menu.ant-layout-sider-collapsed').waitFor({ state: 'attached' });
    await page.locator('.engine-record-content input').first().waitFor();
    const overlaps = await page.evaluate(() => {
      const trigger = document.querySelector('.engine-record .ant-layout-sider-zero-width-trigger')?.getBoundingClientRect();
      if (!trigger) return ['no trigger'];
      return [...document.querySelectorAll('.engine-record-content input, .engine-record-content .ant-select, .engine-record-content textarea')]
        .map((input) => input.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.left < trigger.right && trigger.left < box.right && box.top < trigger.bottom && trigger.top < box.bottom)
        .map((box) => `${box.left},${box.top}`);
    });
    expect(overlaps).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: `${screenshotDir}/record-page-800.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 800 });
  });
});

describe('the member look-up keeps to the row scope', () => {
  let rig: BrowserRig;
  let page: Page;

  beforeAll(async () => {
    rig = await startBrowserRig();
    page = await rig.newPage();
    await logIn(page, 'branch');
    await page.locator('.app-nav').waitFor();
  });
  afterAll(async () => rig?.close());

  it("answers a card of another branch's member as not found, opens its own branch's", async () => {
    await lookUp(page, OTHER_BRANCH.card);
    await expect.poll(() => page.locator('.ant-message-notice').filter({ hasText: 'Card Number not found' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    await lookUp(page, IN_BRANCH.card);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^/member/form/${IN_BRANCH.memberid}/`));
  });

  it('finds only menus the user may open', async () => {
    await menuSearch(page).fill('region');
    expect(await options(page).count()).toBe(0);
    await menuSearch(page).fill('member');
    await expect.poll(() => options(page).allInnerTexts()).toContain('Member Management › Member');
  });
});
