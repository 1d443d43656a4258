// The name check of /invalid-name-check on both databases: it runs as a member's name changes on the
// member screen and at enrollment, and as a job over every member (daily, and once more when the list of
// suspicious names changes), so the screen lists the current failures; its counts follow member-screen writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/platform/definitions';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { memberCheckJobHandlers, memberCheckSchedules, nameCheckJobKey } from '../../server/memberManagement/memberChecks/memberChecksJobs';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const SECTION = '/api/member/section-personal-information';
const today = () => new Date().toISOString().slice(0, 10);

describe.each(testDatabases)('name check on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let checker: string;
  const db = () => definitionDb(server.database.db);
  const as = (token: string) => (path: string, data?: unknown) => server.call(path, data, { token });
  const member = (memberid: string) => db().selectFrom('member').selectAll().where('memberid', '=', memberid).executeTakeFirstOrThrow();
  /** Invalid Name Check's first page of one row: its total is the count the server keeps. */
  const invalidCount = async () => (await server.call('/api/invalid-name-check/list', undefined, { token: admin, paging: { limit: 1, page: 1 } })).body.paging!.totalrecord as number;
  const invalidIds = async () => (await server.call('/api/invalid-name-check/list', undefined, { token: admin, paging: { limit: 100, page: 1 } })).body.result.map((r: { memberid: string }) => r.memberid);
  /** Saves the member's Information section with these names (the rest as it is). */
  async function rename(memberid: string, names: Record<string, string>) {
    const { body } = await as(admin)(`${SECTION}-detail`, { memberid });
    return as(admin)(SECTION, { ...body.result, memberid, ...names });
  }
  const worker = (owner: string) => createJobWorker({ db: server.database.db, owner, handlers: memberCheckJobHandlers(loadCatalogue()), schedules: memberCheckSchedules, pollMs: 1000, now: () => new Date() });

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    checker = (await server.login('checker')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('checks a name changed on the member screen as it is saved; Invalid Name Check counts it at once', async () => {
    const before = await invalidCount();
    const saved = await rename('MBR0000004', { firstname: 'Dummy' });
    expect(saved.body.status.responsecode, JSON.stringify(saved.body)).toBe('0000');
    expect(await member('MBR0000004')).toMatchObject({ firstname: 'Dummy', memberfullname: 'Dummy Lestari', namecheckstatus: 'INVALID', namecheckreason: 'First Name contains "DUMMY", which is in the list of suspicious names', namecheckedby: 'admin' });
    // The view's count is not the one cached before the member screen's write.
    expect(await invalidCount()).toBe(before + 1);
    expect(await invalidIds()).toContain('MBR0000004');

    expect((await rename('MBR0000004', { firstname: 'Dewi' })).body.status.responsecode).toBe('0000');
    expect(await member('MBR0000004')).toMatchObject({ firstname: 'Dewi', namecheckstatus: 'VALID', namecheckreason: null });
    expect(await invalidCount()).toBe(before);
  });

  it('leaves the check alone when a save keeps the names, and checks a changed approved name again', async () => {
    await db().updateTable('member').set({ namecheckstatus: 'APPROVED', namecheckedby: 'admin' }).where('memberid', '=', 'MBR0000008').execute();
    expect((await rename('MBR0000008', { email: 'nur.hidayah@example.org' })).body.status.responsecode).toBe('0000');
    expect(await member('MBR0000008')).toMatchObject({ namecheckstatus: 'APPROVED' });
    expect((await rename('MBR0000008', { lastname: 'Sample' })).body.status.responsecode).toBe('0000');
    expect(await member('MBR0000008')).toMatchObject({ lastname: 'Sample', namecheckstatus: 'INVALID' });
    expect((await rename('MBR0000008', { lastname: 'Hidayah' })).body.status.responsecode).toBe('0000');
  });

  it('checks the name of a new member at enrollment', async () => {
    const draft = {
      membership: { membershipid: 'FFP', enrollmentdate: today(), enrollchannel: 'BO' },
      cobrand: {},
      personal: {
        firstname: 'Testing',
        lastname: 'Wibowo',
        gender: 'MALE',
        birthdate: '1988-02-03',
        nationality: 'ID',
        idcardno: `3171${target.name === 'sqlite' ? 1 : 2}00000000771`,
        email: `testing.wibowo.${target.name}@example.id`,
        mobilephonecode: '+62',
        mobilephonenumber: '8123400771',
        hobbies: ['READING'],
        preferredaddress: 'PRIVATE',
        nameoncard: 'TESTING WIBOWO',
      },
      privateaddress: { address: 'Jl. Kemang Raya No. 8', country: 'ID', postalcode: '12730', phonecode: '+62', phoneregion: '21', phonenumber: '7190001' },
      businessaddress: {},
    };
    const enrolled = await as(admin)('/api/enrollment/create', draft);
    expect(enrolled.body.status.responsecode, JSON.stringify(enrolled.body)).toBe('0000');
    expect(await member(enrolled.body.result.memberid)).toMatchObject({ namecheckstatus: 'INVALID', namecheckreason: 'First Name contains "TESTING", which is in the list of suspicious names', namecheckedby: 'admin' });
    expect(await invalidIds()).toContain(enrolled.body.result.memberid);
  });

  it('runs as a job over every member: names that fail now are listed, names that pass now leave, approvals stay', async () => {
    // Names changed behind the screens (an import), and an approved name that the list would refuse.
    await db().updateTable('member').set({ firstname: 'Sample', memberfullname: 'Sample Setiawan' }).where('memberid', '=', 'MBR0000003').execute();
    await db().updateTable('member').set({ lastname: 'Xyz', namecheckstatus: 'APPROVED' }).where('memberid', '=', 'MBR0000009').execute();
    expect(await member('MBR0000003')).toMatchObject({ namecheckstatus: 'VALID' });

    const first = worker('w1');
    expect(await first.tick()).toBe(1);
    const job = await db().selectFrom('job').selectAll().where('jobkey', '=', nameCheckJobKey(today())).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'DONE', percentage: 100 });
    expect(JSON.parse(job.result)).toMatchObject({ changed: 1 });
    expect(await member('MBR0000003')).toMatchObject({ namecheckstatus: 'INVALID', namecheckedby: 'system' });
    expect(await member('MBR0000009')).toMatchObject({ namecheckstatus: 'APPROVED' });
    expect(await invalidIds()).toContain('MBR0000003');
    // Once a day, however many servers schedule it.
    expect(await worker('w2').tick()).toBe(0);

    // Taking SAMPLE off the list (General Configuration, approved by the checker) queues a run at once.
    const asked = await as(admin)('/api/general-config/update', { key: 'NAME_CHECK_SUSPICIOUS_NAMES', value: 'TEST,TESTING,DUMMY', description: 'Suspicious names', active: true });
    expect(asked.body.status.responsecode, JSON.stringify(asked.body)).toBe('0000');
    expect(await first.tick()).toBe(0);
    const approved = await as(checker)('/api/my-approval/approve', { requestid: asked.body.result.requestid });
    expect(approved.body.status.responsecode, JSON.stringify(approved.body)).toBe('0000');
    expect(await first.tick()).toBe(1);
    expect(await member('MBR0000003')).toMatchObject({ namecheckstatus: 'VALID', namecheckreason: null });
    expect(await invalidIds()).not.toContain('MBR0000003');
  });
});
