// The panels page kind without React: a panel's filters resolved, their defaults, the criteria they send,
// the criteria check the server runs with the same bounds and choices, and the filter state in the URL.
import { RULE_MESSAGES, fieldLabel, formatMessage, isEmptyValue, validateValue, type FieldRuleContext } from '../rules';
import { resolveDateBound } from './dateBounds';
import { formatDate } from './format';
import type { PanelDefinition, PanelFilter, PanelPage } from './screen';
import * as moduleTexts from './texts.json';

/** Spec 000 §9: a dashboard date range starts as the last 30 days. */
export const DEFAULT_RANGE = { start: '-30d', end: 'today' } as const;

/** Messages of the criteria check (not in spec; spec 000 §5 says only that dates cannot be later than today). */
export const PANEL_MESSAGES = moduleTexts.panelMessages;

/** A value of the filter form: a string, a list, or a range's [start, end]. */
export type FilterValue = string | number | boolean | null | (string | number | boolean | null)[];
export type FilterValues = Record<string, FilterValue>;

export interface ResolvedFilter extends PanelFilter {
  widget: 'select' | 'multiselect' | 'date';
  type: 'string' | 'date' | 'list';
  isRange: boolean;
}

export function resolveFilter(filter: PanelFilter): ResolvedFilter {
  const type = filter.type ?? (filter.widget === 'date' || filter.rangeEnd ? 'date' : filter.widget === 'multiselect' ? 'list' : 'string');
  const widget = filter.widget ?? (type === 'date' ? 'date' : type === 'list' ? 'multiselect' : 'select');
  return { ...filter, type, widget, isRange: type === 'date' && !!filter.rangeEnd };
}

export const panelFilters = (panel: PanelDefinition): ResolvedFilter[] => (panel.filters ?? []).map(resolveFilter);

/** The criteria names a panel sends: each filter's name, and a range's end. */
export const panelCriteriaNames = (panel: PanelDefinition): string[] =>
  panelFilters(panel).flatMap((f) => (f.isRange ? [f.name, f.rangeEnd!] : [f.name]));

const day = (bound: string | undefined, today: Date) => resolveDateBound(bound, today);

/** The values every filter starts with and returns to on Reset; a date's default is a day bound. */
export function panelDefaults(panel: PanelDefinition, today: Date): FilterValues {
  const values: FilterValues = {};
  for (const filter of panelFilters(panel)) {
    if (filter.isRange) {
      const start = typeof filter.default === 'string' ? filter.default : DEFAULT_RANGE.start;
      values[filter.name] = [day(start, today)!, day(DEFAULT_RANGE.end, today)!];
    } else if (filter.type === 'date') {
      values[filter.name] = typeof filter.default === 'string' ? day(filter.default, today)! : null;
    } else {
      values[filter.name] = filter.default ?? (filter.type === 'list' ? [] : null);
    }
  }
  return values;
}

/** The value of another filter a condition reads (a list's single value counts as that value). */
const conditionValue = (values: Record<string, unknown>, name: string): string | null => {
  const value = values[name];
  return value === null || value === undefined || Array.isArray(value) ? null : String(value);
};

/** The filter's disabledWhen condition that holds for these values, if any: [other filter, its value]. */
export function disabledBy(filter: PanelFilter, values: Record<string, unknown>): [string, string] | undefined {
  for (const [other, disabling] of Object.entries(filter.disabledWhen ?? {})) {
    const value = conditionValue(values, other);
    if (value !== null && disabling.includes(value)) return [other, value];
  }
  return undefined;
}

/** Whether a list filter takes several choices for these values (always, without multipleWhen). */
export function allowsMultiple(filter: PanelFilter, values: Record<string, unknown>): boolean {
  if (!filter.multipleWhen) return true;
  return Object.entries(filter.multipleWhen).some(([other, allowing]) => {
    const value = conditionValue(values, other);
    return value !== null && allowing.includes(value);
  });
}

/** The criteria of the query call: one per filter, a range as its two ends, empty values as null. */
export function panelCriteria(panel: PanelDefinition, values: FilterValues): Record<string, FilterValue> {
  const criteria: Record<string, FilterValue> = {};
  for (const filter of panelFilters(panel)) {
    const value = values[filter.name];
    if (filter.isRange) {
      const [start, end] = Array.isArray(value) ? value : [null, null];
      criteria[filter.name] = isEmptyValue(start) ? null : (start ?? null);
      criteria[filter.rangeEnd!] = isEmptyValue(end) ? null : (end ?? null);
    } else if (isEmptyValue(value) || disabledBy(filter, values)) {
      // A disabled filter sends nothing, whatever it held before it was disabled.
      criteria[filter.name] = filter.type === 'list' ? [] : null;
    } else {
      criteria[filter.name] = value ?? null;
    }
  }
  return criteria;
}

const ruleContext = (filter: ResolvedFilter): FieldRuleContext => ({
  label: filter.label,
  placeholder: filter.placeholder,
  widget: filter.widget,
  options: filter.options?.map((o) => o.value),
});

/** 'today' reads as the word; any other bound as its DD/MM/YYYY day. */
const boundText = (bound: string, resolved: string) => (bound === 'today' ? 'today' : formatDate(resolved));

function dateProblem(filter: ResolvedFilter, value: unknown, label: string, today: Date): string | null {
  if (isEmptyValue(value)) return null;
  const typeError = validateValue(value, ['type.date'], { label });
  if (typeError) return typeError;
  const text = value as string;
  const min = day(filter.minDate, today);
  const max = day(filter.maxDate, today);
  if (max && text > max) return formatMessage(PANEL_MESSAGES.later, { label, day: boundText(filter.maxDate!, max) });
  if (min && text < min) return formatMessage(PANEL_MESSAGES.earlier, { label, day: boundText(filter.minDate!, min) });
  return null;
}

function choiceProblem(filter: ResolvedFilter, value: unknown): string | null {
  if (isEmptyValue(value)) return null;
  const chosen = Array.isArray(value) ? value : [value];
  if (filter.type === 'list' ? !Array.isArray(value) : Array.isArray(value)) {
    return formatMessage(RULE_MESSAGES.type, { label: fieldLabel(ruleContext(filter)), type: filter.type === 'list' ? 'array' : 'string' });
  }
  if (chosen.some((v) => typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')) {
    return formatMessage(RULE_MESSAGES.type, { label: fieldLabel(ruleContext(filter)), type: 'string' });
  }
  if (!filter.options) return null;
  const allowed = new Set(filter.options.map((o) => o.value));
  if (chosen.every((v) => allowed.has(v as string))) return null;
  return formatMessage(RULE_MESSAGES.enum, { label: fieldLabel(ruleContext(filter)), options: filter.options.map((o) => o.label).join(', ') });
}

/** A value the filter's disabledWhen forbids, or several choices its multipleWhen does not allow. */
function conditionProblem(panel: PanelDefinition, filter: ResolvedFilter, value: unknown, criteria: Record<string, unknown>, label: string): string | null {
  if (isEmptyValue(value)) return null;
  const otherText = (name: string, value: string) => {
    const other = panelFilters(panel).find((f) => f.name === name);
    return { other: other?.label ?? name, value: other?.options?.find((o) => o.value === value)?.label ?? value };
  };
  const disabling = disabledBy(filter, criteria);
  if (disabling) return formatMessage(PANEL_MESSAGES.disabled, { label, ...otherText(disabling[0], disabling[1]) });
  if (Array.isArray(value) && value.length > 1 && !allowsMultiple(filter, criteria)) {
    const [other, allowing] = Object.entries(filter.multipleWhen!)[0]!;
    const named = allowing.map((v) => otherText(other, v));
    return formatMessage(PANEL_MESSAGES.single, { label, other: named[0]!.other, value: named.map((n) => n.value).join(' or ') });
  }
  return null;
}

/**
 * Criterion name -> first problem, for criteria sent to a panel's query: the filters' rules, fixed
 * choices, dates as YYYY-MM-DD within their day bounds, a range's end not before its start, and no
 * criterion the panel does not send. The browser bounds its pickers the same way; the server runs this.
 */
export function validatePanelCriteria(panel: PanelDefinition, criteria: Record<string, unknown>, today: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(panelCriteriaNames(panel));
  for (const name of Object.keys(criteria)) {
    if (!known.has(name)) errors[name] = formatMessage(PANEL_MESSAGES.unknown, { name });
  }
  for (const filter of panelFilters(panel)) {
    const value = criteria[filter.name];
    const label = fieldLabel(ruleContext(filter));
    const ruled = validateValue(value, filter.rules ?? [], ruleContext(filter), criteria);
    if (ruled) {
      errors[filter.name] = ruled;
      continue;
    }
    if (filter.type !== 'date') {
      const problem = choiceProblem(filter, value) ?? conditionProblem(panel, filter, value, criteria, label);
      if (problem) errors[filter.name] = problem;
      continue;
    }
    const start = dateProblem(filter, value, label, today);
    if (start) errors[filter.name] = start;
    if (!filter.isRange) continue;
    const endValue = criteria[filter.rangeEnd!];
    const end = dateProblem(filter, endValue, label, today);
    if (end) errors[filter.rangeEnd!] = end;
    else if (!start && !isEmptyValue(value) && !isEmptyValue(endValue) && (endValue as string) < (value as string)) {
      errors[filter.rangeEnd!] = formatMessage(PANEL_MESSAGES.rangeOrder, { label });
    }
  }
  return errors;
}

/** The panel that reads a named query on a page, if any. */
export const panelOfQuery = (page: PanelPage, query: string): PanelDefinition | undefined => page.panels.find((p) => p.query === query);

// ---- filter state in the URL: '<panel key>.<filter name>=<value>', only values that differ from the defaults

const paramName = (panel: PanelDefinition, filter: PanelFilter) => `${panel.key}.${filter.name}`;

const sameValue = (a: FilterValue | undefined, b: FilterValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Each panel's filter values: its defaults, overridden by what the URL says (read as sent; the server checks it). */
export function panelStateFromQuery(page: PanelPage, query: string, today: Date): Record<string, FilterValues> {
  const params = new URLSearchParams(query);
  const state: Record<string, FilterValues> = {};
  for (const panel of page.panels) {
    const values = panelDefaults(panel, today);
    for (const filter of panelFilters(panel)) {
      const raw = params.get(paramName(panel, filter));
      if (raw === null) continue;
      if (filter.isRange || filter.type === 'list') {
        try {
          const parsed = JSON.parse(raw) as unknown;
          values[filter.name] = Array.isArray(parsed) ? (parsed as FilterValue) : raw;
        } catch {
          values[filter.name] = raw;
        }
      } else {
        values[filter.name] = raw === '' ? null : raw;
      }
    }
    state[panel.key] = values;
  }
  return state;
}

/** The URL query of the filter state: only the values a user changed, so a plain link shows the defaults. */
export function panelStateToQuery(page: PanelPage, state: Record<string, FilterValues>, today: Date): string {
  const params = new URLSearchParams();
  for (const panel of page.panels) {
    const defaults = panelDefaults(panel, today);
    const values = state[panel.key] ?? defaults;
    for (const filter of panelFilters(panel)) {
      const value = values[filter.name];
      if (sameValue(value, defaults[filter.name])) continue;
      params.set(paramName(panel, filter), Array.isArray(value) ? JSON.stringify(value) : value === null || value === undefined ? '' : String(value));
    }
  }
  return params.toString();
}
