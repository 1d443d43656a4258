// Which paths belong to the signed-in application (menu paths and their extra routes), and where a sign-in goes.
import { matchPath } from 'react-router-dom';
import { API_DOCS_ROUTE } from '../../engine/api/apiReference';
import { flattenMenus, type MenuTree } from '../../engine/definition/menuTree';

/** Route patterns of the staff application, from the menu tree and the built-in API reference; '/' is the login page itself. */
export function staffPatterns(tree: MenuTree): string[] {
  const patterns = [...flattenMenus(tree).flatMap((menu) => [menu.path, ...(menu.routes ?? []).map((route) => route.path)]), API_DOCS_ROUTE];
  return [...new Set(patterns.filter((path): path is string => !!path && path !== '/'))];
}

/** True when a signed-out visitor asked for a page of the application: the login page shows, not 'not found'. */
export function isStaffPath(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** Where a signed-in user lands (spec 000 §2): BOD on the member screen, everyone else on the dashboard. */
export function landingPath(rolename: string): string {
  return rolename === 'BOD' ? '/member' : '/';
}

/**
 * Where a sign-in goes (spec 000 §2, §4): to the page that was asked for, else BOD to /member and
 * everyone else to /.
 */
export function afterSignIn(requested: { pathname: string; search: string }, rolename: string): string {
  return requested.pathname === '/' ? landingPath(rolename) : `${requested.pathname}${requested.search}`;
}
