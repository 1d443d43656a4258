// Cross checks of panel pages (kind "panels") that their JSON Schema cannot express, as one-line problems
// '<file>: <json path>: <what is wrong>': each panel's query exists on the server and is read by that panel
// only, its filters send exactly the criteria the query reads, and its chart names what its kind needs.
import { tryParseRule } from '../rules';
import { resolveDateBound } from './dateBounds';
import { resolveFilter } from './panelPage';
import { optionsOfProblem, resolveFilterOptions } from './filterOptions';
import type { ChartKind, PageDefinition, PanelChart, PanelPage, SelectorCatalogue } from './screen';

/** Query name -> the criteria it reads (server/platform/panels/panelQueries.ts: panelQueryCriteria()). */
export type PanelQuerySignatures = Readonly<Record<string, readonly string[]>>;

type Report = (path: string, problem: string) => void;

/** What each chart kind draws from: the fields it needs. */
const CHART_NEEDS: Record<ChartKind, ('x' | 'y' | 'columns')[]> = {
  line: ['x', 'y'],
  bar: ['x', 'y'],
  pie: ['x', 'y'],
  statistic: ['y'],
  table: ['columns'],
};

const isPanelPage = (page: PageDefinition): page is PanelPage => page.kind === 'panels';

/**
 * Every problem of the panel pages. Without `queries` (a caller that cannot load the server's registry)
 * the query names and criteria are not checked.
 */
export function checkPanelPages(pages: { file: string; screen: PageDefinition }[], selectors: SelectorCatalogue, queries?: PanelQuerySignatures): string[] {
  const problems: string[] = [];
  const queryUsedBy = new Map<string, string>();
  // Checked as used: a filter's `optionsOf` given its options (a reference that does not resolve is reported).
  const raw = pages.map((p) => p.screen);
  const resolved = resolveFilterOptions(raw);
  for (const [i, { file }] of pages.entries()) {
    const screen = resolved[i]!;
    const written = raw[i]!;
    if (!isPanelPage(screen) || !isPanelPage(written)) continue;
    const report: Report = (path, problem) => problems.push(`${file}: ${path}: ${problem}`);
    const keyAt = new Map<string, number>();
    const announcement = screen.announcement;
    if (announcement) {
      const other = queryUsedBy.get(announcement.query);
      if (other) report('announcement.query', `query "${announcement.query}" is already read by ${other}`);
      else queryUsedBy.set(announcement.query, `${file} announcement`);
      if (queries) {
        const read = Object.hasOwn(queries, announcement.query) ? queries[announcement.query] : undefined;
        if (!read) report('announcement.query', `no panel query "${announcement.query}" on the server (server/platform/panels/panelQueries.ts)`);
        else if (read.length > 0) report('announcement.query', `the announcement sends no criteria, but the query "${announcement.query}" reads ${read.join(', ')}`);
      }
    }
    screen.panels.forEach((panel, p) => {
      const at = `panels[${p}]`;
      const first = keyAt.get(panel.key);
      if (first !== undefined) report(`${at}.key`, `duplicate panel key "${panel.key}" (also panels[${first}])`);
      else keyAt.set(panel.key, p);

      const other = queryUsedBy.get(panel.query);
      if (other) report(`${at}.query`, `query "${panel.query}" is already read by ${other}: each panel has its own query, guarded by its page's menu`);
      else queryUsedBy.set(panel.query, `${file} ${at}`);

      const sent = checkFilters(panel.filters ?? [], `${at}.filters`, report, selectors);
      written.panels[p]!.filters?.forEach((filter, f) => {
        const problem = optionsOfProblem(raw, filter);
        if (problem) report(`${at}.filters[${f}].optionsOf`, problem);
      });
      if (queries) {
        const read = Object.hasOwn(queries, panel.query) ? queries[panel.query] : undefined;
        if (!read) report(`${at}.query`, `no panel query "${panel.query}" on the server (server/platform/panels/panelQueries.ts)`);
        else {
          for (const [name, path] of sent) if (!read.includes(name)) report(path, `the query "${panel.query}" does not read the criterion "${name}" (it reads ${read.join(', ') || 'none'})`);
          for (const name of read) if (!sent.has(name)) report(`${at}.filters`, `the query "${panel.query}" reads the criterion "${name}", which no filter sends`);
        }
      }
      checkChart(panel.chart, `${at}.chart`, report, selectors);
    });
  }
  return problems;
}

/** Filters are well-formed; returns the criteria they send with the JSON path of each. */
function checkFilters(filters: NonNullable<PanelPage['panels'][number]['filters']>, base: string, report: Report, selectors: SelectorCatalogue): Map<string, string> {
  const sent = new Map<string, string>();
  const today = new Date();
  filters.forEach((raw, f) => {
    const at = `${base}[${f}]`;
    const filter = resolveFilter(raw);
    for (const [name, path] of [[filter.name, `${at}.name`], ...(filter.rangeEnd ? [[filter.rangeEnd, `${at}.rangeEnd`]] : [])] as [string, string][]) {
      const first = sent.get(name);
      if (first) report(path, `the criterion "${name}" is also sent by ${first}`);
      else sent.set(name, path);
    }
    (filter.rules ?? []).forEach((rule, r) => {
      const parsed = tryParseRule(rule);
      if (!parsed.ok) report(`${at}.rules[${r}]`, parsed.error);
    });
    if (filter.source && !Object.hasOwn(selectors.selectors, filter.source.selector)) report(`${at}.source.selector`, `unknown selector "${filter.source.selector}"`);
    if (filter.source?.dependsOn && !filters.some((other) => other.name === filter.source!.dependsOn!.field)) {
      report(`${at}.source.dependsOn.field`, `unknown filter "${filter.source.dependsOn.field}"`);
    }
    const isDate = filter.type === 'date';
    if (isDate && (filter.options || filter.source)) report(at, 'a date filter has no options or source');
    if (!isDate && !filter.options && !filter.source) report(at, `a ${filter.widget} filter needs its options or a source`);
    if (!isDate && filter.widget === 'date') report(`${at}.widget`, `a date picker needs "type": "date"`);
    if (filter.rangeEnd && !isDate) report(`${at}.rangeEnd`, 'only a date filter is a range');
    if (!isDate && (filter.minDate || filter.maxDate)) report(at, 'minDate and maxDate bound a date filter only');
    for (const key of ['disabledWhen', 'multipleWhen'] as const) {
      for (const [name, values] of Object.entries(filter[key] ?? {})) {
        const other = filters.find((o) => o.name === name);
        if (!other || name === filter.name) report(`${at}.${key}.${name}`, `unknown filter "${name}" of this panel`);
        else if (other.options) for (const value of values) if (!other.options.some((o) => o.value === value)) report(`${at}.${key}.${name}`, `"${value}" is not one of the options of "${name}"`);
      }
    }
    if (filter.multipleWhen && filter.type !== 'list') report(`${at}.multipleWhen`, 'only a list filter takes several choices');
    if (filter.default !== undefined && filter.default !== null) {
      if (isDate && !isDayBound(filter.default, today)) report(`${at}.default`, `a date's default is a day bound ('today', '-30d', '+1y' or YYYY-MM-DD)`);
      if (filter.options && !filter.options.some((o) => o.value === filter.default)) report(`${at}.default`, `"${String(filter.default)}" is not one of the options`);
    }
  });
  return sent;
}

function isDayBound(value: unknown, today: Date): boolean {
  if (typeof value !== 'string') return false;
  try {
    return resolveDateBound(value, today) !== undefined;
  } catch {
    return false;
  }
}

/** The chart names what its kind draws from; series and nested data belong to line and bar charts. */
function checkChart(chart: PanelChart, at: string, report: Report, selectors: SelectorCatalogue) {
  for (const need of CHART_NEEDS[chart.kind]) {
    if (chart[need] === undefined) report(at, `a ${chart.kind} chart needs "${need}"`);
  }
  if ((chart.series || chart.data) && chart.kind !== 'line' && chart.kind !== 'bar') report(at, `a ${chart.kind} chart has no series`);
  if (chart.data && !chart.series) report(`${at}.data`, 'nested rows need "series": the row field naming each series');
  const columnAt = new Map<string, number>();
  (chart.columns ?? []).forEach((column, c) => {
    const first = columnAt.get(column.name);
    if (first !== undefined) report(`${at}.columns[${c}].name`, `duplicate column "${column.name}" (also columns[${first}])`);
    else columnAt.set(column.name, c);
    if (column.source && !Object.hasOwn(selectors.selectors, column.source.selector)) report(`${at}.columns[${c}].source.selector`, `unknown selector "${column.source.selector}"`);
  });
}
