// A report's or panel's filter taking its choices from a screen's field (optionsOf, engine/definition/filterOptions.ts):
// the real definitions keep member, purchase and co-brand card statuses, enroll channels and genders once, on their
// screens; a wrong reference is a validation problem; the browser's page loader resolves it as the catalogue does.
import { describe, expect, it } from 'vitest';
import { checkReportPages } from '../../engine/definition/checkReportPages';
import { filterOptions, optionsOfProblem, resolveFilterOptions } from '../../engine/definition/filterOptions';
import { createPageSource } from '../../engine/definition/pageSource';
import { menuPageFiles } from '../../engine/definition/pageFiles';
import type { PageDefinition, PanelPage, ReportPage, ScreenDefinition, SelectorCatalogue } from '../../engine/definition/screen';
import { loadCatalogue } from '../../server/platform/definitions';

const catalogue = loadCatalogue();
const fieldOptions = (menu: string, field: string) => catalogue.screenByMenu.get(menu)!.fields.find((f) => f.name === field)!.options;
const reportFilter = (menu: string, name: string) => (catalogue.pageByMenu.get(menu) as ReportPage).filters!.find((f) => f.name === name)!;

const member = { schemaVersion: 2, menucode: 'MEMBER', title: 'Member', resource: { name: 'member', key: ['memberid'] }, fields: [{ name: 'memberid', label: 'Member ID' }, { name: 'status', label: 'Status', options: [{ value: 'ACTIVE', label: 'Active' }, { value: 'CLOSED', label: 'Closed' }] }], actions: ['view'] } as ScreenDefinition;
const report = (optionsOf: { screen: string; field: string }, options?: { value: string; label: string }[]) =>
  ({ schemaVersion: 2, menucode: 'MBRRPT', title: 'Member Report', kind: 'report', report: 'member-profile', filters: [{ name: 'status', label: 'Status', optionsOf, ...(options ? { options } : {}) }] }) as ReportPage;

describe('filter options kept once, on the screen field they filter', () => {
  it('the real report and dashboard filters read the options of their screens', () => {
    expect(reportFilter('MEMPRFRPT', 'status').options).toEqual(fieldOptions('MEMBER', 'status'));
    expect(reportFilter('CBMEMRPT', 'status').options).toEqual(fieldOptions('MEMCOBRAND', 'status'));
    const buy = catalogue.pages.find((p) => p.kind === 'report' && p.report === 'buy-mileage') as ReportPage;
    expect(buy.filters!.find((f) => f.name === 'status')!.options).toEqual(fieldOptions('MEMBUYML', 'status'));
    const dashboard = catalogue.pages.find((p) => p.kind === 'panels' && p.panels.some((panel) => panel.filters?.some((f) => f.name === 'gender'))) as PanelPage;
    const gender = dashboard.panels.flatMap((p) => p.filters ?? []).find((f) => f.name === 'gender')!;
    expect(gender.options).toEqual([{ value: 'ALL', label: 'All' }, ...fieldOptions('MEMBER', 'gender')!]);
  });

  it("a filter's own options come first, then the field's", () => {
    const [resolved] = resolveFilterOptions([report({ screen: 'MEMBER', field: 'status' }, [{ value: 'ALL', label: 'All' }]), member]) as [ReportPage];
    expect(resolved.filters![0]!.options).toEqual([{ value: 'ALL', label: 'All' }, { value: 'ACTIVE', label: 'Active' }, { value: 'CLOSED', label: 'Closed' }]);
    expect(filterOptions([member], { name: 'x', label: 'X', options: [{ value: 'A', label: 'A' }] })).toEqual([{ value: 'A', label: 'A' }]);
  });

  it.each([
    [{ screen: 'NOPE', field: 'status' }, 'optionsOf: no list screen "NOPE"'],
    [{ screen: 'MEMBER', field: 'nope' }, 'optionsOf: screen "MEMBER" has no field "nope"'],
    [{ screen: 'MEMBER', field: 'memberid' }, 'optionsOf: field "memberid" of screen "MEMBER" has no options'],
  ])('names a wrong reference %j in npm run validate', (optionsOf, problem) => {
    expect(optionsOfProblem([member], report(optionsOf).filters![0]!)).toBe(problem);
    const reports = { 'member-profile': { criteria: ['status'], formats: ['CSV'] } };
    const pages = [{ file: 'screens/reports/x.json', screen: report(optionsOf) as PageDefinition }, { file: 'screens/m/member.json', screen: member }];
    expect(checkReportPages(pages, { schemaVersion: 1, selectors: {} } as SelectorCatalogue, reports)).toEqual([`screens/reports/x.json: filters[0].optionsOf: ${problem}`]);
  });

  it("the browser's page loader loads the referenced screen and resolves the options", async () => {
    const files = menuPageFiles(catalogue.tree);
    const loaders = { [files.get('MEMPRFRPT')!.path]: async () => ({ ...report({ screen: 'MEMBER', field: 'status' }), menucode: 'MEMPRFRPT' }), [files.get('MEMBER')!.path]: async () => member };
    const source = createPageSource(catalogue.tree, { schemaVersion: 1, selectors: {} }, loaders);
    const loaded = (await source.loadPage('MEMPRFRPT')) as ReportPage;
    expect(loaded.filters![0]!.options).toEqual(member.fields[1]!.options);
  });
});
