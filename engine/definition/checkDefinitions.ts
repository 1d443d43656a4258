// Cross checks of the definition files that their JSON Schemas cannot express, as one-line problems
// '<file>: <json path>: <what is wrong>'. Isomorphic: callers load the files; scripts/validate-definitions runs it.
import { displayFields } from './selectorLabel';
import { tryParseRule } from '../rules';
import { ACTION_FUNCTIONS, isCustomAction, resolveField, resourceModel, searchFields } from './compile';
import { checkMenuTree, flattenMenus, isMenuGroup, type MenuNode, type MenuTree } from './menuTree';
import { childPageFileName, menuPageFiles } from './pageFiles';
import { checkPanelPages, type PanelQuerySignatures } from './checkPanelPages';
import { checkRecordPages } from './checkRecordPages';
import { checkApprovals } from './checkApprovals';
import { checkWizardPages } from './checkWizardPages';
import { checkBulk } from './checkBulk';
import { checkViewPages } from './checkViewPages';
import { checkOverlaps } from './checkOverlaps';
import { checkScreenTools } from './checkScreenTools';
import { isListScreen, type PageDefinition, type ScreenDefinition, type SelectorCatalogue, type SelectorDefinition } from './screen';

export const SCREENS_DIR = 'screens';
export const MENU_TREE_FILE = 'menu-tree.json';
export const SELECTORS_FILE = 'selectors.json';

const FUNCTION_SUFFIX = /^[A-Z][A-Z0-9]*$/;

export interface DefinitionFiles {
  tree: MenuTree;
  /** Definition files of every kind by their path, e.g. 'screens/basic-configuration/country.json'. */
  screens: { file: string; screen: PageDefinition }[];
  selectors: SelectorCatalogue;
  /** The folder the files were read from ('screens'): the problems name files under it. */
  dir?: string;
  /** The server's panel queries and the criteria each reads; without it panels' queries are not checked. */
  panelQueries?: PanelQuerySignatures;
  /** The names of the wizard machine registry (workflows/wizardMachines.ts); without it they are not checked. */
  wizardMachines?: readonly string[];
}

/** Every problem across the menu tree, the screens and the selectors; empty when all is consistent. */
export function checkDefinitions(input: DefinitionFiles): string[] {
  const dir = input.dir ?? SCREENS_DIR;
  const treeFile = `${dir}/${MENU_TREE_FILE}`;
  const problems = checkMenuTree(input.tree).map((problem) => `${treeFile}: ${problem}`);
  const lists = input.screens.filter((s): s is { file: string; screen: ScreenDefinition } => isListScreen(s.screen));
  const screenByResource = new Map(lists.map((s) => [s.screen.resource.name, s.screen]));
  for (const { file, screen } of lists) {
    const report = (path: string, problem: string) => problems.push(`${file}: ${path}: ${problem}`);
    checkFields(screen, report, input.selectors, screenByResource);
    checkResource(screen, report);
    checkActions(screen, report);
  }
  problems.push(...checkScreenSet(input.screens, input.tree, dir));
  problems.push(...checkApprovals(input.screens, input.tree, treeFile));
  problems.push(...checkPanelPages(input.screens, input.selectors, input.panelQueries));
  problems.push(...checkRecordPages(input));
  problems.push(...checkWizardPages(input));
  problems.push(...checkBulk(input.screens));
  problems.push(...checkViewPages(input));
  problems.push(...checkOverlaps(input.screens));
  problems.push(...checkScreenTools(input));
  problems.push(...checkSelectors(input.selectors, screenByResource, `${dir}/${SELECTORS_FILE}`));
  return problems;
}

type Report = (path: string, problem: string) => void;

const fieldNames = (screen: ScreenDefinition) => new Set(screen.fields.map((f) => f.name));

const unknownField = (name: string, resource?: string) => `unknown field "${name}"${resource ? ` of resource "${resource}"` : ''}`;

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

/** Key, status and default sort name fields of the screen. */
function checkResource(screen: ScreenDefinition, report: Report) {
  const names = fieldNames(screen);
  screen.resource.key.forEach((key, k) => {
    if (!names.has(key)) report(`resource.key[${k}]`, unknownField(key));
  });
  if (screen.resource.generatedKey) {
    // The last key field is generated; any before it come with the data (a child's parent key).
    const key = screen.fields.find((f) => f.name === screen.resource.key.at(-1));
    if (key && ((key.type ?? 'string') !== 'string' || key.form)) report('resource.generatedKey', `the generated key "${key.name}" is a text field the server fills: not in the form`);
  }
  const status = screen.resource.status;
  if (typeof status === 'string' && !names.has(status)) report('resource.status', unknownField(status));
  // Row scope reads its fields in SQL: each a stored column of the resource.
  for (const [dimension, name] of Object.entries(screen.resource.scope ?? {})) {
    const field = screen.fields.find((f) => f.name === name);
    if (!field) report(`resource.scope.${dimension}`, unknownField(name));
    else if (field.stored === false) report(`resource.scope.${dimension}`, `the scope field "${name}" must be stored`);
  }
  for (const field of Object.keys(screen.options?.defaultSort ?? {})) {
    if (!names.has(field)) report(`options.defaultSort.${field}`, unknownField(field));
  }
  // A record's name is read from its stored values when a request is made (server/approvals/recordNames.ts).
  if (screen.recordName !== undefined) {
    for (const name of displayFields({ label: '', display: screen.recordName })) {
      const field = screen.fields.find((f) => f.name === name);
      if (!field) report('recordName', unknownField(name));
      else if (field.stored === false) report('recordName', `the name's field "${name}" must be stored`);
    }
  }
}

/** Actions are not repeated, can run, and custom ones name fields that exist and a well-formed function. */
function checkActions(screen: ScreenDefinition, report: Report) {
  const names = fieldNames(screen);
  const { status } = resourceModel(screen);
  const firstAt = new Map<string, number>();
  screen.actions.forEach((action, a) => {
    const at = `actions[${a}]`;
    const name = isCustomAction(action) ? action.name : action;
    const first = firstAt.get(name);
    if (first !== undefined) report(isCustomAction(action) ? `${at}.name` : at, `duplicate action "${name}" (also actions[${first}])`);
    else firstAt.set(name, a);

    if (!isCustomAction(action)) {
      if ((action === 'activate' || action === 'deactivate') && !status) report(at, `"${action}" needs a status field (resource.status or a field named status)`);
      return;
    }
    // The permission code is <MENUCODE>_<FUNCTION>: the suffix must read like the menu code it follows.
    if (!FUNCTION_SUFFIX.test(action.function)) {
      report(`${at}.function`, `function "${action.function}" must be upper-case letters and digits (permission code ${screen.menucode}_${action.function})`);
    }
    for (const field of Object.keys(action.set ?? {})) {
      if (!names.has(field)) report(`${at}.set.${field}`, unknownField(field));
    }
    if (action.exclusiveBy !== undefined && !names.has(action.exclusiveBy)) report(`${at}.exclusiveBy`, unknownField(action.exclusiveBy));
    if (action.visibleWhen && !names.has(action.visibleWhen.field)) report(`${at}.visibleWhen.field`, unknownField(action.visibleWhen.field));
    if (action.input) {
      const field = screen.fields.find((f) => f.name === action.input!.field);
      if (!field) report(`${at}.input.field`, unknownField(action.input.field));
      else if (action.input.values) {
        const options = new Set((field.options ?? []).map((o) => o.value));
        action.input.values.forEach((value, v) => {
          if (!options.has(value)) report(`${at}.input.values[${v}]`, `${JSON.stringify(value)} is not an option of field "${field.name}"`);
        });
      }
      if (action.set) report(`${at}.input`, `an action that asks for a value is served by domain code: declare no "set"`);
    }
  });
}

/**
 * Across screens and the menu tree: each screen's menu exists and has no other screen, resource and table
 * names are unique, the file is screens/<group>/<last path segment>.json, and the tree declares no function
 * the screen's actions already give.
 */
function checkScreenSet(screens: DefinitionFiles['screens'], tree: MenuTree, dir: string): string[] {
  const problems: string[] = [];
  const treeFile = `${dir}/${MENU_TREE_FILE}`;
  // A duplicate menu code is checkMenuTree's problem; the first menu with the code counts here.
  const menus = new Map(flattenMenus(tree).reverse().map((menu) => [menu.menucode, menu]));
  const menuPaths = menuJsonPaths(tree);
  const pageFiles = menuPageFiles(tree);
  const screenOfMenu = new Map<string, string>();
  const resourceFile = new Map<string, string>();
  const tableFile = new Map<string, string>();

  for (const { file, screen } of screens) {
    const report = (path: string, problem: string) => problems.push(`${file}: ${path}: ${problem}`);
    // The browser bundles screens/*/*.json: a file elsewhere would reach the server only.
    const inDir = file.startsWith(`${dir}/`) ? file.slice(dir.length + 1).split('/') : [];
    if (inDir.length !== 2) problems.push(`${file}: a screen file must sit in a group folder: ${dir}/<group>/<menu>.json`);

    const menu = menus.get(screen.menucode);
    const childOf = isListScreen(screen) ? screen.childOf : undefined;
    if (childOf !== undefined) {
      // A child-only screen is no menu; the browser finds its file by its code in its parent's folder.
      if (menu) report('menucode', `a child-only screen ("childOf") is not a menu: menu "${screen.menucode}" is in ${treeFile}`);
      const parentFile = pageFiles.get(childOf);
      const wanted = parentFile ? `${dir}/${parentFile.folder}/${childPageFileName(screen.menucode)}` : undefined;
      if (!parentFile) report('childOf', `unknown menu "${childOf}"`);
      else if (file !== wanted) report('menucode', `a child-only screen of "${childOf}" is the file ${wanted}`);
    } else if (!menu) report('menucode', `menu "${screen.menucode}" is not in the menu tree (${treeFile})`);
    const otherScreen = screenOfMenu.get(screen.menucode);
    if (otherScreen) report('menucode', `menu "${screen.menucode}" already has a screen (${otherScreen})`);
    else screenOfMenu.set(screen.menucode, file);

    // A second screen of the menu is reported as that, wherever it sits.
    const expected = otherScreen ? undefined : pageFiles.get(screen.menucode);
    if (menu?.path !== undefined && expected) {
      // The browser finds a page's file from its menu alone (engine/definition/pageFiles.ts).
      if (file.split('/').at(-1) !== expected.name) report('menucode', `menu "${screen.menucode}" has path "${menu.path}", so its screen file is named ${expected.name}`);
      else if (inDir.length === 2 && inDir[0] !== expected.folder) report('menucode', `menu "${screen.menucode}" sits in the menu group "${expected.folder}", so its screen file is ${dir}/${expected.path}`);
    }

    if (!isListScreen(screen)) continue;
    const otherResource = resourceFile.get(screen.resource.name);
    if (otherResource) report('resource.name', `resource "${screen.resource.name}" is also declared by ${otherResource}`);
    else resourceFile.set(screen.resource.name, file);

    const { table } = resourceModel(screen);
    const otherTable = tableFile.get(table);
    if (otherTable) report(screen.resource.table ? 'resource.table' : 'resource.name', `table "${table}" is also used by ${otherTable}`);
    else tableFile.set(table, file);

    if (menu?.functions) {
      const given = new Set(screen.actions.map((action) => (isCustomAction(action) ? action.function : ACTION_FUNCTIONS[action])));
      menu.functions.forEach((fn, f) => {
        if (given.has(fn)) problems.push(`${treeFile}: ${menuPaths.get(menu.menucode)}.functions[${f}]: "${fn}" is already given by the actions of ${file}`);
      });
    }
  }
  for (const menu of menus.values()) {
    if (!menu.quickSearch) continue;
    const at = `${treeFile}: ${menuPaths.get(menu.menucode)}.quickSearch`;
    const page = screens.find((s) => s.screen.menucode === menu.menucode)?.screen;
    // A read-only page shows another menu's list screen.
    const screen = page?.kind === 'readonly' ? screens.find((s) => s.screen.menucode === page.screen)?.screen : page;
    if (!screen || !isListScreen(screen)) problems.push(`${at}: menu "${menu.menucode}" has no list screen to look the value up in`);
    else if (!searchFields(screen).some((s) => s.field.name === menu.quickSearch!.field)) problems.push(`${at}.field: "${menu.quickSearch.field}" is no search field of ${menu.menucode}'s screen`);
    else if (!(menu.routes ?? []).some((route) => route.path.startsWith(`${menu.path}/form/:`))) problems.push(`${at}: menu "${menu.menucode}" has no record page route (${menu.path}/form/:key) to open`);
  }
  return problems;
}

/** Menu code -> JSON path of its menu in the tree ('items[6].children[0].children[1]'). */
function menuJsonPaths(tree: MenuTree): Map<string, string> {
  const paths = new Map<string, string>();
  const visit = (nodes: MenuNode[], base: string) =>
    nodes.forEach((node, i) => {
      if (isMenuGroup(node)) visit(node.children, `${base}[${i}].children`);
      else if (!paths.has(node.menucode)) paths.set(node.menucode, `${base}[${i}]`);
    });
  visit(tree.items, 'items');
  return paths;
}

/** Each selector lists some screen's resource, by fields of that screen. */
function checkSelectors(catalogue: SelectorCatalogue, screenByResource: Map<string, ScreenDefinition>, selectorsFile: string): string[] {
  const problems: string[] = [];
  for (const [name, selector] of Object.entries(catalogue.selectors)) {
    const at = `selectors.${name}`;
    const screen = screenByResource.get(selector.resource);
    if (!screen) {
      problems.push(`${selectorsFile}: ${at}.resource: unknown resource "${selector.resource}" (no screen declares it)`);
      continue;
    }
    const names = fieldNames(screen);
    for (const [path, field] of selectorFields(selector)) {
      if (!names.has(field)) problems.push(`${selectorsFile}: ${at}.${path}: ${unknownField(field, selector.resource)}`);
    }
  }
  return problems;
}

/** Every field a selector names, with its JSON path inside the selector. */
function selectorFields(selector: SelectorDefinition): [string, string][] {
  return [
    ['value', selector.value],
    ['label', selector.label],
    ...(selector.extra ?? []).map((field, i): [string, string] => [`extra[${i}]`, field]),
    ...Object.keys(selector.filter ?? {}).map((field): [string, string] => [`filter.${field}`, field]),
    ...Object.keys(selector.sort ?? {}).map((field): [string, string] => [`sort.${field}`, field]),
    ...(selector.currentBetween ?? []).map((field, i): [string, string] => [`currentBetween[${i}]`, field]),
    ...(selector.composite?.fields ?? []).map((field, i): [string, string] => [`composite.fields[${i}]`, field]),
    ...(selector.filterBy ?? []).map((field, i): [string, string] => [`filterBy[${i}]`, field]),
    ...(selector.display ? displayFields(selector) : []).map((field): [string, string] => ['display', field]),
  ];
}

/** The parts of an ajv error the report needs (ajv's ErrorObject, without importing ajv here). */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** The keyword's value; ajv gives it with the option verbose. */
  schema?: unknown;
}

const listed = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/**
 * One line per JSON Schema error: '<file>: <json pointer> <message>'. 'if' errors are dropped: they only
 * say which branch failed, and that branch's own errors are reported. An 'anyOf' of plain types ('string
 * or number or ...') becomes one line instead of one per type.
 */
export function schemaProblems(file: string, errors: readonly SchemaError[]): string[] {
  const folded = new Set<SchemaError>();
  const typeChoices = new Map<SchemaError, string[]>();
  for (const anyOf of errors.filter((e) => e.keyword === 'anyOf')) {
    const branches = errors.filter((e) => e.schemaPath.startsWith(`${anyOf.schemaPath}/`));
    if (branches.length === 0 || !branches.every((e) => e.keyword === 'type' && e.instancePath === anyOf.instancePath)) continue;
    for (const branch of branches) folded.add(branch);
    typeChoices.set(anyOf, branches.map((e) => String(e.params.type)));
  }
  // A page kind's own properties live in a subschema chosen by `kind` (if/then/else); when that subschema
  // fails, its properties also count as unevaluated: only report them when nothing else is wrong.
  const onlyUnevaluated = errors.every((e) => ['if', 'else', 'then', 'unevaluatedProperties'].includes(e.keyword));
  return errors
    .filter((e) => !['if', 'else', 'then'].includes(e.keyword) && !folded.has(e))
    .filter((e) => e.keyword !== 'unevaluatedProperties' || onlyUnevaluated)
    .map((e) => {
      let message = e.message ?? 'is invalid';
      const types = typeChoices.get(e);
      if (types) message = `must be ${types.slice(0, -1).join(', ')} or ${types.at(-1)}`;
      if (e.keyword === 'additionalProperties') message += `: "${String(e.params.additionalProperty)}"`;
      if (e.keyword === 'unevaluatedProperties') message = `must NOT have additional properties: "${String(e.params.unevaluatedProperty)}"`;
      if (e.keyword === 'enum') message += `: ${listed(e.params.allowedValues as unknown[])}`;
      if (e.keyword === 'const') message += ` ${JSON.stringify(e.params.allowedValue)}`;
      const forbidden = (e.schema as { enum?: unknown[] } | undefined)?.enum;
      if (e.keyword === 'not' && forbidden) message = `must not be one of the reserved names: ${listed(forbidden)}`;
      return `${file}: ${e.instancePath || '/'} ${message}`;
    });
}
