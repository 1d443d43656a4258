// The staff app's menu tree (screens/menu-tree.json): its types, flattening, permission codes and cross checks.

import type { MenuGroup, MenuItem, MenuNode, MenuTree, RoleRule } from './menuTreeSchema';

// The tree's types are generated from menu-tree.schema.json by `npm run schema:types`.
export type { MenuGroup, MenuItem, MenuNode, MenuRoute, MenuSubGroup, MenuTree, QuickSearch, RoleRule } from './menuTreeSchema';

export const ACCESS_FUNCTION = 'ACCESS';

export interface FlatMenuItem extends MenuItem {
  /** Labels of the enclosing groups, outermost first. */
  groupPath: string[];
}

export function isMenuGroup(node: MenuNode): node is MenuGroup {
  return 'children' in node;
}

/** Every menu of the tree, depth-first in display order. */
export function flattenMenus(tree: MenuTree): FlatMenuItem[] {
  const menus: FlatMenuItem[] = [];
  const visit = (nodes: MenuNode[], groupPath: string[]) => {
    for (const node of nodes) {
      if (isMenuGroup(node)) visit(node.children, [...groupPath, node.label]);
      else menus.push({ ...node, groupPath });
    }
  };
  visit(tree.items, []);
  return menus;
}

/** The menu's function codes: ACCESS first, then its declared functions, then `extra`, without repeats. */
export function menuFunctionCodes(menu: Pick<MenuItem, 'menucode' | 'functions'>, extra: string[] = []): string[] {
  const suffixes = new Set([ACCESS_FUNCTION, ...(menu.functions ?? []), ...extra]);
  return [...suffixes].map((suffix) => `${menu.menucode}_${suffix}`);
}

/** The menu code of a function code ('PRMCT_UPDATE' -> 'PRMCT'); '' when there is no underscore. */
export function functionCodeMenu(functioncode: string): string {
  const cut = functioncode.lastIndexOf('_');
  return cut < 0 ? '' : functioncode.slice(0, cut);
}

/** Whether a user with this role name sees a menu with these role rules. */
export function roleAllows(roles: RoleRule | undefined, rolename: string): boolean {
  if (roles?.only) return roles.only.includes(rolename);
  if (roles?.except) return !roles.except.includes(rolename);
  return true;
}

/** True when no role name can see both menus, so they may share a path. */
export function rolesExclusive(a: RoleRule | undefined, b: RoleRule | undefined): boolean {
  if (a?.only && b?.only) return a.only.every((role) => !b.only!.includes(role));
  if (a?.only && b?.except) return a.only.every((role) => b.except!.includes(role));
  if (a?.except && b?.only) return b.only.every((role) => a.except!.includes(role));
  // Two 'except' rules (or none) always leave some role that sees both.
  return false;
}

/**
 * Cross checks the schema cannot express, as one-line errors naming the JSON path: unique menu codes,
 * unique group keys, unique paths (menu paths and extra routes) except between role-exclusive menus,
 * and groups nested at most one level.
 */
export function checkMenuTree(tree: MenuTree): string[] {
  const errors: string[] = [];
  const codes = new Map<string, string>();
  const keys = new Map<string, string>();
  const paths = new Map<string, { at: string; roles: RoleRule | undefined }[]>();

  const claimPath = (path: string, at: string, roles: RoleRule | undefined) => {
    const earlier = paths.get(path) ?? [];
    const clash = earlier.find((other) => !rolesExclusive(other.roles, roles));
    if (clash) errors.push(`${at}: duplicate path "${path}" (also at ${clash.at})`);
    paths.set(path, [...earlier, { at, roles }]);
  };

  const visit = (nodes: MenuNode[], base: string, depth: number) => {
    nodes.forEach((node, index) => {
      const at = `${base}[${index}]`;
      if (isMenuGroup(node)) {
        if (depth > 1) errors.push(`${at}: groups nest at most one level`);
        const first = keys.get(node.key);
        if (first) errors.push(`${at}.key: duplicate group key "${node.key}" (also at ${first})`);
        else keys.set(node.key, `${at}.key`);
        visit(node.children, `${at}.children`, depth + 1);
        return;
      }
      const first = codes.get(node.menucode);
      if (first) errors.push(`${at}.menucode: duplicate menu code "${node.menucode}" (also at ${first})`);
      else codes.set(node.menucode, `${at}.menucode`);
      if (node.path === undefined && !node.hidden) errors.push(`${at}.path: a menu shown in the navigation needs a path`);
      if (node.path !== undefined) claimPath(node.path, `${at}.path`, node.roles);
      node.routes?.forEach((route, r) => claimPath(route.path, `${at}.routes[${r}].path`, node.roles));
    });
  };

  visit(tree.items, 'items', 0);
  return errors;
}
