// The member check screens in Chromium, one login, table-driven over the four view pages: each opens
// from the Member Management menu with its rows (the demo's checks, and a name made suspicious on the member
// screen), then its own action: Unlock and Verify after their confirmation, Reject with its reason, Approve,
// Generate Code. Screenshots of each at 1366 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_TEXTS } from '../../engine/definition/compile';
import { answerYes, logIn, screenshotDir, settled, startBrowserRig, type BrowserRig } from './browser';

interface CheckScreen {
  path: string;
  title: string;
  /** Column headers the table shows (labels of the member's own fields). */
  columns: string[];
  /** Prepares a row (directly in the database) the test acts on. */
  prepare?: (rig: BrowserRig) => Promise<void>;
  action: string;
  /** The confirmation title; undefined when the action asks none. */
  confirm?: string;
  reason?: string;
  /** What the member row holds after the action. */
  after: (row: Record<string, unknown>) => void;
  memberid: () => Promise<string>;
}

describe('member checks in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  const db = () => rig.server.database.db as any;
  const firstOf = async (where: [string, string, unknown]) =>
    String((await db().selectFrom('member').select('memberid').where(...where).orderBy('memberid', 'desc').limit(1).executeTakeFirstOrThrow()).memberid);

  beforeAll(async () => {
    rig = await startBrowserRig();
    page = await rig.newPage();
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
    mkdirSync(screenshotDir, { recursive: true });
  }, 120_000);
  afterAll(async () => rig?.close());

  const SCREENS: CheckScreen[] = [
    {
      path: '/member-locked',
      title: 'Member Locked',
      columns: ['Card Number', 'Member Name', 'Lock Reason', 'Locked By', 'Locked Date'],
      action: 'Unlock',
      confirm: CONFIRM_TEXTS.action.replace('{action}', 'unlock'),
      memberid: () => firstOf(['locked', '=', 1]),
      after: (row) => expect(row).toMatchObject({ locked: 0, lockreason: null }),
    },
    {
      path: '/member-identity',
      title: 'Member Identity',
      columns: ['Card Number', 'Member Name', 'ID Card Number', 'Passport Number', 'Identity Submitted Date'],
      action: 'Verify',
      confirm: CONFIRM_TEXTS.action.replace('{action}', 'verify'),
      memberid: () => firstOf(['identitystatus', '=', 'PENDING']),
      after: (row) => expect(row).toMatchObject({ identitystatus: 'VERIFIED', identitycheckedby: 'admin' }),
    },
    {
      path: '/member-identity',
      title: 'Member Identity',
      columns: [],
      action: 'Reject',
      confirm: CONFIRM_TEXTS.rating,
      reason: 'The ID card photo is unreadable',
      memberid: () => firstOf(['identitystatus', '=', 'PENDING']),
      after: (row) => expect(row).toMatchObject({ identitystatus: 'REJECTED', identityreason: 'The ID card photo is unreadable' }),
    },
    {
      path: '/invalid-name-check',
      title: 'Invalid Name Check',
      columns: ['Card Number', 'First Name', 'Last Name', 'Name Check Reason'],
      // A name changed on the member screen is checked as it is saved: a suspicious one lands here.
      prepare: async () => {
        await page.goto('/member/form/MBR0000008/personal-information');
        await page.getByPlaceholder('Input Last Name').fill('Dummy');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Data has been updated').waitFor();
        expect(await db().selectFrom('member').select(['namecheckstatus', 'namecheckreason']).where('memberid', '=', 'MBR0000008').executeTakeFirstOrThrow()).toEqual({
          namecheckstatus: 'INVALID',
          namecheckreason: 'Last Name contains "DUMMY", which is in the list of suspicious names',
        });
      },
      action: 'Approve',
      confirm: CONFIRM_TEXTS.action.replace('{action}', 'approve'),
      memberid: async () => 'MBR0000008',
      after: (row) => expect(row).toMatchObject({ namecheckstatus: 'APPROVED', namecheckedby: 'admin' }),
    },
    {
      path: '/member-referral',
      title: 'Member Referral',
      columns: ['Card Number', 'Member Name', 'Referral Code', 'Referred By'],
      action: 'Generate Code',
      confirm: CONFIRM_TEXTS.action.replace('{action}', 'generate code'),
      memberid: () => firstOf(['referralcode', 'is', null]),
      after: (row) => expect(String(row.referralcode)).toMatch(/^[A-Z]{1,4}[A-Z2-9]{4}$/),
    },
  ];

  it.each(SCREENS)('$path: lists its rows and runs $action', async (screen) => {
    await screen.prepare?.(rig);
    const memberid = await screen.memberid();
    await page.goto(screen.path);
    await page.locator('.ant-table-row').first().waitFor();
    for (const column of screen.columns) await expect(page.locator('.ant-table-thead').getByText(column, { exact: true }).count()).resolves.toBeGreaterThan(0);
    await page.screenshot({ path: `${screenshotDir}/member-checks-${screen.path.slice(1)}-${screen.action.toLowerCase().replace(/ /g, '-')}.png` });
    const row = page.locator('.ant-table-row', { hasText: memberid });
    await row.getByRole('button', { name: screen.action }).click();
    if (screen.reason) {
      const dialog = page.getByRole('dialog').filter({ hasText: screen.confirm! });
      await settled(dialog);
      await dialog.locator('textarea').fill(screen.reason);
      await dialog.getByRole('button', { name: /Yes|OK/ }).click();
      await dialog.waitFor({ state: 'hidden' });
    } else if (screen.confirm) await answerYes(page, screen.confirm);
    await page.locator('.ant-message-notice').first().waitFor();
    screen.after(await db().selectFrom('member').selectAll().where('memberid', '=', memberid).executeTakeFirstOrThrow());
  }, 120_000);
});
