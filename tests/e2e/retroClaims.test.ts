// Retro claims in Chromium, table-driven over the five managers: each opens from its path with its
// demo claims, a claim the server refuses shows the message on its field (a name that is not the member's, a
// carrier outside SkyTeam In's own flights) and nothing is added, and the corrected claim is created (Submitted,
// with its approval request). Then the checker approves a GA claim on Retro Claim GA Approval behind the
// rating/reject text, and the claim is credited. Screenshots at 1366 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerYes, chooseOption, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';
import { definitionDb } from '../../server/platform/db/definitionDb';

// Spec 000 §4, retyped to pin it; the product's own texts after it.
const RATING_REJECT = 'Are you sure to rating/reject this data?';
// A new claim waits for approval: the answer names who may approve it.
const SUBMITTED = 'Your request has been submitted for approval. It can be approved by: Administrator, Checker';
const APPROVED = 'The request has been approved';

/** Waits on a state, not a duration: a first load of a lazy chunk can take seconds on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const field = (scope: Page | Locator, name: string) => scope.locator(`[id="root_${name}"]`);
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
/** The date picker's display format (DD/MM/YYYY). */
const shown = (date: string) => date.split('-').reverse().join('/');
const SCAN = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Manager {
  path: string;
  title: string;
  /** Airline names as the carrier select shows them: one the manager takes. */
  carrier: string;
  origin: string;
  destination: string;
  partner: boolean;
  /** SkyTeam In: another programme's member, no card of ours. */
  incoming?: boolean;
  /** A first try the server refuses: the field and its message. */
  refused: { field: string; message: string };
}

const NAME_MISMATCH = { field: 'ticketname', message: "The name on the ticket does not match the member's name (Budi Santoso)" };
const MANAGERS: Manager[] = [
  { path: '/retro-claim-ga-manager', title: 'Retro Claim GA Manager', carrier: 'Garuda Indonesia', origin: 'CGK', destination: 'DPS', partner: false, refused: NAME_MISMATCH },
  { path: '/retro-claim-skyteam-manager', title: 'Retro Claim SkyTeam Out', carrier: 'KLM Royal Dutch Airlines', origin: 'CGK', destination: 'AMS', partner: true, refused: NAME_MISMATCH },
  { path: '/retro-claim-staralliance-manager', title: 'Retro Claim Star Alliance Manager', carrier: 'Singapore Airlines', origin: 'SIN', destination: 'NRT', partner: true, refused: NAME_MISMATCH },
  { path: '/retro-claim-oneworld-manager', title: 'Retro Claim Oneworld Manager', carrier: 'Qantas', origin: 'SYD', destination: 'CGK', partner: true, refused: NAME_MISMATCH },
  {
    path: '/retro-claim-skyteam-in-manager',
    title: 'Retro Claim SkyTeam In',
    carrier: 'KLM Royal Dutch Airlines',
    origin: 'CGK',
    destination: 'AMS',
    partner: false,
    incoming: true,
    refused: { field: 'carrier', message: 'Only flights of GA are claimed here' },
  },
];

describe('retro claims in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let card = '';
  const airports = new Map<string, string>();
  const consoleErrors: string[] = [];
  const shoot = (name: string) => page.screenshot({ path: `${screenshotDir}/retro-${name}.png`, fullPage: true, animations: 'disabled' });
  const db = () => definitionDb(rig.server.database.db);

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    // A member of the test's own, named as the tickets below.
    const at = new Date().toISOString();
    card = '7810000001';
    await db()
      .insertInto('member')
      .values({ memberid: 'RE2E000001', firstname: 'Budi', lastname: 'Santoso', gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at, tierid: 'BLUE', membershipid: 'FFP', enrollmentdate: '2020-01-01', cardnumber: card })
      .execute();
    await db().insertInto('member_card').values({ cardnumber: card, memberid: 'RE2E000001', membershipid: 'FFP', tierid: 'BLUE', status: 'ACTIVE', issuedate: '2020-01-01' }).execute();
    // An airport picker shows 'CGK - <name>, <city>' (the airport selector's display).
    for (const row of (await db().selectFrom('airport').select(['airportiatacode', 'airportname', 'cityname']).where('airportiatacode', 'in', ['CGK', 'DPS', 'AMS', 'SIN', 'NRT', 'SYD']).execute()) as { airportiatacode: string; airportname: string; cityname: string }[]) {
      airports.set(row.airportiatacode, `${row.airportiatacode} - ${row.airportname}, ${row.cityname}`);
    }
    page = await rig.newPage();
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => {
    await rig?.close();
    expect(consoleErrors).toEqual([]);
  });

  async function fillClaim(form: Locator, manager: Manager, flightnumber: string, ticketname: string) {
    if (manager.incoming) {
      await chooseOption(page, field(form, 'programcode'), 'Flying Blue');
      await field(form, 'ffpnumber').fill(`2004${flightnumber}`);
    } else {
      await field(form, 'cardnumber').fill(card);
    }
    await field(form, 'ticketname').fill(ticketname);
    await chooseOption(page, field(form, 'carrier'), manager.carrier);
    await field(form, 'flightnumber').fill(flightnumber);
    const date = field(form, 'flightdate');
    await date.click();
    await date.fill(shown(daysAgo(manager.partner ? 20 : 6)));
    await date.press('Tab');
    await chooseOption(page, field(form, 'origin'), airports.get(manager.origin)!);
    await chooseOption(page, field(form, 'destination'), airports.get(manager.destination)!);
    await field(form, 'bookingclass').fill('Y');
    await field(form, 'ticketnumber').fill(`12624${flightnumber}0001`);
    const uploads = form.locator('input[type="file"]');
    await poll(() => uploads.count()).toBe(manager.partner || manager.incoming ? 2 : 1);
    const count = await uploads.count();
    for (let i = 0; i < count; i++) await uploads.nth(i).setInputFiles({ name: `scan-${i}.png`, mimeType: 'image/png', buffer: SCAN });
    await poll(() => form.locator('img').count()).toBe(count);
  }

  describe.each(MANAGERS.map((m, i) => ({ ...m, flightnumber: `7${i}1` })))('$path', (manager) => {
    it(`opens ${manager.title} with its demo claims, refuses a bad claim on its field and creates the corrected one`, async () => {
      const { path, title, flightnumber } = manager;
      await startClean(page, path);
      await poll(() => page.locator('h4.engine-title').innerText()).toBe(title);
      await poll(() => rows(page).count()).toBeGreaterThan(0);
      await poll(() => page.locator('.ant-table').innerText()).toContain('Submitted');
      const before = await rows(page).count();
      await shoot(`${path.slice(1)}-list`);

      await page.getByRole('button', { name: 'Create' }).click();
      const form = drawer(page);
      await settled(form);
      await fillClaim(form, manager, flightnumber, manager.refused.field === 'ticketname' ? 'SANTOSO/BUDIMAN MR' : 'DUPONT/MARIE MRS');
      await form.getByRole('button', { name: 'Save' }).click();
      await poll(() => field(form, `${manager.refused.field}__error`).innerText()).toBe(manager.refused.message);
      await settled(form.locator('.ant-form-item-explain-error').first());
      await shoot(`${path.slice(1)}-refused`);

      if (manager.refused.field === 'ticketname') await field(form, 'ticketname').fill('SANTOSO/BUDI MR');
      else await chooseOption(page, field(form, 'carrier'), 'Garuda Indonesia');
      await form.getByRole('button', { name: 'Save' }).click();
      await poll(() => toast(page, SUBMITTED).count()).toBeGreaterThan(0);
      await poll(() => rows(page).count()).toBe(Math.min(before + 1, 10));
      const table = 'retro_claim' + (manager.incoming ? '_in' : '');
      const stored = (await db().selectFrom(table).select(['status', 'requestid']).where('flightnumber', '=', flightnumber).executeTakeFirstOrThrow()) as { status: string; requestid: number | null };
      expect(stored.status).toBe('SUBMITTED');
      expect(stored.requestid).not.toBeNull();
      await shoot(`${path.slice(1)}-created`);
    });
  });

  it('the checker approves a GA claim on Retro Claim GA Approval, and it is credited', async () => {
    const claim = (await db().selectFrom('retro_claim').select(['claimid', 'requestid']).where('flightnumber', '=', '701').executeTakeFirstOrThrow()) as { claimid: string; requestid: number };
    const checker = await rig.newPage();
    checker.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(checker, 'checker');
    await checker.getByText('Dashboard').first().waitFor();
    await startClean(checker, '/retro-claim-ga-approval');
    await poll(() => checker.locator('h4.engine-title').innerText()).toBe('Retro Claim GA Approval');
    const row = rows(checker).filter({ hasText: claim.claimid });
    await poll(() => row.count()).toBe(1);
    await checker.screenshot({ path: `${screenshotDir}/retro-ga-approval.png`, fullPage: true, animations: 'disabled' });
    // View shows the claim as proposed.
    await row.getByRole('button', { name: 'View' }).click();
    const request = drawer(checker);
    await settled(request);
    await poll(() => request.innerText()).toContain('SANTOSO/BUDI MR');
    await checker.screenshot({ path: `${screenshotDir}/retro-ga-approval-view.png`, fullPage: true, animations: 'disabled' });
    await checker.locator('.ant-drawer-open .ant-drawer-footer').getByRole('button', { name: 'Close' }).click();
    await checker.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await answerYes(checker, RATING_REJECT);
    await toast(checker, APPROVED).first().waitFor();
    const credited = (await db().selectFrom('retro_claim').select(['status', 'awardmiles', 'activityid']).where('claimid', '=', claim.claimid).executeTakeFirstOrThrow()) as { status: string; awardmiles: number; activityid: string };
    expect(credited.status).toBe('APPROVED');
    expect(Number(credited.awardmiles)).toBeGreaterThan(0);
    await startClean(page, '/retro-claim-ga-manager');
    await poll(() => rows(page).filter({ hasText: claim.claimid }).innerText()).toContain('Approved');
    await shoot('ga-approved');
    // The claim's View shows its scans and what the approval credited.
    await rows(page).filter({ hasText: claim.claimid }).getByRole('button', { name: 'View' }).click();
    const view = drawer(page);
    await settled(view);
    await poll(() => view.locator('img').count()).toBeGreaterThan(0);
    await poll(() => view.innerText()).toContain('Approved');
    await shoot('ga-view');
    await page.keyboard.press('Escape');
    // The member's navigator shows the member's claims under Retro Claim.
    await startClean(page, '/member/form/RE2E000001/retro-claim');
    await poll(() => page.locator('.ant-table').innerText()).toContain(claim.claimid);
    await poll(() => rows(page).count()).toBe(4);
    await shoot('member-navigator');
  });
});
