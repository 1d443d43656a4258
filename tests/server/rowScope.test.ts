// Row scope: a Branch Office user reads and changes only the members of their branch (and, for changes, of the
// memberships their role may enroll in); a partner user only their partner's rows; selectors are guarded, scoped
// and narrowed only by declared filters; a head-office role sees everything. A row outside answers as a missing one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { scopeCriteria } from '../../server/platform/resources/rowScope';
import { loadCatalogue } from '../../server/platform/definitions';
import { selectorUses } from '../../engine/definition/catalogue';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { reportJobHandlers } from '../../server/reports/reportJobs';
import { REPORT_QUERIES } from '../../server/reports/reportQueries';
import { METRICS, memberRollup, recountRows, type RollupRow } from '../../server/platform/rollups/rollupStore';
import { definitionDb } from '../../server/platform/db/definitionDb';

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
    server = await startTestServer(target, { REPORT_DIR: mkdtempSync(join(tmpdir(), 'alms-scope-')) });
    db = definitionDb(server.database.db);
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

  /** Every member is of branch JKTHO or DPSBO (beforeAll): a figure over members is the two branches' figures added. */
  const BRANCHES = [{ branchcode: 'DPSBO' }, { branchcode: 'JKTHO' }];
  const keyOf = (r: RollupRow) => `${r.metric}|${r.day}|${r.k1}|${r.k2}|${r.k3}`;

  it('a branch user\'s dashboard counts their members only: each metric counted over the two branches adds up to the rollups', async () => {
    const all = await recountRows(db);
    for (const metric of Object.values(METRICS)) {
      const added = new Map<string, number>();
      for (const filter of BRANCHES) {
        const rows = (await sql<RollupRow>`${memberRollup(metric, filter)}`.execute(db)).rows;
        for (const row of rows) if (Number(row.total) !== 0) added.set(keyOf(row), (added.get(keyOf(row)) ?? 0) + Number(row.total));
      }
      // Parked flights of no member (Flight's Non-Member series) belong to no branch.
      const expected = metric === METRICS.PARK ? [] : all.filter((r) => r.metric === metric).map((r) => [keyOf(r), r.total]);
      expect([...added].sort(), metric).toEqual(expected.sort());
    }
  });

  it('the Member Tier panel of a branch user counts the tiers of their branch\'s members; head office counts all', async () => {
    const totalOf = async (token: string) => {
      const answer = await call(token, '/api/dashboard/member-tier', undefined, { criteria: { gender: 'ALL', startdate: null } });
      expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
      return (answer.body.result as Row[]).reduce((sum, r) => sum + Number(r.jumlah), 0);
    };
    const today = new Date().toISOString().slice(0, 10);
    const counted = (branchcode?: string) =>
      db
        .selectFrom('member_card as c')
        .innerJoin('member as m', 'm.memberid', 'c.memberid')
        .innerJoin('tier as t', 't.tierid', 'c.tierid')
        .where('c.status', '=', 'ACTIVE')
        .where('m.status', '=', 'ACTIVE')
        .where('c.issuedate', '<=', today)
        .$if(branchcode !== undefined, (q) => q.where('m.branchcode', '=', branchcode!))
        .select(['c.memberid', 't.tiername'])
        .distinct()
        .execute();
    expect(await totalOf(branch)).toBe((await counted('DPSBO')).length);
    expect(await totalOf(admin)).toBe((await counted()).length);
    expect((await counted()).length).toBeGreaterThan((await counted('DPSBO')).length);
  });

  it('every report counts only the requester\'s members: the two branches\' figures add up to the whole', async () => {
    const now = new Date();
    const ctx = (members: Record<string, string>) => ({ db: server.database.db, now, today: now.toISOString().slice(0, 10), members });
    const criteriaOf = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, n === 'startdate' ? '2000-01-01' : n === 'enddate' ? '2999-12-31' : null]));
    let narrowed = 0;
    for (const [name, query] of Object.entries(REPORT_QUERIES)) {
      const criteria = criteriaOf(query.criteria);
      const read = async (members: Record<string, string>) => {
        const rows: Row[] = [];
        for await (const page of query.pages(ctx(members), criteria, 500)) rows.push(...page);
        return rows;
      };
      const whole = await read({});
      const parts = await Promise.all(BRANCHES.map(read));
      const numbers = query.columns.filter((c) => c.format === 'number').map((c) => c.name);
      for (const column of numbers) {
        const sum = (rows: Row[]) => rows.reduce((s, r) => s + Number(r[column] ?? 0), 0);
        expect(sum(parts[0]!) + sum(parts[1]!), `${name}.${column}`).toBe(sum(whole));
      }
      if (parts[0]!.length > 0 && parts[0]!.length < whole.length) narrowed++;
      // A report listing members' rows holds each row once, in one branch's part or the other's.
      if (query.columns.some((c) => c.name === 'cardnumber')) expect(parts[0]!.length + parts[1]!.length, name).toBe(whole.length);
      expect(await query.count(ctx(BRANCHES[0]!), criteria), name).toBe(parts[0]!.length);
    }
    expect(narrowed).toBeGreaterThan(0);
  });

  it('a branch user\'s report without a branch filter (Air Accrual) holds their branch\'s members\' flights only', async () => {
    await db.updateTable('role_permission').set({ granted: 1 }).where('rolecode', '=', 'BRANCH').where('functioncode', '=', 'AIRACCRPT_ACCESS').execute();
    await db.updateTable('general_config').set({ value: '*', active: 1 }).where('key', '=', 'REPORTING_ACCESS_REPORTS').execute();
    const today = new Date().toISOString().slice(0, 10);
    const answer = await call(branch, '/api/report/air-accrual/generate', { format: 'CSV' }, { criteria: { startdate: '2000-01-01', enddate: today } });
    expect(answer.body.status.responsecode, JSON.stringify(answer.body)).toBe(CODES.SUCCESS);
    const worker = createJobWorker({ db: server.database.db, owner: 'scope-test', handlers: reportJobHandlers, pollMs: 60_000 });
    expect(await worker.tick()).toBeGreaterThanOrEqual(1);
    const download = await call(branch, '/api/report/download', { fileid: answer.body.result.fileid });
    expect(download.body.status.responsecode).toBe(CODES.SUCCESS);
    const lines = (await (await fetch(`${server.url}${download.body.result.path}`)).text()).trim().split(/\r?\n/).slice(1);
    const flights = await db
      .selectFrom('member_activity as a')
      .innerJoin('member as m', 'm.memberid', 'a.memberid')
      .where('a.activitytype', '=', 'AIR')
      .where('a.activitydate', '>=', '2000-01-01')
      .where('a.activitydate', '<=', today)
      .where('m.branchcode', '=', 'DPSBO')
      .select('a.activityid')
      .execute();
    expect(lines.length).toBe(flights.length);
    expect(flights.length).toBeGreaterThan(0);
    const all = await db.selectFrom('member_activity').where('activitytype', '=', 'AIR').where('activitydate', '<=', today).select('activityid').execute();
    expect(all.length).toBeGreaterThan(flights.length);
  });
});
