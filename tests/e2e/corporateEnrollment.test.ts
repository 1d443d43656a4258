// The corporate enrollment wizard in Chromium (one login): a bad field blocks Next with the rule's message,
// the steps are walked to the end with Back keeping the draft, the stored corporate shows on Member
// Corporate, a taken code is refused on Next by the server, and Reset brings the defaults back.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumberOf } from '../../server/mailingProduct/cards/cardNumbers';
import { answerYes, chooseOption, logIn, screenshotDir, settled, startBrowserRig, type BrowserRig } from './browser';

const PATH = '/enrollment-corporate';
const STEPS = ['Corporate Detail', 'Tour Code', 'Travel Coordinator', 'Summary'];

type Field = { name: string; value: string; kind?: 'select' | 'date' | 'switch' };

const CODE = 'QZAIRCARGO';
/** The corporate detail as typed, in form order (selects by label, dates as shown). */
const DETAIL: Field[] = [
  { name: 'corporatecode', value: CODE },
  { name: 'corporatename', value: 'Qz Air Cargo Nusantara' },
  { name: 'corporatetype', value: 'Private Company', kind: 'select' },
  { name: 'businessfield', value: 'Transportation and Logistics', kind: 'select' },
  { name: 'tradebusinesslicense', value: '912/SIUP/2026' },
  { name: 'taxnumber', value: '02.345.678.9-012.000' },
  { name: 'corporateemail', value: 'travel@qz-aircargo.co.id' },
  { name: 'phonenum', value: '+62215551234' },
  { name: 'langcode', value: 'Indonesian', kind: 'select' },
  { name: 'address', value: 'Jl. Raya Bandara Soekarno-Hatta, Cargo Area Blok C' },
  { name: 'countrycode', value: 'Indonesia', kind: 'select' },
  { name: 'statecode', value: 'Banten', kind: 'select' },
  { name: 'citycode', value: 'Tangerang', kind: 'select' },
  { name: 'startdate', value: '01/01/2026', kind: 'date' },
  { name: 'enddate', value: '31/12/2027', kind: 'date' },
  { name: 'maxmember', value: '120' },
  { name: 'username', value: 'qz.aircargo' },
  { name: 'contactname', value: 'Siti Nurhaliza' },
  { name: 'contactidtype', value: 'ID Card', kind: 'select' },
  { name: 'contactidnum', value: '3603014506880002' },
  { name: 'contactemail', value: 'siti@qz-aircargo.co.id' },
  { name: 'contactphonenum', value: '+6281311112222' },
];
const TOUR_CODES: Field[][] = [
  [{ name: 'tourcode', value: 'QZCGO26' }, { name: 'startdate', value: '01/01/2026', kind: 'date' }, { name: 'enddate', value: '31/12/2026', kind: 'date' }],
  [{ name: 'tourcode', value: 'QZCGO27' }, { name: 'startdate', value: '01/01/2027', kind: 'date' }, { name: 'enddate', value: '31/12/2027', kind: 'date' }],
];
const COORDINATOR: Field[] = [
  { name: 'name', value: 'Bayu Aji' },
  { name: 'email', value: 'bayu@qz-aircargo.co.id' },
  { name: 'phonenum', value: '081233334444' },
  { name: 'cardnumber', value: cardNumberOf('51', 1) },
];

const body = (page: Page) => page.locator('.engine-wizard-body');
const rowModal = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('form') });
const input = (scope: Locator, name: string) => scope.locator(`[id="root_${name}"]`);
const fieldError = (scope: Locator, name: string) => scope.locator(`[id="root_${name}__error"]`);
const currentStep = (page: Page) => page.locator('.engine-wizard-steps .ant-steps-item-active .ant-steps-item-title').innerText();
const button = (page: Page, name: string) => page.locator('.engine-wizard-actions').getByRole('button', { name, exact: true });
const tableRows = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');

async function fill(page: Page, scope: Locator, fields: Field[]) {
  for (const field of fields) {
    const at = input(scope, field.name);
    if (field.kind === 'select') await chooseOption(page, at, field.value);
    else if (field.kind === 'date') {
      await at.click();
      await at.fill(field.value);
      // Tab commits the typed day (Enter would also submit the step's form).
      await at.press('Tab');
      await expect.poll(() => at.inputValue()).toBe(field.value);
    } else await at.fill(field.value);
  }
}

async function waitForStep(page: Page, title: string) {
  await expect.poll(() => currentStep(page)).toBe(title);
}

async function addRow(page: Page, item: string, fields: Field[]) {
  await page.getByRole('button', { name: `Add ${item}` }).click();
  const modal = rowModal(page);
  await settled(modal);
  await fill(page, modal, fields);
  await modal.getByRole('button', { name: 'Save' }).click();
}

describe('corporate enrollment wizard in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
    await page.goto(PATH);
    await page.locator('.engine-wizard-steps').waitFor();
  });
  afterAll(async () => rig?.close());

  it('shows the four steps and blocks Next with each rule message, staying on the step', { timeout: 180_000 }, async () => {
    expect(await page.locator('.engine-wizard-steps .ant-steps-item-title').allInnerTexts()).toEqual(STEPS);
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(body(page), 'corporatecode').innerText()).toBe('Corporate Code is Required');
    expect(await fieldError(body(page), 'maxmember').innerText()).toBe('Max Member is Required');
    await page.screenshot({ path: `${screenshotDir}/enrollment-corporate-required.png`, fullPage: true });

    await fill(page, body(page), DETAIL);
    // Bad values, one at a time: each keeps the wizard on its first step with the rule's message.
    const BAD: [string, string, string][] = [
      ['corporateemail', 'travel.qz-aircargo.co.id', 'Corporate Email format is not valid (e.g. name@example.com)'],
      ['corporatecode', 'qz cargo', 'Corporate Code can be filled with uppercase letters and numbers only'],
      ['maxmember', '0', 'Max Member minimum 1'],
    ];
    for (const [name, bad, message] of BAD) {
      const good = await input(body(page), name).inputValue();
      await input(body(page), name).fill(bad);
      await button(page, 'Next').click();
      await expect.poll(() => fieldError(body(page), name).innerText()).toBe(message);
      expect(await currentStep(page)).toBe(STEPS[0]);
      await input(body(page), name).fill(good);
    }
    // An end date before the start date.
    await fill(page, body(page), [{ name: 'enddate', value: '31/12/2025', kind: 'date' }]);
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(body(page), 'enddate').innerText()).toBe('End Date must not be before Start Date');
    await fill(page, body(page), [{ name: 'enddate', value: '31/12/2027', kind: 'date' }]);
    // Unlimited turns Max Member's requirement off.
    await input(body(page), 'maxmember').fill('');
    await input(body(page), 'unlimited').click();
    await page.screenshot({ path: `${screenshotDir}/enrollment-corporate-detail.png`, fullPage: true });
    await input(body(page), 'unlimited').click();
    await input(body(page), 'maxmember').fill('120');
  });

  it('walks tour codes and coordinators to the summary; Back keeps every step as entered', { timeout: 180_000 }, async () => {
    await button(page, 'Next').click();
    await waitForStep(page, 'Tour Code');

    // Back: the detail is as typed, the cascade's choices included.
    await button(page, 'Back').click();
    await waitForStep(page, STEPS[0]!);
    expect(await input(body(page), 'corporatecode').inputValue()).toBe(CODE);
    // The city shows by its label once its cascade's choices have loaded again.
    await expect.poll(() => body(page).locator('.ant-select').filter({ has: page.locator('[id="root_citycode"]') }).innerText()).toContain('Tangerang');
    await button(page, 'Next').click();
    await waitForStep(page, 'Tour Code');

    // A list needs its rows, refuses a repeated code, and shows the corporate code of the first step.
    await button(page, 'Next').click();
    await expect.poll(() => page.locator('.engine-wizard-message').innerText()).toBe('Add at least 1 Tour Code');
    for (const row of TOUR_CODES) await addRow(page, 'Tour Code', row);
    await expect.poll(() => tableRows(body(page)).count()).toBe(2);
    await addRow(page, 'Tour Code', TOUR_CODES[0]!);
    await expect.poll(() => fieldError(rowModal(page), 'tourcode').innerText()).toBe('Tour Code "QZCGO26" is already in the list');
    await rowModal(page).getByRole('button', { name: 'Cancel' }).click();
    await rowModal(page).waitFor({ state: 'hidden' });
    expect(await tableRows(body(page)).first().innerText()).toContain(CODE);
    await page.screenshot({ path: `${screenshotDir}/enrollment-corporate-tourcode.png`, fullPage: true });
    await button(page, 'Next').click();
    await waitForStep(page, 'Travel Coordinator');

    await addRow(page, 'Travel Coordinator', COORDINATOR);
    await expect.poll(() => tableRows(body(page)).count()).toBe(1);
    await button(page, 'Back').click();
    await waitForStep(page, 'Tour Code');
    expect(await tableRows(body(page)).count()).toBe(2);
    await button(page, 'Next').click();
    await waitForStep(page, 'Travel Coordinator');
    expect(await tableRows(body(page)).count()).toBe(1);
    await button(page, 'Next').click();
    await waitForStep(page, 'Summary');

    // Reference values show by their labels once the lists have loaded, and the list steps' rows once their table
    // has loaded (it loads with the summary): the summary is read until every part has drawn.
    const shown = [CODE, 'Qz Air Cargo Nusantara', 'Transportation and Logistics', 'Banten', 'Tangerang', 'Indonesian', '31/12/2027', 'QZCGO26', 'QZCGO27', 'Bayu Aji'];
    await expect.poll(async () => {
      const summary = await body(page).innerText();
      return shown.filter((text) => !summary.includes(text));
    }).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/enrollment-corporate-summary.png`, fullPage: true });
  });

  it('submits: the corporate is stored with its card and shows on Member Corporate', async () => {
    await button(page, 'Submit').click();
    const result = page.locator('.ant-result-success');
    await result.waitFor();
    expect(await result.locator('.ant-result-title').innerText()).toBe('Corporate has been enrolled');
    const shown = await result.innerText();
    expect(shown).toContain(CODE);
    expect(shown).toMatch(/54\d{8}/);
    await page.screenshot({ path: `${screenshotDir}/enrollment-corporate-done.png`, fullPage: true });

    await result.getByRole('button', { name: 'Member Corporate' }).click();
    await page.waitForURL('**/member-corporate');
    const row = tableRows(page.locator('.engine-panel')).filter({ hasText: CODE });
    await row.waitFor();
    expect(await row.innerText()).toContain('Qz Air Cargo Nusantara');
    await page.screenshot({ path: `${screenshotDir}/member-corporate.png`, fullPage: true });
  });

  it('refuses the taken code on Next (server check), and Reset brings back the defaults', { timeout: 180_000 }, async () => {
    await page.goto(PATH);
    await waitForStep(page, STEPS[0]!);
    await fill(page, body(page), DETAIL);
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(body(page), 'corporatecode').innerText()).toBe(`Corporate Code "${CODE}" already exists`);
    expect(await fieldError(body(page), 'username').innerText()).toBe('Username "qz.aircargo" is already used');
    expect(await currentStep(page)).toBe(STEPS[0]);

    await input(body(page), 'unlimited').click();
    await button(page, 'Reset').click();
    await answerYes(page, 'Are you sure ?');
    await expect.poll(() => input(body(page), 'corporatecode').inputValue()).toBe('');
    expect(await input(body(page), 'corporatename').inputValue()).toBe('');
    expect(await input(body(page), 'unlimited').getAttribute('aria-checked')).toBe('false');
    expect(await fieldError(body(page), 'corporatecode').count()).toBe(0);
    expect(await currentStep(page)).toBe(STEPS[0]);
  });

  it('fits below the lg breakpoint (991 px) and logged no browser errors', async () => {
    await page.setViewportSize({ width: 991, height: 800 });
    await page.screenshot({ path: `${screenshotDir}/enrollment-corporate-991.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    expect(errors).toEqual([]);
  });
});
