// User management on both databases: users (with the e-mailed link to set a password), roles (their grant
// matrix, effective on the next request), the read-only user log, the outbox, and SMTP delivery.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FLOW_PATHS } from '../../domain/memberFlows';
import { MESSAGES } from '../../engine/api/responseCodes';
import { STAFF_RESET_TEXTS } from '../../server/userManagement/users/staffReset';
import { userAdministrationHooks } from '../../server/userManagement/users/administratorGuard';
import { sha256Hex } from '../../server/platform/core/sha256';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { startSmtpCapture, type SmtpCapture } from './smtpCapture';

/** The newest mail to an address, and the key of the /reset-password/{key} link in it. */
async function resetLinkFor(server: TestServer, to: string): Promise<{ key: string; status: string; subject: string }> {
  const mail = await server.database.db.selectFrom('outbox').selectAll().where('mailto', '=', to).orderBy('createddate', 'desc').executeTakeFirstOrThrow();
  const key = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  if (!key) throw new Error(`no reset link in: ${mail.body}`);
  return { key, status: mail.status, subject: mail.subject };
}

describe.each(testDatabases)('user management on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const call = (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token: admin, ...extra });
  const newUser = { username: 'qz.officer', userfullname: 'Qz Officer', email: 'qz.officer@alms.example', rolecode: 'BRANCH', branchcode: 'DPSBO', tickoffid: 'DPS01' };
  const PASSWORD = 'Fresh#Pass2026';
  const qzRole = { rolecode: 'QZROLE', rolename: 'Qz Role', roledescription: 'Regions only' };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('creates a user without a usable password and e-mails a link to set one', async () => {
    const created = await call('/api/user/create', newUser);
    expect(created.body.status.responsecode).toBe('0000');
    expect(created.body.result).not.toHaveProperty('passwordhash');
    expect((await server.login('qz.officer', 'Admin#2026')).body.status.responsecode).toBe('9001');
    const mail = await resetLinkFor(server, newUser.email);
    expect(mail).toMatchObject({ status: 'HELD', subject: STAFF_RESET_TEXTS.newUserSubject });

    const valid = await server.call(MEMBER_FLOW_PATHS.staffResetValidation, { key: mail.key });
    expect(valid.body).toMatchObject({ status: { responsecode: '0000' }, result: { username: 'qz.officer' } });
    const set = await server.call(MEMBER_FLOW_PATHS.staffResetPassword, { key: mail.key, newpassword: sha256Hex(PASSWORD) });
    expect(set.body.status).toEqual({ responsecode: '0000', responsemessage: STAFF_RESET_TEXTS.passwordSet });
    expect((await server.login('qz.officer', PASSWORD)).body.status.responsecode).toBe('0000');

    const again = await server.call(MEMBER_FLOW_PATHS.staffResetPassword, { key: mail.key, newpassword: sha256Hex('Other#Pass2026') });
    expect(again.body.status).toEqual({ responsecode: '9011', responsemessage: MESSAGES.KEY_USED });
    expect((await server.login('qz.officer', PASSWORD)).body.status.responsecode).toBe('0000');
  });

  it('lists and shows users without their password fields', async () => {
    const list = await call('/api/user/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { criteria: { username: '%qz%' } } });
    expect(list.body.result).toHaveLength(1);
    const detail = await call('/api/user/detail', { username: 'qz.officer' });
    expect(Object.keys(detail.body.result).sort()).toEqual(
      ['username', 'userfullname', 'email', 'rolecode', 'branchcode', 'tickoffid', 'partnercode', 'status', 'createdby', 'createddate', 'updatedby', 'updateddate'].sort(),
    );
    const unknown = await call('/api/user/update', { username: 'qz.officer', passwordhash: 'x' });
    expect(unknown.body.status.responsecode).toBe('1001');
  });

  it('refuses bad users with the field message and stores nothing', async () => {
    const badEmail = await call('/api/user/create', { ...newUser, username: 'qz.bad', email: 'not-an-email' });
    expect(badEmail.body.status.responsecode).toBe('1002');
    expect(Object.keys(badEmail.body.result.fields)).toEqual(['email']);
    const badRole = await call('/api/user/create', { ...newUser, username: 'qz.bad', rolecode: 'NOSUCH' });
    expect(badRole.body.result.fields).toEqual({ rolecode: 'Role "NOSUCH" does not exist' });
    const duplicate = await call('/api/user/create', newUser);
    expect(duplicate.body.status.responsecode).toBe('1009');
    expect((await call('/api/user/detail', { username: 'qz.bad' })).body.status.responsecode).toBe('1004');
    expect(await server.database.db.selectFrom('outbox').select('mailid').where('mailto', '=', newUser.email).execute()).toHaveLength(1);
  });

  it('resets a password by e-mail from the User screen; links expire and must be well-formed', async () => {
    const reset = await call('/api/user/reset-user-password', { username: 'qz.officer' });
    expect(reset.body.status).toEqual({ responsecode: '0000', responsemessage: STAFF_RESET_TEXTS.linkSent });
    const { key, subject } = await resetLinkFor(server, newUser.email);
    expect(subject).toBe(STAFF_RESET_TEXTS.resetSubject);
    // The old password works until the link is used.
    expect((await server.login('qz.officer', PASSWORD)).body.status.responsecode).toBe('0000');

    const malformed = await server.call(MEMBER_FLOW_PATHS.staffResetPassword, { key, newpassword: 'plain-text' });
    expect(malformed.http).toBe(400);
    const invalid = await server.call(MEMBER_FLOW_PATHS.staffResetValidation, { key: 'A'.repeat(43) });
    expect(invalid.body.status).toEqual({ responsecode: '9010', responsemessage: MESSAGES.KEY_INVALID });

    server.clock.offsetMs += (server.config.resetKeyMinutes + 1) * 60_000;
    try {
      const expired = await server.call(MEMBER_FLOW_PATHS.staffResetPassword, { key, newpassword: sha256Hex('Other#Pass2026') });
      expect(expired.body.status).toEqual({ responsecode: '9012', responsemessage: MESSAGES.KEY_EXPIRED });
    } finally {
      server.clock.offsetMs -= (server.config.resetKeyMinutes + 1) * 60_000;
    }
    admin = (await server.login('admin')).body.result.bearer;
    expect((await server.login('qz.officer', PASSWORD)).body.status.responsecode).toBe('0000');
  });

  it('a user without the reset grant gets 403', async () => {
    const branch = (await server.login('branch')).body.result.bearer;
    const denied = await server.call('/api/user/reset-user-password', { username: 'qz.officer' }, { token: branch });
    expect(denied.http).toBe(403);
  });

  it('saves a role with its grant matrix; removing a grant blocks the API on the next request', async () => {
    const usermenu = [{ menucode: 'REGION', functions: [{ functioncode: 'REGION_ACCESS', grant: true }, { functioncode: 'REGION_CREATE', grant: false }] }];
    const created = await call('/api/role/create', { ...qzRole, usermenu, enrollmentaccess: [{ membershipid: 'FFP', grant: true }, { membershipid: 'CORPORATE', grant: false }] });
    expect(created.body.status.responsecode).toBe('0000');
    const detail = await call('/api/role/detail', { rolecode: 'QZROLE' });
    expect(detail.body.result.enrollmentaccess).toEqual([{ membershipid: 'CORPORATE', grant: false }, { membershipid: 'FFP', grant: true }]);
    expect(detail.body.result.usermenu).toEqual([{ menucode: 'REGION', functions: [{ functioncode: 'REGION_ACCESS', grant: true }, { functioncode: 'REGION_CREATE', grant: false }] }]);

    expect((await call('/api/user/update', { ...newUser, rolecode: 'QZROLE' })).body.status.responsecode).toBe('0000');
    const token = (await server.login('qz.officer', PASSWORD)).body.result.bearer;
    const listRegions = () => server.call('/api/region/list', undefined, { token, paging: { limit: 1, page: 1 } });
    expect((await listRegions()).http).toBe(200);
    expect((await server.call('/api/region/create', { regioncode: 'QZ', regionname: 'Qz' }, { token })).http).toBe(403);

    const removed = await call('/api/role/update', { ...qzRole, usermenu: [{ menucode: 'REGION', functions: [{ functioncode: 'REGION_ACCESS', grant: false }] }] });
    expect(removed.body.status.responsecode).toBe('0000');
    expect((await listRegions()).http).toBe(403);

    const log = await call('/api/user-log/list', undefined, { paging: { limit: 1, page: 1 }, parameter: { criteria: { module: 'ROLE', legend: 'UPDATE', recordkey: 'QZROLE' } } });
    expect(JSON.parse(log.body.result[0].beforevalue).usermenu[0].functions).toContainEqual({ functioncode: 'REGION_ACCESS', grant: true });
    expect(JSON.parse(log.body.result[0].aftervalue).usermenu[0].functions).toEqual([{ functioncode: 'REGION_ACCESS', grant: false }]);
  });

  it('refuses enrollment access to a membership that does not exist', async () => {
    const bad = await call('/api/role/update', { ...qzRole, enrollmentaccess: [{ membershipid: 'NOPE', grant: true }] });
    expect(bad.body.result.fields).toEqual({ enrollmentaccess: 'Enrollment access names membership "NOPE", which does not exist' });
    expect((await call('/api/role/detail', { rolecode: 'QZROLE' })).body.result.enrollmentaccess).toHaveLength(2);
  });

  it('the admin role may enroll into every demo membership (login answer)', async () => {
    const login = await server.login('admin');
    expect(login.body.result.enrollmentaccess).toEqual([
      { membershipid: 'COBRAND', grant: true },
      { membershipid: 'CORPORATE', grant: true },
      { membershipid: 'FFP', grant: true },
    ]);
  });

  it('refuses a grant of an unknown function, naming the field, and changes nothing', async () => {
    const bad = await call('/api/role/update', { ...qzRole, rolename: 'Renamed', usermenu: [{ menucode: 'REGION', functions: [{ functioncode: 'COUNTRY_ACCESS', grant: true }] }] });
    expect(bad.body.status.responsecode).toBe('1002');
    expect(bad.body.result.fields).toEqual({ usermenu: 'Permission "COUNTRY_ACCESS" is not a function of menu "REGION"' });
    const detail = await call('/api/role/detail', { rolecode: 'QZROLE' });
    expect(detail.body.result.rolename).toBe('Qz Role');
    expect(detail.body.result.usermenu[0].functions).toEqual([{ functioncode: 'REGION_ACCESS', grant: false }]);
  });

  it('keeps a role its users still hold, and a deactivated role ends its users\' access', async () => {
    const used = await call('/api/role/delete', { rolecode: 'QZROLE' });
    expect(used.body.status.responsecode).toBe('1010');
    await call('/api/role/update', { ...qzRole, usermenu: [{ menucode: 'REGION', functions: [{ functioncode: 'REGION_ACCESS', grant: true }] }] });
    const token = (await server.login('qz.officer', PASSWORD)).body.result.bearer;
    expect((await server.call('/api/region/list', undefined, { token, paging: { limit: 1, page: 1 } })).http).toBe(200);
    await call('/api/role/deactivate', { rolecode: 'QZROLE' });
    expect((await server.call('/api/region/list', undefined, { token, paging: { limit: 1, page: 1 } })).http).toBe(401);
  });

  it('the user log is read-only and filters by module and legend from its distinct-value selectors', async () => {
    const modules = await call('/api/selector/options', { selector: 'user-log-module' });
    expect(modules.body.result.map((o: { value: string }) => o.value)).toEqual(expect.arrayContaining(['ROLE', 'USER']));
    const legends = await call('/api/selector/options', { selector: 'user-log-legend' });
    expect(legends.body.result.map((o: { value: string }) => o.value)).toEqual(expect.arrayContaining(['CREATE', 'LOGIN', 'RESET_PASSWORD']));
    const created = await call('/api/user-log/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { criteria: { module: 'USER', legend: 'CREATE', recordkey: 'qz.officer' } } });
    expect(created.body.result).toHaveLength(1);
    expect(JSON.parse(created.body.result[0].aftervalue)).toMatchObject({ username: 'qz.officer', email: newUser.email });
    expect(created.body.result[0].username).toBe('admin');
    expect((await call('/api/user-log/create', { logid: 1 })).http).toBe(404);
    expect((await call('/api/user-log/delete', { logid: 1 })).http).toBe(404);
  });

  it('the outbox lists every mail, newest first, read-only', async () => {
    const list = await call('/api/outbox/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { criteria: { mailto: newUser.email } } });
    expect(list.body.result.map((m: { subject: string }) => m.subject)).toEqual([STAFF_RESET_TEXTS.resetSubject, STAFF_RESET_TEXTS.newUserSubject]);
    expect((await call('/api/outbox/delete', { mailid: list.body.result[0].mailid })).http).toBe(404);
  });

  describe('someone keeps the User and Role grants', () => {
    const ADMIN_ROLE = { rolecode: 'ADMIN', rolename: 'Administrator', roledescription: 'Every menu and function' };
    const adminUser = { username: 'admin', userfullname: 'System Administrator', email: 'admin@alms.example', rolecode: 'ADMIN', branchcode: 'JKTHO', tickoffid: 'JKT01' };
    /** Grants USER_UPDATE away from a role: the matrix replaces the role's grants. */
    const withoutUserUpdate = [{ menucode: 'USER', functions: [{ functioncode: 'USER_ACCESS', grant: true }, { functioncode: 'USER_UPDATE', grant: false }] }];
    const db = () => server.database.db;
    const statusOf = async (username: string) => (await db().selectFrom('app_user').select('status').where('username', '=', username).executeTakeFirstOrThrow()).status;
    const adminGrants = async () =>
      (await db().selectFrom('role_permission').select('functioncode').where('rolecode', '=', 'ADMIN').where('granted', '=', 1).execute()).length;
    let boss: string;

    /** What each refused call must leave as it was. */
    async function unchanged<T>(run: () => Promise<T>): Promise<T> {
      const before = { status: await statusOf('admin'), grants: await adminGrants(), role: await db().selectFrom('role').selectAll().where('rolecode', '=', 'ADMIN').executeTakeFirstOrThrow(), logs: (await db().selectFrom('user_log').select('logid').execute()).length };
      const result = await run();
      expect({ status: await statusOf('admin'), grants: await adminGrants(), role: await db().selectFrom('role').selectAll().where('rolecode', '=', 'ADMIN').executeTakeFirstOrThrow(), logs: (await db().selectFrom('user_log').select('logid').execute()).length }).toEqual(before);
      return result;
    }

    it('an administrator cannot deactivate, delete or take the User and Role grants from their own account or its role', async () => {
      admin = (await server.login('admin')).body.result.bearer;
      for (const [path, data, message, field] of [
        ['/api/user/deactivate', { username: 'admin' }, 'You cannot deactivate your own account', undefined],
        ['/api/user/delete', { username: 'admin' }, 'You cannot delete your own account', undefined],
        ['/api/user/update', { ...adminUser, rolecode: 'BRANCH' }, 'You cannot remove the User and Role grants from your own account', 'rolecode'],
        ['/api/role/update', { ...ADMIN_ROLE, usermenu: withoutUserUpdate }, 'You cannot remove the User and Role grants from your own account', 'usermenu'],
        ['/api/role/deactivate', { rolecode: 'ADMIN' }, 'You cannot deactivate the role of your own account', undefined],
      ] as const) {
        const { http, body } = await unchanged(() => call(path, data));
        expect(http, path).toBe(200);
        expect(body.status, path).toEqual({ responsecode: '1002', responsemessage: message });
        if (field) expect(body.result.fields).toEqual({ [field]: message });
      }
      expect((await server.call('/api/session/check', undefined, { token: admin })).http).toBe(200);
      // Changing one's own details still works.
      expect((await call('/api/user/update', { ...adminUser, userfullname: 'System Administrator' })).body.status.responsecode).toBe('0000');
    });

    it('the last active user holding them cannot lose them to anyone, on the User screen or the Role screen', async () => {
      const grants = ['USER_ACCESS', 'USER_ACTIVATE', 'USER_DEACTIVATE', 'USER_DELETE', 'ROLE_ACCESS', 'ROLE_UPDATE', 'ROLE_DEACTIVATE'];
      const usermenu = [
        { menucode: 'USER', functions: grants.filter((f) => f.startsWith('USER')).map((functioncode) => ({ functioncode, grant: true })) },
        { menucode: 'ROLE', functions: grants.filter((f) => f.startsWith('ROLE')).map((functioncode) => ({ functioncode, grant: true })) },
      ];
      expect((await call('/api/role/create', { rolecode: 'QZBOSS', rolename: 'Qz Boss', roledescription: 'Everything on users but their update', usermenu, enrollmentaccess: [] })).body.status.responsecode).toBe('0000');
      expect((await call('/api/user/create', { ...newUser, username: 'qz.boss', email: 'qz.boss@alms.example', rolecode: 'QZBOSS' })).body.status.responsecode).toBe('0000');
      const demo = (await db().selectFrom('app_user').select('passwordhash').where('username', '=', 'admin').executeTakeFirstOrThrow()).passwordhash;
      await db().updateTable('app_user').set({ passwordhash: demo }).where('username', '=', 'qz.boss').execute();
      boss = (await server.login('qz.boss')).body.result.bearer;

      const last = 'At least one active user must keep the User and Role grants (access and update), so this change is not allowed';
      for (const [path, data] of [
        ['/api/user/deactivate', { username: 'admin' }],
        ['/api/user/delete', { username: 'admin' }],
        ['/api/role/update', { ...ADMIN_ROLE, usermenu: withoutUserUpdate }],
        ['/api/role/deactivate', { rolecode: 'ADMIN' }],
      ] as const) {
        const { body } = await unchanged(() => server.call(path, data, { token: boss }));
        expect(body.status, path).toEqual({ responsecode: '1002', responsemessage: last });
      }

      // With a second administrator, the first may go.
      expect((await call('/api/user/create', { ...newUser, username: 'qz.admin2', email: 'qz.admin2@alms.example', rolecode: 'ADMIN' })).body.status.responsecode).toBe('0000');
      expect((await server.call('/api/user/deactivate', { username: 'admin' }, { token: boss })).body.status.responsecode).toBe('0000');
      expect((await server.call('/api/user/deactivate', { username: 'qz.admin2' }, { token: boss })).body.status.responsemessage).toBe(last);
      expect((await server.call('/api/user/activate', { username: 'admin' }, { token: boss })).body.status.responsecode).toBe('0000');
      expect(await statusOf('admin')).toBe('ACTIVE');
    });

    it('of two administrators removed at once through two app servers, only one goes', async () => {
      const last = 'At least one active user must keep the User and Role grants (access and update), so this change is not allowed';
      const waitingLocks = async () =>
        Number((await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`.execute(db())).rows[0]!.n);
      let other: Promise<Awaited<ReturnType<typeof call>>> | undefined;
      // Another app server is removing qz.admin2: its change is made and checked but not committed yet.
      await db().transaction().execute(async (trx) => {
        const before = { username: 'qz.admin2', rolecode: 'ADMIN', status: 'ACTIVE' };
        await trx.updateTable('app_user').set({ status: 'INACTIVE' }).where('username', '=', 'qz.admin2').execute();
        await userAdministrationHooks.checkChange!({ user: { username: 'qz.boss' } } as never, trx, { before, after: { ...before, status: 'INACTIVE' } });
        other = server.call('/api/user/deactivate', { username: 'admin' }, { token: boss });
        // PostgreSQL: the second removal waits for the first to end (SQLite runs one write at a time anyway).
        if (target.name === 'postgres') await expect.poll(waitingLocks).toBe(1);
      });
      expect((await other!).body.status).toEqual({ responsecode: '1002', responsemessage: last });
      expect(await statusOf('admin')).toBe('ACTIVE');
      await db().updateTable('app_user').set({ status: 'ACTIVE' }).where('username', '=', 'qz.admin2').execute();
    });
  });
});

describe('mail over SMTP', () => {
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(testDatabases[0]!, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://loyalty.example' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('delivers a reset link through nodemailer and marks the mail SENT', async () => {
    const admin = (await server.login('admin')).body.result.bearer;
    await server.call('/api/user/reset-user-password', { username: 'branch' }, { token: admin });
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
    expect(smtp.received[0]!.to).toBe('branch@alms.example');
    // Quoted-printable: soft line breaks joined again.
    expect(smtp.received[0]!.text.replace(/=\r?\n/g, '')).toMatch(/https:\/\/loyalty\.example\/reset-password\/[A-Za-z0-9_-]{43}/);
    await expect
      .poll(async () => (await server.database.db.selectFrom('outbox').select('status').where('mailto', '=', 'branch@alms.example').executeTakeFirst())?.status)
      .toBe('SENT');
  });
});
