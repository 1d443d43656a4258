// Idle logout across tabs in Chromium: two tabs of one browser (one context, one storage) share the user's activity,
// so working in one tab keeps the other signed in; the idle countdown shows in the tab in front only; when nobody
// acts anywhere, both go to the login page after the idle time. Timers run on the pages' clock, never on real time.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../server/harness';
import { holdClock, logIn, screenshotDir, startBrowserRig, type BrowserRig } from './browser';

const idleDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'You are idle' });
/** Read without waiting (a held clock stalls Playwright's own waits): the dialogs on screen. */
const idleDialogShown = (page: Page) => idleDialog(page).count();

// On every test database: the session's last activity is the server's, so both stores must keep the tabs together.
describe.each(testDatabases)('idle logout across tabs in Chromium on $name', (database) => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startBrowserRig({}, database);
  });
  /** Two tabs of one browser: one context, so one storage. */
  const newContext = (): Promise<BrowserContext> => rig.browser.newContext({ baseURL: rig.server.url, viewport: { width: 1366, height: 800 } });
  afterAll(async () => rig?.close());

  it('keeps an idle background tab signed in while the user works in another, then logs both out when nobody acts', async () => {
    const context = await newContext();
    // The context's clock drives the timers of both tabs together.
    await context.clock.install();
    const front = await context.newPage();
    // The second tab is behind the first: the document says so, as a browser does for a tab not shown.
    const back = await context.newPage();
    await back.addInitScript(() => Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden' }));
    await logIn(front, 'admin');
    await expect.poll(() => front.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
    await back.goto('/region');
    await expect.poll(() => back.title(), { timeout: 10_000 }).toBe('Region | Loyalty Management System');

    await holdClock(front);
    const idleMs = rig.server.config.idleSeconds * 1000;
    // Three idle times in all, with the user moving the mouse in the front tab every third of one.
    for (let step = 1; step <= 9; step++) {
      await front.clock.runFor(idleMs / 3);
      await front.mouse.move(10 + step, 10);
      await front.mouse.move(20 + step, 20);
      expect(await idleDialogShown(front)).toBe(0);
    }
    expect(await back.title()).toBe('Region | Loyalty Management System');
    expect(await front.title()).toBe('Dashboard | Loyalty Management System');

    // Nobody acts: after the idle time the countdown shows in the front tab, not in the one behind it.
    await front.clock.runFor(idleMs);
    await expect.poll(() => idleDialogShown(front)).toBe(1);
    await expect.poll(() => idleDialog(front).innerText()).toContain('You will be logged out in 5 seconds.');
    expect(await idleDialogShown(back)).toBe(0);
    await front.screenshot({ path: `${screenshotDir}/idle-tabs-front.png` });
    await front.clock.runFor(5000);
    // The login page loads in the tab behind: its timers move on while waiting.
    await expect.poll(async () => (await front.clock.runFor(100), front.title())).toBe('Login | Loyalty Management System');
    await expect.poll(async () => (await front.clock.runFor(100), back.title())).toBe('Login | Loyalty Management System');
  }, 180_000);

  it('signs the other tab out when one tab logs out (the token goes first, so no tab is left half signed in)', async () => {
    const context = await newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    await logIn(first, 'admin');
    await expect.poll(() => first.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
    await second.goto('/region');
    await expect.poll(() => second.title(), { timeout: 10_000 }).toBe('Region | Loyalty Management System');
    await first.locator('.app-user').hover();
    const item = first.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Logout' });
    await item.click();
    const confirm = first.getByRole('dialog').filter({ hasText: 'Are you sure want to logout?' });
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => first.title()).toBe('Login | Loyalty Management System');
    await expect.poll(() => second.title()).toBe('Login | Loyalty Management System');
  }, 180_000);
});
