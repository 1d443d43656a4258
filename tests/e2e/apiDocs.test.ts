// The API Reference page in Chromium: reached from the user menu, it draws the server's OpenAPI document one tag at a
// time, with the flight posting's operation and its fields, under the app's own Content-Security-Policy.
import { mkdirSync } from 'node:fs';
import type { ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, logIn, screenshotDir, startBrowserRig, type BrowserRig } from './browser';

describe('API Reference in Chromium', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
  });
  afterAll(async () => rig?.close());

  it('opens from the user menu on the sign-in operations, and lists the flight posting with its fields under accrual', { timeout: 120_000 }, async () => {
    const page = await rig.newPage();
    const refused: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) refused.push(message.text());
    });
    await logIn(page, 'admin');
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('Dashboard | Loyalty Management System');
    await page.locator('.app-user').hover();
    await page.getByRole('menuitem', { name: 'API Reference' }).click();
    await expect.poll(() => page.title()).toBe('API Reference | Loyalty Management System');
    expect(new URL(page.url()).pathname).toBe('/api-docs');

    const reference = page.getByTestId('api-reference');
    // One tag at a time: the page opens on signing in.
    await expect.poll(() => reference.locator('#operations-tag-session').count()).toBe(1);
    expect(await reference.locator('.opblock-tag-section').count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/api-docs-session.png` });
    await chooseOption(page, page.locator('.api-docs-tag input'), 'accrual');
    await expect.poll(() => new URL(page.url()).search).toBe('?tag=accrual');
    const tag = reference.locator('#operations-tag-accrual');
    await expect.poll(() => tag.count()).toBe(1);
    expect(await reference.locator('#operations-tag-session').count()).toBe(0);
    await tag.click();
    const posting = reference.locator('.opblock-post', { hasText: '/api/accrual/air' });
    await expect.poll(() => posting.count()).toBe(1);
    expect(await posting.locator('.opblock-summary-description').innerText()).toBe('Post a flight');
    await posting.locator('.opblock-summary').click();
    const body = posting.locator('.opblock-body');
    await expect.poll(async () => (await body.count()) > 0 && (await body.innerText()).includes('flightnumber')).toBe(true);
    const text = await body.innerText();
    for (const field of ['cardnumber', 'activitydate', 'carrier', 'origin', 'destination', 'bookingclass']) expect(text).toContain(field);
    expect(text).toContain('MEMBER_NOT_FOUND');
    await page.screenshot({ path: `${screenshotDir}/api-docs.png` });
    expect(refused).toEqual([]);
  });
});
