// Panel queries on both databases: the dashboard's Member Tier figures against an independent count over the
// seeded members and cards, '0000' exactly, the criteria checked against the panel's filter definitions (a bad
// value is a clear message and changes nothing), and the guard (a session; BOD has no dashboard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../engine/definition/catalogue';
import { resolveDateBound } from '../../engine/definition/dateBounds';
import type { PanelPage } from '../../engine/definition/screen';
import { CODES } from '../../engine/api/responseCodes';
import { loadCatalogue } from '../../server/platform/definitions';
import { panelActions, unservedPanels } from '../../server/platform/panels/panelActions';
import { PANEL_QUERIES } from '../../server/platform/panels/panelQueries';
import { startTestServer, testDatabases, type Call, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const PATH = '/api/dashboard/member-tier';
const code = (call: Call) => call.body.status.responsecode;
const message = (call: Call) => call.body.status.responsemessage;
const today = () => resolveDateBound('today', new Date())!;
const daysFromToday = (days: number) => resolveDateBound(`${days < 0 ? '-' : '+'}${Math.abs(days)}d`, new Date())!;

interface TierFigure {
  tiername: string;
  gender: string;
  percentage: number;
  jumlah: number;
}

describe.each(testDatabases)('panel queries on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const ask = (criteria: Record<string, unknown>, token = admin) => server.call(PATH, undefined, { token, parameter: { criteria } });

  /**
   * The figures counted here from the raw rows, as the spec's rows say: per tier name, the active members
   * holding an active card of it issued by the day, once each; percentages of their total.
   */
  async function expectedTiers(gender: string, day: string): Promise<TierFigure[]> {
    const db = definitionDb(server.database.db);
    const members = new Map((await db.selectFrom('member').select(['memberid', 'gender', 'status']).execute()).map((m) => [m.memberid as string, m]));
    const tiers = new Map((await db.selectFrom('tier').select(['tierid', 'tiername', 'rank']).execute()).map((t) => [t.tierid as string, t]));
    const holders = new Map<string, Set<string>>();
    for (const card of await db.selectFrom('member_card').selectAll().execute()) {
      const member = members.get(card.memberid)!;
      if (card.status !== 'ACTIVE' || member.status !== 'ACTIVE' || card.issuedate > day) continue;
      if (gender !== 'ALL' && member.gender !== gender) continue;
      const tier = tiers.get(card.tierid)!;
      holders.set(tier.tiername, (holders.get(tier.tiername) ?? new Set()).add(card.memberid));
    }
    const rank = (name: string) => Math.min(...[...tiers.values()].filter((t) => t.tiername === name).map((t) => Number(t.rank)));
    const names = [...holders.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    const total = names.reduce((sum, name) => sum + holders.get(name)!.size, 0);
    return names.map((tiername) => {
      const jumlah = holders.get(tiername)!.size;
      return { tiername, gender, percentage: Math.round((jumlah / total) * 10000) / 100, jumlah };
    });
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.identity!.signature!;
  });
  afterAll(async () => server?.close());

  it.each([
    ['every gender, today', 'ALL', 0],
    ['men, today', 'MALE', 0],
    ['women, today', 'FEMALE', 0],
    ['every gender two years ago', 'ALL', -730],
    ['women five years ago', 'FEMALE', -1826],
  ])('Member Tier: %s matches the count over the seeded members and cards', async (_case, gender, days) => {
    const day = daysFromToday(days);
    const answer = await ask({ gender, startdate: day });
    expect(answer.http).toBe(200);
    expect(code(answer)).toBe('0000');
    const expected = await expectedTiers(gender, day);
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.body.result).toEqual(expected);
  });

  it('Member Tier: the seeded programme as a whole (19 active members, four tiers, 100 percent)', async () => {
    const rows = (await ask({ gender: 'ALL', startdate: today() })).body.result as TierFigure[];
    expect(rows.map((r) => r.tiername)).toEqual(['Blue', 'Silver', 'Gold', 'Platinum']);
    // 20 demo members: one inactive; the others' own cards counted once per tier name (co-brand twins share it).
    expect(rows.reduce((sum, r) => sum + r.jumlah, 0)).toBe(19);
    expect(rows.reduce((sum, r) => sum + r.percentage, 0)).toBeCloseTo(100, 1);
    const [men, women] = await Promise.all([ask({ gender: 'MALE', startdate: today() }), ask({ gender: 'FEMALE', startdate: today() })]);
    const count = (call: Call) => (call.body.result as TierFigure[]).reduce((sum, r) => sum + r.jumlah, 0);
    expect(count(men) + count(women)).toBe(19);
  });

  it('empty criteria read as the defaults (every gender, today)', async () => {
    const answer = await ask({});
    expect(code(answer)).toBe('0000');
    expect(answer.body.result).toEqual(await expectedTiers('ALL', today()));
  });

  it('a day before any card was issued answers no rows', async () => {
    const answer = await ask({ gender: 'ALL', startdate: '2000-01-01' });
    expect(code(answer)).toBe('0000');
    expect(answer.body.result).toEqual([]);
  });

  it.each([
    ['a gender not among the options', { gender: 'UNKNOWN', startdate: today() }, 'gender', 'Gender must be one of All, Male, Female'],
    ['a gender as a list', { gender: ['MALE'], startdate: today() }, 'gender', 'Gender must be of type string'],
    ['a day later than today', { gender: 'ALL', startdate: daysFromToday(1) }, 'startdate', 'Start Date cannot be later than today'],
    ['a day that does not exist', { gender: 'ALL', startdate: '2025-02-30' }, 'startdate', 'Start Date must be of type date'],
    ['a day in another format', { gender: 'ALL', startdate: '01/02/2025' }, 'startdate', 'Start Date must be of type date'],
    ['a criterion the panel does not send', { gender: 'ALL', membershipid: 'FFP' }, 'membershipid', 'membershipid is not a filter of this panel'],
  ])('refuses %s with a clear message and no rows', async (_case, criteria, field, text) => {
    const before = await server.database.db.selectFrom('member').selectAll().orderBy('memberid').execute();
    const answer = await ask(criteria);
    expect(answer.http).toBe(200);
    expect(code(answer)).toBe(CODES.VALIDATION);
    expect(message(answer)).toBe(text);
    expect(answer.body.result).toEqual({ fields: { [field]: text } });
    expect(await server.database.db.selectFrom('member').selectAll().orderBy('memberid').execute()).toEqual(before);
  });

  it('criteria that are not an object are a bad request', async () => {
    const answer = await server.call(PATH, undefined, { token: admin, parameter: { criteria: 'gender=ALL' } });
    expect([answer.http, code(answer)]).toEqual([400, CODES.BAD_REQUEST]);
  });

  it('needs a session: 401 without one', async () => {
    const answer = await ask({ gender: 'ALL' }, '');
    expect([answer.http, code(answer)]).toEqual([401, CODES.UNAUTHENTICATED]);
  });

  it('the dashboard is every signed-in user\'s (a reduced role too), but not BOD\'s (spec 000 §6)', async () => {
    const branch = (await server.login('branch')).body.identity!.signature!;
    expect(code(await ask({ gender: 'ALL' }, branch))).toBe('0000');
    const bod = (await server.login('bod')).body.identity!.signature!;
    const answer = await ask({ gender: 'ALL' }, bod);
    expect([answer.http, code(answer)]).toEqual([403, CODES.FORBIDDEN]);
  });
});

describe('panel pages and the query registry', () => {
  const catalogue = loadCatalogue();
  const dashboard = catalogue.pageByMenu.get('DASHBOARD') as PanelPage;

  it('every panel of the catalogue has its query', () => {
    expect(unservedPanels(catalogue)).toEqual([]);
    expect(panelActions(catalogue).map((a) => [a.path, a.guard])).toContainEqual([PATH, 'session']);
  });

  it('the server refuses to start with a panel whose query is missing or shared', () => {
    const tiers = dashboard.panels.find((p) => p.key === 'member-tier')!;
    const page: PanelPage = { ...dashboard, panels: [...dashboard.panels, { ...tiers, key: 'again' }, { ...tiers, key: 'gone', query: 'dashboard/gone' }] };
    const broken = buildCatalogue(catalogue.tree, [...catalogue.pages.filter((p) => p !== dashboard), page], { schemaVersion: 1, selectors: catalogue.selectors });
    expect(unservedPanels(broken, PANEL_QUERIES)).toEqual([
      'DASHBOARD panel "again": query "dashboard/member-tier" is already read by DASHBOARD panel "member-tier"',
      'DASHBOARD panel "gone": no panel query "dashboard/gone" in server/platform/panels/panelQueries.ts',
    ]);
    expect(() => panelActions(broken)).toThrow(/Panels without a server query/);
  });

  it('a panel of a menu not shown to everyone is guarded by its ACCESS function', () => {
    const report: PanelPage = { ...dashboard, menucode: 'DASHEXEC' };
    const only = buildCatalogue(catalogue.tree, [report], { schemaVersion: 1, selectors: catalogue.selectors });
    // Each panel's query and the announcement's.
    expect(panelActions(only).map((a) => a.guard)).toEqual(Array.from({ length: dashboard.panels.length + 1 }, () => ({ function: 'DASHEXEC_ACCESS' })));
  });
});
