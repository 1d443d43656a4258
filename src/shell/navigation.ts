// Which menus a signed-in user sees (spec 000 §6), as plain data the top navigation renders.
import { isMenuGroup, roleAllows, type MenuItem, type MenuNode, type MenuTree } from '../../engine/definition/menuTree';
import type { StoredPermission, StoredProfile } from '../session/storage';

export interface NavItem {
  key: string;
  label: string;
  path?: string;
  children?: NavItem[];
}

export class Grants {
  private readonly granted: Set<string>;
  private readonly menus: Set<string>;

  constructor(permission: StoredPermission | undefined) {
    const functions = (permission?.usermenu ?? []).flatMap((m) => m.functions);
    this.granted = new Set(functions.filter((f) => f.grant).map((f) => f.functioncode));
    this.menus = new Set((permission?.usermenu ?? []).map((m) => m.menucode));
  }

  can = (functioncode: string): boolean => this.granted.has(functioncode);

  /** A menu with no entry in the permission set is not hidden by it; one with an entry needs its ACCESS flag. */
  menuAllowed(menucode: string): boolean {
    return !this.menus.has(menucode) || this.can(`${menucode}_ACCESS`);
  }

  hasAccess = (menucode: string): boolean => this.can(`${menucode}_ACCESS`);
}

function menuVisible(menu: MenuItem, profile: StoredProfile, grants: Grants, available: (menu: MenuItem) => boolean): boolean {
  if (menu.hidden || !menu.path || !available(menu)) return false;
  if (!roleAllows(menu.roles, profile.rolename)) return false;
  if (menu.requires === 'partnercode' && !profile.partnercode) return false;
  if (menu.everyone) return true;
  return grants.menuAllowed(menu.menucode) && grants.hasAccess(menu.menucode);
}

/**
 * The visible tree: menus the role may open and the app can show; a group only when the user has a
 * branch code and a ticket office id and at least one of its menus is visible.
 */
export function navigationFor(tree: MenuTree, profile: StoredProfile, grants: Grants, available: (menu: MenuItem) => boolean): NavItem[] {
  const groupsAllowed = !!profile.branchcode && !!profile.tickoffid;
  const visit = (nodes: MenuNode[]): NavItem[] =>
    nodes.flatMap((node): NavItem[] => {
      if (isMenuGroup(node)) {
        if (!groupsAllowed) return [];
        const children = visit(node.children);
        return children.length > 0 ? [{ key: node.key, label: node.label, children }] : [];
      }
      return menuVisible(node, profile, grants, available) ? [{ key: node.menucode, label: node.label, path: node.path }] : [];
    });
  return visit(tree.items);
}
