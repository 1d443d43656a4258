// The public member pages in Chromium against the real server: each flow followed from the e-mail in the outbox to
// its end, and the spec's messages for bad links and inputs.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FLOW_TEXTS } from '../../domain/memberFlows';
import { MESSAGES } from '../../engine/api/responseCodes';
import { formatDate } from '../../engine/definition/format';
import type { MemberRow } from '../../server/platform/db/schema';
import { issueKey, KEY_PURPOSES } from '../../server/platform/keys/oneTimeKeys';
import { MEMBER_ACCOUNT_TEXTS } from '../../server/memberManagement/members/memberAccountActions';
import { verifyPassword } from '../../server/platform/session/passwordHash';
import { sha256Hex } from '../../server/platform/core/sha256';
import { STAFF_RESET_TEXTS } from '../../server/userManagement/users/staffReset';
import { latestMail, otpCodeIn, pathIn } from '../server/outbox';
import { holdClock, logIn, passCaptcha, steadyText, screenshotDir, startBrowserRig, type BrowserRig } from './browser';

const PASSWORD = 'Fresh#Pass2026';

/** The key of the newest link to `path` e-mailed to an address, read from the outbox. */
async function linkKey(rig: BrowserRig, to: string, path: string): Promise<string> {
  const mail = await rig.server.database.db.selectFrom('outbox').selectAll().where('mailto', '=', to).orderBy('createddate', 'desc').executeTakeFirstOrThrow();
  const key = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(mail.body)?.[1];
  if (!key) throw new Error(`no ${path} link in: ${mail.body}`);
  return key;
}

// Read without waiting: on a page whose clock is held (page.clock), Playwright's wait for an element that
// is not there yet never wakes up, so the polls below ask again instead.
const firstText = (page: Page, selector: string) => page.locator(selector).allInnerTexts().then((texts) => texts[0] ?? '');
const resultTitle = (page: Page) => firstText(page, '.ant-result-title');
const resultSubtitle = (page: Page) => firstText(page, '.ant-result-subtitle');
const alertText = (page: Page) => firstText(page, '.ant-alert');
const digitBoxes = (page: Page) => page.getByRole('group', { name: 'One-time code' }).locator('input');
const digitValues = (page: Page) => digitBoxes(page).evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify' });

/** Types into the focused box, one key at a time, as a member would. */
const typeDigits = (page: Page, digits: string) => page.keyboard.type(digits, { delay: 20 });

/** Pastes text into the focused box. */
const paste = (page: Page, text: string) =>
  page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text', pasted);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);

/** Holds every call to `path` until the returned function is called, so the page's waiting state can be seen. */
async function holdCalls(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
/** Every message under the form's fields, one per line. */
const fieldErrors = async (page: Page) => (await page.locator('.ant-form-item-explain-error').allInnerTexts()).flatMap((text) => text.split('\n'));

async function fillPassword(page: Page, password: string, confirmation = password) {
  await page.getByPlaceholder('New Password').fill(password);
  await page.getByPlaceholder('Confirm Password').fill(confirmation);
  await page.getByRole('button', { name: 'Submit' }).click();
}

describe('public member pages in Chromium', () => {
  let rig: BrowserRig;
  let admin: string;
  const adminCall = (path: string, data?: unknown) => rig.server.call(path, data, { token: admin });

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    admin = (await rig.server.login('admin')).body.result.bearer;
  });
  afterAll(async () => rig?.close());

  describe('staff reset', () => {
    const user = { username: 'e2e.officer', userfullname: 'E2e Officer', email: 'e2e.officer@alms.example', rolecode: 'BRANCH', branchcode: 'DPSBO', tickoffid: 'DPS01' };

    it("sets the password from the new user's e-mail, shows the message, then goes to / after 3 seconds", async () => {
      expect((await adminCall('/api/user/create', user)).body.status.responsecode).toBe('0000');
      const key = await linkKey(rig, user.email, '/reset-password');
      const page = await rig.newPage();
      await page.clock.install();
      await page.goto(`/reset-password/${key}`);
      await expect.poll(() => page.title()).toBe('Reset Password | Loyalty Management System');
      await expect.poll(() => page.getByText(user.username, { exact: true }).count()).toBe(1);

      await fillPassword(page, 'weakpass', 'other');
      await expect.poll(() => fieldErrors(page)).toEqual([
        'At least 1 uppercase character.',
        'At least 1 digit number.',
        'At least 1 special character.',
        'Two passwords that you enter is inconsistent!',
      ]);
      // From here the page's time moves only when the test says: the message stays 3 seconds (spec 000 §4, §9).
      await holdClock(page);
      await fillPassword(page, PASSWORD);
      await expect.poll(() => resultTitle(page)).toBe(STAFF_RESET_TEXTS.passwordSet);
      await page.screenshot({ path: `${screenshotDir}/staff-reset-done.png` });
      await page.clock.runFor(2999);
      expect(new URL(page.url()).pathname).toBe(`/reset-password/${key}`);
      expect(await resultTitle(page)).toBe(STAFF_RESET_TEXTS.passwordSet);
      await page.clock.runFor(1);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      // The login page (loaded on demand) shows once time runs again.
      await page.clock.resume();
      await expect.poll(() => page.title()).toBe('Login | Loyalty Management System');
      expect((await rig.server.login(user.username, PASSWORD)).body.status.responsecode).toBe('0000');

      // The link works once.
      await page.goto(`/reset-password/${key}`);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_USED);
    });

    it('says an unknown link is not valid and an old one has expired', async () => {
      const page = await rig.newPage();
      await page.goto(`/reset-password/${'A'.repeat(43)}`);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_INVALID);

      expect((await adminCall('/api/user/reset-user-password', { username: user.username })).body.status.responsecode).toBe('0000');
      const key = await linkKey(rig, user.email, '/reset-password');
      rig.server.clock.offsetMs = (rig.server.config.resetKeyMinutes + 1) * 60_000;
      try {
        await page.goto(`/reset-password/${key}`);
        await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_EXPIRED);
      } finally {
        rig.server.clock.offsetMs = 0;
      }
    });
  });

  // Demo members are seeded on the test server: each test takes its own.
  const db = () => rig.server.database.db;
  const members = (filter: (m: MemberRow) => boolean) => db().selectFrom('member').selectAll().orderBy('memberid').execute().then((rows) => rows.filter(filter));
  const member = (memberid: string) => db().selectFrom('member').selectAll().where('memberid', '=', memberid).executeTakeFirstOrThrow();
  const cardOf = async (memberid: string) =>
    (await db().selectFrom('member_card').select('cardnumber').where('memberid', '=', memberid).orderBy('cardnumber').executeTakeFirstOrThrow()).cardnumber;
  const passwordIs = async (memberid: string, password: string) => verifyPassword((await member(memberid)).passwordhash!, sha256Hex(password));
  const taken = new Set<string>();
  /** An active member with an e-mail address no other test has used yet. */
  async function take(filter: (m: MemberRow) => boolean = () => true): Promise<MemberRow & { email: string }> {
    const [found] = await members((m) => m.status === 'ACTIVE' && !!m.email && !taken.has(m.memberid) && filter(m));
    if (!found) throw new Error('no demo member left for this test');
    taken.add(found.memberid);
    return found as MemberRow & { email: string };
  }

  describe('activation', () => {
    it('goes from the activation mail to the create-password form and the server message; the link works once', async () => {
      const pending = await take((m) => m.passwordhash === null);
      expect((await adminCall('/api/member/send-activation', { memberid: pending.memberid })).body.status.responsecode).toBe('0000');
      const path = pathIn(await latestMail(db(), pending.email, 'ACTIVATION'));
      expect(path).toMatch(/^\/activation\/[A-Za-z0-9_-]{43}$/);

      const page = await rig.newPage();
      const release = await holdCalls(page, '/api/member/retrieve-key');
      await page.goto(path);
      await expect.poll(() => page.title()).toBe('Create Password Member | Loyalty Management System');
      await expect.poll(() => page.getByText('Please wait while your activation is processed').count()).toBe(1);
      release();
      await page.getByPlaceholder('New Password').waitFor();

      await fillPassword(page, 'Garuda 1', '');
      await expect.poll(() => fieldErrors(page)).toEqual(['At least 1 special character.', 'There is no blank space allowed.', 'Required']);
      await fillPassword(page, 'garuda#1');
      await expect.poll(() => fieldErrors(page)).toEqual(['At least 1 uppercase character.']);
      await fillPassword(page, PASSWORD);
      await expect.poll(() => resultTitle(page)).toBe(MEMBER_ACCOUNT_TEXTS.passwordSet);
      expect(await page.getByPlaceholder('New Password').count()).toBe(0);
      await page.screenshot({ path: `${screenshotDir}/activation-done.png` });
      expect(await passwordIs(pending.memberid, PASSWORD)).toBe(true);

      await page.goto(path);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_USED);
    });

    it('explains itself without a key', async () => {
      const page = await rig.newPage();
      await page.goto('/activation');
      await expect.poll(() => resultTitle(page)).toBe(MEMBER_FLOW_TEXTS.activationNoKey);
    });

    it("says 'Member ID not found' for a key without an existing member", async () => {
      const page = await rig.newPage();
      for (const subject of ['MBR9999999', null]) {
        const key = await issueKey(db(), { purpose: KEY_PURPOSES.ACTIVATION, subject }, 60, new Date());
        await page.goto(`/activation/${key}`);
        await expect.poll(() => resultTitle(page)).toBe('Member ID not found');
      }
    });

    it('says an unknown link is not valid, an old one has expired, and a link of another page is no activation link', async () => {
      const page = await rig.newPage();
      await page.goto(`/activation/${'C'.repeat(43)}`);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_INVALID);

      const pending = await take((m) => m.passwordhash === null);
      await adminCall('/api/member/send-activation', { memberid: pending.memberid });
      const path = pathIn(await latestMail(db(), pending.email, 'ACTIVATION'));
      rig.server.clock.offsetMs = (rig.server.config.activationKeyHours + 1) * 3_600_000;
      try {
        await page.goto(path);
        await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_EXPIRED);
      } finally {
        rig.server.clock.offsetMs = 0;
      }

      const reset = await issueKey(db(), { purpose: KEY_PURPOSES.MEMBER_RESET, subject: pending.memberid }, 60, new Date());
      await page.goto(`/activation/${reset}`);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_INVALID);
    });
  });

  describe('member reset', () => {
    it('asks for the card number, answers with the server message, and the mailed link sets the password', async () => {
      const active = await take((m) => m.passwordhash !== null);
      const page = await rig.newPage();
      await page.goto('/reset-password-member');
      await expect.poll(() => page.title()).toBe('Reset Password Member | Loyalty Management System');
      await passCaptcha(page, page.getByRole('button', { name: 'Submit' }));
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => fieldErrors(page)).toEqual(['Required']);
      await page.getByPlaceholder('Card Number or Email').fill(` ${await cardOf(active.memberid)} `);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => resultTitle(page)).toBe(MEMBER_ACCOUNT_TEXTS.resetRequested);
      expect(await page.getByPlaceholder('Card Number or Email').count()).toBe(0);

      const path = pathIn(await latestMail(db(), active.email, 'MEMBER_RESET'));
      expect(path).toMatch(/^\/reset-password-member\/[A-Za-z0-9_-]{43}$/);
      const release = await holdCalls(page, '/api/member/reset-validation');
      await page.goto(path);
      await expect.poll(() => page.getByText('Please wait is waiting for the validation process').count()).toBe(1);
      release();
      await page.getByPlaceholder('New Password').waitFor();
      await fillPassword(page, PASSWORD, `${PASSWORD}x`);
      await expect.poll(() => fieldErrors(page)).toEqual(['Two passwords that you enter is inconsistent!']);
      await fillPassword(page, PASSWORD);
      await expect.poll(() => resultTitle(page)).toBe(MEMBER_ACCOUNT_TEXTS.passwordSet);
      expect(await passwordIs(active.memberid, PASSWORD)).toBe(true);

      await page.goto(path);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_USED);
    });

    it('shows the request form from the announcement link, by e-mail too; an old link has expired', async () => {
      const active = await take((m) => m.passwordhash !== null);
      const page = await rig.newPage();
      await page.goto('/announcement/reset-password-member/announcement');
      await expect.poll(() => page.title()).toBe('Reset Password Member | Loyalty Management System');
      await page.getByPlaceholder('Card Number or Email').fill(active.email);
      await passCaptcha(page, page.getByRole('button', { name: 'Submit' }));
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => resultTitle(page)).toBe(MEMBER_ACCOUNT_TEXTS.resetRequested);

      const path = pathIn(await latestMail(db(), active.email, 'MEMBER_RESET'));
      rig.server.clock.offsetMs = (rig.server.config.resetKeyMinutes + 1) * 60_000;
      try {
        await page.goto(path);
        await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_EXPIRED);
      } finally {
        rig.server.clock.offsetMs = 0;
      }
    });
  });

  describe('e-mail verified', () => {
    it('verifies the address on opening the mailed link and shows the server message; the link works once', async () => {
      const someone = await take();
      await db().updateTable('member').set({ emailverified: 0 }).where('memberid', '=', someone.memberid).execute();
      expect((await adminCall('/api/member/send-email-verification', { memberid: someone.memberid })).body.status.responsecode).toBe('0000');
      const path = pathIn(await latestMail(db(), someone.email, 'EMAIL_VERIFY'));
      expect(path).toMatch(/^\/email-verified\/[A-Za-z0-9_-]{43}$/);

      const page = await rig.newPage();
      await page.goto(path);
      await expect.poll(() => resultTitle(page)).toBe('Congratulations! Email verified successfully');
      expect(await resultSubtitle(page)).toBe(MEMBER_ACCOUNT_TEXTS.emailVerified);
      await page.screenshot({ path: `${screenshotDir}/email-verified.png` });
      expect((await member(someone.memberid)).emailverified).toBe(1);

      await page.goto(path);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_USED);
    });
  });

  describe('OTP', () => {
    const requestOtp = async (memberid: string, extra: Record<string, unknown> = {}) => {
      const answer = await adminCall('/api/otp/request', { memberid, transactiontype: 'UPDATE_PROFILE', ...extra });
      expect(answer.body.status.responsecode).toBe('0000');
    };
    const otpMail = async (to: string) => {
      const mail = await latestMail(db(), to, 'OTP');
      return { path: pathIn(mail), code: otpCodeIn(mail) };
    };
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('counts down, takes the code typed digit by digit, verifies it and applies the change', async () => {
      const someone = await take();
      await requestOtp(someone.memberid, { additionaldata: { firstname: 'Verified' } });
      const { path, code } = await otpMail(someone.email);
      expect(path).toMatch(/^\/otp\/[A-Za-z0-9_-]+\?=[A-Za-z0-9_-]+$/);

      const page = await rig.newPage();
      await page.clock.install();
      await page.goto(path);
      await expect.poll(() => page.title()).toBe('Verification | Loyalty Management System');
      await expect.poll(() => page.getByLabel('Time left').innerText()).toMatch(/^0[45]:[0-5]\d$/);
      // One second of the page's clock takes one second off the countdown.
      await holdClock(page);
      const seconds = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));
      const startedAt = seconds(await steadyText(page.getByLabel('Time left')));
      await page.clock.runFor(1000);
      await expect.poll(async () => seconds(await page.getByLabel('Time left').innerText())).toBe(startedAt - 1);
      expect(await digitBoxes(page).count()).toBe(6);
      expect(await verifyButton(page).isDisabled()).toBe(true);

      // A digit moves on; Backspace on an empty box goes back and clears the digit there.
      await typeDigits(page, '98');
      await page.keyboard.press('Backspace');
      expect(await digitValues(page)).toEqual(['9', '', '', '', '', '']);
      await page.keyboard.press('Backspace');
      await typeDigits(page, code.slice(0, 5));
      expect(await verifyButton(page).isDisabled()).toBe(true);
      await typeDigits(page, code.slice(5));
      expect(await digitValues(page)).toEqual([...code]);
      await page.screenshot({ path: `${screenshotDir}/otp-form.png` });
      await verifyButton(page).click();
      await expect.poll(() => resultTitle(page), { timeout: 10_000 }).toBe('Congratulations! OTP verified successfully');
      await expect.poll(async () => (await member(someone.memberid)).firstname).toBe('Verified');
      expect(await page.locator('.ant-alert').count()).toBe(0);
    });

    it('takes a pasted code in all six boxes; a REDEMPTION code changes nothing', async () => {
      const someone = await take();
      await requestOtp(someone.memberid, { transactiontype: 'REDEMPTION', additionaldata: { firstname: 'Unchanged' } });
      const { path, code } = await otpMail(someone.email);
      const page = await rig.newPage();
      await page.goto(path);
      await digitBoxes(page).first().waitFor();
      await digitBoxes(page).nth(2).focus();
      await paste(page, ` ${code.slice(0, 3)}-${code.slice(3)} `);
      expect(await digitValues(page)).toEqual([...code]);
      await verifyButton(page).click();
      await expect.poll(() => resultTitle(page), { timeout: 10_000 }).toBe('Congratulations! OTP verified successfully');
      expect((await member(someone.memberid)).firstname).toBe(someone.firstname);
    });

    it('shows the invalid-code message, lets the member try again, and locks the form when the attempts are used up', async () => {
      const someone = await take();
      await requestOtp(someone.memberid);
      const { path, code } = await otpMail(someone.email);
      const page = await rig.newPage();
      await page.goto(path);
      await digitBoxes(page).first().waitFor();
      for (let attempt = 1; attempt <= rig.server.config.otpMaxAttempts; attempt++) {
        await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('aria-label'))).toBe('Digit 1');
        await typeDigits(page, wrong(code));
        await verifyButton(page).click();
        const expected = attempt < rig.server.config.otpMaxAttempts ? MESSAGES.OTP_INVALID : MESSAGES.OTP_EXPIRED;
        await expect.poll(() => alertText(page)).toBe(expected);
      }
      await page.screenshot({ path: `${screenshotDir}/otp-locked.png` });
      expect(await page.getByLabel('Time left').count()).toBe(0);
      expect(await verifyButton(page).isDisabled()).toBe(true);
      expect(await digitBoxes(page).first().isDisabled()).toBe(true);
    });

    it("shows 'OTP is Expired' when the countdown reaches zero, or at once when the code has run out", async () => {
      const someone = await take();
      await requestOtp(someone.memberid, { secondstimelimit: 30 });
      const { path } = await otpMail(someone.email);
      const page = await rig.newPage();
      await page.clock.install();
      try {
        await page.goto(path);
        await expect.poll(() => page.getByLabel('Time left').innerText()).toMatch(/^00:(30|2\d)$/);
        await holdClock(page);
        await page.clock.runFor(30_000);
        await expect.poll(() => resultTitle(page)).toBe('OTP is Expired');
        await page.screenshot({ path: `${screenshotDir}/otp-expired.png` });
        rig.server.clock.offsetMs = 31_000;
        await page.goto(path);
        // The page's clock is still held: move it on while waiting, so the page's own timers run.
        await expect.poll(async () => (await page.clock.runFor(100), resultTitle(page))).toBe('OTP is Expired');
      } finally {
        rig.server.clock.offsetMs = 0;
      }
    });

    it("shows 'Connection Issue' for a link whose query cannot be read", async () => {
      const page = await rig.newPage();
      await page.goto('/otp/some-session?=not%20a%20link');
      await expect.poll(() => resultTitle(page)).toBe('Connection Issue');
    });
  });

  describe('mini-view', () => {
    it('finds a member by card number and shows the summary with DD/MM/YYYY dates; Reset clears', async () => {
      const someone = await take();
      const card = await cardOf(someone.memberid);
      const account = await db().selectFrom('member_account').selectAll().where('memberid', '=', someone.memberid).executeTakeFirstOrThrow();
      const page = await rig.newPage();
      await page.goto('/mini-view');
      await expect.poll(() => page.title()).toBe('Member Search | Loyalty Management System');
      await page.getByPlaceholder('Card Number').fill(`  ${card} `);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Member Info' }).count()).toBe(1);
      const info = page.locator('.ant-descriptions');
      await expect.poll(() => info.innerText()).toContain(someone.firstname);
      expect(await info.innerText()).toContain(someone.lastname);
      expect(await info.locator('.ant-tag').innerText()).toBe('ACTIVE');
      expect(await info.innerText()).toContain(`${formatDate(account.startperiod)} - ${formatDate(account.endperiod)}`);
      expect(formatDate(account.startperiod)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(await page.locator('.ant-table-tbody').innerText()).toContain(card);
      expect(await page.getByPlaceholder('Card Number').inputValue()).toBe(card);
      await page.screenshot({ path: `${screenshotDir}/mini-view-found.png` });

      await page.getByRole('button', { name: 'Reset' }).click();
      expect(await page.getByRole('heading', { name: 'Member Info' }).count()).toBe(0);
      expect(await page.getByPlaceholder('Card Number').inputValue()).toBe('');
    });

    it("says 'No member info to display' for an unknown card, refuses letters or nothing, and takes at most 45 characters", async () => {
      const page = await rig.newPage();
      await page.goto('/mini-view');
      await page.getByPlaceholder('Card Number').fill('9999999999');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => page.getByText('No member info to display').count()).toBe(1);

      await page.getByPlaceholder('Card Number').fill('51AB');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => fieldErrors(page)).toEqual(['Only numeric']);
      expect(await page.getByText('No member info to display').count()).toBe(0);
      await page.getByPlaceholder('Card Number').fill('   ');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => fieldErrors(page)).toEqual(['Required']);

      // At most 45 characters (spec 000 §5, §9), typed key by key or inserted at once.
      await page.getByPlaceholder('Card Number').fill('');
      await page.getByPlaceholder('Card Number').pressSequentially('1234567890'.repeat(6));
      expect(await page.getByPlaceholder('Card Number').inputValue()).toBe('1234567890'.repeat(6).slice(0, 45));
      await page.getByPlaceholder('Card Number').fill('');
      await page.getByPlaceholder('Card Number').focus();
      await page.keyboard.insertText('9'.repeat(60));
      expect(await page.getByPlaceholder('Card Number').inputValue()).toHaveLength(45);
    });
  });

  describe('signed in', () => {
    it('shows a public page opened from a link, not the application shell', async () => {
      const page = await rig.newPage();
      await logIn(page, 'admin');
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Dashboard | Loyalty Management System');
      await page.goto(`/reset-password/${'B'.repeat(43)}`);
      await expect.poll(() => resultTitle(page)).toBe(MESSAGES.KEY_INVALID);
      expect(await page.locator('.app-header').count()).toBe(0);
      await page.goto('/mini-view');
      await expect.poll(() => page.title()).toBe(`${MEMBER_FLOW_TEXTS.miniViewSearch} | Loyalty Management System`);
      expect(await page.locator('.app-header').count()).toBe(0);
      // Still signed in: the application is one click away.
      await page.goto('/');
      await expect.poll(() => page.title()).toBe('Dashboard | Loyalty Management System');
    });
  });
});
