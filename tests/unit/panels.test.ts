// The panels page kind without a browser: chart helpers (the fixed palette, the first 10 results, thousand
// separators, flat and nested rows as series), filter defaults and criteria, the criteria check the server
// runs, the filter state in the URL, and the definition cross checks of panel pages.
import { describe, expect, it } from 'vitest';
import realTree from '../../screens/menu-tree.json';
import realSelectors from '../../screens/selectors.json';
import dashboardJson from '../../screens/top-level/dashboard.json';
import memberJson from '../../screens/member-management/member.json';
import { CHART_PALETTE, FIRST_RESULTS, firstResults, formatCell, formatThousands, pieSlices, seriesShape, statisticValue, withLabels } from '../../engine/definition/chartData';
import { checkPanelPages } from '../../engine/definition/checkPanelPages';
import { resolveFilterOptions } from '../../engine/definition/filterOptions';
import type { MenuTree } from '../../engine/definition/menuTree';
import { menuPageFiles } from '../../engine/definition/pageFiles';
import { createPageSource } from '../../engine/definition/pageSource';
import {
  DEFAULT_RANGE,
  panelCriteria,
  panelCriteriaNames,
  panelDefaults,
  panelStateFromQuery,
  panelStateToQuery,
  validatePanelCriteria,
} from '../../engine/definition/panelPage';
import type { PageDefinition, PanelChart, PanelDefinition, PanelPage, SelectorCatalogue } from '../../engine/definition/screen';
import { panelQueryCriteria } from '../../server/platform/panels/panelQueries';

// As the catalogue holds it: the filters that take the Member screen's options (optionsOf) given them.
const dashboard = resolveFilterOptions([dashboardJson as PanelPage, memberJson as PageDefinition])[0] as PanelPage;
const memberTier = dashboard.panels.find((p) => p.key === 'member-tier')!;
/** A fixed day: 15 March 2026, local time, as the browser and server read "today". */
const TODAY = new Date(2026, 2, 15, 10, 30);

/** A dashboard-style panel with every filter shape: a select with ALL, a selector, a date range. */
const activity: PanelDefinition = {
  key: 'member-activity',
  title: 'Member Activity',
  query: 'dashboard/member-activity',
  filters: [
    { name: 'activitytype', label: 'Activity Type', options: [{ value: 'ALL', label: 'All' }, { value: 'AIR', label: 'Air' }, { value: 'NON_AIR', label: 'Non Air' }], default: 'ALL' },
    { name: 'membershipid', label: 'Membership', source: { selector: 'membership' } },
    { name: 'startdate', label: 'Date', rangeEnd: 'enddate', maxDate: 'today' },
  ],
  chart: { kind: 'line', series: 'tiername', data: 'data', x: 'date', y: 'totalmember' },
};

describe('chart helpers (spec 000 §9)', () => {
  it('a fixed seven-colour palette, in order', () => {
    expect(CHART_PALETTE).toEqual(['#1d5fa8', '#13a8a8', '#f5a623', '#e8684a', '#7262fd', '#5aa454', '#c2458f']);
    expect(new Set(CHART_PALETTE).size).toBe(7);
  });

  it('the first 10 results unless the chart shows all (tier charts) or says how many', () => {
    const items = Array.from({ length: 14 }, (_, i) => i);
    expect(FIRST_RESULTS).toBe(10);
    expect(firstResults(items, undefined)).toEqual(items.slice(0, 10));
    expect(firstResults(items, false)).toEqual(items);
    expect(firstResults(items, 3)).toEqual([0, 1, 2]);
  });

  it.each([
    [1234567, '1,234,567'],
    ['9876543', '9,876,543'],
    [999, '999'],
    [0, '0'],
    [1234.5, '1,234.5'],
    [null, ''],
  ])('thousand separators: %s -> %s', (value, text) => {
    expect(formatThousands(value)).toBe(text);
  });

  it('cells by their column format: number, percent, date DD/MM/YYYY, text', () => {
    expect(formatCell({ format: 'number' }, 12500)).toBe('12,500');
    expect(formatCell({ format: 'percent' }, 36.84)).toBe('36.84%');
    expect(formatCell({ format: 'date' }, '2026-03-01')).toBe('01/03/2026');
    expect(formatCell(undefined, 'Gold')).toBe('Gold');
  });

  it('draws a reference column by its label, the value itself while its label is unknown, other columns as they are', () => {
    const chart: PanelChart = {
      kind: 'bar', x: 'awardcode', y: 'totalredemption',
      columns: [{ name: 'awardcode', label: 'Award', source: { selector: 'award' } }, { name: 'partnercode', label: 'Partner' }, { name: 'totalredemption', label: 'Redemptions' }],
    };
    const names: Record<string, string> = { 'AWD-DOM-Y': 'Domestic Economy Award' };
    const labelOf = (selector: string, value: unknown) => (selector === 'award' ? names[String(value)] : undefined);
    const rows = [{ awardcode: 'AWD-DOM-Y', partnercode: 'GA', totalredemption: 3 }, { awardcode: 'HTL-NEW', partnercode: null, totalredemption: 1 }];
    expect(withLabels(chart, rows, labelOf)).toEqual([
      { awardcode: 'Domestic Economy Award', partnercode: 'GA', totalredemption: 3 },
      { awardcode: 'HTL-NEW', partnercode: null, totalredemption: 1 },
    ]);
    expect(rows[0]!.awardcode).toBe('AWD-DOM-Y');
  });

  it('nested rows ("list of tiername with data of date and totalmember") become one series each, points by date', () => {
    const rows = [
      { tiername: 'Blue', data: [{ date: '2026-03-02', totalmember: 5 }, { date: '2026-03-01', totalmember: 1200 }] },
      { tiername: 'Gold', data: [{ date: '2026-03-01', totalmember: 3 }] },
    ];
    expect(seriesShape(activity.chart, rows)).toEqual({
      xKey: 'x',
      series: [
        { key: 's0', name: 'Blue', colour: CHART_PALETTE[0] },
        { key: 's1', name: 'Gold', colour: CHART_PALETTE[1] },
      ],
      points: [
        { x: '2026-03-01', s0: 1200, s1: 3 },
        // Gold counted none on the 2nd: 0, not a gap.
        { x: '2026-03-02', s0: 5, s1: 0 },
      ],
    });
  });

  it('a line over days has every day between its first and last point, 0 where a series counted nothing', () => {
    const rows = [{ tiername: 'Blue', data: [{ date: '2026-03-04', totalmember: 2 }, { date: '2026-03-01', totalmember: 1 }] }];
    expect(seriesShape(activity.chart, rows).points).toEqual([
      { x: '2026-03-01', s0: 1 },
      { x: '2026-03-02', s0: 0 },
      { x: '2026-03-03', s0: 0 },
      { x: '2026-03-04', s0: 2 },
    ]);
  });

  it('flat rows with a series field are grouped; a chart of many series keeps the first 10, the palette repeating', () => {
    const chart: PanelChart = { kind: 'bar', x: 'date', y: 'totalmember', series: 'ffpcarriercode' };
    const rows = Array.from({ length: 12 }, (_, i) => ({ ffpcarriercode: `C${i}`, date: '2026-03-01', totalmember: i }));
    const shape = seriesShape(chart, rows);
    expect(shape.series.map((s) => s.name)).toEqual(rows.slice(0, 10).map((r) => r.ffpcarriercode));
    expect(shape.series[7]!.colour).toBe(CHART_PALETTE[0]);
    expect(shape.points).toEqual([{ x: '2026-03-01', s0: 0, s1: 1, s2: 2, s3: 3, s4: 4, s5: 5, s6: 6, s7: 7, s8: 8, s9: 9 }]);
  });

  it('flat rows without series: one series named by the y column, the first 10 rows in the server order', () => {
    const chart: PanelChart = { kind: 'bar', x: 'promocode', y: 'jumlah', columns: [{ name: 'jumlah', label: 'Total' }] };
    const rows = Array.from({ length: 11 }, (_, i) => ({ promocode: `P${String.fromCharCode(90 - i)}`, jumlah: 100 - i }));
    const shape = seriesShape(chart, rows);
    expect(shape.series).toEqual([{ key: 's0', name: 'Total', colour: CHART_PALETTE[0] }]);
    expect(shape.points.map((p) => p.x)).toEqual(rows.slice(0, 10).map((r) => r.promocode));
  });

  it('pie slices are the rows (all of them for the tier chart), sized by y; a statistic sums y', () => {
    const rows = [
      { tiername: 'Blue', jumlah: 7 },
      { tiername: 'Silver', jumlah: '4' },
    ];
    expect(pieSlices(memberTier.chart, rows)).toEqual([
      { name: 'Blue', value: 7, colour: CHART_PALETTE[0] },
      { name: 'Silver', value: 4, colour: CHART_PALETTE[1] },
    ]);
    const many = Array.from({ length: 12 }, (_, i) => ({ tiername: `T${i}`, jumlah: 1 }));
    expect(pieSlices(memberTier.chart, many)).toHaveLength(12);
    expect(pieSlices({ ...memberTier.chart, limit: undefined }, many)).toHaveLength(10);
    expect(statisticValue({ kind: 'statistic', y: 'jumlah' }, rows)).toBe(11);
  });
});

describe('filters: defaults, criteria and their check', () => {
  it('the Member Tier panel of spec 000 §3: gender ALL, MALE or FEMALE and a single startdate', () => {
    expect(panelCriteriaNames(memberTier)).toEqual(['gender', 'startdate']);
    expect(memberTier.filters![0]!.options!.map((o) => o.value)).toEqual(['ALL', 'MALE', 'FEMALE']);
    expect(panelDefaults(memberTier, TODAY)).toEqual({ gender: 'ALL', startdate: '2026-03-15' });
  });

  it('a date range starts as the last 30 days and travels as its two criteria; empty values as null', () => {
    expect(DEFAULT_RANGE).toEqual({ start: '-30d', end: 'today' });
    const defaults = panelDefaults(activity, TODAY);
    expect(defaults).toEqual({ activitytype: 'ALL', membershipid: null, startdate: ['2026-02-13', '2026-03-15'] });
    expect(panelCriteria(activity, defaults)).toEqual({ activitytype: 'ALL', membershipid: null, startdate: '2026-02-13', enddate: '2026-03-15' });
    expect(panelCriteria(activity, { activitytype: '', membershipid: 'FFP', startdate: [null, null] })).toEqual({ activitytype: null, membershipid: 'FFP', startdate: null, enddate: null });
  });

  it.each([
    ['valid criteria', { activitytype: 'AIR', membershipid: 'FFP', startdate: '2026-03-01', enddate: '2026-03-15' }, {}],
    ['empty criteria', {}, {}],
    ['an option not declared', { activitytype: 'RAIL' }, { activitytype: 'Activity Type must be one of All, Air, Non Air' }],
    ['an end later than today', { startdate: '2026-03-01', enddate: '2026-03-16' }, { enddate: 'Date cannot be later than today' }],
    ['a start later than today', { startdate: '2026-04-01' }, { startdate: 'Date cannot be later than today' }],
    ['an end before the start', { startdate: '2026-03-10', enddate: '2026-03-01' }, { enddate: 'Date end cannot be earlier than its start' }],
    ['a day that does not exist', { startdate: '2026-02-30' }, { startdate: 'Date must be of type date' }],
    ['a criterion the panel does not send', { tiername: 'Gold' }, { tiername: 'tiername is not a filter of this panel' }],
    ['a list for a single choice', { membershipid: ['FFP'] }, { membershipid: 'Membership must be of type string' }],
  ])('the server check: %s', (_case, criteria, errors) => {
    expect(validatePanelCriteria(activity, criteria, TODAY)).toEqual(errors);
  });

  it('a minimum day reads as its date', () => {
    const bounded: PanelDefinition = { ...memberTier, filters: [{ name: 'startdate', label: 'Start Date', type: 'date', minDate: '2026-01-01' }] };
    expect(validatePanelCriteria(bounded, { startdate: '2025-12-31' }, TODAY)).toEqual({ startdate: 'Start Date cannot be earlier than 01/01/2026' });
  });

  it('the URL holds only what differs from the defaults, and reads back the same state', () => {
    const page: PanelPage = { ...dashboard, panels: [memberTier, activity] };
    const state = panelStateFromQuery(page, '', TODAY);
    expect(panelStateToQuery(page, state, TODAY)).toBe('');
    state['member-tier']!.gender = 'FEMALE';
    state['member-activity']!.startdate = ['2026-03-01', '2026-03-10'];
    const query = panelStateToQuery(page, state, TODAY);
    expect(new URLSearchParams(query).get('member-tier.gender')).toBe('FEMALE');
    expect(new URLSearchParams(query).get('member-activity.startdate')).toBe('["2026-03-01","2026-03-10"]');
    expect(panelStateFromQuery(page, query, TODAY)).toEqual(state);
    // What the URL says is sent as it is: the server answers a bad value with its message.
    expect(panelStateFromQuery(page, 'member-tier.gender=UNKNOWN&other=1', TODAY)['member-tier']).toEqual({ gender: 'UNKNOWN', startdate: '2026-03-15' });
  });
});

describe('the Flight panel\'s carrier conditions (spec 000 §5): disabledWhen and multipleWhen', () => {
  const flight = dashboard.panels.find((p) => p.key === 'flight')!;
  const values = (member: string, ffpcarriercode: string[]) => ({ member, ffpcarriercode, startdate: ['2026-03-01', '2026-03-15'] });

  it.each([
    ['ALL', ['KL'], []],
    ['NONMEMBER', ['KL', 'SQ'], []],
    ['MEMBERGA', ['GA'], ['GA']],
    ['MEMBERNONGA', ['KL', 'SQ'], ['KL', 'SQ']],
  ])('member %s with carriers %j sends %j (a disabled filter sends nothing)', (member, carriers, sent) => {
    expect(panelCriteria(flight, values(member, carriers)).ffpcarriercode).toEqual(sent);
  });

  it.each([
    [{ member: 'ALL', ffpcarriercode: ['KL'] }, 'Carrier cannot be chosen when Member is All'],
    [{ member: 'NONMEMBER', ffpcarriercode: ['KL'] }, 'Carrier cannot be chosen when Member is Non-Member'],
    [{ member: 'MEMBERGA', ffpcarriercode: ['GA', 'KL'] }, 'Carrier takes one choice unless Member is Member Non-GA'],
    [{ member: 'MEMBERNONGA', ffpcarriercode: ['KL', 'SQ'] }, undefined],
    [{ member: 'ALL', ffpcarriercode: [] }, undefined],
  ])('the server\'s check of %j: %s', (criteria, problem) => {
    expect(validatePanelCriteria(flight, { ...criteria, startdate: null, enddate: null }, TODAY).ffpcarriercode).toBe(problem);
  });
});

describe('panel pages in npm run validate', () => {
  const selectors = realSelectors as SelectorCatalogue;
  const queries = { ...panelQueryCriteria(), 'dashboard/member-activity': ['activitytype', 'membershipid', 'startdate', 'enddate'] };
  const FILE = 'screens/top-level/dashboard.json';
  const check = (page: PanelPage, withQueries = true) => checkPanelPages([{ file: FILE, screen: page }], selectors, withQueries ? queries : undefined);
  const withPanel = (change: (panel: PanelDefinition) => void): PanelPage => {
    const page = structuredClone({ ...dashboard, panels: [memberTier, activity] });
    change(page.panels[1]!);
    return page;
  };

  it('the real dashboard passes, its query on the server reading exactly what its filters send', () => {
    expect(check(dashboard)).toEqual([]);
    expect(panelQueryCriteria()['dashboard/member-tier']).toEqual(panelCriteriaNames(memberTier));
  });

  it.each([
    ['a query the server does not have', (p: PanelDefinition) => (p.query = 'dashboard/nothing'), ['panels[1].query: no panel query "dashboard/nothing" on the server (server/platform/panels/panelQueries.ts)']],
    ['a filter the query does not read', (p: PanelDefinition) => (p.filters![1]!.name = 'tierid'), [
      'panels[1].filters[1].name: the query "dashboard/member-activity" does not read the criterion "tierid" (it reads activitytype, membershipid, startdate, enddate)',
      'panels[1].filters: the query "dashboard/member-activity" reads the criterion "membershipid", which no filter sends',
    ]],
    ['a query shared by two panels', (p: PanelDefinition) => Object.assign(p, { query: memberTier.query, filters: memberTier.filters }), [`panels[1].query: query "dashboard/member-tier" is already read by ${FILE} panels[0]: each panel has its own query, guarded by its page's menu`]],
    ['a panel key used twice', (p: PanelDefinition) => (p.key = 'member-tier'), ['panels[1].key: duplicate panel key "member-tier" (also panels[0])']],
    ['a criterion sent twice', (p: PanelDefinition) => (p.filters![2]!.rangeEnd = 'membershipid'), [
      'panels[1].filters[2].rangeEnd: the criterion "membershipid" is also sent by panels[1].filters[1].name',
      'panels[1].filters: the query "dashboard/member-activity" reads the criterion "enddate", which no filter sends',
    ]],
    ['an unknown selector', (p: PanelDefinition) => (p.filters![1]!.source = { selector: 'nothing' }), ['panels[1].filters[1].source.selector: unknown selector "nothing"']],
    ['a select without choices', (p: PanelDefinition) => delete p.filters![1]!.source, ['panels[1].filters[1]: a select filter needs its options or a source']],
    ['a default not among the options', (p: PanelDefinition) => (p.filters![0]!.default = 'BOTH'), ['panels[1].filters[0].default: "BOTH" is not one of the options']],
    ['a date default that is no day bound', (p: PanelDefinition) => (p.filters![2]!.default = 'yesterday'), [`panels[1].filters[2].default: a date's default is a day bound ('today', '-30d', '+1y' or YYYY-MM-DD)`]],
    ['day bounds on a select', (p: PanelDefinition) => (p.filters![0]!.maxDate = 'today'), ['panels[1].filters[0]: minDate and maxDate bound a date filter only']],
    ['a rule that does not parse', (p: PanelDefinition) => (p.filters![0]!.rules = ['max.x']), ['panels[1].filters[0].rules[0]: "max" needs a whole number such as "max.8", got "x" in rule "max.x"']],
    ['a disabledWhen naming no filter of the panel', (p: PanelDefinition) => (p.filters![1]!.disabledWhen = { nothing: ['X'] }), ['panels[1].filters[1].disabledWhen.nothing: unknown filter "nothing" of this panel']],
    ['a disabledWhen value that is no option', (p: PanelDefinition) => (p.filters![1]!.disabledWhen = { activitytype: ['BOTH'] }), ['panels[1].filters[1].disabledWhen.activitytype: "BOTH" is not one of the options of "activitytype"']],
    ['multipleWhen on a single-choice filter', (p: PanelDefinition) => (p.filters![1]!.multipleWhen = { activitytype: ['AIR'] }), ['panels[1].filters[1].multipleWhen: only a list filter takes several choices']],
    ['a line chart without y', (p: PanelDefinition) => delete p.chart.y, ['panels[1].chart: a line chart needs "y"']],
    ['a table without columns', (p: PanelDefinition) => (p.chart = { kind: 'table' }), ['panels[1].chart: a table chart needs "columns"']],
    ['a pie with series', (p: PanelDefinition) => (p.chart = { kind: 'pie', x: 'a', y: 'b', series: 'c' }), ['panels[1].chart: a pie chart has no series']],
    ['a column of an unknown selector', (p: PanelDefinition) => (p.chart.columns = [{ name: 'tiername', label: 'Tier', source: { selector: 'nothing' } }]), ['panels[1].chart.columns[0].source.selector: unknown selector "nothing"']],
    ['nested rows without a series field', (p: PanelDefinition) => delete p.chart.series, ['panels[1].chart.data: nested rows need "series": the row field naming each series']],
  ])('reports %s, with file and JSON path', (_case, change, problems) => {
    expect(check(withPanel(change))).toEqual(problems.map((problem) => `${FILE}: ${problem}`));
  });

  it('without the server registry (a caller that cannot load it) the query is not checked', () => {
    expect(check(withPanel((p) => (p.query = 'dashboard/nothing')), false)).toEqual([]);
  });
});

describe('the lazy definition catalogue of the browser', () => {
  const tree = realTree as MenuTree;
  const selectors = realSelectors as SelectorCatalogue;

  it('a menu\'s page file: its group\'s folder, its path\'s last segment; the top bar\'s in top-level, "/" by menu code', () => {
    const files = menuPageFiles(tree);
    expect(files.get('COUNTRY')?.path).toBe('basic-configuration/country.json');
    expect(files.get('DASHBOARD')?.path).toBe('top-level/dashboard.json');
    expect(files.get('BMEMMGT')?.path).toBe('top-level/member.json');
    expect(files.get('MEMBER')?.path).toBe('member-management/member.json');
  });

  it('which menus have a page is read from the file list; a page loads once, on demand', async () => {
    const loads: string[] = [];
    const page = (menucode: string): PageDefinition => ({ ...dashboard, menucode });
    const source = createPageSource(tree, selectors, {
      'top-level/dashboard.json': async () => (loads.push('dashboard'), page('DASHBOARD')),
      'basic-configuration/country.json': async () => (loads.push('country'), page('COUNTRY')),
      'basic-configuration/nowhere.json': async () => (loads.push('nowhere'), page('NOWHERE')),
    });
    expect(['DASHBOARD', 'COUNTRY', 'REGION', 'NOWHERE'].map(source.hasPage)).toEqual([true, true, false, false]);
    expect(loads).toEqual([]);
    expect(source.loadPage('COUNTRY')).toBe(source.loadPage('COUNTRY'));
    expect((await source.loadPage('COUNTRY')).menucode).toBe('COUNTRY');
    expect(loads).toEqual(['country']);
    await expect(source.loadPage('REGION')).rejects.toThrow('menu REGION has no page');
    const catalogue = await source.loadAll();
    // A file no menu points at is read with the whole catalogue, and kept only if it is a child-only screen.
    expect(catalogue.pages.map((p) => p.menucode).sort()).toEqual(['COUNTRY', 'DASHBOARD']);
    expect(loads).toEqual(['country', 'dashboard', 'nowhere']);
  });

  it('a file that declares another menu than the one it stands for is refused', async () => {
    const source = createPageSource(tree, selectors, { 'basic-configuration/country.json': async () => ({ ...dashboard, menucode: 'REGION' }) });
    await expect(source.loadPage('COUNTRY')).rejects.toThrow('the page file of menu COUNTRY declares menu REGION');
  });
});
