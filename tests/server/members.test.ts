// The public member pages' server side on both databases, each flow from the mail in the outbox to its end:
// activation, member password reset, e-mail verification, OTP and the mini-view; every bad input is a clear
// envelope error that changes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEMBER_DEFAULT_PASSWORD, MEMBER_FLOW_PATHS as PATHS, OTP_DEFAULT_SECONDS, decodeOtpLink } from '../../domain/memberFlows';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import type { MemberRow } from '../../server/platform/db/schema';
import { issueKey, KEY_PURPOSES } from '../../server/platform/keys/oneTimeKeys';
import { MEMBER_ACCOUNT_TEXTS } from '../../server/memberManagement/members/memberAccountActions';
import { MINI_VIEW_TEXTS } from '../../server/memberManagement/members/miniViewActions';
import { OTP_TEXTS, otpCodeHash } from '../../server/memberManagement/members/otpActions';
import { verifyPassword } from '../../server/platform/session/passwordHash';
import { sha256Hex } from '../../server/platform/core/sha256';
import { startTestServer, testDatabases, type Call, type TestServer } from './harness';
import { keyIn, latestMail, linkIn, mailsTo, otpCodeIn } from './outbox';

const HOUR = 3_600_000;
const code = (call: Call) => call.body.status.responsecode;
const message = (call: Call) => call.body.status.responsemessage;

describe.each(testDatabases)('member pages on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const db = () => server.database.db;
  const staff = (path: string, data: unknown, token = admin) => server.call(path, data, { token });
  const member = (memberid: string) => db().selectFrom('member').selectAll().where('memberid', '=', memberid).executeTakeFirstOrThrow();
  const members = (filter: (m: MemberRow) => boolean) => db().selectFrom('member').selectAll().orderBy('memberid').execute().then((rows) => rows.filter(filter));
  const cardOf = async (memberid: string) =>
    (await db().selectFrom('member_card').select('cardnumber').where('memberid', '=', memberid).orderBy('cardnumber').executeTakeFirstOrThrow()).cardnumber;
  const logs = (legend: string) => db().selectFrom('user_log').selectAll().where('module', '=', 'MEMBER').where('legend', '=', legend).orderBy('logid').execute();
  const setPassword = (key: string, memberid: string, password: string, extra: Record<string, unknown> = {}) =>
    server.call(PATHS.memberChangePassword, { key, memberid, forceupdate: true, currentpassword: MEMBER_DEFAULT_PASSWORD, newpassword: sha256Hex(password), ...extra });

  /** Everything a refused call must leave as it was (OTP attempt counts aside, which the spec counts). */
  const snapshot = async () => ({
    members: await db().selectFrom('member').selectAll().orderBy('memberid').execute(),
    keys: await db().selectFrom('one_time_key').select(['keyhash', 'usedat']).orderBy('keyhash').execute(),
    mails: (await db().selectFrom('outbox').select('mailid').execute()).length,
    otp: await db().selectFrom('otp_session').select(['otpid', 'verificationstatus', 'applieddate']).orderBy('otpid').execute(),
  });
  const expectRefused = async (call: () => Promise<Call>, responsecode: string, responsemessage?: string) => {
    const before = await snapshot();
    const answer = await call();
    expect(code(answer)).toBe(responsecode);
    if (responsemessage) expect(message(answer)).toBe(responsemessage);
    expect(await snapshot()).toEqual(before);
    return answer;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.identity!.signature!;
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    server.clock.offsetMs = 0;
  });

  describe('activation', () => {
    it('goes from the staff call to the mail, the key, the password and a used key', async () => {
      const [pending] = await members((m) => m.status === 'ACTIVE' && m.passwordhash === null);
      const sent = await staff('/api/member/send-activation', { memberid: pending!.memberid });
      expect(sent.body.status).toEqual({ responsecode: '0000', responsemessage: MEMBER_ACCOUNT_TEXTS.activationSent });

      const mail = await latestMail(db(), pending!.email!, 'ACTIVATION');
      expect(mail?.subject).toBe(MEMBER_ACCOUNT_TEXTS.activationSubject);
      expect(mail?.body).toContain(`Dear ${pending!.firstname} ${pending!.lastname}`);
      expect(linkIn(mail).pathname).toMatch(/^\/activation\/[A-Za-z0-9_-]{43}$/);
      const key = keyIn(mail);

      const retrieved = await server.call(PATHS.retrieveKey, { key });
      expect(retrieved.body.result).toEqual({ keytype: 'ACTIVATION', memberid: pending!.memberid });
      const activated = await server.call(PATHS.activation, { key });
      expect(activated.body.result).toEqual({ memberid: pending!.memberid });

      const done = await setPassword(key, pending!.memberid, 'Garuda#2026');
      expect(done.body.status).toEqual({ responsecode: '0000', responsemessage: MEMBER_ACCOUNT_TEXTS.passwordSet });
      const after = await member(pending!.memberid);
      expect(await verifyPassword(after.passwordhash!, sha256Hex('Garuda#2026'))).toBe(true);
      expect(after.emailverified).toBe(1);
      expect((await logs('ACTIVATE')).map((l) => [l.username, l.recordkey])).toEqual([[pending!.memberid, pending!.memberid]]);
      expect((await logs('ACTIVATION_SENT')).at(-1)).toMatchObject({ username: 'admin', recordkey: pending!.memberid });

      await expectRefused(() => setPassword(key, pending!.memberid, 'Another#2026'), CODES.KEY_USED, MESSAGES.KEY_USED);
      await expectRefused(() => server.call(PATHS.activation, { key }), CODES.KEY_USED);
      await expectRefused(() => server.call(PATHS.retrieveKey, { key }), CODES.KEY_USED);
      // Activated: staff send a reset instead.
      await expectRefused(() => staff('/api/member/send-activation', { memberid: pending!.memberid }), CODES.VALIDATION, MEMBER_ACCOUNT_TEXTS.alreadyActivated);
    });

    it('never sets a password without the key of that member', async () => {
      const [first, second] = await members((m) => m.status === 'ACTIVE' && m.passwordhash === null);
      await staff('/api/member/send-activation', { memberid: first!.memberid });
      const key = keyIn(await latestMail(db(), first!.email!, 'ACTIVATION'));

      const noKey = await expectRefused(
        () => server.call(PATHS.memberChangePassword, { memberid: first!.memberid, forceupdate: true, currentpassword: MEMBER_DEFAULT_PASSWORD, newpassword: sha256Hex('Garuda#2026') }),
        CODES.BAD_REQUEST,
      );
      expect(noKey.http).toBe(400);
      await expectRefused(() => setPassword(key, second!.memberid, 'Garuda#2026'), CODES.KEY_INVALID, MESSAGES.KEY_INVALID);
      await expectRefused(() => setPassword('not-a-key', first!.memberid, 'Garuda#2026'), CODES.KEY_INVALID);
      await expectRefused(() => setPassword('x'.repeat(43), first!.memberid, 'Garuda#2026'), CODES.KEY_INVALID);
      await expectRefused(() => setPassword(key, first!.memberid, 'x', { newpassword: 'Garuda#2026' }), CODES.BAD_REQUEST);
      await expectRefused(() => setPassword(key, first!.memberid, 'x', { newpassword: sha256Hex('x').toUpperCase() }), CODES.BAD_REQUEST);
      await expectRefused(() => setPassword(key, first!.memberid, 'Garuda#2026', { currentpassword: 'guess' }), CODES.BAD_REQUEST);
      await expectRefused(() => setPassword(key, first!.memberid, 'Garuda#2026', { forceupdate: false }), CODES.BAD_REQUEST);

      server.clock.offsetMs = (server.config.activationKeyHours + 1) * HOUR;
      await expectRefused(() => server.call(PATHS.retrieveKey, { key }), CODES.KEY_EXPIRED, MESSAGES.KEY_EXPIRED);
      await expectRefused(() => setPassword(key, first!.memberid, 'Garuda#2026'), CODES.KEY_EXPIRED);
      expect((await member(first!.memberid)).passwordhash).toBeNull();
    });

    it('answers 9999 for a key whose member does not exist', async () => {
      const gone = await issueKey(db(), { purpose: KEY_PURPOSES.ACTIVATION, subject: 'MBR9999999' }, 60, new Date());
      expect((await server.call(PATHS.retrieveKey, { key: gone })).body.result).toEqual({ keytype: 'ACTIVATION', memberid: 'MBR9999999' });
      await expectRefused(() => server.call(PATHS.activation, { key: gone }), CODES.MEMBER_NOT_FOUND, 'Member ID not found');
      await expectRefused(() => setPassword(gone, 'MBR9999999', 'Garuda#2026'), CODES.MEMBER_NOT_FOUND);

      const none = await issueKey(db(), { purpose: KEY_PURPOSES.ACTIVATION, subject: null }, 60, new Date());
      expect((await server.call(PATHS.retrieveKey, { key: none })).body.result).toEqual({ keytype: 'ACTIVATION', memberid: null });
      await expectRefused(() => server.call(PATHS.activation, { key: none }), CODES.MEMBER_NOT_FOUND, 'Member ID not found');
    });

    it('lets only staff with the function send links, to members who exist', async () => {
      const [pending] = await members((m) => m.status === 'ACTIVE' && m.passwordhash === null);
      const anonymous = await expectRefused(() => server.call('/api/member/send-activation', { memberid: pending!.memberid }), CODES.UNAUTHENTICATED);
      expect(anonymous.http).toBe(401);
      const partner = (await server.login('partner')).body.identity!.signature!;
      for (const path of ['/api/member/send-activation', '/api/member/send-email-verification']) {
        expect((await expectRefused(() => staff(path, { memberid: pending!.memberid }, partner), CODES.FORBIDDEN)).http).toBe(403);
        await expectRefused(() => staff(path, { memberid: 'MBR9999999' }), CODES.MEMBER_NOT_FOUND, 'Member ID not found');
      }
      const [inactive] = await members((m) => m.status === 'INACTIVE');
      await expectRefused(() => staff('/api/member/send-email-verification', { memberid: inactive!.memberid }), CODES.VALIDATION, MEMBER_ACCOUNT_TEXTS.memberInactive);
    });
  });

  describe('member password reset', () => {
    it('mails a link for a card number or an e-mail, and the link sets the password once', async () => {
      const [active] = await members((m) => m.status === 'ACTIVE' && m.passwordhash !== null && m.username !== m.email);
      const card = await cardOf(active!.memberid);
      const asked = await server.call(PATHS.memberResetRequest, { username: ` ${card} `, recaptcha: await server.captcha() });
      expect(asked.body.status).toEqual({ responsecode: '0000', responsemessage: MEMBER_ACCOUNT_TEXTS.resetRequested });
      const mail = await latestMail(db(), active!.email!, 'MEMBER_RESET');
      expect(linkIn(mail).pathname).toMatch(/^\/reset-password-member\/[A-Za-z0-9_-]{43}$/);
      const key = keyIn(mail);

      expect((await server.call(PATHS.retrieveKey, { key })).body.result).toEqual({ keytype: 'MEMBER_RESET', memberid: active!.memberid });
      expect((await server.call(PATHS.memberResetValidation, { key })).body.result).toEqual({ memberid: active!.memberid });
      expect(code(await setPassword(key, active!.memberid, 'NewMiles#2026'))).toBe('0000');
      expect(await verifyPassword((await member(active!.memberid)).passwordhash!, sha256Hex('NewMiles#2026'))).toBe(true);
      expect((await logs('RESET_PASSWORD')).at(-1)).toMatchObject({ username: active!.memberid, recordkey: active!.memberid, ip: '127.0.0.1' });

      await expectRefused(() => server.call(PATHS.memberResetValidation, { key }), CODES.KEY_USED);
      await expectRefused(() => setPassword(key, active!.memberid, 'Other#2026'), CODES.KEY_USED);

      // By e-mail address, in any case; a newer link retires the older one.
      await server.call(PATHS.memberResetRequest, { username: active!.email!.toUpperCase(), recaptcha: await server.captcha() });
      const older = keyIn(await latestMail(db(), active!.email!, 'MEMBER_RESET'));
      await server.call(PATHS.memberResetRequest, { username: card, recaptcha: await server.captcha() });
      await expectRefused(() => server.call(PATHS.memberResetValidation, { key: older }), CODES.KEY_USED);
      const newest = keyIn(await latestMail(db(), active!.email!, 'MEMBER_RESET'));
      server.clock.offsetMs = (server.config.resetKeyMinutes + 1) * 60_000;
      await expectRefused(() => server.call(PATHS.memberResetValidation, { key: newest }), CODES.KEY_EXPIRED, MESSAGES.KEY_EXPIRED);
      await expectRefused(() => setPassword(newest, active!.memberid, 'Other#2026'), CODES.KEY_EXPIRED);
    });

    it('answers an unknown or inactive account with the same message and mails nothing', async () => {
      const [inactive] = await members((m) => m.status === 'INACTIVE');
      for (const username of ['nobody@example.com', '9999999999', await cardOf(inactive!.memberid), inactive!.email!]) {
        const before = await snapshot();
        const answer = await server.call(PATHS.memberResetRequest, { username, recaptcha: await server.captcha() });
        expect(answer.body.status).toEqual({ responsecode: '0000', responsemessage: MEMBER_ACCOUNT_TEXTS.resetRequested });
        expect(answer.body.result).toBeUndefined();
        expect(await snapshot()).toEqual(before);
      }
      expect((await logs('RESET_REQUEST')).filter((l) => l.username === 'public').length).toBeGreaterThanOrEqual(3);
      await expectRefused(() => server.call(PATHS.memberResetRequest, { username: '' }), CODES.BAD_REQUEST);
    });

    it('keeps the keys of one page out of the others', async () => {
      await staff('/api/user/reset-user-password', { username: 'branch' });
      const staffKey = keyIn(await latestMail(db(), 'branch@alms.example', 'STAFF_RESET'));
      expect((await server.call(PATHS.retrieveKey, { key: staffKey })).body.result).toEqual({ keytype: 'STAFF_RESET', memberid: null });
      await expectRefused(() => server.call(PATHS.memberResetValidation, { key: staffKey }), CODES.KEY_INVALID);
      await expectRefused(() => server.call(PATHS.activation, { key: staffKey }), CODES.KEY_INVALID);
      await expectRefused(() => setPassword(staffKey, 'branch', 'Garuda#2026'), CODES.KEY_INVALID);
      await expectRefused(() => server.call(PATHS.verifyEmail, { memberid: staffKey }), CODES.KEY_INVALID);
    });
  });

  describe('e-mail verification', () => {
    it('verifies the address from the mailed link, once', async () => {
      const [unverified] = await members((m) => m.status === 'ACTIVE' && m.emailverified === 0 && m.passwordhash === null);
      expect(code(await staff('/api/member/send-email-verification', { memberid: unverified!.memberid }))).toBe('0000');
      const mail = await latestMail(db(), unverified!.email!, 'EMAIL_VERIFY');
      expect(linkIn(mail).pathname).toMatch(/^\/email-verified\/[A-Za-z0-9_-]{43}$/);
      const key = keyIn(mail);
      expect((await server.call(PATHS.retrieveKey, { key })).body.result).toEqual({ keytype: 'EMAIL_VERIFY', memberid: unverified!.memberid });

      const verified = await server.call(PATHS.verifyEmail, { memberid: key });
      expect(verified.body.status).toEqual({ responsecode: '0000', responsemessage: MEMBER_ACCOUNT_TEXTS.emailVerified });
      expect((await member(unverified!.memberid)).emailverified).toBe(1);
      expect((await logs('EMAIL_VERIFIED')).at(-1)).toMatchObject({ username: unverified!.memberid });
      await expectRefused(() => server.call(PATHS.verifyEmail, { memberid: key }), CODES.KEY_USED);
      await expectRefused(() => server.call(PATHS.verifyEmail, { memberid: unverified!.memberid }), CODES.KEY_INVALID);
      await expectRefused(() => setPassword(key, unverified!.memberid, 'Garuda#2026'), CODES.KEY_INVALID);
    });

    it('refuses an expired link', async () => {
      const [someone] = await members((m) => m.status === 'ACTIVE' && m.emailverified === 0);
      await staff('/api/member/send-email-verification', { memberid: someone!.memberid });
      const key = keyIn(await latestMail(db(), someone!.email!, 'EMAIL_VERIFY'));
      server.clock.offsetMs = (server.config.activationKeyHours + 1) * HOUR;
      await expectRefused(() => server.call(PATHS.verifyEmail, { memberid: key }), CODES.KEY_EXPIRED);
      expect((await member(someone!.memberid)).emailverified).toBe(0);
    });
  });

  describe('one-time codes', () => {
    const requestOtp = (data: Record<string, unknown>) => staff('/api/otp/request', data);
    const verify = (otpid: string, memberid: string, transactiontype: string, otpcode: number) =>
      server.call(PATHS.otpVerification, { otpid, memberid, transactiontype, otpcode, channel: 'BO' });
    const session = (otpid: string) => db().selectFrom('otp_session').selectAll().where('otpid', '=', otpid).executeTakeFirstOrThrow();

    /** Requests a code and reads it back from the mail: the otp id and link data from the link, the code from the text. */
    async function mailedOtp(data: Record<string, unknown>, to: string) {
      const asked = await requestOtp(data);
      expect(asked.body.status).toEqual({ responsecode: '0000', responsemessage: OTP_TEXTS.sent });
      // The mail of this code, found by its link: two codes mailed within one clock tick share a timestamp.
      const mail = (await mailsTo(db(), to)).find((m) => m.kind === 'OTP' && linkIn(m).pathname === `/otp/${asked.body.result.otpid}`);
      expect(mail, `a mail to ${to} with the link of code ${asked.body.result.otpid}`).toBeDefined();
      const link = linkIn(mail);
      expect(link.search.startsWith('?=')).toBe(true);
      return { otpid: asked.body.result.otpid as string, linkData: decodeOtpLink(link.search.slice(2)), code: Number(otpCodeIn(mail)), mail };
    }

    it('changes the profile once after the mailed code is verified, logging the client', async () => {
      const [someone] = await members((m) => m.status === 'ACTIVE' && m.passwordhash !== null && m.username === m.email);
      const change = { email: 'new.address@example.com', firstname: 'Sri', lastname: 'Wahyuni' };
      const otp = await mailedOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE', additionaldata: change, secondstimelimit: 120 }, change.email);
      expect(otp.linkData).toEqual({ memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE' });
      expect(otp.mail?.body).toContain('valid for 2 minutes');
      const stored = await session(otp.otpid);
      expect(stored).toMatchObject({ verificationstatus: 'PENDING', attempts: 0, secondstimelimit: 120 });
      expect(stored.otpcodehash).not.toContain(String(otp.code));

      const limit = await server.call(PATHS.otpSecondsTimeLimit, { otpid: otp.otpid });
      expect(limit.body.result.secondstimelimit).toBeGreaterThan(115);
      expect(limit.body.result.secondstimelimit).toBeLessThanOrEqual(120);

      const update = () => server.call(PATHS.otpUpdateWithOtp, { otpid: otp.otpid, browser: 'Mozilla/5.0 Test', longitude: 106.8456, latitude: -6.2088, ip: '203.0.113.9' });
      await expectRefused(update, CODES.OTP_INVALID, OTP_TEXTS.notVerified);
      const wrong = await verify(otp.otpid, someone!.memberid, 'UPDATE_PROFILE', (otp.code + 1) % 1_000_000);
      expect(wrong.body.status).toEqual({ responsecode: CODES.OTP_INVALID, responsemessage: MESSAGES.OTP_INVALID });
      expect((await session(otp.otpid)).attempts).toBe(1);

      const right = await verify(otp.otpid, someone!.memberid, 'UPDATE_PROFILE', otp.code);
      expect(right.body.status.responsecode).toBe('0000');
      expect((await session(otp.otpid)).verificationstatus).toBe('VERIFIED');
      await expectRefused(() => verify(otp.otpid, someone!.memberid, 'UPDATE_PROFILE', otp.code), CODES.KEY_USED);

      const applied = await update();
      expect(applied.body.status).toEqual({ responsecode: '0000', responsemessage: OTP_TEXTS.applied });
      const after = await member(someone!.memberid);
      expect(after).toMatchObject({ ...change, username: change.email, emailverified: 1 });
      const [entry] = (await logs('UPDATE_WITH_OTP')).slice(-1);
      expect(entry).toMatchObject({ username: someone!.memberid, recordkey: someone!.memberid, ip: '127.0.0.1' });
      expect(JSON.parse(entry!.beforevalue!)).toMatchObject({ email: someone!.email, firstname: someone!.firstname });
      expect(JSON.parse(entry!.aftervalue!)).toMatchObject({ ...change, browser: 'Mozilla/5.0 Test', longitude: 106.8456, latitude: -6.2088, ip: '127.0.0.1' });
      await expectRefused(update, CODES.KEY_USED);
      await expectRefused(() => server.call(PATHS.otpSecondsTimeLimit, { otpid: otp.otpid }), CODES.KEY_USED);
    });

    it('locks the session after three wrong codes', async () => {
      const [someone] = await members((m) => m.status === 'ACTIVE' && m.passwordhash !== null);
      const otp = await mailedOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE', additionaldata: { firstname: 'Locked' } }, someone!.email!);
      expect((await session(otp.otpid)).secondstimelimit).toBe(OTP_DEFAULT_SECONDS);
      const wrongCode = (otp.code + 500_000) % 1_000_000;
      expect(code(await verify(otp.otpid, someone!.memberid, 'UPDATE_PROFILE', wrongCode))).toBe(CODES.OTP_INVALID);
      expect(code(await verify(otp.otpid, someone!.memberid, 'UPDATE_PROFILE', wrongCode))).toBe(CODES.OTP_INVALID);
      const third = await verify(otp.otpid, someone!.memberid, 'UPDATE_PROFILE', wrongCode);
      expect(third.body.status).toEqual({ responsecode: CODES.OTP_EXPIRED, responsemessage: MESSAGES.OTP_EXPIRED });
      expect(await session(otp.otpid)).toMatchObject({ verificationstatus: 'LOCKED', attempts: 3 });
      expect((await logs('OTP_LOCKED')).at(-1)).toMatchObject({ username: someone!.memberid });
      // The member is locked too, until staff unlock it on Member Locked (MEMLOCK).
      expect(await (server.database.db as any).selectFrom('member').select('locked').where('memberid', '=', someone!.memberid).executeTakeFirstOrThrow()).toEqual({ locked: 1 });

      await expectRefused(() => verify(otp.otpid, someone!.memberid, 'UPDATE_PROFILE', otp.code), CODES.OTP_EXPIRED);
      await expectRefused(() => server.call(PATHS.otpSecondsTimeLimit, { otpid: otp.otpid }), CODES.OTP_EXPIRED);
      await expectRefused(() => server.call(PATHS.otpUpdateWithOtp, { otpid: otp.otpid }), CODES.OTP_EXPIRED);
      expect((await member(someone!.memberid)).firstname).toBe(someone!.firstname);
    });

    it('expires the code after its time limit and when a newer code is sent', async () => {
      const [someone] = await members((m) => m.status === 'ACTIVE' && m.passwordhash !== null);
      const otp = await mailedOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_NAME', additionaldata: { lastname: 'Expired' }, secondstimelimit: 60 }, someone!.email!);
      server.clock.offsetMs = 61_000;
      await expectRefused(() => server.call(PATHS.otpSecondsTimeLimit, { otpid: otp.otpid }), CODES.OTP_EXPIRED, MESSAGES.OTP_EXPIRED);
      expect(code(await verify(otp.otpid, someone!.memberid, 'UPDATE_NAME', otp.code))).toBe(CODES.OTP_EXPIRED);
      expect((await session(otp.otpid)).verificationstatus).toBe('EXPIRED');
      await expectRefused(() => server.call(PATHS.otpUpdateWithOtp, { otpid: otp.otpid }), CODES.OTP_EXPIRED);
      expect((await member(someone!.memberid)).lastname).toBe(someone!.lastname);

      server.clock.offsetMs = 0;
      const first = await mailedOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_NAME', additionaldata: { lastname: 'First' } }, someone!.email!);
      const second = await mailedOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_NAME', additionaldata: { lastname: 'Second' } }, someone!.email!);
      await expectRefused(() => verify(first.otpid, someone!.memberid, 'UPDATE_NAME', first.code), CODES.OTP_EXPIRED);
      expect(code(await verify(second.otpid, someone!.memberid, 'UPDATE_NAME', second.code))).toBe('0000');
      // A verified code left unused runs out after its own time limit.
      server.clock.offsetMs = (OTP_DEFAULT_SECONDS + 1) * 1000;
      await expectRefused(() => server.call(PATHS.otpUpdateWithOtp, { otpid: second.otpid }), CODES.OTP_EXPIRED);
      expect((await member(someone!.memberid)).lastname).toBe(someone!.lastname);
    });

    it('accepts a code with leading zeros sent as a number, and a code without a change to apply', async () => {
      const [someone] = await members((m) => m.status === 'ACTIVE' && m.passwordhash !== null);
      const otp = await mailedOtp({ memberid: someone!.memberid, transactiontype: 'REDEMPTION' }, someone!.email!);
      expect((await session(otp.otpid)).additionaldata).toBeNull();
      await db().updateTable('otp_session').set({ otpcodehash: await otpCodeHash(db(), otp.otpid, '012345') }).where('otpid', '=', otp.otpid).execute();
      expect(code(await verify(otp.otpid, someone!.memberid, 'REDEMPTION', 12345))).toBe('0000');
      expect(code(await server.call(PATHS.otpUpdateWithOtp, { otpid: otp.otpid, browser: null, longitude: null, latitude: null }))).toBe('0000');
      expect(await member(someone!.memberid)).toEqual(someone);
    });

    it('refuses links put together by hand and bad requests, changing nothing', async () => {
      const [someone, other] = await members((m) => m.status === 'ACTIVE' && m.passwordhash !== null);
      const otp = await mailedOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE', additionaldata: { firstname: 'Tampered' } }, someone!.email!);
      await expectRefused(() => verify(otp.otpid, other!.memberid, 'UPDATE_PROFILE', otp.code), CODES.KEY_INVALID, MESSAGES.KEY_INVALID);
      await expectRefused(() => verify(otp.otpid, someone!.memberid, 'REDEMPTION', otp.code), CODES.KEY_INVALID);
      await expectRefused(() => verify('no-such-session', someone!.memberid, 'UPDATE_PROFILE', otp.code), CODES.KEY_INVALID);
      await expectRefused(() => server.call(PATHS.otpSecondsTimeLimit, { otpid: 'no-such-session' }), CODES.KEY_INVALID);
      await expectRefused(() => server.call(PATHS.otpUpdateWithOtp, { otpid: 'no-such-session' }), CODES.KEY_INVALID);
      await expectRefused(() => server.call(PATHS.otpVerification, { otpid: otp.otpid, memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE', otpcode: '123456' }), CODES.BAD_REQUEST);
      await expectRefused(() => verify(otp.otpid, someone!.memberid, 'UPDATE_PROFILE', 1_000_000), CODES.BAD_REQUEST);
      expect((await session(otp.otpid)).attempts).toBe(0);

      await expectRefused(() => requestOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE', additionaldata: { status: 'ACTIVE' } }), CODES.VALIDATION, OTP_TEXTS.unknownField);
      await expectRefused(() => requestOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE', additionaldata: { email: 'not-an-address' } }), CODES.VALIDATION, 'E-mail format is not valid (e.g. name@example.com)');
      await expectRefused(() => requestOtp({ memberid: 'MBR9999999', transactiontype: 'UPDATE_PROFILE' }), CODES.MEMBER_NOT_FOUND);
      await expectRefused(() => requestOtp({ memberid: someone!.memberid, transactiontype: 'update profile' }), CODES.BAD_REQUEST);
      await expectRefused(() => requestOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE', secondstimelimit: 5 }), CODES.BAD_REQUEST);
      const [inactive] = await members((m) => m.status === 'INACTIVE');
      await expectRefused(() => requestOtp({ memberid: inactive!.memberid, transactiontype: 'UPDATE_PROFILE' }), CODES.ACCOUNT_INACTIVE);
      const partner = (await server.login('partner')).body.identity!.signature!;
      await expectRefused(() => staff('/api/otp/request', { memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE' }, partner), CODES.FORBIDDEN);
    });

    it('refuses an e-mail change to an address another member signs in with, applying nothing', async () => {
      const byEmail = await members((m) => m.status === 'ACTIVE' && m.username === m.email);
      const [someone, other] = byEmail.slice(-2);
      const otp = await mailedOtp({ memberid: someone!.memberid, transactiontype: 'UPDATE_PROFILE', additionaldata: { email: other!.email, firstname: 'Clash' } }, other!.email!);
      expect(code(await verify(otp.otpid, someone!.memberid, 'UPDATE_PROFILE', otp.code))).toBe('0000');
      await expectRefused(() => server.call(PATHS.otpUpdateWithOtp, { otpid: otp.otpid }), CODES.DUPLICATE, OTP_TEXTS.usernameTaken);
    });
  });

  describe('mini-view', () => {
    it('answers only the summary fields of the member holding the card', async () => {
      const [holder] = await members((m) => m.status === 'ACTIVE');
      const cards = await db().selectFrom('member_card').select('cardnumber').where('memberid', '=', holder!.memberid).orderBy('cardnumber').execute();
      expect(cards.length).toBe(2);
      const found = await server.call(PATHS.memberProfile, { cardnumber: ` ${cards[1]!.cardnumber} `, type: 'SUMMARY' });
      expect(found.body.status.responsecode).toBe('0000');
      const account = await db().selectFrom('member_account').selectAll().where('memberid', '=', holder!.memberid).executeTakeFirstOrThrow();
      expect(found.body.result).toEqual({
        firstname: holder!.firstname,
        lastname: holder!.lastname,
        status: holder!.status,
        membercards: expect.arrayContaining([
          { cardnumber: cards[0]!.cardnumber, membershipname: 'Nusantara Miles', tiername: expect.any(String) },
          { cardnumber: cards[1]!.cardnumber, membershipname: 'Nusantara Miles Co-Brand Card', tiername: expect.any(String) },
        ]),
        memberaccount: { startperiod: account.startperiod, endperiod: account.endperiod },
      });
      expect(found.body.result.membercards).toHaveLength(2);
      expect(found.body.result.memberaccount.startperiod).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const [inactive] = await members((m) => m.status === 'INACTIVE');
      const shown = await server.call(PATHS.memberProfile, { cardnumber: await cardOf(inactive!.memberid), type: 'SUMMARY' });
      expect(shown.body.result.status).toBe('INACTIVE');
    });

    it('refuses card numbers that are not digits, too long or unknown', async () => {
      const look = (cardnumber: string) => server.call(PATHS.memberProfile, { cardnumber, type: 'SUMMARY' });
      const letters = await expectRefused(() => look('51000A0018'), CODES.VALIDATION, 'Card Number can be filled with number only');
      expect(letters.body.result).toEqual({ fields: { cardnumber: 'Card Number can be filled with number only' } });
      await expectRefused(() => look('1'.repeat(46)), CODES.VALIDATION, 'Card Number max length 45');
      await expectRefused(() => look('   '), CODES.VALIDATION, 'Card Number is Required');
      await expectRefused(() => look('12 34'), CODES.VALIDATION);
      const unknown = await expectRefused(() => look('1'.repeat(45)), CODES.NOT_FOUND, MINI_VIEW_TEXTS.notFound);
      expect(unknown.body.result).toBeUndefined();
      await expectRefused(() => server.call(PATHS.memberProfile, { cardnumber: '5100000018', type: 'FULL' }), CODES.BAD_REQUEST);
    });
  });
});

describe.each(testDatabases)('mini-view rate limit on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, { MINIVIEW_RATE_PER_MINUTE: '3' });
  });
  afterAll(async () => server?.close());

  it('answers 429 after the limit per client in a minute, and again after the minute', async () => {
    const look = () => server.call(PATHS.memberProfile, { cardnumber: '1234567890', type: 'SUMMARY' });
    for (let i = 0; i < 3; i++) expect(code(await look())).toBe(CODES.NOT_FOUND);
    const refused = await look();
    expect(refused.http).toBe(429);
    expect(refused.body.status).toEqual({ responsecode: CODES.TOO_MANY_REQUESTS, responsemessage: MESSAGES.TOO_MANY_REQUESTS });
    server.clock.offsetMs = 61_000;
    expect(code(await look())).toBe(CODES.NOT_FOUND);
  });
});
