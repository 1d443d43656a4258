// Redemption in Chromium, with one login: the Redemption wizard walked from step1 (the member by
// card), the award, the flight search (origin and destination, a return, two passengers), the passengers (the
// member and a nominee), the summary with the price list and Submit; the member page's Redemption tab shows it
// issued and its detail cards (spec 001 §4.6: 'Departure Activity Details', 'Return Activity Details',
// 'Passenger {n} Details', 'Certificate Details {n}', flight dates 'dddd, DD/MM/YYYY'); then a cancel asked
// from its row, approved by another user (through the API) and shown cancelled with the miles redeposited.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { demoDay } from '../../server/platform/seed/seedDates';
import { FLIGHT_DATE_FORMAT } from '../../src/views/redemptionTexts';
import { answerYes, chooseOption, logIn, onScreen, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const input = (scope: Locator, name: string) => scope.locator(`[id="root_${name}"]`);
const currentStep = (page: Page) => page.locator('.engine-wizard-steps .ant-steps-item-active .ant-steps-item-title').innerText();
const button = (page: Page, name: string) => page.locator('.engine-wizard-actions button').filter({ hasText: new RegExp(`^${name}$`) });
const rowModal = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('form') });
const BUDI = { memberid: 'MBR0000001', cardnumber: '5100000016' };
/** Travel days written as of the demo's day: they move with the seeding day, as the award seasons do. */
const TRAVEL = { out: '2027-02-10', back: '2027-02-17', laterOut: '2027-02-12', laterBack: '2027-02-19' };
const asFlightDate = (day: string) => dayjs(demoDay(day)).format(FLIGHT_DATE_FORMAT);

async function typeDate(at: Locator, shown: string) {
  await at.click();
  await at.fill(shown);
  await at.press('Tab');
  await poll(() => at.inputValue()).toBe(shown);
}

describe('redemption in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  const errors: string[] = [];
  const shoot = (name: string) => page.screenshot({ path: `${screenshotDir}/redemption-${name}.png`, fullPage: true, animations: 'disabled' });
  const balance = async () => Number((await rig.server.database.db.selectFrom('member').select('awardmiles').where('memberid', '=', BUDI.memberid).executeTakeFirstOrThrow()).awardmiles);
  let redemptionid = '';

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  }, 120_000);
  afterAll(async () => {
    await rig?.close();
    expect(errors).toEqual([]);
  });

  it.each([
    { path: '/award-route-zone', shows: 'DOM-1' },
    { path: '/certificate-update', shows: 'Certificate Number' },
    { path: '/approval-redemption', shows: 'Approval Redemption' },
  ])('opens $path with its content', { timeout: 60_000 }, async ({ path, shows }) => {
    await startClean(page, path);
    await page.getByText(shows, { exact: true }).first().waitFor();
    await shoot(`screen${path.replace(/\//g, '-')}`);
  });

  it('walks a redemption from step1 to its detail cards', { timeout: 180_000 }, async () => {
    const airports = await (rig.server.database.db as any).selectFrom('airport').select(['airportiatacode', 'airportname', 'cityname']).where('airportiatacode', 'in', ['CGK', 'DPS']).execute();
    // An airport picker shows the code first: 'CGK - Soekarno-Hatta International Airport, Jakarta'.
    const nameOf = (code: string) => {
      const airport = airports.find((a: { airportiatacode: string }) => a.airportiatacode === code);
      return `${code} - ${airport.airportname}, ${airport.cityname}`;
    };
    const before = await balance();
    await startClean(page, '/redemption');
    const body = page.locator('.engine-wizard-body');
    await poll(() => currentStep(page)).toBe('Member');
    // A card that is no member's: the step's message on the field, nothing moves on.
    await input(body, 'cardnumber').fill('9999999999');
    await button(page, 'Next').click();
    await poll(() => body.locator('[id="root_cardnumber__error"]').innerText()).toBe('Card number "9999999999" is not a member\'s card');
    await input(body, 'cardnumber').fill(BUDI.cardnumber);
    await shoot('1-member');
    await button(page, 'Next').click();
    await poll(() => currentStep(page)).toBe('Award');
    // The member's balance above the award, the award's price under it as soon as it is chosen.
    const context = body.locator('.engine-wizard-context');
    await poll(() => context.innerText()).toContain(before.toLocaleString('en-US'));
    await chooseOption(page, input(body, 'awardcode'), 'Domestic Economy Award');
    await poll(() => body.locator('.engine-wizard-preview').innerText()).toMatch(/Price From \(one way\)\s+7,500/);
    await shoot('2-award');
    await button(page, 'Next').click();

    await poll(() => currentStep(page)).toBe('Search Flight');
    // Found by code and by city, searched on the server (the list of airports is never sent whole).
    const list = page.locator('.ant-select-dropdown:visible').first();
    await input(body, 'origin').click();
    await input(body, 'origin').fill('cgk');
    await poll(() => list.locator('.ant-select-item-option').first().getAttribute('title')).toBe(nameOf('CGK'));
    await input(body, 'origin').fill('Denpasar');
    await poll(() => list.locator('.ant-select-item-option').allInnerTexts()).toContain(nameOf('DPS'));
    await shoot('3-airport-search');
    await input(body, 'origin').press('Escape');
    await chooseOption(page, input(body, 'origin'), nameOf('CGK'));
    await chooseOption(page, input(body, 'destination'), nameOf('DPS'));
    await typeDate(input(body, 'departuredate'), onScreen(TRAVEL.out));
    await input(body, 'isreturn').click();
    await typeDate(input(body, 'returndate'), onScreen(TRAVEL.back));
    await chooseOption(page, input(body, 'compartmentcode'), 'Economy');
    await input(body, 'passenger').fill('2');
    await shoot('3-search');
    await button(page, 'Next').click();

    await poll(() => currentStep(page)).toBe('Passengers');
    for (const [name, familyname, birthdate, self] of [
      ['Budi', 'Santoso', '20/05/1979', true],
      ['Sari', 'Santoso', '12/04/1986', false],
    ] as const) {
      await page.getByRole('button', { name: 'Add Passenger' }).click();
      const modal = rowModal(page);
      await settled(modal);
      if (self) {
        // Self Usage fills in the member: name, family name, card number and birth date.
        await input(modal, 'selfusage').click();
        await poll(() => input(modal, 'name').inputValue()).toBe(name);
        expect(await input(modal, 'familyname').inputValue()).toBe(familyname);
        expect(await input(modal, 'memberiduser').inputValue()).toBe(BUDI.cardnumber);
        await shoot('4-self-usage');
      } else {
        await input(modal, 'name').fill(name);
        await input(modal, 'familyname').fill(familyname);
        await typeDate(input(modal, 'birthdate'), birthdate);
      }
      await modal.getByRole('button', { name: 'Save' }).click();
      await modal.waitFor({ state: 'hidden' });
    }
    await poll(() => rows(body).count()).toBe(2);
    await shoot('4-passengers');
    await button(page, 'Next').click();

    // The summary reads every step back with the price list (7,500 each way, 15,000 a passenger), then the quote
    // Submit keeps to: 30,000 for the flights, the GOLD nominee fee of 1,000 for Sari, 31,000 in all.
    await poll(() => currentStep(page)).toBe('Summary');
    for (const shown of ['Budi Santoso', 'Domestic Economy Award', '7,500', '15,000']) await body.getByText(shown, { exact: true }).first().waitFor();
    const quote = body.locator('.engine-wizard-quote');
    await poll(() => quote.innerText()).toContain('Total Mileage');
    const quoted = (label: string) => quote.locator('.ant-descriptions-item-label').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]').innerText();
    expect([await quoted('Award Price'), await quoted('Nominee Fee'), await quoted('Total Mileage'), await quoted('Balance'), await quoted('Balance After')]).toEqual(
      ['30,000', '1,000', '31,000', before.toLocaleString('en-US'), (before - 31_000).toLocaleString('en-US')],
    );
    // References by their labels: the tier, the award's category, the airports; never their codes.
    const summaryValue = (label: string) => body.locator('.ant-descriptions-item-label').filter({ hasText: new RegExp(`^${label}$`) }).first().locator('xpath=following-sibling::*[1]');
    await poll(() => summaryValue('Tier').innerText()).toBe('Gold');
    await poll(() => summaryValue('Category').innerText()).toBe('Air');
    await poll(() => summaryValue('Origin').innerText()).toBe(nameOf('CGK'));
    await shoot('5-summary');
    await button(page, 'Submit').click();
    await page.getByText(/is confirmed: 31,000 miles redeemed, 2 certificate\(s\) issued$/).first().waitFor();
    expect(await balance()).toBe(before - 31_000);
    await shoot('6-confirmed');

    await startClean(page, `/member/form/${BUDI.memberid}/redemption`);
    const content = page.locator('.member-navigator-content');
    await poll(() => rows(content).count()).toBeGreaterThan(0);
    await poll(() => rows(content).first().innerText()).toContain('Issued');
    const latest = await (rig.server.database.db as any).selectFrom('member_redemption').select('redemptionid').where('memberid', '=', BUDI.memberid).orderBy('redemptionid', 'desc').executeTakeFirstOrThrow();
    redemptionid = String(latest.redemptionid);
    expect(redemptionid).toMatch(/^\d{17}[0-9A-Z]{6}$/);
    await rows(content).first().getByRole('button', { name: 'View Detail' }).click();
    const cards = page.locator('.redemption-detail');
    for (const title of ['Departure Activity Details', 'Return Activity Details', 'Passenger 1 Details', 'Passenger 2 Details', 'Certificate Details 1', 'Certificate Details 2']) {
      await cards.locator('.ant-card-head-title').filter({ hasText: new RegExp(`^${title}$`) }).waitFor();
    }
    await cards.getByText(asFlightDate(TRAVEL.out), { exact: true }).waitFor();
    await cards.getByText(asFlightDate(TRAVEL.back), { exact: true }).waitFor();
    // The award, the compartment and each passenger's traveller type by name.
    const cardValue = (scope: Locator, label: string) => scope.locator('.ant-descriptions-item-label').filter({ hasText: new RegExp(`^${label}$`) }).first().locator('xpath=following-sibling::*[1]');
    await poll(() => cardValue(cards, 'Award').innerText()).toBe('Domestic Economy Award');
    await poll(() => cardValue(cards, 'Compartment').innerText()).toBe('Economy');
    const passenger = cards.locator('.ant-card').filter({ hasText: 'Passenger 1 Details' });
    await poll(() => passenger.locator('.ant-descriptions-item-label').filter({ hasText: /^Traveler Type$/ }).locator('xpath=following-sibling::*[1]').innerText()).toBe('Adult');
    await settled(cards);
    await shoot('7-detail-cards');
  });

  it('redeems a Hilton stay for a nominee: no flight search, the hotel nominee fee in the summary and in the debit', { timeout: 180_000 }, async () => {
    const before = await balance();
    await startClean(page, '/redemption');
    const body = page.locator('.engine-wizard-body');
    await poll(() => currentStep(page)).toBe('Member');
    await input(body, 'cardnumber').fill(BUDI.cardnumber);
    await button(page, 'Next').click();
    await poll(() => currentStep(page)).toBe('Award');
    await chooseOption(page, input(body, 'awardcode'), 'Hilton Bali One Night Stay');
    await poll(() => body.locator('.engine-wizard-preview').innerText()).toMatch(/Award Price\s+25,000/);
    await button(page, 'Next').click();
    // A hotel stay is dated, not searched: the steps bar has no Search Flight.
    await poll(() => currentStep(page)).toBe('Date of Use');
    const titles = await page.locator('.engine-wizard-steps .ant-steps-item-title').allInnerTexts();
    expect(titles).toEqual(['Member', 'Award', 'Date of Use', 'Passengers', 'Summary']);
    await typeDate(input(body, 'departuredate'), onScreen(TRAVEL.out));
    await shoot('h3-date-of-use');
    await button(page, 'Next').click();
    await poll(() => currentStep(page)).toBe('Passengers');
    await page.getByRole('button', { name: 'Add Passenger' }).click();
    const modal = rowModal(page);
    await settled(modal);
    await input(modal, 'name').fill('Sari');
    await input(modal, 'familyname').fill('Santoso');
    await typeDate(input(modal, 'birthdate'), '12/04/1986');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await button(page, 'Next').click();
    await poll(() => currentStep(page)).toBe('Summary');
    const quote = body.locator('.engine-wizard-quote');
    await poll(() => quote.innerText()).toMatch(/Nominee Fee\s+1,500/);
    expect(await quote.innerText()).toMatch(/Total Mileage\s+26,500/);
    await shoot('h5-summary');
    await button(page, 'Submit').click();
    await page.getByText(/is confirmed: 26,500 miles redeemed, 1 certificate\(s\) issued$/).first().waitFor();
    expect(await balance()).toBe(before - 26_500);
  });

  it('shows the certificate on the certificate update\'s first step and the update fee before Submit', { timeout: 120_000 }, async () => {
    expect(redemptionid).not.toBe('');
    await startClean(page, '/certificate-update');
    const body = page.locator('.engine-wizard-body');
    await input(body, 'certificateid').fill(`${redemptionid}-1`);
    // The certificate as it stands, under the number as soon as it is typed.
    await poll(() => body.locator('.engine-wizard-preview').innerText()).toMatch(/Holder\s+Budi Santoso/);
    expect(await body.locator('.engine-wizard-preview').innerText()).toMatch(/Total Mileage\s+31,000/);
    await shoot('u1-certificate');
    await button(page, 'Next').click();
    await poll(() => currentStep(page)).toBe('Activity');
    await typeDate(input(body, 'departuredate'), onScreen(TRAVEL.laterOut));
    await typeDate(input(body, 'returndate'), onScreen(TRAVEL.laterBack));
    await chooseOption(page, input(body, 'compartmentcode'), 'Economy');
    await button(page, 'Next').click();
    await poll(() => currentStep(page)).toBe('Update Summary');
    // Same flights on other ordinary days: nothing but the award's update fee of 500.
    const quote = body.locator('.engine-wizard-quote');
    await poll(() => quote.innerText()).toMatch(/Update Fee\s+500/);
    expect(await quote.innerText()).toMatch(/Difference\s+500/);
    await shoot('u3-summary');
  });

  it('cancels it through Approval Redemption Cancel: the miles redeposited, the certificates cancelled', { timeout: 120_000 }, async () => {
    expect(redemptionid).not.toBe('');
    const before = await balance();
    await startClean(page, `/member/form/${BUDI.memberid}/redemption`);
    const content = page.locator('.member-navigator-content');
    const row = rows(content).filter({ hasText: redemptionid });
    await poll(() => row.innerText()).toContain('Issued');
    await row.getByRole('button', { name: 'Cancel Redemption' }).click();
    await answerYes(page);
    await page.getByText('Your request has been submitted for approval').first().waitFor();
    expect(await balance()).toBe(before);

    const token = (await rig.server.login('checker')).body.result.bearer as string;
    const queue = await rig.server.call('/api/approval-redemption-cancel/list', undefined, { token, paging: { limit: -1, page: 1 } });
    const request = (queue.body.result as { requestid: number; recordkey: string }[]).find((r) => r.recordkey.includes(redemptionid));
    expect((await rig.server.call('/api/approval-redemption-cancel/approve', { requestid: request!.requestid }, { token })).body.status.responsecode).toBe('0000');
    expect(await balance()).toBe(before + 31_000);

    await startClean(page, `/member/form/${BUDI.memberid}/redemption`);
    await poll(() => rows(content).filter({ hasText: redemptionid }).innerText()).toContain('Cancelled');
    expect(await rows(content).filter({ hasText: redemptionid }).getByRole('button', { name: 'Cancel Redemption' }).count()).toBe(0);
    await shoot('8-cancelled');
  });
});
