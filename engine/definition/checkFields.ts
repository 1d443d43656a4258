// The checks of a screen's fields that their JSON Schema cannot express: unique names, rules that parse,
// sources, cascades and conditions naming selectors and fields that exist.
import { tryParseRule } from '../rules';
import { resolveField } from './compile';
import type { ScreenDefinition, SelectorCatalogue } from './screen';

export type Report = (path: string, problem: string) => void;

export const fieldNames = (screen: ScreenDefinition) => new Set(screen.fields.map((f) => f.name));

export const unknownField = (name: string, resource?: string) => `unknown field "${name}"${resource ? ` of resource "${resource}"` : ''}`;

/** Field names are unique, rules parse and apply, sources and conditions name a selector and fields that exist. */
export function checkFields(screen: ScreenDefinition, report: Report, catalogue: SelectorCatalogue, screenByResource: Map<string, ScreenDefinition>) {
  const names = fieldNames(screen);
  const firstAt = new Map<string, number>();
  screen.fields.forEach((field, i) => {
    const at = `fields[${i}]`;
    const first = firstAt.get(field.name);
    if (first !== undefined) report(`${at}.name`, `duplicate field "${field.name}" (also fields[${first}])`);
    else firstAt.set(field.name, i);

    (field.rules ?? []).forEach((rule, r) => {
      const parsed = tryParseRule(rule);
      if (!parsed.ok) report(`${at}.rules[${r}]`, parsed.error);
      else if (parsed.rule.kind === 'enum' && !field.options) report(`${at}.rules[${r}]`, `rule "enum" needs the field's options`);
    });

    if (field.stored === false) {
      // Not a column: nothing to search, sort or show in the table; a key is always a column.
      if (field.search) report(`${at}.search`, `a field with "stored": false cannot be searched`);
      if (field.column) report(`${at}.column`, `a field with "stored": false cannot be a table column`);
      if (screen.resource.key.includes(field.name)) report(`${at}.stored`, `a key field is always stored`);
    }
    if ((field.widget === 'permissions' || field.widget === 'grants') && field.stored !== false) {
      report(`${at}.widget`, `"${field.widget}" holds grants kept outside the table: declare "stored": false`);
    }
    if (field.widget === 'grants' && !field.source) report(`${at}.source`, `"grants" lists the options of a selector: declare its source`);
    if (field.widget === 'cardname' && !field.composeFrom) report(`${at}.composeFrom`, `"cardname" offers variants of other fields: declare composeFrom`);
    if (field.composeFrom && field.widget !== 'cardname') report(`${at}.composeFrom`, `"composeFrom" belongs to the cardname widget`);
    (field.composeFrom ?? []).forEach((name, c) => {
      if (!names.has(name)) report(`${at}.composeFrom[${c}]`, unknownField(name));
    });
    checkConditions(screen, field, at, report);
    const column = typeof field.column === 'object' ? field.column : undefined;
    if (column?.ellipsis && column.width === undefined) report(`${at}.column.ellipsis`, `"ellipsis" cuts text at the column's width: declare the width`);
    if (column?.ellipsis && column.wrap) report(`${at}.column.wrap`, `"wrap" wraps the text "ellipsis" cuts: declare one of them`);

    if (!field.source) return;
    const selector = Object.hasOwn(catalogue.selectors, field.source.selector) ? catalogue.selectors[field.source.selector] : undefined;
    if (!selector) report(`${at}.source.selector`, `unknown selector "${field.source.selector}"`);
    const dependsOn = field.source.dependsOn;
    if (!dependsOn) return;
    if (!names.has(dependsOn.field)) report(`${at}.source.dependsOn.field`, unknownField(dependsOn.field));
    // The parent's value filters the selector's rows, so the filter is a field of the selector's resource.
    const target = selector && screenByResource.get(selector.resource);
    if (target && !fieldNames(target).has(dependsOn.filter)) report(`${at}.source.dependsOn.filter`, unknownField(dependsOn.filter, selector.resource));
    if (dependsOn.through !== undefined) checkThrough(screen, dependsOn.field, dependsOn.through, `${at}.source.dependsOn.through`, report, catalogue);
  });
}

/** A value looked up `through` the parent's record: the parent is a reference whose selector carries that field in its `extra`. */
function checkThrough(screen: ScreenDefinition, parentName: string, through: string, at: string, report: Report, catalogue: SelectorCatalogue) {
  const parent = screen.fields.find((f) => f.name === parentName);
  if (!parent) return;
  if (!parent.source) {
    report(at, `"through" reads the record "${parentName}" names: "${parentName}" needs a source`);
    return;
  }
  const selector = Object.hasOwn(catalogue.selectors, parent.source.selector) ? catalogue.selectors[parent.source.selector] : undefined;
  if (selector && !(selector.extra ?? []).includes(through)) {
    report(at, `"${through}" must be in the "extra" of selector "${parent.source.selector}", so the form can read it from "${parentName}"'s options`);
  }
}

/**
 * `requiredUnless`, `notBefore` and `excludes` name another field of the record; `notBefore` compares two dates or
 * two numbers; `excludes` pairs two choices of the same selector (or options), each naming the other.
 */
function checkConditions(screen: ScreenDefinition, field: ScreenDefinition['fields'][number], at: string, report: Report) {
  const byName = new Map(screen.fields.map((f) => [f.name, f]));
  for (const condition of ['requiredUnless', 'notBefore', 'excludes'] as const) {
    const other = field[condition];
    if (other === undefined) continue;
    if (other === field.name) report(`${at}.${condition}`, `a field cannot name itself`);
    else if (!byName.has(other)) report(`${at}.${condition}`, unknownField(other));
  }
  const when = field.requiredWhen;
  const whenField = when && byName.get(when.field);
  if (when && when.field === field.name) report(`${at}.requiredWhen.field`, `a field cannot name itself`);
  else if (when && !whenField) report(`${at}.requiredWhen.field`, unknownField(when.field));
  for (const key of ['equals', 'notEquals'] as const) {
    const value = when?.[key];
    if (value !== undefined && whenField?.options && !whenField.options.some((o) => o.value === value)) report(`${at}.requiredWhen.${key}`, `${JSON.stringify(value)} is not an option of field "${whenField.name}"`);
  }
  const earlier = field.notBefore === undefined ? undefined : byName.get(field.notBefore);
  const kind = (f: ScreenDefinition['fields'][number]) => ({ date: 'date', integer: 'number', number: 'number' } as Record<string, string>)[resolveField(f).type];
  if (earlier && (!kind(field) || kind(field) !== kind(earlier))) report(`${at}.notBefore`, `"notBefore" compares two date fields or two number fields`);
  const excluded = field.excludes === undefined || field.excludes === field.name ? undefined : byName.get(field.excludes);
  if (excluded) {
    const choices = (f: ScreenDefinition['fields'][number]) => (f.source ? `selector:${f.source.selector}` : f.options ? JSON.stringify(f.options.map((o) => o.value)) : undefined);
    if (!choices(field) || choices(field) !== choices(excluded)) report(`${at}.excludes`, `"excludes" pairs two choice fields with the same selector or options`);
    else if (excluded.excludes !== field.name) report(`${at}.excludes`, `field "${excluded.name}" must exclude "${field.name}" in turn`);
  }
}
