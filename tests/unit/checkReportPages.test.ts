// The report page checks of npm run validate (engine/definition/checkReportPages.ts): each problem named with
// its file and JSON path, and the real definitions pass against the server's registries.
import { describe, expect, it } from 'vitest';
import { checkReportPages } from '../../engine/definition/checkReportPages';
import type { PageDefinition, SelectorCatalogue } from '../../engine/definition/screen';
import { loadCatalogue } from '../../server/platform/definitions';
import { reportQuerySignatures } from '../../server/reports/reportQueries';
import { CONFIG_KEYS } from '../../server/platform/configuration/configKeys';

const selectors = { selectors: { tier: { resource: 'tier', value: 'tierid', label: 'tiername' } } } as unknown as SelectorCatalogue;
const reports = { 'air-accrual': { criteria: ['startdate', 'enddate', 'tierid'], formats: ['CSV', 'XLSX'] } };
const keys = new Set(['REPORTING_ACCESS_REPORTS']);
const page = (extra: Record<string, unknown>): { file: string; screen: PageDefinition } => ({
  file: 'screens/reports/x.json',
  screen: { schemaVersion: 2, menucode: 'AIRACCRPT', title: 'Air Accrual Report', kind: 'report', report: 'air-accrual', filters: [{ name: 'startdate', label: 'Period', type: 'date', rangeEnd: 'enddate' }, { name: 'tierid', label: 'Tier', source: { selector: 'tier' } }], ...extra } as PageDefinition,
});

describe('checkReportPages', () => {
  it('passes a page whose filters send what its report reads', () => {
    expect(checkReportPages([page({ accessKey: 'REPORTING_ACCESS_REPORTS' })], selectors, reports, keys)).toEqual([]);
  });

  it.each([
    [{ report: 'nope' }, 'screens/reports/x.json: report: no report "nope" on the server (server/reports/reportQueries.ts)'],
    [{ formats: ['PDF'] }, 'screens/reports/x.json: formats[0]: the report "air-accrual" allows CSV, XLSX, not PDF'],
    [{ accessKey: 'NOPE' }, 'screens/reports/x.json: accessKey: no configuration key "NOPE" (server/platform/configuration/configKeys.ts)'],
    [{ filters: [{ name: 'startdate', label: 'Period', type: 'date', rangeEnd: 'enddate' }] }, 'screens/reports/x.json: filters: the report "air-accrual" reads the criterion "tierid", which no filter sends'],
    [{ filters: [{ name: 'startdate', label: 'Period', type: 'date', rangeEnd: 'enddate' }, { name: 'tierid', label: 'Tier', source: { selector: 'tier' } }, { name: 'memberid', label: 'Member' }] }, 'screens/reports/x.json: filters[2].name: the report "air-accrual" does not read the criterion "memberid" (it reads startdate, enddate, tierid)'],
    [{ filters: [{ name: 'startdate', label: 'Period', type: 'date', rangeEnd: 'enddate' }, { name: 'tierid', label: 'Tier', source: { selector: 'nope' } }] }, 'screens/reports/x.json: filters[1].source.selector: unknown selector "nope"'],
  ])('names the problem of %j', (extra, problem) => {
    expect(checkReportPages([page(extra)], selectors, reports, keys)).toEqual([problem]);
  });

  it('a second page of the same report, and filters on Download Report, are refused', () => {
    const download = { file: 'screens/reports/download-report.json', screen: { schemaVersion: 2, menucode: 'REPDOWN', title: 'Download Report', kind: 'report', filters: [{ name: 'x', label: 'X' }] } as PageDefinition };
    expect(checkReportPages([page({}), { ...page({}), file: 'screens/reports/y.json' }, download], selectors, reports, keys)).toEqual([
      'screens/reports/y.json: report: report "air-accrual" already has the page screens/reports/x.json',
      'screens/reports/download-report.json: filters: a page without report (Download Report) has no filters',
    ]);
  });

  it('the definitions pass against the server registries', () => {
    const catalogue = loadCatalogue();
    const pages = catalogue.pages.map((screen) => ({ file: screen.menucode, screen }));
    const all = { selectors: catalogue.selectors } as SelectorCatalogue;
    expect(checkReportPages(pages, all, reportQuerySignatures(), new Set(Object.values(CONFIG_KEYS).map((k) => k.key)))).toEqual([]);
    expect(pages.filter((p) => p.screen.kind === 'report').length).toBeGreaterThanOrEqual(15);
  });
});
