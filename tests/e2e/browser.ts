// Browser test harness: the real server (built app + API) on SQLite, driven by Debian's Chromium via playwright-core.
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, testDatabases, type TestServer } from '../server/harness';

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

export interface BrowserRig {
  server: TestServer;
  browser: Browser;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function startBrowserRig(env: Record<string, string> = {}): Promise<BrowserRig> {
  const server = await startTestServer(testDatabases[0]!, { STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist', ...env });
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

/** Types the credentials, waits for the captcha to pass, and clicks Log in. */
export async function logIn(page: Page, username: string, password = 'Admin#2026') {
  await page.goto('/');
  await page.getByPlaceholder('Username').fill(username);
  await page.getByPlaceholder('Password').fill(password);
  await page.locator('altcha-widget input[type="checkbox"]').click();
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.waitForFunction(() => !(document.querySelector('button[type="submit"]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const screenshotDir = '.tmp/screenshots';

/**
 * Answers Yes in the confirmation that says this text (or the one open), once its opening animation
 * is over (a click during it can be lost on a busy machine), and waits for it to close.
 */
export async function answerYes(page: Page, text?: string) {
  const dialogs = page.getByRole('dialog');
  const dialog = text === undefined ? dialogs.last() : dialogs.filter({ hasText: text });
  await dialog.waitFor();
  await page.waitForFunction((node) => !node || node.getAnimations({ subtree: true }).length === 0, await dialog.elementHandle(), { polling: 50 });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
