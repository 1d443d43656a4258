// Browser test harness: the real server (built app + API) on SQLite, driven by Debian's Chromium via playwright-core.
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startTestServer, testDatabases, type TestDatabase, type TestServer } from '../server/harness';
import { expect } from 'vitest';
import { formatDate } from '../../engine/definition/format';
import { demoDay } from '../../server/platform/seed/seedDates';
import { pageTitle } from '../../src/shell/pageTitle';
import { APPROVAL_STATUS } from '../../engine/definition/approvals';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A day of the demo's rows where the seeding day moved it (seedDates.demoDay), as the screens show it (DD/MM/YYYY). */
export const onScreen = (day: string): string => formatDate(demoDay(day));

export interface BrowserRig {
  server: TestServer;
  browser: Browser;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** The built app and its server on a database (SQLite unless another of the test databases is named), with Chromium. */
export async function startBrowserRig(env: Record<string, string> = {}, database: TestDatabase = testDatabases[0]!): Promise<BrowserRig> {
  const server = await startTestServer(database, { STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist', ...env });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const pages: Page[] = [];
  return {
    server,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 800 } });
      const page = await context.newPage();
      pages.push(page);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Types the credentials, waits for the captcha to pass, and clicks Log in: on the login page at /, or with
 * `here`, on the login page already shown (a signed-out visit to a page of the application).
 */
export async function logIn(page: Page, username: string, password = 'Admin#2026', { here = false } = {}) {
  if (!here) await page.goto('/');
  await page.getByPlaceholder('Username').fill(username);
  await page.getByPlaceholder('Password').fill(password);
  await page.locator('altcha-widget input[type="checkbox"]').click();
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.waitForFunction(() => !(document.querySelector('button[type="submit"]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Ticks the page's captcha and waits until it has passed: the form's submit button is enabled then. */
export async function passCaptcha(page: Page, submit: Locator) {
  await page.locator('altcha-widget input[type="checkbox"]').click();
  await expect.poll(() => submit.isEnabled(), { timeout: 20_000 }).toBe(true);
}

export const screenshotDir = '.tmp/screenshots';

/**
 * Waits until an overlay (a dialog, a drawer, a select's list, a menu's popup) has finished opening: no
 * antd motion class (…-appear, …-enter, …-leave) on it or above it, and no running animation. A click
 * during the opening motion can be lost on a busy machine, so a test clicks into an overlay only then.
 */
export async function settled(locator: Locator) {
  await locator.waitFor();
  const moving = /-(appear|enter|leave)(-|\s|$)/;
  await locator.page().waitForFunction(
    ([node, motion]) => {
      if (!node || !node.isConnected) return true;
      const pattern = new RegExp(motion);
      // Animations that end (a spinner turns for ever), of the node, inside it and above it.
      const animations = [...node.getAnimations({ subtree: true })];
      for (let at: Element | null = node; at; at = at.parentElement) {
        if (pattern.test(typeof at.className === 'string' ? at.className : '')) return false;
        animations.push(...at.getAnimations());
      }
      return animations.every((a) => a.playState === 'finished' || a.effect?.getComputedTiming().iterations === Infinity);
    },
    [await locator.elementHandle(), moving.source] as const,
    { polling: 50 },
  );
}

/**
 * Answers Yes in the confirmation that says this text (or the one open), once it has finished opening,
 * and waits for it to close.
 */
export async function answerYes(page: Page, text?: string, answer = 'Yes') {
  const dialogs = page.getByRole('dialog');
  const dialog = text === undefined ? dialogs.last() : dialogs.filter({ hasText: text });
  await settled(dialog);
  await dialog.getByRole('button', { name: answer }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Answers OK in a confirmation (Logout's), as answerYes does. */
export const answerOk = (page: Page, text?: string) => answerYes(page, text, 'OK');

/** The antd select around an input of it. */
const selectOf = (input: Locator) => input.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');

/** In the page: no select list is open (on screen and not hidden). */
const NO_LIST_OPEN = () =>
  ![...document.querySelectorAll('.ant-select-dropdown')].some((list) => {
    const box = list.getBoundingClientRect();
    const style = getComputedStyle(list);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  });

/**
 * Opens a select and picks the option with this label (typed first: the lists are long), waiting on states
 * only: the list open and settled, the option shown, then the select showing the label and the list closed.
 * A pick the select did not take is made again (at most three tries), as a user would.
 */
export async function chooseOption(page: Page, input: Locator, label: string) {
  const list = page.locator('.ant-select-dropdown:visible').first();
  const option = list.locator(`.ant-select-item-option[title=${JSON.stringify(label)}]`);
  const select = await selectOf(input).elementHandle();
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!(await list.isVisible())) await input.click();
    await input.fill(label);
    await settled(list);
    await option.click();
    const taken = await page
      .waitForFunction(([node, wanted]) => node?.querySelector('.ant-select-content')?.textContent === wanted, [select, label] as const, { polling: 50, timeout: 5000 })
      .then(() => true, () => false);
    if (taken) break;
  }
  const shown = await selectOf(input).locator('.ant-select-content').innerText();
  if (shown !== label) throw new Error(`the select shows '${shown}', not the chosen '${label}'`);
  // A pick made while the list was still opening can leave it open.
  if (await list.isVisible()) await input.blur();
  await page.waitForFunction(NO_LIST_OPEN, undefined, { polling: 50 });
}

/**
 * After a failed test: closes what it left open (a list, a dialog, a drawer, toasts) by reloading a clean
 * route, so the next test starts as if nothing had happened. The signed-in session stays.
 */
export async function startClean(page: Page, path: string) {
  await page.keyboard.press('Escape').catch(() => undefined);
  await page.goto(path);
  await page.waitForLoadState('load');
}

/**
 * Opens a route of the signed-in app as its own links do (history.pushState, then the popstate the router listens
 * to) instead of loading the whole app again, and waits until the page titled `title` shows: a table-driven check
 * over many screens pays the app's start once, not once per screen.
 */
export async function openInApp(page: Page, path: string, title: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => page.title()).toBe(pageTitle(title));
}

/**
 * Stops the page's clock (page.clock.install() before the page loaded) a moment ahead of its time, so that
 * from here on the page's timers move only by page.clock.runFor: a test of '3 seconds later' waits on no
 * real time. (The clock runs on meanwhile: a moment that has passed already is tried again, later.)
 */
export async function holdClock(page: Page) {
  for (let ahead = 250; ; ahead *= 2) {
    const target = (await page.evaluate(() => Date.now())) + ahead;
    try {
      await page.clock.pauseAt(target);
      return;
    } catch (error) {
      if (!String(error).includes('to the past') || ahead > 60_000) throw error;
    }
  }
}

/** A text of the page once it has stopped changing (two reads alike): what the page shows after a clock step. */
export async function steadyText(locator: Locator): Promise<string> {
  let last: string | undefined;
  for (;;) {
    const now = await locator.innerText();
    if (now === last) return now;
    last = now;
  }
}

/**
 * A menu of the top navigation bar by its label; when the bar has no room for it (antd folds the last menus
 * into '···' at this width), the overflow is opened first and the menu is found in its popup.
 */
export async function topMenu(page: Page, label: string): Promise<Locator> {
  const nav = page.locator('.app-nav');
  await nav.waitFor();
  // By text, not accessible name: an item's icon adds its own name (Logout is 'logout Logout').
  const text = new RegExp(`^\\s*${label}\\s*$`);
  const direct = nav.getByRole('menuitem').filter({ hasText: text });
  if ((await direct.count()) > 0) return direct.first();
  const folded = page.locator('.ant-menu-submenu-popup:visible').getByRole('menuitem').filter({ hasText: text }).first();
  // The '···' popup opens on hover: a hover lost on a busy machine is made again (from outside the bar).
  for (let attempt = 1; attempt <= 3 && !(await folded.isVisible()); attempt++) {
    if (attempt > 1) await page.mouse.move(0, 400);
    await nav.locator('.ant-menu-overflow-item-rest').hover();
    await folded.waitFor({ timeout: 10_000 }).catch(() => undefined);
  }
  // Used once the popup has finished opening.
  await settled(folded);
  return folded;
}

/** The demo's own waiting requests decided out of the way (rejected), so a test follows its own through My Approval. */
export async function rejectWaitingRequests(server: TestServer, reason: string) {
  await server.database.db
    .updateTable('approval_request')
    .set({ status: APPROVAL_STATUS.REJECTED, decidedby: 'admin', decisiondate: new Date().toISOString(), reason })
    .where('status', '=', APPROVAL_STATUS.PENDING)
    .execute();
}
