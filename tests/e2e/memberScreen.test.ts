// The member screen in Chromium: the list searched by card number, a member opened in the profile
// navigator, every navigator target by its URL key showing its content (table-driven), each sub-step dot's
// 'Status: {status}' tooltip with its section's own state (table-driven), a section save, a cobrand card chosen among
// its partner's, a status change asked first, the transaction detail page, and
// BOD's read-only Member Data. Screenshots of each at 1366 px in .tmp/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerYes, chooseOption, logIn, screenshotDir, settled, startBrowserRig, type BrowserRig } from './browser';

const MEMBER = 'MBR0000001';

/** Each navigator target: its URL key, the top step and sub-step it selects, and what the section shows. */
const TARGETS: { key: string; step: string; sub?: string; shows: string }[] = [
  { key: 'personal-information', step: 'Profile', sub: 'Information', shows: 'First Name' },
  { key: 'address', step: 'Profile', sub: 'Address', shows: 'Address Type' },
  { key: 'account', step: 'Profile', sub: 'Account', shows: 'E-mail Verified' },
  { key: 'alias', step: 'Profile', sub: 'Alias', shows: 'Alias Name' },
  { key: 'member-tier', step: 'Membership', sub: 'Member Tier', shows: 'Tier Reason' },
  { key: 'member-card', step: 'Membership', sub: 'Member Card', shows: 'Issue Date' },
  { key: 'member-cobrand', step: 'Membership', sub: 'Member Cobrand', shows: 'Cobrand Card Number' },
  { key: 'member-relation', step: 'Membership', sub: 'Member Relation', shows: 'Relation Type' },
  { key: 'activity', step: 'Activity', shows: 'Activity Type' },
  { key: 'retro-claim', step: 'Retro Claim', shows: 'Claim Date' },
  { key: 'transaction', step: 'Transaction', shows: 'Transaction Type' },
];

/** Each sub-step dot's status for MEMBER (Budi Santoso: active, activated, Gold, a co-brand card holder), opened from a section of its group. */
const ALIASES = 'the aliases';
const DOTS: { open: string; section: string; status: string }[] = [
  { open: 'address', section: 'personal-information', status: 'Active' },
  { open: 'address', section: 'address', status: 'Preferred: Private' },
  { open: 'address', section: 'account', status: 'Activated' },
  { open: 'address', section: 'alias', status: ALIASES },
  { open: 'member-card', section: 'member-tier', status: 'Gold' },
  { open: 'member-card', section: 'member-card', status: 'Active' },
  { open: 'member-card', section: 'member-cobrand', status: 'Active' },
];

describe('member screen', () => {
  let rig: BrowserRig;
  let page: Page;
  let card: string;
  let aliases: string;

  beforeAll(async () => {
    rig = await startBrowserRig();
    // The card number the member list shows and searches (the member's current card).
    const member = await (rig.server.database.db as unknown as import('kysely').Kysely<any>).selectFrom('member').select('cardnumber').where('memberid', '=', MEMBER).executeTakeFirstOrThrow();
    card = String(member.cardnumber);
    const { n } = await (rig.server.database.db as unknown as import('kysely').Kysely<any>).selectFrom('member_alias').select((eb) => eb.fn.countAll().as('n')).where('memberid', '=', MEMBER).executeTakeFirstOrThrow();
    aliases = Number(n) === 0 ? 'No alias' : Number(n) === 1 ? '1 alias' : `${Number(n)} aliases`;
    page = await rig.newPage();
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  }, 120_000);
  afterAll(async () => rig?.close());

  it('searches the list by card number and opens the member in the navigator', async () => {
    await page.goto('/member');
    await page.getByPlaceholder('Input Card Number').fill(card);
    await page.locator('form button[type="submit"]').first().click();
    await page.getByRole('cell', { name: MEMBER }).waitFor();
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/member-list.png`, fullPage: true });
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await page.waitForURL(`**/member/form/${MEMBER}/personal-information`);
    await page.locator('.engine-record-header').getByText('Award Miles').waitFor();
  }, 60_000);

  it.each(TARGETS)('opens $key by its URL key and shows its content', async ({ key, step, sub, shows }) => {
    await page.goto(`/member/form/${MEMBER}/${key}`);
    await page.locator('.member-navigator-content').getByText(shows, { exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/member/form/${MEMBER}/${key}`);
    await expect(page.locator('.member-navigator .ant-steps-item-process').first().innerText()).resolves.toContain(step);
    if (sub) await expect(page.locator('.member-navigator-substeps .ant-steps-item-process').innerText()).resolves.toContain(sub);
    await page.screenshot({ path: `${screenshotDir}/member-${key}.png`, fullPage: true });
  }, 60_000);

  it.each(DOTS)("shows 'Status: {status}' with the $section section's own state on its dot", async ({ open, section, status }) => {
    await page.goto(`/member/form/${MEMBER}/${open}`);
    const expected = status === ALIASES ? aliases : status;
    await page.locator(`.member-navigator-dot[data-section="${section}"][aria-label$=": ${expected}"]`).hover();
    await page.getByRole('tooltip', { name: `Status: ${expected}` }).waitFor();
    if (section === 'address') await page.screenshot({ path: `${screenshotDir}/member-dot-status.png`, fullPage: true });
  }, 60_000);

  it('moves between sub-steps by their dots', async () => {
    await page.goto(`/member/form/${MEMBER}/address`);
    await page.locator('.member-navigator-substeps').getByText('Alias', { exact: true }).click();
    await page.waitForURL(`**/member/form/${MEMBER}/alias`);
  }, 60_000);

  it('saves the personal information section', async () => {
    await page.goto(`/member/form/${MEMBER}/personal-information`);
    const mobile = page.getByPlaceholder('Input Mobile Phone Number');
    await mobile.fill('81234567890');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Data has been updated').waitFor();
    const row = await rig.server.database.db.selectFrom('member').select('memberid').where('memberid', '=', MEMBER).executeTakeFirstOrThrow();
    const stored = await (rig.server.database.db as unknown as import('kysely').Kysely<any>).selectFrom('member').select('mobilephonenumber').where('memberid', '=', row.memberid).executeTakeFirstOrThrow();
    expect(stored.mobilephonenumber).toBe('81234567890');
  }, 60_000);

  it("offers a cobrand card's code only among the chosen partner's cobrand cards", async () => {
    await page.goto(`/member/form/${MEMBER}/member-cobrand`);
    await page.locator('.engine-child-table').getByRole('button', { name: 'Create' }).click();
    const form = page.locator('.ant-drawer-open .ant-drawer-section');
    await form.locator('form').waitFor();
    await settled(form);
    const list = page.locator('.ant-select-dropdown:visible').first();
    const offered = async () => {
      await form.locator('[id="root_cobrandcode"]').click();
      await settled(list);
      await list.locator('.ant-select-item-option').first().waitFor();
      const titles = await list.locator('.ant-select-item-option').evaluateAll((options) => options.map((o) => o.getAttribute('title')));
      await form.locator('[id="root_cobrandcode"]').press('Escape');
      return titles;
    };
    await chooseOption(page, form.locator('[id="root_partnercode"]'), 'Bank Negara Indonesia');
    expect(await offered()).toEqual(['BNI Miles Blue Card', 'BNI Miles Gold Card', 'BNI Miles Platinum Card', 'BNI Miles Silver Card']);
    await page.screenshot({ path: `${screenshotDir}/member-cobrand-form.png`, fullPage: true });
    await chooseOption(page, form.locator('[id="root_partnercode"]'), 'Bank Central Asia');
    await expect.poll(offered, { timeout: 15_000 }).toEqual(['BCA Miles Blue Card', 'BCA Miles Gold Card', 'BCA Miles Platinum Card', 'BCA Miles Silver Card']);
    await form.getByRole('button', { name: 'Cancel' }).click();
  }, 90_000);

  it('changes the status after asking, and terminates and reactivates with their confirmations', async () => {
    await page.goto(`/member/form/${MEMBER}/account`);
    await page.getByRole('button', { name: 'Update Status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure to update status this data?' });
    await settled(dialog);
    await chooseOption(page, dialog.locator('#engine-input-updatestatus'), 'Suspended');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Member status has been updated').waitFor();
    await page.locator('.engine-record-header').getByText('Suspended').waitFor();
    await page.screenshot({ path: `${screenshotDir}/member-status.png`, fullPage: true });

    await page.getByRole('button', { name: 'Terminate' }).click();
    await answerYes(page, 'Are you sure to terminate this data?');
    await page.locator('.engine-record-header').getByText('Terminated').waitFor();
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await answerYes(page, 'Are you sure to reactivate this data?');
    await page.locator('.engine-record-header').getByText('Active').waitFor();
  }, 90_000);

  it('opens a transaction detail with its lots', async () => {
    await page.goto(`/member/form/${MEMBER}/transaction`);
    await page.locator('.member-navigator-content .ant-table-row').first().waitFor();
    await page.locator('.member-navigator-content').getByRole('button', { name: 'View' }).first().click();
    await page.waitForURL(new RegExp(`/member/form/${MEMBER}/transaction/detail/[0-9]+$`));
    await page.getByText('Produced By').waitFor();
    await page.locator('.transaction-lots').getByText(/Lot Created|Lots Consumed/).first().waitFor();
    await page.screenshot({ path: `${screenshotDir}/member-transaction-detail.png`, fullPage: true });
  }, 60_000);

  it("lands BOD on Member Data, read-only: no Save, no status actions", async () => {
    const bod = await rig.newPage();
    await logIn(bod, 'bod');
    await bod.waitForURL('**/member');
    await bod.getByText('Member Data').first().waitFor();
    await bod.locator('.ant-table-row').first().waitFor();
    await bod.screenshot({ path: `${screenshotDir}/member-bod-list.png`, fullPage: true });
    // Hobbies read by their names (the reference list's labels), not their codes.
    await (rig.server.database.db as unknown as import('kysely').Kysely<any>).updateTable('member').set({ hobbies: JSON.stringify(['READING', 'TRAVEL']) }).where('memberid', '=', MEMBER).execute();
    await bod.goto(`/member/form/${MEMBER}/personal-information`);
    await bod.locator('.member-navigator-content').getByText('First Name').first().waitFor();
    const hobbies = bod.locator('.member-navigator-content .ant-descriptions-item-label').filter({ hasText: /^Hobbies$/ }).locator('xpath=following-sibling::*[1]');
    await expect.poll(() => hobbies.innerText(), { timeout: 15_000 }).toBe('Reading, Travelling');
    expect(await bod.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await bod.getByRole('button', { name: 'Terminate' }).count()).toBe(0);
    await bod.screenshot({ path: `${screenshotDir}/member-bod-record.png`, fullPage: true });
  }, 90_000);
});
