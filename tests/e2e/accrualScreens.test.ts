// Accrual screens in Chromium, with one login: each rule screen and Park Activity opens from its
// path with demo rows (a table of path and what its first page shows), the rule record pages with their child
// tables, origin and destination pickers leaving out each other's airport (a rule's form and the simulator), and
// the accrual simulator (a tool of the rule screens): a flight typed in is rated with every
// criterion and why each other rule did not apply, and a member's activity picked is rated again, nothing
// posted. Screenshots at 1366 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDay } from '../../server/platform/seed/seedDates';
import { chooseOption, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig, onScreen } from './browser';
import { definitionDb } from '../../server/platform/db/definitionDb';

/** Waits on a state, not a duration: a first load of a lazy chunk can take seconds on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const field = (scope: Page | Locator, name: string) => scope.locator(`[id="root_${name}"]`);

const CARD = '771999001';
const PARKED_CARD = '88880001';

/** Each screen: its path, its title, and texts its first page must show (demo rows). */
const SCREENS: { path: string; title: string; shows: string[] }[] = [
  { path: '/accrual-rule-od', title: 'Accrual Rule OD', shows: ['GA-CGK-DPS', '612', 'GA-CGK-JED-HAJJ'] },
  { path: '/accrual-rule-bc', title: 'Accrual Rule BC', shows: ['GA-2020', 'GarudaMiles tickets from 15 Dec 2020', 'KL-SKYTEAM'] },
  { path: '/accrual-rule-non-air', title: 'Accrual Rule Non-Air', shows: ['BNI-SPEND', 'Per Currency Unit', 'HILTON-STAY'] },
  { path: '/accrual-rule', title: 'Accrual Rule', shows: ['QG-REV-2024', 'Citilink fare based'] },
  { path: '/accrual-promo', title: 'Accrual Promo', shows: ['DPS-DOUBLE-26', 'Double Miles Jakarta - Bali', 'Fixed Miles'] },
  { path: '/activity-bonus', title: 'Activity Bonus', shows: ['Gold', 'Platinum', '25'] },
  { path: '/park-activity', title: 'Park Activity', shows: [PARKED_CARD, 'Member not found', 'Parked'] },
];

/** Record pages: a section's path and the rows its child table shows. */
const SECTIONS: { path: string; name: string; shows: string[] }[] = [
  { path: '/accrual-rule-bc/form/GA-2020/booking-class', name: 'bc-booking-classes', shows: ['400', '300', '225'] },
  { path: '/accrual-rule-bc/form/GA-2020/tier-minimum', name: 'bc-tier-minimum', shows: ['Gold', '250', '500'] },
  { path: '/accrual-rule/form/QG-REV-2024/tier-rate', name: 'revenue-rates', shows: ['Platinum', '1.5'] },
];

async function typeDate(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

describe('accrual screens in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let airports: Record<string, string>;
  const consoleErrors: string[] = [];
  const shoot = (name: string) => page.screenshot({ path: `${screenshotDir}/accrual-${name}.png`, fullPage: true, animations: 'disabled' });

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    const db = definitionDb(rig.server.database.db);
    // A Gold member of the test's own, with one credited flight; and an activity parked for an unknown card.
    const at = new Date().toISOString();
    await db.insertInto('member').values({ memberid: 'E2EACC0001', firstname: 'Simulated', lastname: 'Flyer', gender: 'FEMALE', status: 'ACTIVE', username: CARD, emailverified: 0, createddate: at, updateddate: at, tierid: 'GOLD', membershipid: 'FFP', enrollmentdate: '2019-01-01', cardnumber: CARD }).execute();
    await db.insertInto('member_card').values({ cardnumber: CARD, memberid: 'E2EACC0001', membershipid: 'FFP', tierid: 'GOLD', status: 'ACTIVE', issuedate: '2019-01-01' }).execute();
    const token = (await rig.server.login('admin')).body.result.bearer as string;
    const flight = { activitydate: demoDay('2026-05-04'), carrier: 'GA', flightnumber: '404', origin: 'CGK', destination: 'SIN', bookingclass: 'C', ticketissuedate: demoDay('2026-04-20') };
    expect((await rig.server.call('/api/accrual/air', { ...flight, cardnumber: CARD }, { token })).body.result.status).toBe('CREDITED');
    expect((await rig.server.call('/api/accrual/air', { ...flight, cardnumber: PARKED_CARD }, { token })).body.result.status).toBe('PARKED');
    const names = (await db.selectFrom('airport').select(['airportiatacode', 'airportname', 'cityname']).where('airportiatacode', 'in', ['CGK', 'DPS']).execute()) as { airportiatacode: string; airportname: string; cityname: string }[];
    // As the airport pickers show them: code first.
    airports = Object.fromEntries(names.map((a) => [a.airportiatacode, `${a.airportiatacode} - ${a.airportname}, ${a.cityname}`]));

    page = await rig.newPage();
    page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text().slice(0, 300))));
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => {
    await rig?.close();
    expect(consoleErrors).toEqual([]);
  });

  describe.each(SCREENS)('$path', ({ path, title, shows }) => {
    it(`opens ${title} with its rows`, async () => {
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

  it('simulates a flight typed in: the criteria and why each other rule did not apply, nothing posted', async () => {
    await startClean(page, '/accrual-rule-bc');
    await page.getByRole('button', { name: 'Accrual Simulator' }).click();
    const tool = drawer(page);
    await settled(tool);
    await field(tool, 'cardnumber').waitFor();
    await field(tool, 'cardnumber').fill(CARD);
    await chooseOption(page, field(tool, 'carrier'), 'Garuda Indonesia');
    await field(tool, 'flightnumber').fill('402');
    await chooseOption(page, field(tool, 'origin'), airports.CGK!);
    await chooseOption(page, field(tool, 'destination'), airports.DPS!);
    await chooseOption(page, field(tool, 'bookingclass'), 'J');
    await typeDate(field(tool, 'ticketissuedate'), onScreen('2026-03-01'));
    await typeDate(field(tool, 'activitydate'), onScreen('2026-04-01'));
    await tool.getByRole('button', { name: 'Simulate' }).click();
    const result = tool.locator('.accrual-simulator');
    await poll(() => result.innerText()).toContain('Credited');
    const text = await result.innerText();
    for (const shown of ['5,131', '2,836', '612 miles (Sector miles of rule GA-CGK-DPS)', 'Tier bonus GOLD +25% of 1,836', 'Double Miles Jakarta - Bali: +100%', 'Business Class Bonus for Gold and Platinum: 1,000 miles']) expect(text).toContain(shown);
    await result.getByText('Not applied', { exact: true }).first().click();
    await poll(() => result.innerText()).toContain(`Ticket issued ${demoDay('2026-03-01')} is outside its issue dates (${demoDay('2016-01-01')} - ${demoDay('2020-12-14')})`);
    await shoot('simulator');
    const posted = await rig.server.call('/api/accrual/member-activities', { cardnumber: CARD }, { token: (await rig.server.login('admin')).body.result.bearer });
    expect(posted.body.result.activities).toHaveLength(1);
  });

  it('leaves the chosen origin out of the destinations (and back) on an origin-destination rule and in the simulator', async () => {
    const list = page.locator('.ant-select-dropdown:visible').first();
    const titles = () => list.locator('.ant-select-item-option').evaluateAll((options) => options.map((o) => o.getAttribute('title')));
    /** Searching the other end's airport finds nothing, once another airport is found in the same list. */
    const leftOut = async (input: Locator, found: string, excluded: string) => {
      await input.click();
      await input.fill(found);
      await settled(list);
      await poll(titles).toContain(found);
      await input.fill(excluded);
      await list.locator('.ant-select-item-empty').waitFor();
      expect(await titles()).toEqual([]);
      await input.press('Escape');
    };
    await startClean(page, '/accrual-rule-od');
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create' }).click();
    const form = drawer(page);
    await form.locator('form').waitFor();
    await settled(form);
    await chooseOption(page, field(form, 'originairport'), airports.CGK!);
    await leftOut(field(form, 'destinationairport'), airports.DPS!, airports.CGK!);
    await chooseOption(page, field(form, 'destinationairport'), airports.DPS!);
    await leftOut(field(form, 'originairport'), airports.CGK!, airports.DPS!);
    await shoot('accrual-rule-od-route');

    await startClean(page, '/accrual-rule-od');
    await page.getByRole('button', { name: 'Accrual Simulator' }).click();
    const tool = drawer(page);
    await settled(tool);
    await field(tool, 'origin').waitFor();
    await chooseOption(page, field(tool, 'origin'), airports.CGK!);
    await leftOut(field(tool, 'destination'), airports.DPS!, airports.CGK!);
  });

  it("rates a member's activity picked from the card's list again", async () => {
    await startClean(page, '/accrual-rule-od');
    await page.getByRole('button', { name: 'Accrual Simulator' }).click();
    const tool = drawer(page);
    await settled(tool);
    await tool.getByLabel('Member Card Number').fill(CARD);
    await tool.getByRole('button', { name: 'Member Activities' }).click();
    const pick = tool.getByLabel('Member Activity');
    await pick.waitFor();
    await chooseOption(page, pick, `${onScreen('2026-05-04')} GA404 CGK-SIN C (CREDITED)`);
    await poll(() => field(tool, 'flightnumber').inputValue()).toBe('404');
    await tool.getByRole('button', { name: 'Simulate' }).click();
    const result = tool.locator('.accrual-simulator');
    // Gold, CGK-SIN 548 miles, class C 250%: 1,370 + 25% (342) + the Business Class bonus (1,000) = 2,712; its own segment is no duplicate.
    await poll(() => result.innerText()).toContain('2,712');
    expect(await result.innerText()).toContain('Credited');
    await shoot('simulator-member-activity');
  });
});
