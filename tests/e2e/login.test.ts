// The spine in a real browser: the built app is served, the login page signs in through the real captcha.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, screenshotDir, startBrowserRig, topMenu, type BrowserRig } from './browser';

describe('login in Chromium', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
  });
  afterAll(async () => rig?.close());

  it('shows the login page with its title, version and a Log in button disabled until the captcha passes', async () => {
    const page = await rig.newPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Login | Loyalty Management System');
    const button = page.getByRole('button', { name: 'Log in' });
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByText(`v1.2.2 · © ${new Date().getFullYear()}`).count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/login.png` });
    await page.locator('altcha-widget input[type="checkbox"]').click();
    await expect.poll(() => button.isDisabled(), { timeout: 20_000 }).toBe(false);
  });

  it("shows the spec's messages for empty fields", async () => {
    const page = await rig.newPage();
    await page.goto('/');
    await page.getByPlaceholder('Username').fill('x');
    await page.getByPlaceholder('Username').fill('');
    await page.getByPlaceholder('Password').fill('x');
    await page.getByPlaceholder('Password').fill('');
    await expect.poll(() => page.getByText('Please input your username!').count()).toBe(1);
    await expect.poll(() => page.getByText('Please input your Password!').count()).toBe(1);
  });

  it('shows the server message for a wrong password and resets the captcha', async () => {
    const page = await rig.newPage();
    await logIn(page, 'admin', 'Wrong#2026');
    await expect.poll(() => page.locator('.ant-message-notice').filter({ hasText: 'Invalid username or password' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);
  });

  it('signs in, stores the session, and logs out with the confirmation', async () => {
    const page = await rig.newPage();
    await logIn(page, 'admin');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
    expect(await page.locator('.app-user').innerText()).toContain('System Administrator');
    const stored = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(stored).toEqual(['alms.apitoken', 'alms.idtoken', 'alms.permission', 'alms.profile', 'alms.timetoken']);
    await page.screenshot({ path: `${screenshotDir}/signed-in.png` });
    await (await topMenu(page, 'Logout')).click();
    await expect.poll(() => page.getByRole('dialog').filter({ hasText: 'Are you sure want to logout?' }).count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/logout-confirm.png` });
    // The clicks were activity, shared with the other tabs; logging out takes that key away too.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('alms.lastactivity'))).not.toBeNull();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.title()).toBe('Login | Loyalty Management System');
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);
  });

  it('hides the forgot-password link while the server has the flow turned off (FORGOT_PASSWORD_ENABLED=false)', async () => {
    const link = "Don't know your password? Set your password here.";
    const page = await rig.newPage();
    await page.goto('/');
    await page.getByText(link).waitFor();
    // The running server's configuration, as if started with the variable set; /env.json reads it per request.
    rig.server.config.forgotPasswordEnabled = false;
    try {
      const off = await rig.newPage();
      await off.goto('/');
      await off.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await off.getByText(link).count()).toBe(0);
    } finally {
      rig.server.config.forgotPasswordEnabled = true;
    }
  });

  it('shows the not-found page for an unknown public path, with the way to the login page', async () => {
    const page = await rig.newPage();
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByText('Sorry, the page you visited does not exist.').count()).toBe(1);
    // Opened directly, Back would leave the app (about:blank): the page offers the login page instead.
    await page.getByRole('button', { name: 'Go to Login' }).waitFor();
  });

  it('sends BOD to /member', async () => {
    const page = await rig.newPage();
    await logIn(page, 'bod');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/member');
  });
});
