// Row scope: a Branch Office user reads and changes only the members of their branch (and, for changes, of the
// memberships their role may enroll in); a partner user only their partner's rows; selectors are guarded, scoped
// and narrowed only by declared filters; a head-office role sees everything. A row outside answers as a missing one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { scopeCriteria } from '../../server/resources/rowScope';
import { loadCatalogue } from '../../server/definitions';
import { selectorUses } from '../../engine/definition/catalogue';
import { startTestServer, testDatabases, type TestServer } from './harness';

type Row = Record<string, any>;

describe.each(testDatabases)('row scope ($name)', (target) => {
  let server: TestServer;
  let db: Kysely<any>;
  let admin: string;
  let branch: string;
  let hotel: string;
  /** A member of the branch user's branch, in a membership the Branch Office role may enroll in. */
  let own: Row;
  /** A member of another branch. */
  let other: Row;
  /** A member of the branch user's branch in a membership the role may not enroll in. */
  let ungranted: Row | undefined;

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.database.db as unknown as Kysely<any>;
    admin = (await server.login('admin')).body.result.bearer;
    branch = (await server.login('branch')).body.result.bearer;
    hotel = (await server.login('hotel')).body.result.bearer;
    const granted = (await db.selectFrom('role_enrollment').select('membershipid').where('rolecode', '=', 'BRANCH').where('granted', '=', 1).execute()).map((r: Row) => r.membershipid);
    const members = (await db.selectFrom('member').select(['memberid', 'membershipid', 'cardnumber']).where('status', '=', 'ACTIVE').orderBy('memberid').execute()) as Row[];
    own = members.find((m) => granted.includes(m.membershipid))!;
    other = members.find((m) => m !== own && granted.includes(m.membershipid))!;
    ungranted = members.find((m) => !granted.includes(m.membershipid));
    await db.updateTable('member').set({ branchcode: 'JKTHO' }).execute();
    await db.updateTable('member').set({ branchcode: 'DPSBO' }).where('memberid', 'in', [own.memberid, ...(ungranted ? [ungranted.memberid] : [])]).execute();
  });
  afterAll(() => server?.close());

  const call = (token: string, path: string, data?: unknown, parameter?: Record<string, unknown>) =>
    server.call(path, data, { token, paging: { limit: 100, page: 1 }, ...(parameter ? { parameter } : {}) });

  it('the Role screen shows each role\'s row scope, and the seeded roles have theirs', async () => {
    const roles = (await call(admin, '/api/role/list')).body.result as Row[];
    const scopeOf = (code: string) => roles.find((r) => r.rolecode === code)?.rowscope;
    expect([scopeOf('ADMIN'), scopeOf('BOD'), scopeOf('BRANCH'), scopeOf('PARTNER'), scopeOf('CHECKER')]).toEqual(['ALL', 'ALL', 'OWN', 'OWN', 'ALL']);
  });

  it('a branch user lists and opens only the members of their branch; head office sees all', async () => {
    const listed = (await call(branch, '/api/member/list')).body;
    expect(listed.status.responsecode).toBe(CODES.SUCCESS);
    expect(listed.result.map((m: Row) => m.memberid).sort()).toEqual([own.memberid, ...(ungranted ? [ungranted.memberid] : [])].sort());
    expect(listed.paging!.totalrecord).toBe(listed.result.length);
    const all = (await call(admin, '/api/member/list')).body;
    expect(all.paging!.totalrecord).toBeGreaterThan(listed.paging!.totalrecord);

    expect((await call(branch, '/api/member/detail', { memberid: own.memberid })).body.status.responsecode).toBe(CODES.SUCCESS);
    const outside = (await call(branch, '/api/member/detail', { memberid: other.memberid })).body;
    const missing = (await call(branch, '/api/member/detail', { memberid: 'NOSUCHMEMBER' })).body;
    expect(outside.status.responsecode).toBe(CODES.NOT_FOUND);
    expect(missing.status.responsecode).toBe(CODES.NOT_FOUND);
    // Word for word the answer for a member that does not exist.
    expect(outside.status.responsemessage).toBe(missing.status.responsemessage.replace('NOSUCHMEMBER', other.memberid));
    expect((await call(admin, '/api/member/detail', { memberid: other.memberid })).body.status.responsecode).toBe(CODES.SUCCESS);
  });

  it('a branch user cannot read or change a member of another branch through a section, and the member is unchanged', async () => {
    const section = await call(branch, '/api/member/section-personal-information-detail', { memberid: other.memberid });
    expect(section.body.status.responsecode).toBe(CODES.NOT_FOUND);
    const before = (await db.selectFrom('member').selectAll().where('memberid', '=', other.memberid).executeTakeFirst()) as Row;
    const saved = await call(branch, '/api/member/section-personal-information', { memberid: other.memberid, firstname: 'Changed', lastname: 'Byother', gender: 'FEMALE', birthdate: '1990-04-02', email: 'x@example.com' });
    expect(saved.body.status.responsecode).toBe(CODES.NOT_FOUND);
    const after = (await db.selectFrom('member').selectAll().where('memberid', '=', other.memberid).executeTakeFirst()) as Row;
    expect(after).toEqual(before);
    expect((await call(branch, '/api/member/section-personal-information-detail', { memberid: own.memberid })).body.status.responsecode).toBe(CODES.SUCCESS);
  });

  it('a branch user cannot suspend a member of another branch (answered as a member that does not exist)', async () => {
    const refused = await call(branch, '/api/member/updatestatus', { memberid: other.memberid, status: 'SUSPENDED' });
    expect(refused.body.status).toEqual({ responsecode: CODES.MEMBER_NOT_FOUND, responsemessage: MESSAGES.MEMBER_NOT_FOUND });
    expect(((await db.selectFrom('member').select('status').where('memberid', '=', other.memberid).executeTakeFirst()) as Row).status).toBe('ACTIVE');
    const done = await call(branch, '/api/member/updatestatus', { memberid: own.memberid, status: 'SUSPENDED' });
    expect(done.body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await call(branch, '/api/member/updatestatus', { memberid: own.memberid, status: 'ACTIVE' })).body.status.responsecode).toBe(CODES.SUCCESS);
  });

  it('changes keep to the memberships the role may enroll in; reads of the branch do not', async () => {
    if (!ungranted) return;
    expect((await call(branch, '/api/member/detail', { memberid: ungranted.memberid })).body.status.responsecode).toBe(CODES.SUCCESS);
    const refused = await call(branch, '/api/member/updatestatus', { memberid: ungranted.memberid, status: 'SUSPENDED' });
    expect(refused.body.status.responsecode).toBe(CODES.MEMBER_NOT_FOUND);
  });

  it('a member\'s child rows keep to the member\'s scope (cards of another branch\'s member are not listed)', async () => {
    const mine = (await call(branch, '/api/member-card/list', undefined, { criteria: { memberid: own.memberid } })).body;
    expect(mine.status.responsecode).toBe(CODES.SUCCESS);
    expect(mine.result.length).toBeGreaterThan(0);
    const theirs = (await call(branch, '/api/member-card/list', undefined, { criteria: { memberid: other.memberid } })).body;
    expect(theirs.result).toEqual([]);
    expect(theirs.paging!.totalrecord).toBe(0);
    expect((await call(admin, '/api/member-card/list', undefined, { criteria: { memberid: other.memberid } })).body.result.length).toBeGreaterThan(0);
  });

  it('a branch user cannot post a flight for a member of another branch', async () => {
    const before = (await db.selectFrom('member').select('awardmiles').where('memberid', '=', other.memberid).executeTakeFirst()) as Row;
    const posted = await call(branch, '/api/accrual/air', { cardnumber: other.cardnumber, activitydate: '2026-01-05', carrier: 'GA', flightnumber: '402', origin: 'CGK', destination: 'DPS', bookingclass: 'Y', ticketissuedate: '2026-01-01' });
    expect(posted.body.status.responsecode).toBe(CODES.MEMBER_NOT_FOUND);
    expect(((await db.selectFrom('member').select('awardmiles').where('memberid', '=', other.memberid).executeTakeFirst()) as Row).awardmiles).toEqual(before.awardmiles);
  });

  it('a scoped selector needs a page that uses it, keeps to the scope, and narrows only on declared filters', async () => {
    const nominee = await call(hotel, '/api/selector/options', { selector: 'member-redemption-nominee' });
    expect(nominee.http).toBe(403);
    // Corporates (with their card numbers) are for the pages that use them: the member's, not a partner's.
    expect((await call(hotel, '/api/selector/options', { selector: 'corporate' })).http).toBe(403);
    expect((await call(branch, '/api/selector/options', { selector: 'corporate' })).body.status.responsecode).toBe(CODES.SUCCESS);
    // Reference data a page of theirs uses stays open (the dashboard's award filter).
    expect((await call(hotel, '/api/selector/options', { selector: 'award' })).body.status.responsecode).toBe(CODES.SUCCESS);
    const byAdmin = await call(admin, '/api/selector/options', { selector: 'member-redemption-nominee', criteria: { memberid: other.memberid } });
    expect(byAdmin.body.status.responsecode).toBe(CODES.SUCCESS);
    // A criterion on a field the selector does not declare is refused (no existence oracle on any column).
    const oracle = await call(admin, '/api/selector/options', { selector: 'member-redemption-nominee', criteria: { lastname: 'x' } });
    expect(oracle.http).toBe(400);
    expect(oracle.body.status.responsemessage).toBe('Invalid request: selector "member-redemption-nominee" cannot filter by "lastname"');
    // Options carry only the selector's own columns.
    for (const option of byAdmin.body.result as Row[]) expect(Object.keys(option).sort()).toEqual(['cardnumber', 'label', 'lastname', 'memberid', 'value'].filter((k) => k in option).sort());
    // A partner user's partner selector lists their own partner only.
    const partners = (await call(hotel, '/api/selector/options', { selector: 'partner' })).body.result as Row[];
    expect(partners.map((p) => p.value)).toEqual(['HILTON']);
    expect(((await call(admin, '/api/selector/options', { selector: 'partner' })).body.result as Row[]).length).toBeGreaterThan(1);
  });

  it('dashboard panels keep a partner user to their partner: an empty partner takes theirs, another is refused', async () => {
    const mine = await call(hotel, '/api/dashboard/redemption', undefined, { criteria: { partnercode: null } });
    expect(mine.body.status.responsecode).toBe(CODES.SUCCESS);
    for (const row of mine.body.result as Row[]) expect(row.partnercode).toBe('HILTON');
    const theirs = await call(hotel, '/api/dashboard/redemption', undefined, { criteria: { partnercode: 'GA' } });
    expect(theirs.body.status.responsecode).not.toBe(CODES.SUCCESS);
    expect(theirs.body.result.fields).toEqual({ partnercode: 'Partner "GA" is outside your scope' });
    // Head office asks for any partner.
    expect((await call(admin, '/api/dashboard/redemption', undefined, { criteria: { partnercode: 'GA' } })).body.status.responsecode).toBe(CODES.SUCCESS);
  });

  it('a report\'s branch criterion is a scope criterion (a branch user\'s report keeps to their branch)', () => {
    const catalogue = loadCatalogue();
    const page = catalogue.pageByMenu.get('MEMPRFRPT') as { filters: { name: string; label?: string; source?: { selector: string } }[] };
    expect([...scopeCriteria(catalogue, page.filters)]).toEqual([['branchcode', { dimension: 'branch', label: 'Branch' }]]);
  });

  it('every selector the Branch Office user\'s pages use answers them (the member page and its tabs, enrollment, the dashboard)', async () => {
    const catalogue = loadCatalogue();
    const theirs = new Set(['MEMBER', 'ENROLL', 'DASHBOARD', 'PROFILE']);
    const parentOf = new Map(catalogue.screens.filter((screen) => screen.childOf).map((screen) => [screen.menucode, screen.childOf!]));
    const names = [...selectorUses(catalogue)].filter(([, use]) => [...use.menus].some((menu) => theirs.has(menu) || theirs.has(parentOf.get(menu) ?? ''))).map(([name]) => name);
    expect(names.length).toBeGreaterThan(10);
    const refused: string[] = [];
    for (const name of names) if ((await call(branch, '/api/selector/options', { selector: name })).body.status.responsecode !== CODES.SUCCESS) refused.push(name);
    expect(refused).toEqual([]);
  });
});
