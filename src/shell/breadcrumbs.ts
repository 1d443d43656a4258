// Where a page sits in the menu tree, as a breadcrumb trail: the menu's groups, the menu, and on a route the
// menu owns (a record page, a detail) the route's name and the record it opened.
import { matchPath } from 'react-router-dom';
import { roleAllows, type FlatMenuItem } from '../../engine/definition/menuTree';

export interface Crumb {
  label: string;
  /** A link back to the menu's own page, on its routes. */
  path?: string;
}

export interface PageTrail {
  crumbs: Crumb[];
  /** True on a route of the menu (not its own path): a record or detail page. */
  onRoute: boolean;
}

/** The trail of the page at this path, for a user of this role; undefined for a path no menu owns. */
export function pageTrail(menus: readonly FlatMenuItem[], pathname: string, rolename: string): PageTrail | undefined {
  const own = menus.filter((menu) => menu.path && roleAllows(menu.roles, rolename));
  const groups = (menu: FlatMenuItem): Crumb[] => menu.groupPath.map((label) => ({ label }));
  for (const menu of own) {
    for (const route of menu.routes ?? []) {
      if (route.path === menu.path) continue;
      const match = matchPath({ path: route.path, end: true }, pathname);
      if (!match) continue;
      // The route's first parameter is the record's key (/member/form/:memberid/:section?).
      const key = Object.values(match.params).find((value) => value !== undefined && value !== '');
      const record = key && key !== 'new' ? [{ label: decodeURIComponent(key) }] : [];
      return { crumbs: [...groups(menu), { label: menu.label, path: menu.path }, { label: route.label }, ...record], onRoute: true };
    }
  }
  const menu = own.find((m) => m.path === pathname);
  return menu ? { crumbs: [...groups(menu), { label: menu.label }], onRoute: false } : undefined;
}

export interface MenuChoice {
  /** The menu's path: what the search opens. */
  path: string;
  label: string;
  /** Groups and label, 'Member Management › Member'. */
  trail: string;
}

/** The menus a user may open, for the top bar's menu search: from the navigation the user sees. */
export function menuChoices(navigation: readonly { label: string; path?: string; children?: readonly unknown[] }[]): MenuChoice[] {
  type Node = { label: string; path?: string; children?: Node[] };
  const out: MenuChoice[] = [];
  const visit = (nodes: readonly Node[], above: string[]) => {
    for (const node of nodes) {
      if (node.children) visit(node.children, [...above, node.label]);
      else if (node.path) out.push({ path: node.path, label: node.label, trail: [...above, node.label].join(' › ') });
    }
  };
  visit(navigation as Node[], []);
  return out;
}

/** The choices whose label, groups or path hold every word typed (case-insensitive). */
export function matchMenus(choices: readonly MenuChoice[], typed: string): MenuChoice[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return choices.filter((choice) => {
    const text = `${choice.trail} ${choice.path}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
