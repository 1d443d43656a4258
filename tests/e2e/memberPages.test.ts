// The public member pages in Chromium against the real server: each flow followed from the e-mail in the outbox to
// its end, and the spec's messages for bad links and inputs.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FLOW_TEXTS } from '../../engine/api/memberFlows';
import { MESSAGES } from '../../engine/api/responseCodes';
import { STAFF_RESET_TEXTS } from '../../server/users/staffReset';
import { logIn, screenshotDir, startBrowserRig, type BrowserRig } from './browser';

const PASSWORD = 'Fresh#Pass2026';

/** The key of the newest link to `path` e-mailed to an address, read from the outbox. */
async function linkKey(rig: BrowserRig, to: string, path: string): Promise<string> {
  const mail = await rig.server.database.db.selectFrom('outbox').selectAll().where('mailto', '=', to).orderBy('createddate', 'desc').executeTakeFirstOrThrow();
  const key = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(mail.body)?.[1];
  if (!key) throw new Error(`no ${path} link in: ${mail.body}`);
  return key;
}

const resultTitle = (page: Page) => page.locator('.ant-result-title').innerText();
/** Every message under the form's fields, one per line. */
const fieldErrors = async (page: Page) => (await page.locator('.ant-form-item-explain-error').allInnerTexts()).flatMap((text) => text.split('\n'));

async function fillPassword(page: Page, password: string, confirmation = password) {
  await page.getByPlaceholder('New Password').fill(password);
  await page.getByPlaceholder('Confirm Password').fill(confirmation);
  await page.getByRole('button', { name: 'Submit' }).click();
}

describe('public member pages in Chromium', () => {
  let rig: BrowserRig;
  let admin: string;
  const adminCall = (path: string, data?: unknown) => rig.server.call(path, data, { token: admin });

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    admin = (await rig.server.login('admin')).body.result.bearer;
  });
  afterAll(async () => rig?.close());

  describe('staff reset', () => {
    const user = { username: 'e2e.officer', userfullname: 'E2e Officer', email: 'e2e.officer@alms.example', rolecode: 'BRANCH', branchcode: 'DPSBO', tickoffid: 'DPS01' };

    it("sets the password from the new user's e-mail, shows the message, then goes to / after 3 seconds", async () => {
      expect((await adminCall('/api/user/create', user)).body.status.responsecode).toBe('0000');
      const key = await linkKey(rig, user.email, '/reset-password');
      const page = await rig.newPage();
      await page.goto(`/reset-password/${key}`);
      await expect.poll(() => page.title()).toBe('Reset Password | Loyalty Management System');
      await expect.poll(() => page.getByText(user.username, { exact: true }).count()).toBe(1);

      await fillPassword(page, 'weakpass', 'other');
      await expect.poll(() => fieldErrors(page)).toEqual([
        'At least 1 uppercase character.',
        'At least 1 digit number.',
        'At least 1 special character.',
        'Two passwords that you enter is inconsistent!',
      ]);
      await fillPassword(page, PASSWORD);
      await expect.poll(() => resultTitle(page)).toBe(STAFF_RESET_TEXTS.passwordSet);
      const shownAt = Date.now();
      await page.screenshot({ path: `${screenshotDir}/staff-reset-done.png` });
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/');
      expect(Date.now() - shownAt).toBeGreaterThan(2000);
      await expect.poll(() => page.title()).toBe('Login | Loyalty Management System');
      expect((await rig.server.login(user.username, PASSWORD)).body.status.responsecode).toBe('0000');

      // The link works once.
      await page.goto(`/reset-password/${key}`);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_USED);
    });

    it('says an unknown link is not valid and an old one has expired', async () => {
      const page = await rig.newPage();
      await page.goto(`/reset-password/${'A'.repeat(43)}`);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_INVALID);

      expect((await adminCall('/api/user/reset-user-password', { username: user.username })).body.status.responsecode).toBe('0000');
      const key = await linkKey(rig, user.email, '/reset-password');
      rig.server.clock.offsetMs = (rig.server.config.resetKeyMinutes + 1) * 60_000;
      try {
        await page.goto(`/reset-password/${key}`);
        await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_EXPIRED);
      } finally {
        rig.server.clock.offsetMs = 0;
      }
    });
  });

  describe('signed in', () => {
    it('shows a public page opened from a link, not the application shell', async () => {
      const page = await rig.newPage();
      await logIn(page, 'admin');
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
      await page.goto(`/reset-password/${'B'.repeat(43)}`);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_INVALID);
      expect(await page.locator('.app-header').count()).toBe(0);
      await page.goto('/mini-view');
      await expect.poll(() => page.title()).toBe(`${MEMBER_FLOW_TEXTS.miniViewSearch} | Loyalty Management System`);
      expect(await page.locator('.app-header').count()).toBe(0);
      // Still signed in: the application is one click away.
      await page.goto('/');
      await expect.poll(() => page.title()).toBe('Dashboard | Loyalty Management System');
    });
  });
});
