// Cross checks of the definition files that their JSON Schemas cannot express, as one-line problems
// '<file>: <json path>: <what is wrong>'. Isomorphic: callers load the files; scripts/validate-definitions runs it.
import { displayFields } from './selectorLabel';
import { ACTION_FUNCTIONS, isCustomAction, resourceModel, searchFields } from './compile';
import { checkFields, fieldNames, unknownField, type Report } from './checkFields';
import { MENU_TREE_FILE, SCREENS_DIR, SELECTORS_FILE, type DefinitionFiles } from './definitionFiles';
import { checkMenuTree, flattenMenus, isMenuGroup, type MenuNode, type MenuTree } from './menuTree';
import { childPageFileName, menuPageFiles } from './pageFiles';
import { checkPanelPages } from './checkPanelPages';
import { checkRecordPages } from './checkRecordPages';
import { checkApprovals } from './checkApprovals';
import { checkWizardPages } from './checkWizardPages';
import { checkBulk } from './checkBulk';
import { checkViewPages } from './checkViewPages';
import { checkOverlaps } from './checkOverlaps';
import { checkScreenTools } from './checkScreenTools';
import { isListScreen, type ScreenDefinition, type SelectorCatalogue, type SelectorDefinition } from './screen';

const FUNCTION_SUFFIX = /^[A-Z][A-Z0-9]*$/;

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
  // A record's name is read from its stored values when a request is made (server/platform/approvals/recordNames.ts).
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
