// Tier screens in Chromium, with one login: each Tier Management rule screen opens from its path
// with demo rows (a table of path and what its first page shows); a mileage criterion whose maximum age is under
// its minimum is refused on the field, and one overlapping the demo criterion of its tier and type is refused
// with the server's message on both dates, nothing stored; a member's Member Tier shows the tier history with
// reasons from Tier Reason, the standing in the qualification period, and the tier held on a chosen day; staff
// change a member's tier there by hand (the tier held refused on its field; another written with its reason).
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_STANDING_TEXTS } from '../../src/views/tierStandingTexts';
import { demoDay } from '../../server/platform/seed/seedDates';
import { TIER_CHANGE_TEXTS } from '../../server/tierManagement/tiers/tierHooks';
import { chooseOption, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';

/** Waits on a state, not a duration: a first load of a lazy chunk can take seconds on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const field = (scope: Page | Locator, name: string) => scope.locator(`[id="root_${name}"]`);
const fieldError = (scope: Locator, name: string) => scope.locator(`[id="root_${name}__error"]`);

/** Each screen: its path, its title, and texts its first page must show (demo rows, labels of their references). */
const SCREENS: { path: string; title: string; shows: string[] }[] = [
  { path: '/tier-reason', title: 'Tier Reason', shows: ['Qualification', 'Manual Upgrade', 'Downgrade'] },
  { path: '/mileage-criteria', title: 'Mileage Criteria', shows: ['CBGOLDUP', 'Nusantara Miles Co-Brand Card', '25,000', 'Both (AND)', 'Maintain'] },
  { path: '/relation-type', title: 'Relation Type', shows: ['Spouse', 'Child', 'Sibling'] },
  { path: '/relation-bonus', title: 'Relation Bonus', shows: ['Spouse', 'Nusantara Miles', '1,000'] },
  { path: '/first-activity-bonus', title: 'First Activity Bonus', shows: ['Nusantara Miles', '2,000', '90'] },
  { path: '/birthday-bonus', title: 'Birthday Bonus', shows: ['Platinum', '2,000', '250'] },
  { path: '/referral-bonus', title: 'Referral Bonus', shows: ['1,500', '2,500'] },
  { path: '/promo-completion-bonus', title: 'Promo Completion Bonus', shows: ['Three Jakarta - Bali flights', 'Two Hilton stays', 'Hilton Stay Bonus'] },
  { path: '/tier-completion-bonus', title: 'Tier Completion Bonus', shows: ['CBGOLDUP', '3,000', '5,000'] },
];

/** The first named demo member (Budi Santoso, Gold, climbed from Blue by qualification). */
const MEMBER = 'MBR0000001';

async function typeDate(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

describe('tier management screens in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let token: string;
  const consoleErrors: string[] = [];
  const shoot = (name: string) => page.screenshot({ path: `${screenshotDir}/tier-${name}.png`, fullPage: true, animations: 'disabled' });
  const criteriaCount = async () =>
    (await rig.server.call('/api/mileage-criteria/list', undefined, { token, paging: { limit: 10, page: 1 }, parameter: { criteria: { tierid: 'GOLD' } } })).body.paging!.totalrecord as number;

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

  it('refuses a maximum age under the minimum on its field, and a period overlapping the criterion of the same tier and type on both dates', async () => {
    const before = await criteriaCount();
    await startClean(page, '/mileage-criteria');
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create' }).click();
    const form = drawer(page);
    await form.locator('form').waitFor();
    await settled(form);
    await field(form, 'mileagecriteriaid').fill('UIGOLDUP');
    await chooseOption(page, field(form, 'membershipid'), 'Nusantara Miles');
    await chooseOption(page, field(form, 'tierid'), 'Gold');
    await field(form, 'tiermiles').fill('30000');
    await field(form, 'minage').fill('30');
    await field(form, 'maxage').fill('20');
    await field(form, 'maxage').blur();
    await poll(() => fieldError(form, 'maxage').innerText()).toBe('Max Age must not be less than Min Age');
    await field(form, 'maxage').fill('');
    await field(form, 'minage').fill('');
    await typeDate(field(form, 'effectivedate'), '01/01/2030');
    await form.getByRole('button', { name: 'Save' }).click();
    const message = `Effective Date - Expired Date overlap Mileage Criteria "FFPGOLDUP" (${demoDay('2021-01-01')} - no end) of the same Membership, Tier, Type, Min Age and Max Age`;
    await poll(() => fieldError(form, 'effectivedate').innerText()).toBe(message);
    await poll(() => fieldError(form, 'expireddate').innerText()).toBe(message);
    await shoot('mileage-criteria-overlap');
    expect(await criteriaCount()).toBe(before);
  });

  it("shows the member's tier history with its reasons, the standing in the period, and the tier held on a day", async () => {
    await startClean(page, `/member/form/${MEMBER}/member-tier`);
    const child = page.locator('.engine-child-table');
    await poll(() => child.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(1);
    await poll(() => child.innerText()).toContain('Qualification');
    await poll(() => child.innerText()).toContain('Enrollment');
    const standing = page.locator('.tier-standing');
    await poll(() => standing.innerText()).toContain(TIER_STANDING_TEXTS.period);
    await poll(() => standing.innerText()).toContain('FFPGOLDMT');
    await poll(() => standing.locator('.ant-tag').first().innerText()).toMatch(/^(Maintain Gold|Downgrade to Silver|Upgrade to Platinum)$/);
    const today = new Date();
    const day = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
    await typeDate(standing.locator('.tier-as-of input'), day);
    await poll(() => standing.locator('.tier-as-of-answer').innerText()).toMatch(/^Gold \(/);
    await shoot('member-tier');
  });

  it("changes a member's tier by hand on Member Tier: the tier held is refused on its field, another one is written with its reason and orders a card", async () => {
    const any = rig.server.database.db as unknown as import('kysely').Kysely<any>;
    const today = new Date().toISOString().slice(0, 10);
    const { memberid } = (await any
      .selectFrom('member')
      .innerJoin('member_account', 'member_account.memberid', 'member.memberid')
      .select('member.memberid')
      .where('member.membershipid', '=', 'FFP')
      .where('member.tierid', '=', 'BLUE')
      .where('member.status', '=', 'ACTIVE')
      .where('member_account.startperiod', '<=', today)
      .where('member_account.endperiod', '>=', today)
      .orderBy('member.memberid')
      .executeTakeFirstOrThrow()) as { memberid: string };
    const orders = async () => Number(((await any.selectFrom('card_order').select((eb: any) => eb.fn.countAll().as('n')).where('memberid', '=', memberid).where('reason', '=', 'TIERCHANGE').executeTakeFirstOrThrow()) as { n: unknown }).n);
    const before = await orders();
    await startClean(page, `/member/form/${memberid}/member-tier`);
    const child = page.locator('.engine-child-table');
    await poll(() => child.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await child.getByRole('button', { name: 'Create' }).click();
    const form = drawer(page);
    await form.locator('form').waitFor();
    await settled(form);
    await chooseOption(page, field(form, 'membershipid'), 'Nusantara Miles');
    await chooseOption(page, field(form, 'tierid'), 'Blue');
    await chooseOption(page, field(form, 'tierreason'), 'Manual Upgrade');
    const [y, m, d] = today.split('-');
    await typeDate(field(form, 'startdate'), `${d}/${m}/${y}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => fieldError(form, 'tierid').innerText()).toBe(TIER_CHANGE_TEXTS.sameTier('BLUE'));
    await shoot('member-tier-change-refused');
    expect(await orders()).toBe(before);
    await chooseOption(page, field(form, 'tierid'), 'Silver');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await poll(() => child.innerText()).toContain('Manual Upgrade');
    await poll(() => child.innerText()).toContain('Silver');
    expect(await orders()).toBe(before + 1);
    await shoot('member-tier-changed');
  });
});
