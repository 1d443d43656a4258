// The staff shell in Chromium: expired password, forgot password, BOD landing, idle logout,
// 401 extended and retried, maintenance window.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, screenshotDir, startBrowserRig, type BrowserRig } from './browser';

const dialog = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

describe('staff shell in Chromium', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
  });
  afterAll(async () => rig?.close());

  it('opens Change Password for an expired password, then signs in with the new one', async () => {
    const page = await rig.newPage();
    await logIn(page, 'expired');
    const modal = dialog(page, 'Your password has expired. Please change your password now and log in again!');
    await expect.poll(() => modal.count()).toBe(1);
    await modal.getByPlaceholder('Current Password').fill('Admin#2026');
    await modal.getByPlaceholder('New Password', { exact: true }).fill('Admin#2027');
    await modal.getByPlaceholder('Confirm New Password').fill('Admin#2028');
    await modal.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => modal.getByText('At least 2 different characters from Current Password.').count()).toBe(1);
    expect(await modal.getByText('Two passwords that you enter is inconsistent!').count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/change-password.png` });
    await modal.getByPlaceholder('New Password', { exact: true }).fill('Fresh#Pass42');
    await modal.getByPlaceholder('Confirm New Password').fill('Fresh#Pass42');
    await modal.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('Now you can use a new password to log in to your account!').count()).toBe(1);
    expect(await page.getByText('Data has been updated').count()).toBe(1);
    await logIn(page, 'expired', 'Fresh#Pass42');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
  });

  it('resets a forgotten password step by step, with the captcha at the first step, then signs in with it', async () => {
    const page = await rig.newPage();
    await page.goto('/');
    await page.getByText("Don't know your password? Set your password here.").click();
    const modal = dialog(page, 'Reset Password');
    const next = modal.getByRole('button', { name: 'Next' });
    const passCaptcha = async () => {
      await modal.locator('altcha-widget input[type="checkbox"]').click();
      await expect.poll(() => next.isDisabled(), { timeout: 20_000 }).toBe(false);
    };
    await modal.getByPlaceholder('Username').fill('nobody');
    // Next waits for the captcha, which each answer uses up.
    expect(await next.isDisabled()).toBe(true);
    await passCaptcha();
    await page.screenshot({ path: `${screenshotDir}/forgot-password-captcha.png` });
    await next.click();
    await expect.poll(() => modal.getByText('Username not found').count()).toBe(1);
    await expect.poll(() => next.isDisabled()).toBe(true);
    await modal.getByPlaceholder('Username').fill('branch');
    await passCaptcha();
    await next.click();
    await modal.getByPlaceholder('Full Name').fill('Someone');
    await next.click();
    await expect.poll(() => modal.getByText('Fullname not match').count()).toBe(1);
    await modal.getByPlaceholder('Full Name').fill('branch officer');
    await next.click();
    await modal.getByPlaceholder('Branch Code').waitFor();
    await next.click();
    await expect.poll(() => modal.getByText('Required').count()).toBe(2);
    await modal.getByPlaceholder('Branch Code').fill('DPSBO');
    await modal.getByPlaceholder('Ticket Office ID').fill('XXX');
    await next.click();
    await expect.poll(() => modal.getByText('Ticket Office ID not match').count()).toBe(1);
    await modal.getByPlaceholder('Ticket Office ID').fill('DPS01');
    await page.screenshot({ path: `${screenshotDir}/forgot-password.png` });
    await next.click();
    await modal.getByPlaceholder('New Password').waitFor();
    await modal.getByPlaceholder('New Password').fill('short');
    await modal.getByPlaceholder('Confirm Password').fill('other');
    await modal.getByRole('button', { name: 'Set Password' }).click();
    await expect.poll(() => modal.getByText('Minimum 8 characters', { exact: true }).count()).toBe(1);
    for (const message of ['At least 1 uppercase character.', 'At least 1 digit number.', 'At least 1 special character.', 'Invalid confirm password']) {
      expect(await modal.getByText(message, { exact: true }).count(), message).toBe(1);
    }
    await modal.getByPlaceholder('New Password').fill('Branch#Reset9');
    await modal.getByPlaceholder('Confirm Password').fill('Branch#Reset9');
    await modal.getByRole('button', { name: 'Set Password' }).click();
    await expect.poll(() => toast(page, 'Data has been updated').count()).toBe(1);
    await logIn(page, 'branch', 'Branch#Reset9');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
  });

  it('changes the password from the profile page', async () => {
    const page = await rig.newPage();
    await logIn(page, 'partner');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
    await page.locator('.app-nav').getByText('Profile').click();
    await expect.poll(() => page.getByText('Partner Code').count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/profile.png` });
    await page.getByRole('button', { name: 'Change Password' }).click();
    const modal = dialog(page, 'Current Password');
    await modal.getByPlaceholder('Current Password').fill('Admin#2026');
    await modal.getByPlaceholder('New Password', { exact: true }).fill('Partner#Pass7');
    await modal.getByPlaceholder('Confirm New Password').fill('Partner#Pass7');
    await modal.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => toast(page, 'Data has been updated').count()).toBe(1);
    // The session that changed it goes on.
    await page.reload();
    await expect.poll(() => page.getByText('Partner Code').count()).toBe(1);
  });

  it('lands BOD on /member without a Dashboard item', async () => {
    const page = await rig.newPage();
    await logIn(page, 'bod');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/member');
    expect(await page.locator('.app-nav').getByText('Dashboard').count()).toBe(0);
    await page.screenshot({ path: `${screenshotDir}/bod.png` });
  });

  it('extends a session on 401 and repeats the call', async () => {
    const page = await rig.newPage();
    await logIn(page, 'admin');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
    const before = await page.evaluate(() => localStorage.getItem('alms.apitoken'));
    rig.server.clock.offsetMs = 61 * 60_000;
    try {
      const extended = page.waitForResponse((r) => r.url().endsWith('/api/session/extend'));
      const retried = page.waitForResponse(async (r) => r.url().endsWith('/api/region/list') && r.status() === 200);
      await page.goto('/region');
      expect((await extended).status()).toBe(200);
      expect((await (await retried).json()).status.responsecode).toBe('0000');
      const after = await page.evaluate(() => localStorage.getItem('alms.apitoken'));
      expect(after).not.toBe(before);
      expect(await page.getByText('Sorry, you are not authorized').count()).toBe(0);
    } finally {
      rig.server.clock.offsetMs = 0;
    }
  });

  it('shows the extension failure and logs out after 3 seconds', async () => {
    const page = await rig.newPage();
    await logIn(page, 'admin');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
    rig.server.clock.offsetMs = 24 * 60 * 60_000;
    try {
      await page.goto('/region');
      await expect.poll(() => toast(page, 'Your session can no longer be extended, please log in again').count()).toBe(1);
      await expect.poll(() => page.title(), { timeout: 8000 }).toBe('Login | Loyalty Management System');
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
    } finally {
      rig.server.clock.offsetMs = 0;
    }
  });
});

describe('idle logout in Chromium', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startBrowserRig({ IDLE_SECONDS: '2' });
  });
  afterAll(async () => rig?.close());

  it("warns 'You are idle', counts down 5 seconds and logs out", async () => {
    const page = await rig.newPage();
    await logIn(page, 'admin');
    await expect.poll(() => dialog(page, 'You are idle').count(), { timeout: 10_000 }).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/idle.png` });
    await expect.poll(() => page.title(), { timeout: 12_000 }).toBe('Login | Loyalty Management System');
    const legends = await rig.server.database.db.selectFrom('user_log').select('legend').where('username', '=', 'admin').orderBy('logid', 'desc').limit(1).execute();
    expect(legends[0]?.legend).toBe('LOGOUT');
  });
});

describe('maintenance window in Chromium', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 40 * 60_000).toISOString();
    rig = await startBrowserRig({ MAINTENANCE_START: start, MAINTENANCE_END: end });
  });
  afterAll(async () => rig?.close());

  it('blocks sign-in with the notice', async () => {
    const page = await rig.newPage();
    await logIn(page, 'admin');
    await expect.poll(() => dialog(page, 'Sorry, You are not able to access ... system during database maintenance for 40 minutes ...').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
