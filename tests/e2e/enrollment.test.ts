// The individual enrollment wizard in Chromium (one login): the defaults of spec 001 §4.1, the memberships of
// the role's enrollment access, the card name chooser of §4.7 (variants, 'More...' with its rule), optional
// steps left empty, the summary, the enrollment response of §3.1 (with the tier's template card as an image),
// a suspect duplicate decided and another's merge requested, and Reset to the defaults. Screenshots of every
// step at 1366 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_NAME_MORE } from '../../domain/cardName';
import { chooseOption, logIn, screenshotDir, settled, startBrowserRig, type BrowserRig } from './browser';
import { definitionDb } from '../../server/platform/db/definitionDb';

const PATH = '/enrollment';
const STEPS = ['Membership', 'Co-Brand', 'Personal Information', 'Private Address', 'Business Address', 'Summary'];

const body = (page: Page) => page.locator('.engine-wizard-body');
const input = (scope: Locator, name: string) => scope.locator(`[id="root_${name}"]`);
const fieldError = (scope: Locator, name: string) => scope.locator(`[id="root_${name}__error"]`);
const currentStep = (page: Page) => page.locator('.engine-wizard-steps .ant-steps-item-active .ant-steps-item-title').innerText();
// By text: a button that was loading (a step's server check) may keep its icon's 'loading' name a moment longer.
const button = (page: Page, name: string) => page.locator('.engine-wizard-actions button').filter({ hasText: new RegExp(`^${name}$`) });
/** What a select shows: the text of the box that holds its input. */
const selected = (scope: Locator, name: string) => scope.locator('.ant-select-content', { has: scope.page().locator(`[id="root_${name}"]`) }).innerText({ timeout: 5000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${screenshotDir}/enrollment-${name}.png`, fullPage: true });

const display = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const today = () => new Date().toISOString().slice(0, 10);

async function waitForStep(page: Page, title: string) {
  await expect.poll(() => currentStep(page)).toBe(title);
}

async function typeDate(at: Locator, shown: string) {
  await at.click();
  await at.fill(shown);
  // Tab commits the typed day (Enter would also submit the step's form).
  await at.press('Tab');
  await expect.poll(() => at.inputValue()).toBe(shown);
}

/** The options an open select lists, as shown. */
async function openOptions(page: Page, at: Locator): Promise<string[]> {
  await at.click();
  const list = page.locator('.ant-select-dropdown:visible').first();
  await settled(list);
  return list.locator('.ant-select-item-option').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('title') ?? n.textContent ?? ''));
}

describe('individual enrollment wizard in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
    await page.goto(PATH);
    await page.locator('.engine-wizard-steps').waitFor();
  });
  afterAll(async () => rig?.close());

  it('starts at the defaults of spec 001 §4.1 with the channels and the memberships the role may enroll in', { timeout: 120_000 }, async () => {
    expect(await page.locator('.engine-wizard-steps .ant-steps-item-title').allInnerTexts()).toEqual(STEPS);
    const form = body(page);
    await expect.poll(() => selected(form, 'enrollchannel')).toBe('MOBILE');
    expect(await input(form, 'enrollmentdate').inputValue()).toBe(display(today()));
    const channels = await openOptions(page, input(form, 'enrollchannel'));
    expect(channels).toEqual(['MOBILE', 'WEBSITE', 'BO', 'CHECK-IN', 'PARTNER', 'COBRAND', 'CHARITY', 'CORPORATE']);
    await page.keyboard.press('Escape');
    const memberships = await openOptions(page, input(form, 'membershipid'));
    expect(memberships.sort()).toEqual(['Nusantara Miles', 'Nusantara Miles Co-Brand Card', 'Nusantara Miles Corporate']);
    await page.keyboard.press('Escape');
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(form, 'membershipid').innerText()).toBe('Membership is Required');
    await chooseOption(page, input(form, 'membershipid'), 'Nusantara Miles');
    await shot(page, '1-membership');
    await button(page, 'Next').click();
    // Co-brand is optional unless the channel is COBRAND: left empty, Next goes on.
    await waitForStep(page, 'Co-Brand');
    await shot(page, '2-cobrand');
    await button(page, 'Next').click();
    await waitForStep(page, 'Personal Information');
  });

  it('offers the card name variants of the typed name, and More... for a name of letters and spaces', { timeout: 120_000 }, async () => {
    const form = body(page);
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(form, 'firstname').innerText()).toBe('First Name is Required');
    await input(form, 'firstname').fill('Kadek Ayu');
    await input(form, 'lastname').fill('Paramitha');
    await chooseOption(page, input(form, 'gender'), 'Female');
    await typeDate(input(form, 'birthdate'), '17/08/1994');
    await input(form, 'email').fill('kadek.paramitha@example.id');
    await input(form, 'mobilephonecode').fill('+62');
    await input(form, 'mobilephonenumber').fill('81338889999');

    const variants = await openOptions(page, input(form, 'nameoncard'));
    expect(variants).toEqual(['KADEK AYU PARAMITHA', 'KADEK AYU P', 'K A PARAMITHA', 'KADEK PARAMITHA', 'PARAMITHA KADEK AYU', CARD_NAME_MORE]);
    await shot(page, '3-personal-card-names');
    // More...: a free text checked by the field's rules.
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="More..."]').click();
    const custom = form.locator('[id="root_nameoncard-custom"]');
    await custom.fill('KADEK 2');
    await custom.blur();
    await expect.poll(() => fieldError(form, 'nameoncard').innerText()).toBe('Name on Card can be filled with letters and space only');
    await custom.fill('KADEK AYU PARAMITHA DEWI');
    await button(page, 'Next').click();
    await waitForStep(page, 'Private Address');
    // Back keeps the chosen name in the free text.
    await button(page, 'Back').click();
    await waitForStep(page, 'Personal Information');
    expect(await body(page).locator('[id="root_nameoncard-custom"]').inputValue()).toBe('KADEK AYU PARAMITHA DEWI');
    await shot(page, '3-personal');
    await button(page, 'Next').click();
    await waitForStep(page, 'Private Address');
  });

  it('asks the preferred (private) address, leaves the business one optional, and shows the response of §3.1', { timeout: 180_000 }, async () => {
    const form = body(page);
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(form, 'address').innerText()).toBe('Address is Required');
    await input(form, 'address').fill('Jl. Raya Ubud No. 12');
    await chooseOption(page, input(form, 'country'), 'Indonesia');
    await input(form, 'postalcode').fill('80571');
    await shot(page, '4-private-address');
    await button(page, 'Next').click();
    await waitForStep(page, 'Business Address');
    await shot(page, '5-business-address');
    await button(page, 'Next').click();
    await waitForStep(page, 'Summary');
    // The summary's code loads when the flow first reaches it.
    await body(page).locator('.engine-wizard-summary').first().waitFor();
    // Labels of coded values (the membership's name) arrive with their selector's options: poll until shown.
    for (const text of ['Nusantara Miles', 'Kadek Ayu', 'KADEK AYU PARAMITHA DEWI', 'Jl. Raya Ubud No. 12']) {
      await expect.poll(() => body(page).innerText(), { timeout: 30_000 }).toContain(text);
    }
    await shot(page, '6-summary');

    await button(page, 'Submit').click();
    const result = page.locator('.ant-result');
    await result.waitFor();
    expect(await result.locator('.ant-result-title').innerText()).toBe('Member has been enrolled');
    const db = definitionDb(rig.server.database.db);
    const member = await db.selectFrom('member').selectAll().where('email', '=', 'kadek.paramitha@example.id').executeTakeFirstOrThrow();
    const items = await result.locator('.ant-descriptions-item-label').allInnerTexts();
    expect(items).toEqual(['Member ID', 'Username', 'Email', 'Tier', 'Name on Card', 'Card Number', 'Expired Date', 'Card', 'Member Since']);
    // urlcard: the entry tier's template card, loaded from the server as an image.
    const card = result.locator('img[alt="Card"]');
    await card.waitFor();
    expect(await card.getAttribute('src')).toBe('/card-template/BLUE.svg');
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await card.elementHandle(), { polling: 100 });
    const shown = await result.locator('.ant-descriptions').innerText();
    for (const text of [member.memberid, member.cardnumber, 'Blue', 'KADEK AYU PARAMITHA DEWI', display(today())]) expect(shown).toContain(text);
    expect(member).toMatchObject({ nameoncard: 'KADEK AYU PARAMITHA DEWI', enrollchannel: 'MOBILE', gender: 'FEMALE', membershipid: 'FFP', tierid: 'BLUE' });
    await shot(page, '7-enrolled');

    // A new draft starts from the defaults again.
    await page.getByRole('button', { name: 'Start a New One' }).click();
    await waitForStep(page, 'Membership');
    await expect.poll(() => selected(body(page), 'enrollchannel')).toBe('MOBILE');
    expect(await input(body(page), 'membershipid').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('lists a suspected duplicate with the rule that matched, decided once; the card inventory counts the numbers taken', { timeout: 180_000 }, async () => {
    // A second enrollment with the same name, birth date and e-mail, through the API.
    const token = (await rig.server.login('admin')).body.result.bearer as string;
    const copy = {
      membership: { membershipid: 'FFP', enrollmentdate: today(), enrollchannel: 'BO' },
      personal: { firstname: 'Kadek Ayu', lastname: 'Paramitha', gender: 'FEMALE', birthdate: '1994-08-17', email: 'kadek.paramitha@example.id', preferredaddress: 'PRIVATE' },
      privateaddress: { address: 'Jl. Monkey Forest 3', country: 'ID' },
    };
    const answer = await rig.server.call('/api/enrollment/create', copy, { token });
    expect(answer.body.result.suspectduplicates).toBe(2);

    await page.goto('/suspect-duplicate');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const table = await page.locator('.ant-table-tbody').innerText();
    for (const text of ['Same Name and Date of Birth', 'Same Email', 'Kadek Ayu Paramitha', answer.body.result.memberid, 'Open']) expect(table).toContain(text);
    await shot(page, '8-suspect-duplicates');
    const emailRow = rows.filter({ hasText: 'Same Email' });
    await emailRow.getByRole('button', { name: 'Not Duplicate' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Are you sure to not duplicate this data?' });
    await settled(dialog);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => emailRow.innerText()).toContain('Not Duplicate');
    // Decided: its actions are gone; the other suspect still offers both.
    expect(await emailRow.getByRole('button', { name: 'Request Merge' }).count()).toBe(0);
    expect(await rows.filter({ hasText: 'Same Name and Date of Birth' }).getByRole('button', { name: 'Request Merge' }).count()).toBe(1);
    await shot(page, '9-suspect-decided');

    // Request Merge asks for a reason and opens a Merging Account request; the suspect shows its merge id.
    const nameRow = rows.filter({ hasText: 'Same Name and Date of Birth' });
    await nameRow.getByRole('button', { name: 'Request Merge' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Are you sure to request merge this data?' });
    await settled(ask);
    await ask.locator('#engine-reason').fill('Enrolled twice: same name, birth date and e-mail');
    await ask.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Your request has been submitted for approval').waitFor();
    const db = definitionDb(rig.server.database.db);
    const suspect = await db.selectFrom('suspect_duplicate').select(['status', 'mergeid']).where('memberid', '=', answer.body.result.memberid).where('matchrule', '=', 'NAME_BIRTHDATE').executeTakeFirstOrThrow();
    expect(suspect.status).toBe('MERGE_REQUESTED');
    await expect.poll(() => nameRow.innerText()).toContain('Merge Requested');
    expect(await nameRow.getByRole('button', { name: 'Request Merge' }).count()).toBe(0);
    await shot(page, '9-suspect-merge-requested');
    // Its detail names the merge request it is linked to.
    await nameRow.getByRole('button', { name: 'View' }).click();
    const detail = page.getByRole('dialog').or(page.locator('.ant-drawer-content')).filter({ hasText: 'Merge ID' }).first();
    await settled(detail);
    expect(await detail.innerText()).toContain(String(suspect.mergeid));
    await shot(page, '9-suspect-merge-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    const request = await db.selectFrom('approval_request').select(['menucode', 'status']).where('recordkey', '=', suspect.mergeid).executeTakeFirstOrThrow();
    expect(request).toEqual({ menucode: 'MERACC', status: 'PENDING' });

    await page.goto('/card-inventory');
    const ffp = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'FFP2026' });
    await ffp.waitFor();
    // Two members enrolled in FFP: next number 5,000,002; issued 2, used 2, left 999,998.
    await expect.poll(() => ffp.innerText()).toMatch(/5,000,002\s+2\s+2\s+999,998/);
    await shot(page, '10-card-inventory');
  });
});
