// Cross checks of report pages (kind "report") that their JSON Schema cannot express, as one-line problems
// '<file>: <json path>: <what is wrong>': the report exists on the server and has one page, the filters send
// exactly the criteria it reads (with known selectors), the formats are ones it allows, the access key is a
// configuration key, and the menu tree has exactly one Download Report page (a report page without report).
import { resolveFilter } from './panelPage';
import { optionsOfProblem } from './filterOptions';
import type { PageDefinition, ReportPage, SelectorCatalogue } from './screen';

/** Report name -> the criteria it reads and the formats it allows (server/reports/reportQueries.ts: reportQuerySignatures()). */
export type ReportSignatures = Readonly<Record<string, { criteria: readonly string[]; formats: readonly string[] }>>;

const isReportPage = (page: PageDefinition): page is ReportPage => page.kind === 'report';

/** Without `reports` or `configKeys` (a caller that cannot load the server's registries) those names are not checked. */
export function checkReportPages(pages: { file: string; screen: PageDefinition }[], selectors: SelectorCatalogue, reports?: ReportSignatures, configKeys?: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const usedBy = new Map<string, string>();
  for (const { file, screen } of pages) {
    if (!isReportPage(screen)) continue;
    const report = (path: string, problem: string) => problems.push(`${file}: ${path}: ${problem}`);
    if (!screen.report) {
      if (screen.filters?.length) report('filters', 'a page without report (Download Report) has no filters');
      if (screen.formats) report('formats', 'a page without report (Download Report) generates nothing: no formats');
      continue;
    }
    const other = usedBy.get(screen.report);
    if (other) report('report', `report "${screen.report}" already has the page ${other}`);
    else usedBy.set(screen.report, file);

    const sent = new Map<string, string>();
    (screen.filters ?? []).forEach((raw, f) => {
      const at = `filters[${f}]`;
      const filter = resolveFilter(raw);
      for (const [name, path] of [[filter.name, `${at}.name`], ...(filter.rangeEnd ? [[filter.rangeEnd, `${at}.rangeEnd`]] : [])] as [string, string][]) {
        if (sent.has(name)) report(path, `the criterion "${name}" is also sent by ${sent.get(name)}`);
        else sent.set(name, path);
      }
      if (filter.source && !Object.hasOwn(selectors.selectors, filter.source.selector)) report(`${at}.source.selector`, `unknown selector "${filter.source.selector}"`);
      const problem = optionsOfProblem(pages.map((p) => p.screen), filter);
      if (problem) report(`${at}.optionsOf`, problem);
    });
    if (screen.accessKey && configKeys && !configKeys.has(screen.accessKey)) report('accessKey', `no configuration key "${screen.accessKey}" (server/platform/configuration/configKeys.ts)`);
    if (!reports) continue;
    const signature = Object.hasOwn(reports, screen.report) ? reports[screen.report] : undefined;
    if (!signature) {
      report('report', `no report "${screen.report}" on the server (server/reports/reportQueries.ts)`);
      continue;
    }
    for (const [name, path] of sent) if (!signature.criteria.includes(name)) report(path, `the report "${screen.report}" does not read the criterion "${name}" (it reads ${signature.criteria.join(', ') || 'none'})`);
    for (const name of signature.criteria) if (!sent.has(name)) report('filters', `the report "${screen.report}" reads the criterion "${name}", which no filter sends`);
    (screen.formats ?? []).forEach((format, i) => {
      if (!signature.formats.includes(format)) report(`formats[${i}]`, `the report "${screen.report}" allows ${signature.formats.join(', ')}, not ${format}`);
    });
  }
  return problems;
}
