// Reference screens in Chromium, with one login: each screen opens from its path with demo rows
// (a table of path and what its first page shows), the airline and partner record pages with their child
// tables, a booking class whose compartment list is its airline's, an accrual rule line whose booking
// classes are its rule's airline's (looked up through the rule), the codeshare list fitting 1366 px, a route's
// origin left out of its destinations (and back), and an overlapping period refused with the server's message on
// both date fields, nothing stored. Screenshots at 1366 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDay } from '../../server/platform/seed/seedDates';
import { logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';

/** Waits on a state, not a duration: a first load of a lazy chunk can take seconds on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const field = (scope: Page | Locator, name: string) => scope.locator(`[id="root_${name}"]`);
const fieldError = (scope: Locator, name: string) => scope.locator(`[id="root_${name}__error"]`);
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

/** Each screen: its path, its title, and texts its first page must show (demo rows). */
const SCREENS: { path: string; title: string; shows: string[] }[] = [
  { path: '/airline', title: 'Airline', shows: ['Garuda Indonesia', 'KLM Royal Dutch Airlines', 'SkyTeam'] },
  { path: '/codeshare-list', title: 'Codeshare List', shows: ['Specific Route', 'All Route', 'Garuda Indonesia'] },
  { path: '/program', title: 'Program', shows: ['Flying Blue', 'BNI Rewards'] },
  { path: '/partner', title: 'Partner', shows: ['Bank Negara Indonesia', 'Hilton Hotels and Resorts', 'Air France KLM'] },
  { path: '/earning-miles', title: 'Earning Miles', shows: ['Garuda Indonesia', 'Flown Distance', 'Revenue'] },
  { path: '/distance-range', title: 'Distance Range', shows: ['Short haul up to 500 miles', '12,500'] },
  { path: '/activity-code', title: 'Activity Code', shows: ['CARDSPEND', 'Card Spending', 'Hotel Stay'] },
  { path: '/activity-code-limit', title: 'Activity Code Limit', shows: ['BNI-SPEND', '50,000', '300,000'] },
  { path: '/airport', title: 'Airport', shows: ['Latitude', 'Longitude'] },
];

/** Record pages: a section's path and the rows its child table shows. */
const SECTIONS: { path: string; name: string; shows: string[] }[] = [
  { path: '/airline/form/GA/compartments', name: 'airline-compartments', shows: ['First', 'Business', 'Economy'] },
  { path: '/airline/form/KL/booking-classes', name: 'airline-booking-classes', shows: ['Premium Economy', 'Business'] },
  { path: '/partner/form/HILTON/locations', name: 'partner-locations', shows: ['Hilton Bali Resort', 'Hilton Amsterdam'] },
  { path: '/partner/form/BNI/cobrands', name: 'partner-cobrands', shows: ['BNI Miles Gold Card', 'Nusantara Miles Co-Brand Card'] },
];

/** The labels a select offers once opened (without choosing). */
async function offered(page: Page, input: Locator): Promise<string[]> {
  await input.click();
  const list = page.locator('.ant-select-dropdown:visible').first();
  await settled(list);
  await poll(() => list.locator('.ant-select-item-option').count()).toBeGreaterThan(0);
  // The list is virtual: every option is in its title attributes only while shown; these lists are short.
  const labels = await list.locator('.ant-select-item-option').evaluateAll((options) => options.map((o) => o.getAttribute('title') ?? ''));
  await input.press('Escape');
  return labels;
}

async function typeDate(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

describe('partner management screens in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let token: string;
  const consoleErrors: string[] = [];
  const shoot = (name: string) => page.screenshot({ path: `${screenshotDir}/partner-${name}.png`, fullPage: true, animations: 'disabled' });

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text().slice(0, 300))));
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
    token = (await rig.server.login('admin')).body.result.bearer as string;
  });
  afterAll(async () => {
    await rig?.close();
    expect(consoleErrors).toEqual([]);
  });

  describe.each(SCREENS)('$path', ({ path, title, shows }) => {
    it(`opens ${title} with its demo rows`, async () => {
      await startClean(page, path);
      await poll(() => page.locator('h4.engine-title').innerText()).toBe(title);
      await poll(() => rows(page).count()).toBeGreaterThan(0);
      const table = page.locator('.ant-table');
      for (const text of shows) await poll(() => table.innerText()).toContain(text);
      await shoot(path.slice(1));
    });
  });

  describe.each(SECTIONS)('$path', ({ path, name, shows }) => {
    it('shows the record page with its child rows', async () => {
      await startClean(page, path);
      const child = page.locator('.engine-child-table');
      await poll(() => child.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
      for (const text of shows) await poll(() => child.innerText()).toContain(text);
      await shoot(name);
    });
  });

  it("offers a booking class only the compartments of its airline (KLM's, with Premium Economy, no First)", async () => {
    await startClean(page, '/airline/form/KL/booking-classes');
    await page.locator('.engine-child-table').getByRole('button', { name: 'Create' }).click();
    await drawer(page).locator('form').waitFor();
    expect(await offered(page, field(drawer(page), 'compartmentcode'))).toEqual(['Business', 'Premium Economy', 'Economy']);
    await shoot('booking-class-form');
  });

  it("offers an accrual rule line only the booking classes of the rule's airline, through the rule", async () => {
    await startClean(page, '/accrual-rule-bc/form/KL-SKYTEAM/booking-class');
    await page.locator('.engine-child-table').getByRole('button', { name: 'Create' }).click();
    await drawer(page).locator('form').waitFor();
    const input = field(drawer(page), 'bookingclass');
    // The list is virtual (10 shown at a time): it is searched for a class KLM has and one it has not.
    expect(await offered(page, input)).toContain('A');
    const list = page.locator('.ant-select-dropdown:visible').first();
    await input.click();
    await input.fill('W');
    await poll(() => list.locator('.ant-select-item-option').evaluateAll((options) => options.map((o) => o.getAttribute('title')))).toEqual(['W']);
    await input.fill('F');
    await list.locator('.ant-select-item-empty').waitFor();
    expect(await list.locator('.ant-select-item-option').count()).toBe(0);
    await shoot('accrual-rule-line-form');
    await input.press('Escape');
  });

  it('fits the codeshare list in the panel at 1366 px: long airport names are cut, whole on hover', async () => {
    await startClean(page, '/codeshare-list');
    await poll(() => page.locator('.ant-table').innerText()).toContain('Specific Route');
    const content = page.locator('.ant-table-content');
    const [client, scroll] = await content.evaluate((el) => [el.clientWidth, el.scrollWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    const airport = page.locator('.ant-table-tbody td.ant-table-cell-ellipsis').filter({ hasText: 'Soekarno-Hatta International Airport' }).first();
    await airport.waitFor();
    expect(await airport.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await shoot('codeshare-list-fitted');
  });

  it("leaves a codeshare route's chosen origin out of the destinations, and the destination out of the origins", async () => {
    await startClean(page, '/codeshare-list');
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create' }).click();
    const form = drawer(page);
    await form.locator('form').waitFor();
    const list = page.locator('.ant-select-dropdown:visible').first();
    // Airports show as 'CGK - <name>, <city>': found by their name, picked by their code.
    const code = (label: string) => (label.startsWith('Soekarno') ? 'CGK' : 'AMS');
    const choose = async (name: string, label: string) => {
      await field(form, name).click();
      await field(form, name).fill(label);
      await settled(list);
      await list.locator(`.ant-select-item-option[title^="${code(label)} - "]`).click();
    };
    const titles = () => list.locator('.ant-select-item-option').evaluateAll((options) => options.map((o) => o.getAttribute('title')));
    /** Searching the other end's airport finds nothing once its options are there (another airport is found first). */
    const leftOut = async (name: string, other: string, excluded: string) => {
      await field(form, name).click();
      await field(form, name).fill(other);
      await settled(list);
      await poll(async () => (await titles()).some((t) => t?.startsWith(`${code(other)} - `))).toBe(true);
      await field(form, name).fill(excluded);
      await list.locator('.ant-select-item-empty').waitFor();
      expect(await titles()).toEqual([]);
      await field(form, name).press('Escape');
    };
    await choose('originairport', 'Soekarno-Hatta International Airport');
    await leftOut('destinationairport', 'Amsterdam Airport Schiphol', 'Soekarno-Hatta International Airport');
    await choose('destinationairport', 'Amsterdam Airport Schiphol');
    await leftOut('originairport', 'Soekarno-Hatta International Airport', 'Amsterdam Airport Schiphol');
    await shoot('codeshare-route-form');
  });

  it('refuses an overlapping period with the message on both dates, storing nothing', async () => {
    const count = async () => (await rig.server.call('/api/earning-miles/list', undefined, { token, paging: { limit: 10, page: 1 }, parameter: { criteria: { airlinecode: 'GA' } } })).body.paging!.totalrecord as number;
    const before = await count();
    await startClean(page, '/earning-miles');
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create' }).click();
    const form = drawer(page);
    await form.locator('form').waitFor();
    await field(form, 'airlinecode').click();
    await field(form, 'airlinecode').fill('Garuda Indonesia');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Garuda Indonesia"]');
    await settled(page.locator('.ant-select-dropdown:visible').first());
    await option.click();
    await typeDate(field(form, 'effectivedate'), '01/01/2024');
    await typeDate(field(form, 'expireddate'), '31/12/2024');
    await form.getByRole('button', { name: 'Save' }).click();
    const message = `Effective Date - Expired Date overlap Earning Miles "EM-GA-2020" (${demoDay('2020-12-15')} - no end) of the same Airline`;
    await poll(() => fieldError(form, 'effectivedate').innerText()).toBe(message);
    await poll(() => fieldError(form, 'expireddate').innerText()).toBe(message);
    await shoot('earning-miles-overlap');
    expect(await count()).toBe(before);
    expect(await toast(page, 'Data has been created').count()).toBe(0);
  });
});
