// Cross checks of view pages (kind 'view', engine/definition/viewPage.ts) that the JSON Schema cannot express,
// as '<file>: <json path>: <problem>' lines: the source is a list screen, every field named is the source's,
// searches the source's table can serve, filter values its fields accept, and an API group of its own.
import type { DefinitionFiles } from './definitionFiles';
import { isCustomAction, resolveField, searchFields } from './compile';
import { isListScreen, type PageDefinition, type ViewPage } from './screen';
import { VIEW_STANDARD_ACTIONS, viewScreen } from './viewPage';
import { bulkProblem } from './bulk';

const isViewPage = (page: PageDefinition): page is ViewPage => page.kind === 'view';

export function checkViewPages(input: Pick<DefinitionFiles, 'screens'>): string[] {
  const problems: string[] = [];
  const pageByMenu = new Map(input.screens.map((s) => [s.screen.menucode, s.screen]));
  const resourceFile = new Map<string, string>();
  for (const { file, screen } of input.screens) if (isListScreen(screen)) resourceFile.set(screen.resource.name, file);

  for (const { file, screen: view } of input.screens) {
    if (!isViewPage(view)) continue;
    const report = (path: string, problem: string) => problems.push(`${file}: ${path}: ${problem}`);
    const source = pageByMenu.get(view.source);
    if (!source || !isListScreen(source)) {
      report('source', source ? `menu "${view.source}" is a ${source.kind} page, not a list screen` : `menu "${view.source}" has no screen`);
      continue;
    }
    const other = resourceFile.get(view.resource);
    if (other) report('resource', `resource "${view.resource}" is also declared by ${other}`);
    else resourceFile.set(view.resource, file);

    const byName = new Map(source.fields.map((f) => [f.name, f]));
    const unknown = (name: string) => `the source screen ${view.source} has no field "${name}"`;
    const sourceSearch = new Map(searchFields(source).map((s) => [s.field.name, s]));
    const seen = new Set<string>();
    view.fields.forEach((placed, i) => {
      const at = `fields[${i}]`;
      if (seen.has(placed.name)) report(`${at}.name`, `duplicate field "${placed.name}"`);
      seen.add(placed.name);
      const field = byName.get(placed.name);
      if (!field) return report(`${at}.name`, unknown(placed.name));
      if (field.stored === false) report(`${at}.name`, `"${placed.name}" is not stored in the source's table: its source's hooks load it, a view cannot`);
      if (!placed.search && !placed.column && !placed.form && !placed.detail) report(at, `"${placed.name}" shows nowhere: give it search, column, form or detail`);
    });
    // A contains search reads the trigram index the source keeps for its own contains search.
    for (const search of searchFields(viewScreen(view, source))) {
      const text = search.field.type === 'string' || search.field.type === 'text';
      const served = sourceSearch.get(search.field.name);
      if (text && !search.exact && !(served && !served.exact)) {
        report(`fields[${view.fields.findIndex((f) => f.name === search.field.name)}].search`, `a contains search on "${search.field.name}" needs the source to search it by contains too (its trigram index); use "exact": true`);
      }
    }

    for (const [name, value] of Object.entries(view.filter)) {
      const field = byName.get(name);
      if (!field) {
        report(`filter.${name}`, unknown(name));
        continue;
      }
      const resolved = resolveField(field, source.resource.key);
      const allowed = resolved.options?.map((o) => o.value);
      for (const one of Array.isArray(value) ? value : [value]) {
        if (allowed && !allowed.includes(one)) report(`filter.${name}`, `${JSON.stringify(one)} is not an option of "${name}" (${allowed.map((v) => JSON.stringify(v)).join(', ')})`);
        if (resolved.type === 'boolean' && typeof one !== 'boolean') report(`filter.${name}`, `"${name}" is a Yes/No field: filter it by true or false`);
      }
    }

    const fieldNames = new Set(viewScreen(view, source).fields.map((f) => f.name));
    view.actions.forEach((action, i) => {
      if (!isCustomAction(action)) {
        if (!(VIEW_STANDARD_ACTIONS as readonly string[]).includes(action)) report(`actions[${i}]`, `a view offers only ${VIEW_STANDARD_ACTIONS.join(', ')}`);
        if ((action === 'update' || action === 'create') && !view.fields.some((f) => f.form)) report(`actions[${i}]`, `"${action}" edits the fields with "form": name at least one`);
        // A new row takes the filter's values, so each must be one value.
        if (action === 'create') for (const [name, value] of Object.entries(view.filter)) if (Array.isArray(value)) report(`filter.${name}`, `a view that creates rows needs one value of "${name}", not a list`);
        if (action === 'upload' && !view.options?.uploadNote) report(`actions[${i}]`, `a view's "upload" is a file its domain module takes: say what it holds in options.uploadNote`);
        return;
      }
      for (const name of Object.keys(action.set ?? {})) if (!byName.has(name)) report(`actions[${i}].set.${name}`, unknown(name));
      if (action.exclusiveBy !== undefined && !fieldNames.has(action.exclusiveBy)) report(`actions[${i}].exclusiveBy`, unknown(action.exclusiveBy));
    });
    for (const name of Object.keys(view.options?.defaultSort ?? {})) if (!byName.has(name)) report(`options.defaultSort.${name}`, unknown(name));
    const resolved = viewScreen(view, source);
    (view.bulk ?? []).forEach((name, i) => {
      const problem = bulkProblem(resolved, name);
      if (problem) report(`bulk[${i}]`, problem);
    });
  }
  return problems;
}

