// Cross checks of record pages (a list screen's "record": sections, child tables, views) that the JSON
// Schema cannot express, as '<file>: <json path>: <problem>' lines; called from checkDefinitions.
import { ACTION_FUNCTIONS, isCustomAction, pageFunctionSuffixes } from './compile';
import { SCREENS_DIR, type DefinitionFiles } from './definitionFiles';
import { flattenMenus, menuFunctionCodes } from './menuTree';
import { menuPageFiles, type PageFile } from './pageFiles';
import { SECTION_ACTION_PREFIX, childDetailRoutePattern, pickedField, recordRoutePattern } from './recordPage';
import { isListScreen, type RecordSection, type ScreenDefinition, type SelectorCatalogue } from './screen';
import { REGISTERED_NAVIGATORS, REGISTERED_VIEWS, isRegisteredNavigator, isRegisteredView } from './views';

type Report = (path: string, problem: string) => void;

/** Every problem of every record page, and of child tables' screens as their parents use them. */
export function checkRecordPages(input: DefinitionFiles): string[] {
  const problems: string[] = [];
  const menus = flattenMenus(input.tree);
  const pageByMenu = new Map(input.screens.map((s) => [s.screen.menucode, s.screen]));
  const functionCodes = new Set(
    menus.flatMap((menu) => {
      const page = pageByMenu.get(menu.menucode);
      return menuFunctionCodes(menu, page ? pageFunctionSuffixes(page) : []);
    }),
  );
  const lists = new Map<string, { file: string; screen: ScreenDefinition }>();
  for (const entry of input.screens) if (isListScreen(entry.screen)) lists.set(entry.screen.menucode, { file: entry.file, screen: entry.screen });
  const menuOf = new Map(menus.map((m) => [m.menucode, m]));
  const pageFiles = menuPageFiles(input.tree);

  // Child-only screens: their parent is a record page that shows them; a parent with them is never deleted.
  const childUsers = new Map<string, string[]>();
  for (const { screen } of lists.values()) for (const section of screen.record?.sections ?? []) if (section.child) childUsers.set(section.child.screen, [...(childUsers.get(section.child.screen) ?? []), screen.menucode]);
  for (const { file, screen } of lists.values()) {
    if (!screen.childOf) continue;
    const parent = lists.get(screen.childOf);
    const users = childUsers.get(screen.menucode) ?? [];
    if (parent && !users.includes(screen.childOf)) problems.push(`${file}: childOf: no section of ${parent.file} shows "${screen.menucode}" as its child table`);
    const others = users.filter((code) => code !== screen.childOf);
    if (others.length > 0) problems.push(`${file}: childOf: only "${screen.childOf}" may show it, not ${others.join(', ')}`);
    if (parent?.screen.actions.includes('delete')) problems.push(`${parent.file}: actions: a record with child-only screens (${file}) cannot be deleted: declare no "delete"`);
    screen.actions.forEach((action, a) => {
      if (!isCustomAction(action)) return;
      const code = `${screen.childOf}_${action.function}`;
      if (!functionCodes.has(code)) problems.push(`${file}: actions[${a}].function: "${code}" is not a function code of menu "${screen.childOf}" (a child-only screen works under its parent's codes)`);
    });
  }
  // Read-only pages show a list screen; a record page's routes are declared by the read-only menu too.
  for (const entry of input.screens) {
    const page = entry.screen;
    if (page.kind !== 'readonly') continue;
    const shown = lists.get(page.screen);
    if (!shown) {
      problems.push(`${entry.file}: screen: unknown list screen "${page.screen}"`);
      continue;
    }
    if (shown.screen.childOf) problems.push(`${entry.file}: screen: "${page.screen}" is a child-only screen`);
    const menu = menuOf.get(page.menucode);
    const shownMenu = menuOf.get(page.screen);
    for (const route of shownMenu?.routes ?? []) {
      if (menu?.path === shownMenu?.path && !(menu?.routes ?? []).some((r) => r.path === route.path)) {
        problems.push(`${entry.file}: menucode: menu "${page.menucode}" must declare the route "${route.path}" of menu "${page.screen}" in screens/menu-tree.json`);
      }
    }
    if (menu?.path !== shownMenu?.path) problems.push(`${entry.file}: menucode: menu "${page.menucode}" shows "${page.screen}" at its path: both menus need the same path (${String(menu?.path)} vs ${String(shownMenu?.path)})`);
  }

  for (const { file, screen } of lists.values()) {
    if (!screen.record) continue;
    const report: Report = (path, problem) => problems.push(`${file}: ${path}: ${problem}`);
    checkRoute(screen, menuOf.get(screen.menucode), report);
    const record = screen.record;
    if (record.navigator !== undefined && !isRegisteredNavigator(record.navigator)) report('record.navigator', `unknown navigator "${record.navigator}" (registered navigators: ${REGISTERED_NAVIGATORS.join(', ')})`);
    if (record.navigator === undefined && record.sections.some((section) => section.group !== undefined)) report('record', 'sections are grouped: declare the navigator that shows the groups ("navigator")');
    (record.header ?? []).forEach((name, h) => {
      if (!screen.fields.some((f) => f.name === name)) report(`record.header[${h}]`, `unknown field "${name}"`);
    });
    const fieldNames = new Set(screen.fields.map((f) => f.name));
    const sectionOfField = new Map<string, number>();
    const sectionAt = new Map<string, number>();
    screen.record.sections.forEach((section, i) => {
      const at = `record.sections[${i}]`;
      const earlier = sectionAt.get(section.key);
      if (earlier !== undefined) report(`${at}.key`, `duplicate section "${section.key}" (also record.sections[${earlier}])`);
      else sectionAt.set(section.key, i);
      if (!section.fields && !section.child && !section.view) report(at, 'a section shows fields, a child table or a view: declare at least one');
      if (i === 0 && (!section.fields || section.visibleWhen)) report(at, 'the first section creates the record: it needs fields and no visibleWhen');
      if (section.function && !functionCodes.has(section.function)) {
        report(`${at}.function`, `unknown function code "${section.function}" (not among the menu tree's function codes)`);
      }
      if (section.visibleWhen && !fieldNames.has(section.visibleWhen.field)) report(`${at}.visibleWhen.field`, `unknown field "${section.visibleWhen.field}"`);
      if (section.view && !isRegisteredView(section.view)) report(`${at}.view`, `unknown view "${section.view}" (registered views: ${REGISTERED_VIEWS.join(', ')})`);
      (section.fields ?? []).forEach((name, f) => {
        const path = `${at}.fields[${f}]`;
        if (!fieldNames.has(name)) return report(path, `unknown field "${name}"`);
        if (screen.resource.key.includes(name)) return report(path, `"${name}" is the record's key: it travels with every section, list it in none`);
        const other = sectionOfField.get(name);
        if (other !== undefined) report(path, `field "${name}" is also in record.sections[${other}] (each field is saved by one section)`);
        else sectionOfField.set(name, i);
      });
      if (section.child) checkChild(screen, section, at, { lists, selectors: input.selectors, pageFiles, dir: input.dir ?? SCREENS_DIR }, report);
      const detailPage = section.child?.detailPage;
      if (detailPage) {
        if (detailPage.view !== undefined && !isRegisteredView(detailPage.view)) report(`${at}.child.detailPage.view`, `unknown view "${detailPage.view}" (registered views: ${REGISTERED_VIEWS.join(', ')})`);
        const menu = menuOf.get(screen.menucode);
        const pattern = menu?.path ? childDetailRoutePattern(menu.path, screen) : undefined;
        if (pattern && !(menu!.routes ?? []).some((r) => r.path === pattern)) report(`${at}.child.detailPage`, `menu "${screen.menucode}" must declare the route "${pattern}" in screens/menu-tree.json`);
      }
    });
    // A form field no section lists could never be edited.
    screen.fields.forEach((field, i) => {
      if (field.form && !screen.resource.key.includes(field.name) && !sectionOfField.has(field.name)) {
        report(`fields[${i}].form`, `field "${field.name}" has a form placement, but no section of record.sections lists it`);
      }
    });
    screen.actions.forEach((action, a) => {
      if (isCustomAction(action) && action.name.startsWith(SECTION_ACTION_PREFIX)) report(`actions[${a}].name`, `"${SECTION_ACTION_PREFIX}..." names the section actions of a record page`);
      if (action === 'update') report(`actions[${a}]`, `a record page saves each section on its own: declare no "update" (sections save with their function code, <menucode>_UPDATE by default)`);
    });
  }
  return problems;
}

/** The record page answers at <menu path>/form/:<key>/:section?, a route its menu declares; the key is one field. */
function checkRoute(screen: ScreenDefinition, menu: { path?: string; routes?: { path: string }[] } | undefined, report: Report) {
  if (screen.resource.key.length !== 1) return report('record', 'a record page needs a one-field key (its address is <menu path>/form/{key}/{section})');
  if (!menu?.path) return report('record', `a record page needs a menu with a path (menu "${screen.menucode}")`);
  const pattern = recordRoutePattern(menu.path, screen);
  if (!(menu.routes ?? []).some((r) => r.path === pattern)) report('record', `menu "${screen.menucode}" must declare the route "${pattern}" in screens/menu-tree.json`);
}

interface ChildContext {
  lists: Map<string, { file: string; screen: ScreenDefinition }>;
  selectors: SelectorCatalogue;
  pageFiles: Map<string, PageFile>;
  dir: string;
}

function checkChild(parent: ScreenDefinition, section: RecordSection, at: string, { lists, selectors, pageFiles, dir }: ChildContext, report: Report) {
  const child = section.child!;
  const target = lists.get(child.screen);
  if (!target) return report(`${at}.child.screen`, `unknown list screen "${child.screen}"`);
  if (child.screen === parent.menucode) return report(`${at}.child.screen`, 'a record cannot be its own child');
  if (target.screen.childOf !== undefined && target.screen.childOf !== parent.menucode) return report(`${at}.child.screen`, `"${child.screen}" is a child-only screen of "${target.screen.childOf}"`);
  // The browser loads the child's definition by its menu alone (engine/definition/pageFiles.ts).
  const expected = pageFiles.get(child.screen);
  if (expected && target.file !== `${dir}/${expected.path}`) report(`${at}.child.screen`, `the page of menu "${child.screen}" must be ${dir}/${expected.path} (the browser loads it from there), not ${target.file}`);
  const childScreen = target.screen;
  const parentFields = new Set(parent.fields.map((f) => f.name));
  for (const [childField, parentField] of Object.entries(child.parentKey)) {
    const path = `${at}.child.parentKey.${childField}`;
    if (!childScreen.resource.key.includes(childField)) report(path, `"${childField}" is not a key field of ${target.file} (a child's key includes its parent's key)`);
    if (!parentFields.has(parentField)) report(path, `unknown field "${parentField}"`);
    // The parent field's selector makes the generic delete refuse a parent that still has children.
    const source = childScreen.fields.find((f) => f.name === childField)?.source;
    const selector = source && Object.hasOwn(selectors.selectors, source.selector) ? selectors.selectors[source.selector] : undefined;
    // A child-only screen's parent is never deleted (checked above), so it needs no selector over the parent.
    if (childScreen.resource.key.includes(childField) && !childScreen.childOf && selector?.resource !== parent.resource.name) {
      report(path, `"${childField}" of ${target.file} needs a source selector over resource "${parent.resource.name}", so a parent with children cannot be deleted`);
    }
  }
  const has = (action: keyof typeof ACTION_FUNCTIONS) => childScreen.actions.includes(action);
  if (child.mode === 'pick') {
    const picked = pickedField(childScreen, child);
    if (!picked) report(`${at}.child.mode`, `a pick list needs exactly one key field of ${target.file} besides the parent's key`);
    else if (!picked.source) report(`${at}.child.mode`, `the picked field "${picked.name}" of ${target.file} needs a source selector to pick from`);
    if (!has('createbulk') || !has('delete')) report(`${at}.child.mode`, `a pick list adds with "createbulk" and removes with "delete": ${target.file} must declare both`);
  }
}
