// The member check screens on both databases: view pages over the member's rows (Invalid Name
// Check, Member Identity, Member Locked, Member Referral): the fixed filter always applies, actions change
// only the rows it admits, under the view's own function codes, with who and when recorded and the user log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/platform/definitions';
import { checkUncheckedNames } from '../../server/memberManagement/memberChecks/memberChecksStore';
import { lockMember } from '../../server/memberManagement/members/memberLocks';
import { REFERRAL_CODE_PATTERN } from '../../server/memberManagement/memberChecks/referralCode';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const PAGE = { paging: { limit: 10, page: 1 } };

describe.each(testDatabases)('member checks on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let branch: string;
  const db = () => definitionDb(server.database.db);
  const as = (token: string) => (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token, ...extra });
  const list = (resource: string, criteria: Record<string, unknown> = {}, token = admin) => as(token)(`/api/${resource}/list`, undefined, { ...PAGE, parameter: { criteria } });
  const member = (memberid: string) => db().selectFrom('member').selectAll().where('memberid', '=', memberid).executeTakeFirstOrThrow();
  const setMember = (memberid: string, values: Record<string, unknown>) => db().updateTable('member').set(values).where('memberid', '=', memberid).execute();
  const userLog = (module: string, legend: string, recordkey: string) =>
    db().selectFrom('user_log').selectAll().where('module', '=', module).where('legend', '=', legend).where('recordkey', '=', recordkey).execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    branch = (await server.login('branch')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('seeds a few of each check into the demo members', async () => {
    const identity = await list('member-identity');
    expect(identity.body.status.responsecode).toBe('0000');
    expect(identity.body.paging!.totalrecord).toBe(6);
    expect(identity.body.result.every((r: Record<string, unknown>) => r.identitystatus === 'PENDING')).toBe(true);
    const locked = await list('member-locked');
    expect(locked.body.paging!.totalrecord).toBe(4);
    expect(locked.body.result[0]).toMatchObject({ lockreason: expect.any(String), lockedby: expect.any(String), lockeddate: expect.any(String) });
    const codes = await db().selectFrom('member').select(['referralcode']).where('referralcode', 'is not', null).execute();
    expect(codes.length).toBe(5);
    for (const { referralcode } of codes) expect(referralcode).toMatch(REFERRAL_CODE_PATTERN);
    // The twenty named members' names pass; none waits on Invalid Name Check.
    expect((await list('invalid-name-check')).body.paging!.totalrecord).toBe(0);
    expect(await db().selectFrom('member').select('memberid').where('namecheckstatus', 'is', null).execute()).toHaveLength(0);
  });

  it('keeps every read and change to the fixed filter, whatever the caller sends', async () => {
    const open = await member('MBR0000001');
    expect(open.locked).toBe(0);
    // Not a criterion the view offers: no way around the filter.
    const around = await list('member-locked', { locked: false });
    expect(around.http).toBe(400);
    // A member outside the filter is not found by detail nor by the view's action, and nothing changes.
    const detail = await as(admin)('/api/member-locked/detail', { memberid: 'MBR0000001' });
    expect(detail.body.status).toEqual({ responsecode: '1004', responsemessage: 'Member Locked "MBR0000001" was not found' });
    const unlock = await as(admin)('/api/member-locked/unlock', { memberid: 'MBR0000001' });
    expect(unlock.body.status.responsecode).toBe('1004');
    expect(await member('MBR0000001')).toEqual(open);
    // The view returns only its fields, not the whole member row.
    const row = (await list('member-locked')).body.result[0] as Record<string, unknown>;
    expect(row).not.toHaveProperty('passwordhash');
    expect(row).not.toHaveProperty('awardmiles');
  });

  it('unlocks a locked member after its confirmation: lock details cleared, audited, gone from the list', async () => {
    await server.database.db.transaction().execute((trx) => lockMember(trx, { memberid: 'MBR0000002', reason: 'Too many wrong one-time codes on the OTP page', by: 'OTP', now: new Date() }));
    expect(await member('MBR0000002')).toMatchObject({ locked: 1, lockedby: 'OTP' });
    // A second lock keeps the first.
    expect(await server.database.db.transaction().execute((trx) => lockMember(trx, { memberid: 'MBR0000002', reason: 'again', by: 'admin', now: new Date() }))).toBe(false);
    const before = (await list('member-locked')).body.paging!.totalrecord as number;
    const answer = await as(admin)('/api/member-locked/unlock', { memberid: 'MBR0000002' });
    expect(answer.body.status.responsecode).toBe('0000');
    expect(await member('MBR0000002')).toMatchObject({ locked: 0, lockreason: null, lockedby: null, lockeddate: null });
    expect((await list('member-locked')).body.paging!.totalrecord).toBe(before - 1);
    const [log] = await userLog('MEMLOCK', 'UNLOCK', 'MBR0000002');
    expect(JSON.parse(log.beforevalue)).toMatchObject({ locked: true, lockedby: 'OTP' });
    expect(JSON.parse(log.aftervalue)).toMatchObject({ locked: false });
    expect(await userLog('MEMLOCK', 'LOCKED', 'MBR0000002')).toHaveLength(1);
  });

  it('verifies or rejects a waiting ID document with who and when; a reject needs its reason', async () => {
    const [first, second] = (await list('member-identity')).body.result as { memberid: string }[];
    const verified = await as(admin)('/api/member-identity/verify', { memberid: first!.memberid });
    expect(verified.body.status.responsecode).toBe('0000');
    expect(await member(first!.memberid)).toMatchObject({ identitystatus: 'VERIFIED', identitycheckedby: 'admin', identitycheckeddate: expect.any(String) });
    // Verified once: no longer waiting, so not verified or rejected again.
    expect((await as(admin)('/api/member-identity/reject', { memberid: first!.memberid, reason: 'Blurred photo' })).body.status.responsecode).toBe('1004');

    const noReason = await as(admin)('/api/member-identity/reject', { memberid: second!.memberid, reason: '  ' });
    expect(noReason.body.status).toEqual({ responsecode: '1002', responsemessage: 'Reason is Required' });
    expect(noReason.body.result.fields).toEqual({ reason: 'Reason is Required' });
    expect((await member(second!.memberid)).identitystatus).toBe('PENDING');
    const rejected = await as(admin)('/api/member-identity/reject', { memberid: second!.memberid, reason: 'The ID card photo is unreadable' });
    expect(rejected.body.status).toEqual({ responsecode: '0000', responsemessage: 'The identity document has been rejected' });
    expect(await member(second!.memberid)).toMatchObject({ identitystatus: 'REJECTED', identityreason: 'The ID card photo is unreadable', identitycheckedby: 'admin' });
    expect(await userLog('MMBRIDT', 'REJECT', second!.memberid)).toHaveLength(1);
  });

  it('finds names failing the form rule or the suspicious list, and re-checks a fixed name', async () => {
    const screen = loadCatalogue().screenByMenu.get('MEMBER')!;
    await setMember('MBR0000005', { firstname: 'R!zky', namecheckstatus: null });
    await setMember('MBR0000006', { lastname: 'Dummy', namecheckstatus: null });
    expect(await checkUncheckedNames(server.database.db, screen, { now: new Date() })).toEqual({ checked: 2, invalid: 2 });
    const waiting = (await list('invalid-name-check')).body.result as Record<string, unknown>[];
    expect(waiting.map((r) => r.memberid).sort()).toEqual(['MBR0000005', 'MBR0000006']);
    const reasons = Object.fromEntries(waiting.map((r) => [r.memberid, r.namecheckreason]));
    expect(reasons.MBR0000005).toMatch(/^First Name /);
    expect(reasons.MBR0000006).toBe('Last Name contains "DUMMY", which is in the list of suspicious names');

    // A fix is checked by the form's rules, then by the list: refused with the field's message, nothing changed.
    const still = await as(admin)('/api/invalid-name-check/update', { memberid: 'MBR0000005', firstname: 'R#zky', lastname: 'Pratama' });
    expect(still.body.status.responsecode).toBe('1002');
    expect(Object.keys(still.body.result.fields)).toEqual(['firstname']);
    const listed = await as(admin)('/api/invalid-name-check/update', { memberid: 'MBR0000005', firstname: 'Test', lastname: 'Pratama' });
    expect(listed.body.result.fields).toEqual({ firstname: 'First Name contains "TEST", which is in the list of suspicious names' });
    expect(await member('MBR0000005')).toMatchObject({ firstname: 'R!zky', namecheckstatus: 'INVALID' });
    const fixed = await as(admin)('/api/invalid-name-check/update', { memberid: 'MBR0000005', firstname: 'Rizky', lastname: 'Pratama' });
    expect(fixed.body.status.responsecode).toBe('0000');
    expect(await member('MBR0000005')).toMatchObject({ firstname: 'Rizky', memberfullname: 'Rizky Pratama', namecheckstatus: 'VALID', namecheckreason: null, namecheckedby: 'admin' });

    // Approved as it is: recorded who and when, and off the list.
    expect((await as(admin)('/api/invalid-name-check/approve', { memberid: 'MBR0000006' })).body.status.responsecode).toBe('0000');
    expect(await member('MBR0000006')).toMatchObject({ lastname: 'Dummy', namecheckstatus: 'APPROVED', namecheckedby: 'admin', namecheckeddate: expect.any(String) });
    expect((await list('invalid-name-check')).body.paging!.totalrecord).toBe(0);
  });

  it('generates one readable, unique referral code per active member, and lists who enrolled with it', async () => {
    const candidates = (await list('member-referral', { status: undefined })).body.result as Record<string, unknown>[];
    const without = candidates.find((r) => !r.referralcode && r.status === 'ACTIVE')!;
    const answer = await as(admin)('/api/member-referral/generate-code', { memberid: without.memberid });
    expect(answer.body.status.responsecode).toBe('0000');
    const code = answer.body.result.referralcode as string;
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    expect(answer.body.status.responsemessage).toBe(`Referral code ${code} has been generated`);
    expect((await member(String(without.memberid))).referralcode).toBe(code);
    const again = await as(admin)('/api/member-referral/generate-code', { memberid: without.memberid });
    expect(again.body.status).toEqual({ responsecode: '1002', responsemessage: `The member already has the referral code ${code}` });
    // An inactive member gets no code.
    const inactive = candidates.find((r) => r.status === 'INACTIVE' && !r.referralcode);
    if (inactive) expect((await as(admin)('/api/member-referral/generate-code', { memberid: inactive.memberid })).body.status.responsemessage).toBe('Only an active member can get a referral code');
    // Who enrolled with a seeded code: searched by Referred By.
    const [referrer] = await db().selectFrom('member').select(['referralcode']).where('referralcode', 'is not', null).where('referralcode', '<>', code).orderBy('memberid', 'desc').limit(1).execute();
    const referred = await list('member-referral', { referredby: referrer.referralcode });
    expect(referred.body.paging!.totalrecord).toBe(2);
  });

  it('answers 403 to a role without the view\'s function codes', async () => {
    expect((await list('member-locked', {}, branch)).http).toBe(403);
    expect((await as(branch)('/api/member-locked/unlock', { memberid: 'MBR0000011' })).http).toBe(403);
    expect((await as(branch)('/api/member-identity/reject', { memberid: 'MBR0000020', reason: 'x' })).http).toBe(403);
  });
});
