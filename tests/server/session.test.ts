// Session management on both databases: captcha, authenticate, lockout, expiry, change-password, extend, expire.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../server/platform/core/sha256';
import { CHANGE_TICKET_MINUTES } from '../../server/platform/session/credentials';
import { startTestServer, testDatabases, type TestServer } from './harness';

/** The stored hash each argon2 verification ran against, in order: every login path must run one. */
const argon2Verified = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (hashed: string, password: string, options?: Parameters<typeof real.verify>[2]) => {
      argon2Verified.push(hashed);
      return real.verify(hashed, password, options);
    },
  };
});

/** The change of a password: with the 9004 answer's ticket, or with the user's own session. */
const changePassword = (server: TestServer, username: string, current: string, next: string, proof: { token?: string; ticket?: string } = {}) =>
  server.call(
    '/api/user/change-password',
    {
      username,
      ...(proof.ticket === undefined ? {} : { ticket: proof.ticket }),
      currentpassword: sha256Hex(current),
      newpassword: sha256Hex(next),
      plain: { currentpassword: current, newpassword: next },
    },
    { token: proof.token },
  );

const countRows = async (server: TestServer, table: 'session' | 'user_log' | 'app_user') =>
  Number((await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe.each(testDatabases)('session on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    // Every call comes from one address: its own lock (publicAbuse.test.ts) is kept out of these account tests.
    server = await startTestServer(target, { LOGIN_LOCK_MINUTES: '15', SESSION_MINUTES: '60', SESSION_EXTEND_GRACE_MINUTES: '120', LOGIN_ADDRESS_MAX_FAILURES: '1000' });
  });
  afterAll(async () => server?.close());

  it('hands out a self-hosted ALTCHA challenge', async () => {
    const { http, body } = await server.call('/api/session/captcha');
    expect(http).toBe(200);
    expect(body.status.responsecode).toBe('0000');
    expect(body.result).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
    expect(body.result.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs in with a solved captcha and answers usermenu, enrollmentaccess, bearer and the signature', async () => {
    const { body } = await server.login('admin');
    expect(body.status.responsecode).toBe('0000');
    expect(body.result.bearer).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.identity?.signature).toBe(body.result.bearer);
    expect(Array.isArray(body.result.enrollmentaccess)).toBe(true);
    const user = body.result.usermenu.find((m: { menucode: string }) => m.menucode === 'USER');
    expect(user.functions).toContainEqual({ functioncode: 'USER_ACCESS', grant: true });
    expect(body.result.user).toMatchObject({ username: 'admin', rolename: 'Administrator' });
    const check = await server.call('/api/session/check', undefined, { token: body.result.bearer });
    expect(check.body.status.responsecode).toBe('0000');
    expect(check.body.result.username).toBe('admin');
  });

  it('stores only a slow hash of the password and a hash of the token', async () => {
    const { body } = await server.login('admin');
    const user = await server.database.db.selectFrom('app_user').select('passwordhash').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(user.passwordhash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const stored = await server.database.db.selectFrom('session').select('tokenhash').execute();
    expect(stored.map((s) => s.tokenhash)).toContain(sha256Hex(body.result.bearer));
    expect(stored.map((s) => s.tokenhash)).not.toContain(body.result.bearer);
  });

  it('rejects a wrong password, an unknown user, a missing, forged or reused captcha', async () => {
    const wrong = await server.login('partner', 'Wrong#2026');
    expect(wrong.body.status).toEqual({ responsecode: '9001', responsemessage: 'Invalid username or password' });
    const unknown = await server.login('nobody');
    expect(unknown.body.status).toEqual(wrong.body.status);

    const data = { username: 'admin', password: sha256Hex('Admin#2026') };
    const missing = await server.call('/api/session/authenticate', { ...data, recaptcha: '' });
    expect(missing.body.status.responsecode).toBe('9002');
    const recaptcha = await server.captcha();
    const forged = JSON.parse(Buffer.from(recaptcha, 'base64').toString());
    forged.number += 1;
    const forgedCall = await server.call('/api/session/authenticate', { ...data, recaptcha: Buffer.from(JSON.stringify(forged)).toString('base64') });
    expect(forgedCall.body.status.responsecode).toBe('9002');
    const first = await server.call('/api/session/authenticate', { ...data, recaptcha });
    expect(first.body.status.responsecode).toBe('0000');
    const reused = await server.call('/api/session/authenticate', { ...data, recaptcha });
    expect(reused.body.status).toEqual({ responsecode: '9002', responsemessage: 'Captcha verification failed, please try again' });
  });

  it("answers the spec's messages for an empty username or password", async () => {
    const noUser = await server.call('/api/session/authenticate', { username: ' ', password: sha256Hex('x'), recaptcha: 'x' });
    expect(noUser.body.status.responsemessage).toBe('Please input your username!');
    expect(noUser.body.result.fields).toEqual({ username: 'Please input your username!' });
    const noPassword = await server.call('/api/session/authenticate', { username: 'admin', password: '', recaptcha: 'x' });
    expect(noPassword.body.status.responsemessage).toBe('Please input your Password!');
  });

  it('locks an account after 5 failures, answers a locked account like a wrong password, and unlocks after the period', async () => {
    for (let i = 0; i < 5; i++) expect((await server.login('branch', 'Wrong#2026')).body.status.responsecode).toBe('9001');
    const locked = await server.login('branch');
    expect(locked.body.status).toEqual({ responsecode: '9001', responsemessage: 'Invalid username or password' });
    const legends = await server.database.db.selectFrom('user_log').select('legend').where('username', '=', 'branch').orderBy('logid').execute();
    expect(legends.map((l) => l.legend)).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'LOCKED', 'LOGIN_FAILED']);
    server.clock.offsetMs = 16 * 60_000;
    try {
      expect((await server.login('branch')).body.status.responsecode).toBe('0000');
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('answers 9004 with the spec message and a change ticket for an expired password, then accepts the changed one', async () => {
    const expired = await server.login('expired');
    expect(expired.body.status).toEqual({
      responsecode: '9004',
      responsemessage: 'Your password has expired. Please change your password now and log in again!',
    });
    expect(Object.keys(expired.body.result)).toEqual(['changeticket']);
    const ticket = expired.body.result.changeticket as string;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await server.database.db.selectFrom('one_time_key').select(['keyhash', 'subject']).where('purpose', '=', 'PASSWORD_EXPIRED').execute();
    expect(stored).toContainEqual({ keyhash: sha256Hex(ticket), subject: 'expired' });
    expect(stored.map((k) => k.keyhash)).not.toContain(ticket);
    // No session comes with it.
    expect((await server.call('/api/session/check', undefined, { token: ticket })).http).toBe(401);

    const tooClose = await changePassword(server, 'expired', 'Admin#2026', 'Admin#2027', { ticket });
    expect(tooClose.body.status).toEqual({ responsecode: '9003', responsemessage: 'At least 2 different characters from Current Password.' });
    const weak = await changePassword(server, 'expired', 'Admin#2026', 'lowercase only', { ticket });
    expect(weak.body.status.responsemessage).toBe('At least 1 uppercase character.');
    const tooLong = await changePassword(server, 'expired', 'Admin#2026', `Zz#9${'x'.repeat(42)}`, { ticket });
    expect(tooLong.body.status.responsemessage).toBe('Maximum 45 characters');
    const wrongCurrent = await changePassword(server, 'expired', 'Nope#2026', 'Fresh#Pass42', { ticket });
    expect(wrongCurrent.body.status.responsecode).toBe('9001');

    const changed = await changePassword(server, 'expired', 'Admin#2026', 'Fresh#Pass42', { ticket });
    expect(changed.body.status).toEqual({ responsecode: '0000', responsemessage: 'Data has been updated' });
    expect(changed.body.result.detail).toBe('Now you can use a new password to log in to your account!');
    // The ticket works once.
    const again = await changePassword(server, 'expired', 'Fresh#Pass42', 'Other#Pass77', { ticket });
    expect(again.http).toBe(401);
    expect((await server.login('expired', 'Fresh#Pass42')).body.status.responsecode).toBe('0000');
    expect((await server.login('expired', 'Admin#2026')).body.status.responsecode).toBe('9001');
  });

  it('refuses a change of password without a session or a change ticket, before any password is checked: nobody can lock bod', async () => {
    const attempts = server.config.loginMaxFailures + 2;
    for (let i = 0; i < attempts; i++) {
      const { http, body } = await changePassword(server, 'bod', `Guess#${i}000`, 'Fresh#Pass42');
      expect(http).toBe(401);
      expect(body.status).toEqual({ responsecode: '4010', responsemessage: 'Your session has ended, please log in again' });
    }
    const bod = await server.database.db.selectFrom('app_user').select(['failedcount', 'lockeduntil']).where('username', '=', 'bod').executeTakeFirstOrThrow();
    expect(bod).toEqual({ failedcount: 0, lockeduntil: null });
    expect((await server.login('bod')).body.status.responsecode).toBe('0000');
  });

  it("refuses a change ticket that is forged, another user's, or expired", async () => {
    const reExpire = () =>
      server.database.db.updateTable('app_user').set({ passworddate: '2020-01-01T00:00:00.000Z' }).where('username', '=', 'expired').execute();
    await reExpire();
    const ticket = (await server.login('expired', 'Fresh#Pass42')).body.result.changeticket as string;
    for (const [username, proof] of [
      ['expired', { ticket: 'A'.repeat(43) }],
      ['bod', { ticket }],
      ['bod', { ticket: '' }],
    ] as const) {
      expect((await changePassword(server, username, 'Admin#2026', 'Fresh#Pass77', proof)).body.status.responsecode).toBe('4010');
    }
    server.clock.offsetMs = (CHANGE_TICKET_MINUTES + 1) * 60_000;
    try {
      expect((await changePassword(server, 'expired', 'Fresh#Pass42', 'Other#Pass77', { ticket })).body.status.responsecode).toBe('4010');
    } finally {
      server.clock.offsetMs = 0;
    }
    expect((await changePassword(server, 'expired', 'Fresh#Pass42', 'Other#Pass77', { ticket })).body.status.responsecode).toBe('0000');
  });

  it("lets a signed-in user change their own password with the session, and nobody else's", async () => {
    const user = 'partner';
    const token = (await server.login(user)).body.result.bearer as string;
    const other = await changePassword(server, 'bod', 'Admin#2026', 'Fresh#Pass42', { token });
    expect(other.http).toBe(403);
    const own = await changePassword(server, user, 'Admin#2026', 'Partner#Pass7', { token });
    expect(own.body.status.responsecode).toBe('0000');
    // The session that changed it goes on.
    expect((await server.call('/api/session/check', undefined, { token })).http).toBe(200);
    // Back to the demo password for the tests that follow.
    const db = server.database.db;
    const demo = (await db.selectFrom('app_user').select('passwordhash').where('username', '=', 'admin').executeTakeFirstOrThrow()).passwordhash;
    await db.updateTable('app_user').set({ passwordhash: demo }).where('username', '=', user).execute();
  });

  it('runs one argon2 verification against a real hash on every login path, so timing tells no user apart', async () => {
    const at = new Date().toISOString();
    const db = server.database.db;
    const base = { email: 'x@alms.example', rolecode: 'BRANCH', branchcode: null, tickoffid: null, partnercode: null, failedcount: 0, createddate: at, updateddate: at, passworddate: at };
    const real = (await db.selectFrom('app_user').select('passwordhash').where('username', '=', 'admin').executeTakeFirstOrThrow()).passwordhash;
    await db
      .insertInto('app_user')
      .values([
        { ...base, username: 'qz.unset', userfullname: 'Not Set Yet', status: 'ACTIVE', passwordhash: '!unset', lockeduntil: null },
        { ...base, username: 'qz.locked', userfullname: 'Locked', status: 'ACTIVE', passwordhash: real, lockeduntil: '2999-01-01T00:00:00.000Z' },
        { ...base, username: 'qz.inactive', userfullname: 'Inactive', status: 'INACTIVE', passwordhash: real, lockeduntil: null },
      ])
      .execute();
    for (const [username, password, code] of [
      ['nobody.at.all', 'Admin#2026', '9001'],
      ['qz.unset', 'Admin#2026', '9001'],
      ['qz.locked', 'Admin#2026', '9001'],
      ['qz.inactive', 'Admin#2026', '9006'],
      ['admin', 'Wrong#2026', '9001'],
      ['admin', 'Admin#2026', '0000'],
    ] as const) {
      argon2Verified.length = 0;
      expect((await server.login(username, password)).body.status.responsecode, username).toBe(code);
      expect(argon2Verified, username).toHaveLength(1);
      expect(argon2Verified[0], username).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  it('answers a captcha of an unknown algorithm as a failed captcha (9002), not a fault', async () => {
    const recaptcha = JSON.parse(Buffer.from(await server.captcha(), 'base64').toString());
    const alien = Buffer.from(JSON.stringify({ ...recaptcha, algorithm: 'MD5' })).toString('base64');
    const { http, body } = await server.call('/api/session/authenticate', { username: 'admin', password: sha256Hex('Admin#2026'), recaptcha: alien });
    expect(http).toBe(200);
    expect(body.status.responsecode).toBe('9002');
  });

  it('refuses plain passwords that do not match their hashes, and changes nothing', async () => {
    const token = (await server.login('bod')).body.result.bearer as string;
    const before = await server.database.db.selectFrom('app_user').select('passwordhash').where('username', '=', 'bod').executeTakeFirstOrThrow();
    const { http, body } = await server.call(
      '/api/user/change-password',
      {
        username: 'bod',
        currentpassword: sha256Hex('Admin#2026'),
        newpassword: sha256Hex('Other#Pass99'),
        plain: { currentpassword: 'Admin#2026', newpassword: 'Fresh#Pass42' },
      },
      { token },
    );
    expect(http).toBe(400);
    expect(body.status.responsecode).toBe('1001');
    const after = await server.database.db.selectFrom('app_user').select('passwordhash').where('username', '=', 'bod').executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('extends a session once with application id amala, ending the old token', async () => {
    const token = (await server.login('admin')).body.result.bearer as string;
    const wrongApp = await server.call('/api/session/extend', { minutes: 60 }, { token });
    expect(wrongApp.http).toBe(400);
    const extended = await server.call('/api/session/extend', { minutes: 60 }, { token, appid: 'amala' });
    expect(extended.body.status.responsecode).toBe('0000');
    const next = extended.body.result.bearer as string;
    expect(next).not.toBe(token);
    expect(extended.body.identity?.signature).toBe(next);
    expect((await server.call('/api/session/check', undefined, { token })).http).toBe(401);
    expect((await server.call('/api/session/check', undefined, { token: next })).http).toBe(200);
    const again = await server.call('/api/session/extend', { minutes: 60 }, { token, appid: 'amala' });
    expect(again.http).toBe(401);
    expect(again.body.status.responsecode).toBe('9005');
  });

  it('answers 401 once a session has expired, and extends it within the grace period (401 -> extend -> retry)', async () => {
    const token = (await server.login('admin')).body.result.bearer as string;
    server.clock.offsetMs = 61 * 60_000;
    try {
      const expired = await server.call('/api/role/get-menu', undefined, { token });
      expect(expired.http).toBe(401);
      expect(expired.body.status.responsecode).toBe('4010');
      const extended = await server.call('/api/session/extend', { minutes: 60 }, { token, appid: 'amala' });
      expect(extended.body.status.responsecode).toBe('0000');
      const retried = await server.call('/api/role/get-menu', undefined, { token: extended.body.result.bearer });
      expect(retried.body.status.responsecode).toBe('0000');
      server.clock.offsetMs = (61 + 60 + 121) * 60_000;
      const late = await server.call('/api/session/extend', { minutes: 60 }, { token: extended.body.result.bearer, appid: 'amala' });
      expect(late.http).toBe(401);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('ends a session on expire, logs it, and then answers 401', async () => {
    const token = (await server.login('partner')).body.result.bearer as string;
    const expire = await server.call('/api/session/expire', undefined, { token });
    expect(expire.body.status.responsecode).toBe('0000');
    expect((await server.call('/api/session/check', undefined, { token })).http).toBe(401);
    const log = await server.database.db.selectFrom('user_log').select('legend').where('username', '=', 'partner').orderBy('logid', 'desc').executeTakeFirstOrThrow();
    expect(log.legend).toBe('LOGOUT');
    expect((await server.call('/api/session/expire', undefined, { token })).body.status.responsecode).toBe('0000');
  });

  it('answers 401 without a token and 403 without the grant', async () => {
    expect((await server.call('/api/role/get-menu')).http).toBe(401);
    const bod = (await server.login('bod')).body.result.bearer as string;
    const denied = await server.call('/api/role/retrieve-detail', { rolecode: 'ADMIN' }, { token: bod });
    expect(denied.http).toBe(403);
    expect(denied.body.status.responsecode).toBe('4030');
    const admin = (await server.login('admin')).body.result.bearer as string;
    const allowed = await server.call('/api/role/retrieve-detail', { rolecode: 'BOD' }, { token: admin });
    expect(allowed.body.result.rolename).toBe('BOD');
  });

  it('takes a changed grant into account on the next request', async () => {
    const admin = (await server.login('admin')).body.result.bearer as string;
    const db = server.database.db;
    await db.updateTable('role_permission').set({ granted: 0 }).where('rolecode', '=', 'ADMIN').where('functioncode', '=', 'ROLE_ACCESS').execute();
    try {
      expect((await server.call('/api/role/retrieve-detail', { rolecode: 'BOD' }, { token: admin })).http).toBe(403);
    } finally {
      await db.updateTable('role_permission').set({ granted: 1 }).where('rolecode', '=', 'ADMIN').where('functioncode', '=', 'ROLE_ACCESS').execute();
    }
    expect((await server.call('/api/role/retrieve-detail', { rolecode: 'BOD' }, { token: admin })).http).toBe(200);
  });

  it('returns the BOD role its reduced menu', async () => {
    const { body } = await server.login('bod');
    const granted = body.result.usermenu.filter((m: { functions: { grant: boolean }[] }) => m.functions.some((f) => f.grant)).map((m: { menucode: string }) => m.menucode);
    expect(granted.sort()).toEqual(['BMEMMGT', 'BPROFL']);
    expect(body.result.user.rolename).toBe('BOD');
  });

  it('never writes a password or a token to the log', async () => {
    const { body } = await server.login('admin');
    await server.call('/api/session/check', undefined, { token: body.result.bearer });
    const text = server.logs.join('');
    expect(text).toContain('"reqId"');
    expect(text).not.toContain(body.result.bearer);
    expect(text).not.toContain(sha256Hex('Admin#2026'));
    expect(text).not.toContain('Admin#2026');
  });

  it('writes nothing but the failure log for a wrong login', async () => {
    const sessions = await countRows(server, 'session');
    await server.login('admin', 'Wrong#0000');
    expect(await countRows(server, 'session')).toBe(sessions);
  });
});
